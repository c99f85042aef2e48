/**
 * The one builder of element-wise operations (ufuncs, casts, copies, fills, in-place updates, `set`
 * through views): {@link ewise} validates at the call (operand types, broadcasting, dtypes,
 * `{out}`), types the expression, and then either launches it at once into `{out}` (dense/
 * ewise-launch.ts) or returns a lazy array (dense/lazy.ts). Pending operands are inlined either
 * way, so a chain of element-wise operations is one fused kernel and one launch.
 */
import { type FuseNode, fx, typeTree } from '../codegen/index.js';
import {
  AllocationError,
  ArgumentTypeError,
  argMessage,
  type DType,
  DTypeError,
  MAX_REGION_ELEMENTS,
  ShapeError,
  Store,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { broadcastShapes, canBroadcastTo } from './broadcast.js';
import { checkIntFits } from './dtypes.js';
import { fmtShape } from './errors.js';
import { hostScalar } from './host-scalar.js';
import { lazyArray } from './lazy.js';
import { fuseOperands, launchFused } from './lazy-compose.js';
import { ndarray } from './ndarray.js';

/** An operand of an element-wise operation: an array or a JavaScript scalar. */
export type Operand = ndarray | number | boolean;

/** Options shared by element-wise functions. */
export interface OutOptions {
  /** Write the result here (its shape must be the broadcast shape; same-kind casting). */
  out?: ndarray | null;
}

interface Typed {
  tree: FuseNode;
  dtype: DType;
}

const typedCache = new Map<string, Map<number, Typed>>();
const CODE: Record<DType, number> = { bool: 0, uint8: 1, int32: 2, float32: 3, float64: 4 };
const SCODE: Partial<Record<DType, number>> = { bool: 0, int32: 1, float64: 2 };

function scalarLeafDType(v: number | boolean): DType {
  if (typeof v === 'boolean') return 'bool';
  return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 'int32' : 'float64';
}

const KIND: Record<DType, number> = { bool: 0, uint8: 1, int32: 1, float32: 2, float64: 2 };

/**
 * The typed expression of `op` applied to the operands (cached by signature).
 * @param build makes the expression from leaves (defaults to `fx[op](...leaves)`)
 */
function typed(
  fn: string,
  op: string,
  operands: readonly Operand[],
  build: ((leaves: FuseNode[]) => FuseNode) | undefined,
  cast: DType | undefined,
): Typed {
  // Signature as a number: 3 bits per operand (dtype, or scalar kind) and 3 for the cast.
  let code = cast === undefined ? 0 : CODE[cast] + 1;
  for (let k = 0; k < operands.length; k++) {
    const o = operands[k]!;
    code = code * 8 + (o instanceof ndarray ? CODE[o.dtype] : 5 + SCODE[scalarLeafDType(o)]!);
  }
  let byOp = typedCache.get(op);
  if (byOp === undefined) {
    byOp = new Map();
    typedCache.set(op, byOp);
  }
  const hit = byOp.get(code);
  if (hit) return hit;
  let ai = 0;
  let si = 0;
  const leaves = operands.map((o) =>
    o instanceof ndarray ? fx.input(ai++, o.dtype) : fx.scalar(si++, scalarLeafDType(o), true),
  );
  let tree = build
    ? build(leaves)
    : (fx as unknown as Record<string, (...a: FuseNode[]) => FuseNode>)[op]!(...leaves);
  let dtype: DType;
  try {
    dtype = typeTree(tree).dtype;
  } catch (e) {
    const types = operands.map((o) => (o instanceof ndarray ? o.dtype : typeof o)).join(', ');
    throw new DTypeError(`${fn}: operands of dtypes (${types}) are not supported: ${(e as Error).message}`);
  }
  if (cast !== undefined && cast !== dtype) tree = fx.castTo(cast, tree);
  const t = { tree, dtype };
  byOp.set(code, t);
  return t;
}

/**
 * Runs an element-wise operation.
 * @param fn user-facing name (errors)
 * @param op codegen operation (or a label when `build` is given)
 * @param operands arrays and scalars
 * @param names operand names for errors
 * @param out optional output array
 * @param opts `dtype` forces the result dtype (astype); `build` builds a custom expression
 */
export function ewise(
  fn: string,
  op: string,
  operands: readonly Operand[],
  names: readonly string[],
  out?: ndarray | null,
  opts?: { dtype?: DType; build?: (leaves: FuseNode[]) => FuseNode },
): ndarray {
  let nArrays = 0;
  let shape0: readonly number[] = EMPTY;
  let same = true;
  for (let k = 0; k < operands.length; k++) {
    const o = operands[k]!;
    if (o instanceof ndarray) {
      const sh = o.shape;
      // A 0-d operand (a solver's alpha) broadcasts to any shape: the others' shape is the
      // result's, with no broadcast lists made (issue 16 item 3).
      if (nArrays++ === 0 || shape0.length === 0) shape0 = sh;
      else if (same && sh.length !== 0 && !sameShape(sh, shape0)) same = false;
    } else if (typeof o !== 'number' && typeof o !== 'boolean')
      throw new ArgumentTypeError(
        argMessage(fn, names[k] ?? `x${k}`, 'an ndarray, a number or a boolean', o),
      );
  }
  const t = typed(fn, op, operands, opts?.build, opts?.dtype);
  const shape = nArrays === 0 ? EMPTY : same ? shape0 : broadcastOperands(fn, operands, names);
  let resDtype = t.dtype;
  if (out !== undefined && out !== null) {
    if (!(out instanceof ndarray)) throw new ArgumentTypeError(argMessage(fn, 'out', 'an ndarray', out));
    const os = out.shape;
    if (!sameShape(os, shape) && !canBroadcastTo(shape, os)) {
      throw new ShapeError(
        `${fn}: argument 'out' with shape ${fmtShape(os)} does not match the result shape ${fmtShape(shape)}`,
      );
    }
    if (opts?.dtype === undefined && KIND[resDtype] > KIND[out.dtype]) {
      throw new DTypeError(
        `${fn}: argument 'out' with dtype ${out.dtype} cannot hold the ${resDtype} result (casting 'same_kind')`,
      );
    }
    const outStore = out.store;
    if (outStore.size === 0) return out;
    // In place: inline pending operands unless they read the region written (then they come first).
    const f = fuseOperands(t.tree, operands, outStore.region, outStore.size);
    launchFused(fn, f, outStore);
    return out;
  }
  if (opts?.dtype !== undefined) resDtype = opts.dtype;
  let size = 1;
  for (let d = 0; d < shape.length; d++) size *= shape[d]!;
  if (nArrays === 0 || size <= 1) {
    // Nothing to defer: scalars only, an empty result, or one element. One-element results are
    // computed now: deferring them saves no memory traffic, and a pending one holds its operands
    // — in a solver loop, beta_k = rho_k / rho_{k-1} held rho_{k-1}, whose pending readers held
    // beta_{k-1} and rho_{k-2}, and so on back to the first iteration (the regions never get
    // written, so their readers never run): memory and every collection grew with the iterations.
    if (shape.length === 0 && nArrays > 0 && opts?.dtype === undefined) {
      const h = hostScalar(t.tree, operands); // known 0-d values: no launch (host-scalar.ts)
      if (h !== null) return h;
    }
    const outStore = allocStore(resDtype, shape, false);
    if (size > 0) {
      const f = fuseOperands(t.tree, operands, null, size);
      launchFused(fn, f, outStore);
    }
    return new ndarray(outStore);
  }
  // A result too large for one region fails here, at the call, as an eager result would.
  if (size > MAX_REGION_ELEMENTS) {
    throw new AllocationError(
      argMessage(fn, 'out', `a result of at most ${MAX_REGION_ELEMENTS} elements`, fmtShape(shape)),
    );
  }
  const f = fuseOperands(t.tree, operands, null, size);
  return lazyArray(fn, f.tree, f.nodes, f.arrays, f.scalars, resDtype, shape, f.parts);
}

const EMPTY: readonly number[] = Object.freeze([]);

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let d = 0; d < a.length; d++) if (a[d] !== b[d]) return false;
  return true;
}

