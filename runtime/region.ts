import { ctorOf, type DType, dtypeOfArray, itemsize, type TypedArray } from './dtype.js';
import { AllocationError, argMessage, DisposedError, ValueError } from './errors.js';
import { heapAlloc, heapFree, heapMemory } from './heap.js';
import { issueHeld } from './launch-hold.js';
import { finalizationRegistry, noteAllocation, watchCollection } from './memory.js';
import { zeroFill } from './shard-pages.js';
import { zeroPagesInitial, zeroPagesUntracked } from './zero-pages.js';

/** Largest number of elements in one region: indices stay int32 (documented limit). */
export const MAX_REGION_ELEMENTS = 2 ** 31 - 1;

let nextRegionId = 1;

/**
 * A library object that will read a region later than program order says it reads it (a deferred,
 * not yet launched computation such as a lazy array expression). Before any launch that writes the
 * region, {@link launch} calls {@link DeferredReader.beforeWrite} so that the reader can read the
 * old contents first (launch them, or copy them) — sequential semantics across deferral.
 */
export interface DeferredReader {
  /**
   * Called once, before the first launch that writes `region` after registration. If it throws
   * (e.g. it could not allocate), it must leave itself registered when it still has work, so
   * that the next write tries again; the write that triggered it is not launched.
   */
  beforeWrite(region: Region): void;
}

/**
 * What the collector watches in place of a region (see the Region constructor). A class rather
 * than an object literal, as a precaution: V8 may allocate a literal whose allocation site sees
 * most objects survive straight in the old generation, where no young-generation collection finds
 * it (runtime/reclaim-young.ts). (Measured, what kept dead regions through scavenges was the
 * WeakMap values of partition-cache.ts, not this.)
 */
class Life {}

/**
 * A region: a 1-D index space `[0, size)` and one typed field, stored in a `SharedArrayBuffer`
 * so that every worker reads and writes it in place. n-D layouts are views ({@link Store}) over
 * a region's linear memory. `version` is bumped at every launch that writes the region, in
 * program order (it names the logical contents, not their completion).
 */
export class Region {
  readonly id: number;
  /**
   * The field; indexes `[0, size)`. Read it only after the runtime says pending writes are done.
   * Valid while the region is alive: a region in the heap gives its memory back when it is
   * collected, so code that keeps the array beyond the region must call {@link exposeRegion}.
   */
  readonly data: TypedArray;
  /**
   * Byte offset of `data` in the region heap (runtime/heap.ts), or -1 when the region has its own
   * buffer. WebAssembly kernels address heap regions directly.
   */
  readonly heapOffset: number;
  /**
   * True when the runtime allocated `data` (in the heap or, too large for it, in a buffer of its
   * own); false for memory a caller handed in (`regionFromArray`, interop).
   */
  readonly runtimeOwned: boolean;
  /** Bumped by every launch with a write privilege on this region. */
  version = 0;
  /**
   * Deferred readers of this region (see {@link DeferredReader}); `null` until one registers.
   * {@link flushDeferredReaders} empties it before a write.
   */
  deferred: Set<DeferredReader> | null = null;
  /**
   * A library's record of this region's deferred readers, kept across writes (dense keeps its
   * reader group here); the runtime never reads it. It lives on the region rather than in a
   * `WeakMap` keyed by the region because V8's young-generation collections keep a `WeakMap`
   * entry whose value references its key: every fresh region that a lazy value read was
   * promoted, with all it reached, and waited for a full collection.
   */
  readerGroup: DeferredReader | null = null;
  /**
   * A library's memo of views of this region (sparse keeps its 1-D and `indptr` stores here), so
   * that the same Store object comes back for the same view. On the region, not in a WeakMap keyed
   * by it: V8's scavenger keeps an old WeakMap's values alive, and a store holds its region, which
   * would then outlive every young-generation collection (runtime/reclaim-young.ts).
   */
  derived: unknown = undefined;
  /** True once {@link disposeRegion} freed the region: launches and reads of it throw. */
  disposed = false;
  /** Bytes of the heap block (a multiple of 64), 0 when the region has its own buffer. */
  readonly heapBytes: number;
  /**
   * True when the heap block may have held earlier data when it was handed out (a block used
   * before, or from the small-block slab): without `zero`, its elements may then not be zeros.
   * With `zero`, they were zero-filled. For tests and callers that skip the zeros.
   */
  readonly recycled: boolean;
  /** What freeing needs (shared by the finalizer, the public-API sweep and dispose). */
  private readonly held: Held;
  /** What the finalizer and the sweep watch in place of the region (see the constructor). */
  private readonly life: object;

