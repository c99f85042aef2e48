/**
 * One-task solves (issue 16): a small Krylov solve runs its whole iteration loop in ONE kernel —
 * one launch, one piece — instead of a handful of launches per iteration. The kernel does the
 * arithmetic of the per-launch loop in the same order (the same SpMV loop, the dot's fixed
 * 4,096-element blocks with four accumulators combined in block order, the same element-wise
 * updates, the host scalars' float64 divisions), so the iterates, `info` and the iteration count
 * are bitwise those of the per-launch loop.
 *
 * Taken only when every operand is the library's own data — A (and M, if given) a float64 CSR
 * array with int32 indices, float64 vectors, no callback — and when the mapper says so
 * (`Mapper.solveInOneTask`, from the bytes an iteration touches; never from timing). Anything
 * else runs the per-launch loop.
 */
import type * as np from '../../dense/index.js';
import { broadcast, type Constraint, currentMapper, type Store, workerCount } from '../../runtime/index.js';
import { type LinearOperator, sparseOperand } from './interface.js';
import type { System } from './system.js';

type ndarray = np.ndarray;

/** A float64 CSR array's storage as launch arguments. */
export interface CsrParts {
  readonly indptr: Store;
  readonly indices: Store;
  readonly data: Store;
  /** Bytes of the three arrays. */
  readonly bytes: number;
}

interface CsrLike {
  readonly format: string;
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly indptr: ndarray;
  readonly indices: ndarray;
  readonly data: ndarray;
}

/**
 * The storage of the CSR array behind operator `A` when it is a float64 `n × n` CSR array with
 * int32 indices, else undefined. The arrays are the ones its SpMV reads (offset 0, as the SpMV
 * kernel indexes them).
 * @param A - the operator.
 * @param n - the order of the system.
 * @returns the storage, or undefined.
 */
export function csrParts(A: LinearOperator, n: number): CsrParts | undefined {
  const S = sparseOperand(A) as unknown as CsrLike | undefined;
  if (S === undefined || S.format !== 'csr' || S.dtype !== 'float64') return undefined;
  if (S.shape[0] !== n || S.shape[1] !== n) return undefined;
  const ip = S.indptr.store;
  const ix = S.indices.store;
  const dv = S.data.store;
  if (ip.dtype !== 'int32' || ix.dtype !== 'int32') return undefined;
  // The SpMV kernel indexes the regions from their start: so does the one-task kernel.
  if (ip.offset !== 0 || ix.offset !== 0 || dv.offset !== 0) return undefined;
  return { indptr: ip, indices: ix, data: dv, bytes: 4 * ip.size + 12 * dv.size };
}

/**
 * Whether the mapper runs solve `op` of `bytes` bytes per iteration as one task.
 * @param op - the solver's name.
 * @param bytes - the bytes one iteration touches.
 * @returns true for one task.
 */
export function oneTask(op: string, bytes: number): boolean {
  const m = currentMapper();
  return m.solveInOneTask?.(op, bytes, workerCount()) === true;
}

/** A contiguous float64 vector of the system's length (b, or a copy of a strided b). */
export function contiguous(v: ndarray): Store {
  const s = v.store;
  return s.strides[0] === 1 ? s : v.copy().store;
}

/** Broadcast constraints on arguments 1 … n−1 (the key, 0, is the iterate), one list per n. */
export function broadcastRest(n: number): readonly Constraint[] {
  let c = lists.get(n);
  if (c === undefined) {
    const l: Constraint[] = [];
    for (let i = 1; i < n; i++) l.push(Object.freeze(broadcast(i)));
    lists.set(n, (c = Object.freeze(l)));
  }
  return c;
}
const lists = new Map<number, readonly Constraint[]>();

/** The one-task solves' bookkeeping, for tests: how many ran. */
export const oneTaskStats = { solves: 0 };

/** Whether a system qualifies at all (float64, array-backed operators). */
export function eligible(s: System, callback: unknown): boolean {
  return s.dtype === 'float64' && !s.exactCalls && callback === undefined;
}
