import { ctorOf, type DType, type TypedArray } from './dtype.js';
import { TaskError } from './errors.js';
import { Future } from './future.js';
import { getKernel, type KernelFn, type TaskContext } from './kernels.js';
import type { LaunchPlan } from './plan.js';
import type { Region } from './region.js';
import type { Store } from './store.js';

/**
 * PROVISIONAL inline engine: runs every point task on the calling thread at launch. The pool
 * engine (events in shared memory, per-piece dependence analysis, piscina) replaces it.
 */
export function submit(plan: LaunchPlan): Future | undefined {
  const spec = plan.spec;
  const kernel = getKernel(spec.kernel).fn as KernelFn;
  const futures = (spec.futures ?? []).map((f) => f.value());
  const partials = spec.reduce ? new Float64Array(plan.nBlocks * plan.width) : null;
  for (const a of spec.args) if (a.privilege !== 'read') a.store.region.version++;
  try {
    for (let c = 0; c < plan.colors; c++) {
      const t: TaskContext = {
        arrays: spec.args.map((a) => a.store.region.data),
        offsets: spec.args.map((a) => a.store.offset),
        strides: spec.args.map((a) => a.store.strides.slice()),
        shapes: spec.args.map((a) => a.store.shape.slice()),
        lo: plan.tiles[c]!.lo.slice(),
        hi: plan.tiles[c]!.hi.slice(),
        scalars: (spec.scalars ?? []).slice(),
        futures,
        color: c,
        colors: plan.colors,
        partials,
        block: plan.block,
      };
      kernel(t);
    }
  } catch (e) {
    const err = new TaskError(spec.op, (e as Error).message, { cause: e });
    if (spec.reduce) return Future.failed(err);
    throw err;
  }
  if (!spec.reduce) return undefined;
  return Future.of(combine(spec.reduce.combine, partials!, plan.nBlocks, plan.width, spec.reduce.identity));
}

/** Combines reduction partials in block order. */
export function combine(
  op: string,
  p: Float64Array,
  nBlocks: number,
  width: number,
  identity?: number,
): number {
  if (nBlocks === 0 && identity !== undefined) return identity;
  switch (op) {
    case 'sum': {
      let s = 0;
      for (let b = 0; b < nBlocks; b++) s += p[b * width]!;
      return s;
    }
    case 'prod': {
      let s = 1;
      for (let b = 0; b < nBlocks; b++) s *= p[b * width]!;
      return s;
    }
    case 'min': {
      let s = Number.POSITIVE_INFINITY;
      for (let b = 0; b < nBlocks; b++) {
        const v = p[b * width]!;
        if (v < s || Number.isNaN(v)) s = v;
        if (Number.isNaN(s)) break;
      }
      return s;
    }
    case 'max': {
      let s = Number.NEGATIVE_INFINITY;
      for (let b = 0; b < nBlocks; b++) {
        const v = p[b * width]!;
        if (v > s || Number.isNaN(v)) s = v;
        if (Number.isNaN(s)) break;
      }
      return s;
    }
    default:
      return (getKernel(op).fn as (p: Float64Array, n: number, w: number) => number)(p, nBlocks, width);
  }
}

/** A scalar task over futures (`alpha = rr / pAp`). */
export function submitScalar(
  op: string,
  kernelName: string,
  futures: readonly Future[],
  scalars: readonly number[],
): Future {
  const kernel = getKernel(kernelName).fn as KernelFn;
  try {
    const vals = futures.map((f) => f.value());
    const t = { scalars: scalars.slice(), futures: vals } as unknown as TaskContext;
    return Future.of(kernel(t) as number);
  } catch (e) {
    if (e instanceof TaskError) return Future.failed(e);
    return Future.failed(new TaskError(op, (e as Error).message, { cause: e }));
  }
}

/** Waits for every pending write of a region. */
export function syncRegion(_region: Region): void {}

/** A C-order copy of a store's elements, after its pending writes. */
export function readStore(store: Store): TypedArray {
  return gather(store);
}

/** The same without blocking the event loop. */
export async function readStoreAsync(store: Store): Promise<TypedArray> {
  return gather(store);
}

/** Copies a store's view into a fresh C-order typed array. */
export function gather(store: Store, dtype: DType = store.dtype): TypedArray {
  const out = new (ctorOf(dtype))(store.size);
  const src = store.region.data;
  const shape = store.shape;
  const strides = store.strides;
  const nd = shape.length;
  if (out.length === 0) return out;
  if (store.contiguous) {
    out.set(src.subarray(store.offset, store.offset + out.length));
    return out;
  }
  const idx = new Array<number>(nd).fill(0);
  let off = store.offset;
  for (let k = 0; k < out.length; k++) {
    out[k] = src[off]!;
    for (let d = nd - 1; d >= 0; d--) {
      off += strides[d]!;
      if (++idx[d]! < shape[d]!) break;
      off -= strides[d]! * shape[d]!;
      idx[d] = 0;
    }
  }
  return out;
}

/** Waits for all work. */
export function fence(): void {}