  /**
   * @param dtype - the field's type
   * @param size - the number of elements
   * @param data - memory to wrap (default: fresh memory)
   * @param zero - whether fresh memory must read as zeros (false when the first launch writes
   *   every element)
   */
  constructor(
    readonly dtype: DType,
    readonly size: number,
    data?: TypedArray,
    zero = true,
  ) {
    this.id = nextRegionId++;
    let bytes = 0;
    if (data !== undefined) {
      this.data = data;
      this.heapOffset = -1;
      this.runtimeOwned = false;
      this.recycled = false;
    } else {
      const a = allocate(dtype, size, zero);
      this.data = a.data;
      this.heapOffset = a.off;
      this.runtimeOwned = true;
      this.recycled = a.dirty;
      bytes = a.bytes;
    }
    this.heapBytes = bytes;
    const held: Held = { id: this.id, off: this.heapOffset, bytes, done: false, zero: 0 };
    // Zeros on memory never written: tracked for its zero pages (runtime/zero-pages.ts).
    if (data === undefined && zero && this.heapOffset >= 0 && !this.recycled)
      held.zero = zeroPagesInitial(bytes);
    this.held = held;
    // The finalizer or the sweep watches a token that only this region references, not the
    // region: V8's young-generation collections keep the targets of `WeakRef`s and finalization
    // registrations alive, and everything they reach (the region's array, its deferred readers
    // and what those hold) was promoted with them — in a small loop that makes a result per
    // step, most of what a scavenge copied. The token dies with the region and holds nothing.
    const life = new Life();
    this.life = life;
    // A heap region that the public-API sweep watches needs no finalizer too (each weak cell is
    // work for every full collection: in a small loop's forced collections, clearing the weak
    // references of the dead regions' tokens took 40-110 ms).
    if (this.heapOffset < 0 || !watchCollection(life, held, release)) registry.register(life, held, life);
  }

  /**
   * Marks the region's memory as freed by another way ({@link disposeRegion}) and stops watching
   * its collection. @internal
   */
  markFreed(): void {
    this.held.done = true;
    registry.unregister(this.life);
  }

  /**
   * Ends the region's zero-page tracking (runtime/zero-pages.ts) if it had any. @internal
   * @returns whether it was read while tracked (zero pages may be mapped in it)
   */
  endZeroPages(): boolean {
    return endZeroTracking(this.held);
  }

  /**
   * Whether the region is tracked for zero pages (runtime/zero-pages.ts): 0 no, 1 lazily zero and
   * not read yet, 2 read since. @internal
   */
  get zeroPages(): number {
    return this.held.zero;
  }

  set zeroPages(v: number) {
    this.held.zero = v;
  }

  get byteLength(): number {
    return this.size * itemsize(this.dtype);
  }
}

/** What finalization needs of a region (never the region itself). */
interface Held {
  id: number;
  off: number;
  bytes: number;
  /** Set by whichever way of freeing ran first. */
  done: boolean;
  /** The region's zero-page state ({@link Region.zeroPages}). */
  zero: number;
}

/** Ends a region's zero-page tracking; true when it had been read while tracked. */
function endZeroTracking(h: Held): boolean {
  const read = h.zero === 2;
  if (h.zero !== 0) {
    h.zero = 0;
    zeroPagesUntracked();
  }
  return read;
}

/** Regions whose heap memory user code holds (never recycled). */
const pinned = new Set<number>();
let freedHook: (id: number) => readonly number[] = () => [];

/**
 * Installs what happens when a region is garbage-collected: the engine forgets it, workers drop
 * their handles, and it returns the events still in flight on the region (its heap block is
 * reused only after they complete).
 * @param fn - the hook
 */
