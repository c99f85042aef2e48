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
import * as np from '../../dense/index.js';
import {
  broadcast,
  type Constraint,
  currentMapper,
  DEFAULT_REDUCTION_BLOCK,
  ensureKernel,
  type LaunchArg,
  launch,
  ranks,
  readStore,
  type Store,
  workerCount,
} from '../../runtime/index.js';
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

/**
 * The gang form of kernel `k` when the mapper runs this solve as a gang (two workers or more,
 * not under MPI, and tickets that fit: gang-cg.ts), else null.
 */
function gangOf(
  k: OneTaskKernel,
  bytes: number,
  maxiter: number,
  chunks: number,
): OneTaskKernel['gang'] | null {
  const workers = workerCount();
  if (k.gang === undefined || workers < 2 || ranks() > 1 || !((8 * maxiter + 8) * chunks < 2 ** 31))
    return null;
  return currentMapper().solveAsGang?.(k.op, bytes, workers) === true ? k.gang : null;
}

/** Broadcast constraints on every argument but `key`. */
function broadcastBut(n: number, key: number): Constraint[] {
  const l: Constraint[] = [];
  for (let i = 0; i < n; i++) if (i !== key) l.push(broadcast(i));
  return l;
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
export const oneTaskStats = { solves: 0, gangs: 0 };

/** Whether a system qualifies at all (float64, array-backed operators). */
export function eligible(s: System, callback: unknown): boolean {
  return s.dtype === 'float64' && !s.exactCalls && callback === undefined;
}

/** A solver's one-task kernel: its name, source, and its scratch vectors. */
export interface OneTaskKernel {
  readonly op: string;
  readonly name: string;
  readonly source: () => string;
  /** Scratch vectors after b (arguments 5 …), then `out` (`[info]`). */
  readonly vectors: number;
  /** Scratch vectors after M's three arrays, with a preconditioner. */
  readonly mVectors: number;
  /** The gang form (sparse/linalg/gang-cg.ts): its kernel's name and source. */
  readonly gang?: { readonly name: string; readonly source: () => string };
}

/**
 * Runs a solve as one task when the system qualifies and the mapper says so; else undefined (the
 * caller runs the per-launch loop). Arguments: 0 x (read-write), 1–3 A's indptr, indices, data,
 * 4 b, then `vectors` scratch vectors, `out`, and with M its three arrays and `mVectors` more.
 * Scalars: n, rtol, atol, maxiter, hasX0, hasM, the dot's block, then `extra`.
 * @param k - the kernel.
 * @param s - the system.
 * @param callback - the user's callback (a one-task solve has none).
 * @param extra - more scalars.
 * @returns `[x, info]`, or undefined.
 */
export function solveOneTask(
  k: OneTaskKernel,
  s: System,
  callback: unknown,
  extra: readonly number[] = [],
): [ndarray, number] | undefined {
  if (!eligible(s, callback)) return undefined;
  const n = s.n;
  const A = csrParts(s.A, n);
  if (A === undefined) return undefined;
  const M = s.M === undefined ? undefined : csrParts(s.M, n);
  if (s.M !== undefined && M === undefined) return undefined;
  // One iteration touches A (and M), x, b and the scratch vectors.
  const bytes = A.bytes + 8 * n * (2 + k.vectors) + (M === undefined ? 0 : M.bytes + 8 * n * k.mVectors);
  const nb = Math.ceil(n / DEFAULT_REDUCTION_BLOCK);
  // A gang's chunk: about eight per worker and phase, whole dot blocks.
  const chunk = Math.max(1, Math.floor(nb / (8 * workerCount())));
  const gang = gangOf(k, bytes, s.maxiter, Math.ceil(nb / chunk));
  if (gang === null && !oneTask(k.op, bytes)) return undefined;
  const kernel = gang ?? k;
  ensureKernel(kernel.name, () => ({ source: kernel.source() }));
  const scratch: ndarray[] = [];
  const work = (): LaunchArg => {
    const v = np.empty([n]);
    scratch.push(v);
    return { store: v.store, privilege: 'write-discard' };
  };
  const outArr = np.empty([1]);
  const args: LaunchArg[] = [
    { store: s.x.store, privilege: 'read-write' },
    { store: A.indptr, privilege: 'read' },
    { store: A.indices, privilege: 'read' },
    { store: A.data, privilege: 'read' },
    { store: contiguous(s.b), privilege: 'read' },
  ];
  for (let i = 0; i < k.vectors; i++) args.push(work());
  args.push({ store: outArr.store, privilege: 'write-discard' });
  if (M !== undefined) {
    args.push(
      { store: M.indptr, privilege: 'read' },
      { store: M.indices, privilege: 'read' },
      { store: M.data, privilege: 'read' },
    );
    for (let i = 0; i < k.mVectors; i++) args.push(work());
  }
  // A gang's control words (the key), shared state and partials (gang-cg.ts).
  const gangArrays =
    gang === null ? [] : [np.zeros([Math.max(4, workerCount())]), np.zeros([16]), np.empty([2 * nb])];
  for (const v of gangArrays) {
    scratch.push(v);
    args.push({ store: v.store, privilege: 'read-write' });
  }
  const key = gang === null ? 0 : args.length - 3;
  launch({
    op: k.op,
    kernel: kernel.name,
    args,
    scalars: [
      n,
      s.rtol,
      s.atol,
      s.maxiter,
      s.hasX0 ? 1 : 0,
      M !== undefined ? 1 : 0,
      DEFAULT_REDUCTION_BLOCK,
      ...extra,
      ...(gang === null ? [] : [chunk]),
    ],
    constraints: gang === null ? broadcastRest(args.length) : broadcastBut(args.length, key),
    key,
    ...(gang === null ? { single: true } : { gang: true }),
  });
  oneTaskStats.solves++;
  if (gang !== null) oneTaskStats.gangs++;
  const info = readStore(outArr.store)[0]!;
  for (const v of scratch) v.dispose();
  outArr.dispose();
  return [s.x, info];
}
