/**
 * Reduction privileges (DESIGN.md §2 "Scheduling and memory", issue 17 item 2). A launch argument
 * with privilege `reduce` (operator `redop`, default `sum`) is not written in place: every block
 * of {@link regionReduceBlock} points of the (1-D) launch domain folds into its own buffer over
 * the argument's extent, initialized to the operator's identity, and a fold task then combines
 * the buffers into the region in block order. So
 *
 * - reductions into overlapping pieces — of one launch, or of several launches with any operator
 *   — run at the same time: the pieces touch only their buffers, and only the fold is ordered
 *   with the region's other accesses (a read-write of the argument's extent);
 * - the result is bitwise the same at any worker count and piece count: the blocks depend on the
 *   domain's length only, the tiling is aligned to them, each block folds its points in index
 *   order, and the buffers are folded block 0 first.
 *
 * `worker.js` has the same fold loop (`foldRegion`); keep them identical.
 */
import { ctorOf, type TypedArray } from './dtype.js';
import { argMessage, ValueError } from './errors.js';
import type { IntervalSet } from './index-space.js';
import type { KernelFn, TaskContext } from './kernels.js';
import type { LaunchSpec, RedOp } from './launch-types.js';

/** A launch's domain is cut into at most this many reduction blocks (buffers per argument). */
export const REGION_REDUCE_MAX_BLOCKS = 16;
/** And blocks hold at least this many points. */
export const REGION_REDUCE_MIN_BLOCK = 1024;

/** True when a launch has an argument with privilege `reduce`. */
export function hasReduceArg(spec: { readonly args: readonly { readonly privilege: string }[] }): boolean {
  const args = spec.args;
  for (let i = 0; i < args.length; i++) if (args[i]!.privilege === 'reduce') return true;
  return false;
}

/** The reduction block of a domain of `n` points: a function of `n` only. */
export function regionReduceBlock(n: number): number {
  return Math.max(REGION_REDUCE_MIN_BLOCK, Math.ceil(n / REGION_REDUCE_MAX_BLOCKS));
}

const INT_RANGE: Record<string, readonly [number, number]> = {
  Int8Array: [-128, 127],
  Uint8Array: [0, 255],
  Uint8ClampedArray: [0, 255],
  Int16Array: [-32768, 32767],
  Uint16Array: [0, 65535],
  Int32Array: [-2147483648, 2147483647],
  Uint32Array: [0, 4294967295],
};

/**
 * The identity of `op` in the element type of `data`: −0 for a sum (x + −0 is x for every x,
 * −0 included), 1 for a product, the type's largest value for a minimum, its smallest for a
 * maximum. Undefined for a type the operator has no identity in (BigInt arrays).
 */
export function identityOf(op: RedOp, data: TypedArray): number | undefined {
  const name = data.constructor.name;
  if (name === 'BigInt64Array' || name === 'BigUint64Array') return undefined;
  const range = INT_RANGE[name];
  switch (op) {
    case 'sum':
      return -0;
    case 'prod':
      return 1;
    case 'min':
      return range ? range[1] : Number.POSITIVE_INFINITY;
    case 'max':
      return range ? range[0] : Number.NEGATIVE_INFINITY;
    default:
      return undefined;
  }
}

/**
 * Folds `nB` buffers (block b at `b * extLen`, element j of the region at `j - extLo`) into the
 * region's elements listed by `bounds` (flat `[start, end)` pairs), block 0 first. Minimum and
 * maximum propagate NaN, as NumPy's `minimum`/`maximum` do.
 */
export function foldRegion(
  op: RedOp,
  r: TypedArray,
  buf: TypedArray,
  extLo: number,
  extLen: number,
  nB: number,
  bounds: readonly number[],
): void {
  const x = r as Float64Array;
  const v = buf as Float64Array;
  for (let b = 0; b < nB; b++) {
    const base = b * extLen - extLo;
    for (let k = 0; k < bounds.length; k += 2) {
      const e = bounds[k + 1]!;
      if (op === 'sum') for (let j = bounds[k]!; j < e; j++) x[j] = x[j]! + v[base + j]!;
      else if (op === 'prod') for (let j = bounds[k]!; j < e; j++) x[j] = x[j]! * v[base + j]!;
      else if (op === 'min')
        for (let j = bounds[k]!; j < e; j++) {
          const y = v[base + j]!;
          if (y < x[j]! || Number.isNaN(y)) x[j] = y;
        }
      else
        for (let j = bounds[k]!; j < e; j++) {
          const y = v[base + j]!;
          if (y > x[j]! || Number.isNaN(y)) x[j] = y;
        }
    }
  }
}

/** One `reduce` argument of a launch, as the engine and the workers see it. */
export interface RedArg {
  /** The argument's index. */
  readonly arg: number;
  /** The buffers: `nB` blocks of `extLen` elements, identity-initialized. */
  readonly buf: TypedArray;
  /** The first region element of the argument's extent, and the extent's length. */
  readonly extLo: number;
  readonly extLen: number;
  /** The operator. */
  readonly op: RedOp;
  /** The argument's footprint: the elements the fold touches. */
  readonly fp: IntervalSet;
}

/**
 * The buffers of a launch's `reduce` arguments, identity-initialized, in shared memory.
 * @param spec - the launch
 * @param nB - its number of reduction blocks
 * @returns one {@link RedArg} per `reduce` argument
 * @throws {ValueError} for an operator without an identity in the argument's element type
 */
export function makeRedArgs(spec: LaunchSpec, nB: number): RedArg[] {
  const out: RedArg[] = [];
  const args = spec.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.privilege !== 'reduce') continue;
    const st = a.store;
    const op = a.redop ?? 'sum';
    const id = identityOf(op, st.region.data);
    if (id === undefined)
      throw new ValueError(
        argMessage(
          spec.op,
          `args[${i}].redop`,
          `sum, prod, min or max on a number dtype`,
          `${op} on ${st.dtype}`,
        ),
      );
    const ext = st.extent(false);
    const extLo = ext.count === 0 ? 0 : ext.lo;
    const extLen = ext.count === 0 ? 0 : ext.hi - ext.lo;
    const Ctor = ctorOf(st.dtype) as unknown as new (b: SharedArrayBuffer) => TypedArray;
    const buf = new Ctor(new SharedArrayBuffer(Math.max(1, nB * extLen) * st.region.data.BYTES_PER_ELEMENT));
    (buf as Float64Array).fill(id);
    out.push({ arg: i, op, buf, extLo, extLen, fp: ext });
  }
  return out;
}

/**
 * Runs `kernel` on piece `t` block by block: each block of `blk` points sees, for every `reduce`
 * argument, its own buffer in place of the region (same strides, offset shifted by the extent's
 * start). `worker.js` has the same loop (`runBlocks`).
 */
export function runBlocks(kernel: KernelFn, t: TaskContext, red: readonly RedArg[], blk: number): void {
  const lo0 = t.lo[0]!;
  const hi0 = t.hi[0]!;
  const arrays = t.arrays.slice();
  const offsets = t.offsets.slice();
  for (let b0 = lo0; b0 < hi0; ) {
    const b = Math.floor(b0 / blk);
    const e = Math.min(hi0, (b + 1) * blk);
    for (const r of red) {
      arrays[r.arg] = r.buf.subarray(b * r.extLen, (b + 1) * r.extLen);
      offsets[r.arg] = t.offsets[r.arg]! - r.extLo;
    }
    kernel({ ...t, arrays, offsets, lo: [b0], hi: [e], heap: null });
    b0 = e;
  }
}