export function setRegionFreedHook(fn: (id: number) => readonly number[]): void {
  freedHook = fn;
}

const registry = finalizationRegistry<Held>(release);

/** Frees a collected region's memory (once: a finalizer and the public-API sweep may both see it). */
function release(h: Held): void {
  if (h.done) return;
  h.done = true;
  const pending = freedHook(h.id);
  const zeroRead = endZeroTracking(h);
  if (h.off < 0) return;
  if (pinned.delete(h.id)) return;
  heapFree(h.off, h.bytes, pending, zeroRead);
}

/**
 * Frees a region now instead of at its collection (`a.dispose()` in the libraries). Deferred
 * readers of it launch first (they read its current contents); its heap block is reused only
 * once every task already issued on it completed (the block is quarantined meanwhile), so
 * disposing an array that pending work still reads or writes is safe. Workers drop their handles
 * after the tasks queued before. Memory that user code holds ({@link exposeRegion}) is not
 * recycled. Afterwards a launch or read of the region throws {@link DisposedError}. Disposing
 * twice does nothing.
 * @param region - the region to free
 * @example disposeRegion(createRegion('float64', 10))
 */
export function disposeRegion(region: Region): void {
  if (region.disposed) return;
  // A launch held for pairing (launch-hold.ts) may read it: posted first, it counts among the
  // tasks the block's reuse waits for (held, it did not, and the block could be handed out and
  // written while the launch was still to read it).
  issueHeld();
  flushDeferredReaders(region);
  region.disposed = true;
  region.markFreed();
  forgetExposed(region);
  const pending = freedHook(region.id);
  const zeroRead = region.endZeroPages();
  if (region.heapOffset < 0) return;
  if (pinned.delete(region.id)) return;
  heapFree(region.heapOffset, region.heapBytes, pending, zeroRead);
}

const dead = new Map<DType, Region>();

/**
 * An empty, disposed region of `dtype` (one per dtype): what a disposed array keeps in place of
 * its memory, so that its shape and dtype still read while any launch or read of it throws
 * {@link DisposedError}.
 * @param dtype - the element type
 * @returns the region
 * @example deadRegion('float64').disposed // true
 */
export function deadRegion(dtype: DType): Region {
  let r = dead.get(dtype);
  if (r === undefined) {
    r = new Region(dtype, 0);
    disposeRegion(r);
    dead.set(dtype, r);
  }
  return r;
}

/**
 * Throws {@link DisposedError} when `region` was disposed (launches and reads check their
 * arguments).
 * @param fn - the operation, for the message
 * @param region - the region about to be used
 */
export function checkLive(fn: string, region: Region): void {
  if (region.disposed)
    throw new DisposedError(
      `${fn}: expected arrays whose memory is live, received one freed by dispose() (that array, or one sharing its memory: a view, a sparse array's data)`,
    );
}

function allocate(
  dtype: DType,
  size: number,
  zero: boolean,
): { data: TypedArray; off: number; bytes: number; dirty: boolean } {
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new ValueError(argMessage('createRegion', 'size', 'a non-negative integer', size));
  }
  if (size > MAX_REGION_ELEMENTS) {
    throw new AllocationError(
      argMessage('createRegion', 'size', `at most ${MAX_REGION_ELEMENTS} elements in one region`, size),
    );
  }
  const Ctor = ctorOf(dtype);
  const bytes = size * Ctor.BYTES_PER_ELEMENT;
  try {
    const b = size > 0 ? heapAlloc(bytes) : null;
    noteAllocation(bytes, b !== null);
    if (b !== null) {
      const data = new (Ctor as Float64ArrayConstructor)(
        heapMemory()!.buffer as unknown as ArrayBuffer,
        b.off,
        size,
      ) as TypedArray;
      if (zero && b.dirty) zeroFill(data);
      return { data, off: b.off, bytes: b.bytes, dirty: b.dirty };
    }
    const sab = new SharedArrayBuffer(bytes);
    const data = new (Ctor as Float64ArrayConstructor)(sab as unknown as ArrayBuffer) as TypedArray;
    return { data, off: -1, bytes: 0, dirty: false };
  } catch (e) {
    throw new AllocationError(
      `createRegion: could not allocate ${size} elements of ${dtype} (${size * Ctor.BYTES_PER_ELEMENT} bytes): ${(e as Error).message}`,
      { cause: e },
    );
  }
}

