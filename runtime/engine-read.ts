/**
 * Reads — the only places a program waits: a store's contents after its pending writes
 * (synchronously with `Atomics.wait`, or asynchronously), a whole-region sync for the solver, and
 * fences. A read throws the {@link TaskError} of a failed write it depends on.
 */
import { peekState, writersOf } from './deps.js';
import { ctorOf, type DType, type TypedArray } from './dtype.js';
import { currentPool, throwIfFailed, waitAsync, waitKnown, waitKnownAsync, waitSync } from './engine-pool.js';
import { peekSeq } from './events.js';
import { markKnownBelow } from './known.js';
import { issueHeld } from './launch-hold.js';
import { distributed } from './mpi.js';
import { checkLive, type Region } from './region.js';
import { syncForRead } from './shard.js';
import type { Store } from './store.js';

/** The events a read of `store` (or of all of `region`) waits for. */
function writers(region: Region, store: Store | null): number[] {
  checkLive('read', region);
  issueHeld(); // a launch held for fusion may write it
  if (distributed()) syncForRead(region, store === null ? null : store.footprint()); // collective under MPI
  const st = peekState(region);
  if (st === undefined || st.accesses.length === 0) return [];
  const out: number[] = [];
  writersOf(st, store === null ? null : store.footprint(), out);
  return out;
}

/**
 * Blocks until every pending write of `region` is done (the solver reads image sources).
 * @throws {TaskError} when one of those writes failed
 */
export function syncRegion(region: Region): void {
  waitWriters(writers(region, null));
}

/** Waits for events `w`, then throws the error of the first that failed. */
function waitWriters(w: number[]): void {
  for (const e of w) waitKnown(e);
  for (const e of w) throwIfFailed(e);
}

/**
 * Waits for the pending writes of a store's elements without copying them; under MPI the read is
 * collective (every rank then holds the view's latest data), so that memory handed out as a view
 * (`to_ndarray`) reads the same on every rank.
 * @throws {TaskError} when one of those writes failed
 */
export function syncStore(store: Store): void {
  waitWriters(writers(store.region, store));
}

/**
 * A C-order copy of a store's elements, after its pending writes.
 * @param store the store to read
 * @returns a fresh typed array of the store's dtype
 * @throws {TaskError} when a write it depends on failed
 * @example readStore(Store.whole(createRegion('float64', 2))) // Float64Array [0, 0]
 */
export function readStore(store: Store): TypedArray {
  return gather(store);
}

/**
 * The same as {@link readStore} without blocking the event loop.
 * @param store the store to read
 * @returns a promise of a fresh typed array
 */
export async function readStoreAsync(store: Store): Promise<TypedArray> {
  const w = writers(store.region, store);
  for (const e of w) await waitKnownAsync(e);
  for (const e of w) throwIfFailed(e);
  return copy(store, store.dtype);
}

/**
 * Copies a store's view into a fresh C-order typed array (of `dtype`), after its pending writes.
 * @param store the store to read
 * @param dtype the result's dtype (default: the store's)
 * @returns the copy
 * @throws {TaskError} when a write it depends on failed
 */
export function gather(store: Store, dtype: DType = store.dtype): TypedArray {
  const w = writers(store.region, store);
  for (const e of w) waitKnown(e);
  for (const e of w) throwIfFailed(e);
  return copy(store, dtype);
}

/** Elements copied to the host by reads so far (tests: what an operation reads back). */
let elementsRead = 0;

/**
 * @internal Elements copied to the calling thread by `readStore`/`gather`/`readStoreAsync` since
 * the process started (a test subtracts two values around an operation).
 */
export function readElements(): number {
  return elementsRead;
}

function copy(store: Store, dtype: DType): TypedArray {
  elementsRead += store.size;
  // Reading lazily zero memory maps the zero page (runtime/zero-pages.ts).
  if (store.region.zeroPages === 1) store.region.zeroPages = 2;
  const out = new (ctorOf(dtype))(store.size);
  const src = store.region.data;
  const shape = store.shape;
  const strides = store.strides;
  const nd = shape.length;
  if (out.length === 0) return out;
  if (store.contiguous && dtype === store.dtype) {
    out.set(src.subarray(store.offset, store.offset + out.length) as never);
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

/** Tasks whose completion implies that of all posted so far (see Pool.lastPosted). */
function lastTasks(): number[] {
  issueHeld();
  const out: number[] = [];
  currentPool()?.lastPosted(out);
  return out;
}

/**
 * Waits for all work issued so far. Failures are not thrown here: they surface at the reads
 * that depend on them.
 */
export function fence(): void {
  const seq = peekSeq();
  for (const e of lastTasks()) waitSync(e);
  markKnownBelow(seq);
}

/** Waits for all work issued so far without blocking the event loop. */
export async function fenceAsync(): Promise<void> {
  const seq = peekSeq();
  for (const e of lastTasks()) await waitAsync(e);
  markKnownBelow(seq);
}