function broadcastOperands(fn: string, operands: readonly Operand[], names: readonly string[]): number[] {
  const shapes: (readonly number[])[] = [];
  const arrNames: string[] = [];
  for (let k = 0; k < operands.length; k++) {
    const o = operands[k]!;
    if (o instanceof ndarray) {
      shapes.push(o.shape);
      arrNames.push(names[k] ?? `x${k}`);
    }
  }
  return broadcastShapes(fn, shapes, arrNames);
}

/** A fresh contiguous copy of `a` with dtype `dtype` (astype/copy). */
export function copyAs(fn: string, a: ndarray, dtype: DType = a.dtype): ndarray {
  return ewise(fn, 'copy', [a], ['a'], null, { dtype, build: (l) => l[0]! });
}

/** Writes `value` (an array broadcastable to `dst`, or a scalar) into `dst` (a view). */
export function assign(fn: string, dst: ndarray, value: Operand): void {
  if (value instanceof ndarray && !canBroadcastTo(value.shape, dst.shape)) {
    throw new ShapeError(
      `${fn}: argument 'value' with shape ${fmtShape(value.shape)} cannot broadcast to ${fmtShape(dst.shape)}`,
    );
  }
  if (typeof value === 'number') checkIntFits(fn, 'value', value, dst.dtype);
  if (dst.size === 0) return;
  ewise(fn, 'assign', [value], ['value'], dst, { dtype: dst.dtype, build: (l) => l[0]! });
}

export { Store };