/**
 * Runs and forgets every deferred reader of `region` (the launch path calls this before a write).
 * Readers registered while this runs (by the readers themselves) wait for the next write.
 * @param region - the region about to be written
 */
export function flushDeferredReaders(region: Region): void {
  const set = region.deferred;
  if (set === null || set.size === 0) return;
  const readers = [...set];
  set.clear();
  for (let k = 0; k < readers.length; k++) {
    try {
      readers[k]!.beforeWrite(region);
    } catch (e) {
      // The readers not reached stay registered (the failing one re-registers itself).
      for (let j = k + 1; j < readers.length; j++) set.add(readers[j]!);
      throw e;
    }
  }
}

/**
 * Allocates a region of `size` elements, zero-filled unless `zero` is false (then its contents are
 * unspecified until written: for results whose first launch writes every element).
 */
export function createRegion(dtype: DType, size: number, zero = true): Region {
  return new Region(dtype, size, undefined, zero);
}

/**
 * Regions whose memory user code holds as a typed array (wrapped by {@link regionFromArray}, or
 * handed out through {@link exposeRegion}), by buffer, then by offset, length and element type.
 * The same memory must be one region: dependence analysis and deferred readers are per region,
 * so two regions over one buffer would not order their accesses. (A WeakMap on the buffer: the
 * entry lives exactly as long as the memory.) Partly overlapping views of one buffer are still
 * separate regions; cohort does not order those.
 */
const exposed = new WeakMap<ArrayBufferLike, Map<string, Region>>();
const exposedKey = (data: TypedArray) => `${data.constructor.name}:${data.byteOffset}:${data.length}`;

/** Forgets `region` as the region of its memory (it was disposed). */
function forgetExposed(region: Region): void {
  const buf = region.data.buffer;
  if (!(buf instanceof SharedArrayBuffer)) return;
  const m = exposed.get(buf);
  const key = exposedKey(region.data);
  if (m !== undefined && m.get(key) === region) m.delete(key);
}

/**
 * Records that user code holds `region`'s memory as a typed array (e.g. a scijs view), so that
 * wrapping that memory again ({@link regionFromArray}) gives back this region, not a second one.
 * @param region - a region whose `data` escapes to user code
 */
export function exposeRegion(region: Region): void {
  checkLive('exposeRegion', region);
  if (region.heapOffset >= 0) pinned.add(region.id);
  // User code may write this memory directly: no page of it is given back (runtime/zero-pages.ts).
  region.endZeroPages();
  const buf = region.data.buffer;
  if (!(buf instanceof SharedArrayBuffer)) return;
  let m = exposed.get(buf);
  if (m === undefined) exposed.set(buf, (m = new Map()));
  m.set(exposedKey(region.data), region);
}

/**
 * Wraps a typed array as a region without copying when it is backed by a `SharedArrayBuffer`
 * (bool data must be given as a Uint8Array with dtype 'bool'); otherwise copies it into shared
 * memory. The same shared memory (same buffer, offset, length and element type) always gives the
 * same region.
 */
export function regionFromArray(data: TypedArray, dtype?: DType): Region {
  const dt = dtype ?? dtypeOfArray(data);
  if (dt === undefined || ctorOf(dt) !== data.constructor) {
    throw new ValueError(argMessage('regionFromArray', 'data', `a typed array of dtype ${dtype}`, data));
  }
  if (data.buffer instanceof SharedArrayBuffer) {
    const known = exposed.get(data.buffer)?.get(exposedKey(data));
    if (known !== undefined && (dtype === undefined || known.dtype === dtype)) return known;
    const r = new Region(dt, data.length, data);
    exposeRegion(r);
    return r;
  }
  const r = new Region(dt, data.length);
  r.data.set(data);
  return r;
}
