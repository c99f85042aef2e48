/**
 * The region heap: one shared `WebAssembly.Memory` that holds most regions, with a small
 * allocator over it. Two things follow from regions living there instead of in a
 * `SharedArrayBuffer` each:
 *
 * - WebAssembly kernels address every region argument directly (its byte offset in the heap), on
 *   any thread: the memory is shared with every worker once. (A Wasm instance imports one memory;
 *   separate buffers would need copies.)
 * - Memory is recycled: a dropped region's block goes back to the allocator, so a loop that makes
 *   a fresh result each time reuses warm pages instead of faulting in new ones (~30 ms per 80 MB
 *   on this machine kind, whose shared memory uses 4 KB pages).
 *
 * Blocks are freed by region finalization (runtime/region.ts); a freed block whose region still
 * has tasks in flight is quarantined until they complete. Blocks are 64-byte aligned, reused by
 * exact size first, then best fit (splitting), then carved from the top; free neighbours are
 * coalesced when the top cannot grow. The heap stops at {@link HEAP_LIMIT_BYTES}; beyond it, and
 * for regions too large for it, regions get their own `SharedArrayBuffer` (as before), and the
 * kernels that use Wasm fall back to JavaScript for launches that touch such a region.
 */
import { isDone } from './events.js';
import { adviseHugePages } from './huge-pages.js';

/** The heap never grows beyond this (wasm32 addresses 4 GiB; keep room for the guard). */
export const HEAP_LIMIT_BYTES = 3 * 2 ** 30;
const PAGE = 65536;
const ALIGN = 64;
/** Grow by at least this much (growing is cheap: pages are committed on first touch). */
const GROW_MIN = 32 * 2 ** 20;

/** The slice of the WebAssembly API used here (the project's `lib` has no WebAssembly types). */
export interface WasmMemory {
  readonly buffer: SharedArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (d: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}

interface Quarantined {
  off: number;
  bytes: number;
  events: number[];
  /** The block's region was read while lazily zero (see {@link heapFree}). */
  zero: boolean;
}

/** A block handed out by {@link heapAlloc}. */
export interface HeapBlock {
  /** Byte offset in the heap. */
  readonly off: number;
  /** Bytes reserved (a multiple of 64, at least the request). */
  readonly bytes: number;
  /** True when the block may hold old data (it was used before). */
  readonly dirty: boolean;
}

let memory: WasmMemory | null | undefined;
/** Bytes committed (the memory's length). */
let committed = 0;
/** First byte never handed out since the last coalesce lowered it. */
let top = 0;
/** Highest `top` ever: memory above it was never written. */
let everTop = 0;
/** Free blocks by exact size. */
const free = new Map<number, number[]>();
let freeBytes = 0;
/** Bytes given back by {@link heapFree} since the start (monotonic). */
let reclaimed = 0;
const quarantine: Quarantined[] = [];
let beforeFresh: (bytes: number) => void = () => {};
let waitEvent: ((e: number) => void) | null = null;

/**
 * Installs how to wait for a task's event (runtime/engine-pool.ts): at the heap's limit, blocks
 * still quarantined behind running tasks are waited for rather than putting a region outside.
 * @param fn - blocks until the event completed
 * @param pool - whether a pool runs tasks now (else an event still pending is no task: a test's)
 */
export function setEventWaiter(fn: (e: number) => void, pool: () => boolean): void {
  waitEvent = fn;
  hasPool = pool;
}
/** Whether a pool runs tasks (without one, every issued task already completed). */
let hasPool: () => boolean = () => false;

/**
 * Blocks until task event `e` completed, by the waiter {@link setEventWaiter} installed (nothing
 * before one is: no pool has run a task yet). runtime/zero-pages.ts waits with it too.
 * @param e - the event
 */
export function waitHeapEvent(e: number): void {
  waitEvent?.(e);
}

/**
 * Installs what runs before the heap hands out never-touched memory, or when its top cannot hold
 * a block (runtime/memory.ts: maybe a collection, whose finalizers may return blocks; fresh pages
 * cost page faults).
 * @param fn - the hook
 */
export function setBeforeFreshHook(fn: (bytes: number) => void): void {
  beforeFresh = fn;
}

/** What runs when a used block is cut to another size (runtime/shard-pages.ts under MPI), or null. */
let onRecut: ((mem: WasmMemory, off: number, bytes: number) => void) | null = null;

/**
 * Installs what runs when memory that held other blocks is handed out at another size or offset
 * (a free block split, or memory below the highest top carved again): under MPI its pages go
 * back to the OS, because the pages a rank held of the old blocks (its shares) do not line up
 * with its shares of the new ones. Blocks reused at their exact size (a loop's vectors) keep
 * their warm pages.
 * @param fn - the hook
 */
export function setRecutHook(fn: (mem: WasmMemory, off: number, bytes: number) => void): void {
  onRecut = fn;
}

/** The heap's memory, created on first use; null where shared Wasm memory is unavailable. */
export function heapMemory(): WasmMemory | null {
  if (memory !== undefined) return memory;
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  try {
    memory = wasm === undefined ? null : new wasm.Memory({ initial: 0, maximum: 65536, shared: true });
  } catch {
    memory = null;
  }
  committed = 0;
  return memory;
}

/** Statistics of the heap (tests and benchmarks). */
export function heapStats(): { committed: number; top: number; free: number; quarantined: number } {
  let q = 0;
  for (const b of quarantine) q += b.bytes;
  return { committed, top, free: freeBytes, quarantined: q };
}

/** Bytes in the heap's free blocks (not quarantined): {@link heapStats}'s `free`, without its walk. */
export function heapFreeBytes(): number {
  return freeBytes;
}

/** Bytes the heap can still hand out from never-used memory at its top. */
export function heapHeadroom(): number {
  return HEAP_LIMIT_BYTES - top;
}

/** Bytes returned to the heap so far (monotonic; runtime/memory.ts paces collections by it). */
export function heapReclaimed(): number {
  return reclaimed;
}

/** Whether blocks were freed since the last {@link coalesce} (else merging would find nothing new). */
let freedSinceCoalesce = false;

function pushFree(off: number, bytes: number): void {
  freedSinceCoalesce = true;
  let l = free.get(bytes);
  if (l === undefined) free.set(bytes, (l = []));
  l.push(off);
  freeBytes += bytes;
}

function popExact(bytes: number): number {
  const l = free.get(bytes);
  if (l === undefined || l.length === 0) return -1;
  freeBytes -= bytes;
  return l.pop()!;
}

/** Moves quarantined blocks whose tasks are all done to the free lists. */
function drainQuarantine(): void {
  let w = 0;
  for (let r = 0; r < quarantine.length; r++) {
    const q = quarantine[r]!;
    let done = true;
    for (const e of q.events) {
      if (!isDone(e)) {
        done = false;
        break;
      }
    }
    if (done) freeBlock(q.off, q.bytes, q.zero);
    else quarantine[w++] = q;
  }
  if (w !== quarantine.length) quarantine.length = w;
}

/** The smallest free block of at least `bytes`, split; -1 when none. */
function bestFit(bytes: number): number {
  // An exact fit is the best one: O(1) for the common repeat of one size (0-d results, a loop's
  // vectors) however many sizes the free lists hold.
  const exact = popExact(bytes);
  if (exact >= 0) return exact;
  let best = -1;
  for (const [size, l] of free) if (size >= bytes && l.length > 0 && (best < 0 || size < best)) best = size;
  if (best < 0) return -1;
  const off = popExact(best);
  if (onRecut !== null) onRecut(memory!, off, best);
  if (best > bytes) pushFree(off + bytes, best - bytes);
  return off;
}

/** Merges adjacent free blocks and gives the topmost back to the top. */
function coalesce(): void {
  const blocks: number[] = [];
  for (const [size, l] of free) for (const off of l) blocks.push(off, size);
  free.clear();
  freeBytes = 0;
  const order = Array.from({ length: blocks.length / 2 }, (_, k) => k).sort(
    (a, b) => blocks[2 * a]! - blocks[2 * b]!,
  );
  let curOff = -1;
  let curSize = 0;
  const flush = () => {
    if (curOff < 0) return;
    if (curOff + curSize === top) top = curOff;
    else pushFree(curOff, curSize);
  };
  for (const k of order) {
    const off = blocks[2 * k]!;
    const size = blocks[2 * k + 1]!;
    if (curOff >= 0 && curOff + curSize === off) curSize += size;
    else {
      flush();
      curOff = off;
      curSize = size;
    }
  }
  flush();
  freedSinceCoalesce = false;
}

/**
 * A block carved from the free ones: best fit, and when no single block is large enough but
 * enough is free in all, after merging neighbours (so a program whose sizes vary reuses its
 * memory instead of growing the heap).
 */
function fromFree(size: number): number {
  if (freeBytes < size) return -1;
  let off = bestFit(size);
  if (off < 0 && freedSinceCoalesce) {
    coalesce();
    off = bestFit(size);
  }
  return off;
}

function fromTop(bytes: number): number {
  if (top + bytes > HEAP_LIMIT_BYTES) return -1;
  if (top + bytes > committed) {
    const want = Math.min(HEAP_LIMIT_BYTES, Math.max(top + bytes, committed + GROW_MIN, committed * 1.25));
    const pages = Math.ceil((want - committed) / PAGE);
    try {
      memory!.grow(pages);
    } catch {
      return -1;
    }
    committed += pages * PAGE;
    adviseHugePages(memory!.buffer, committed);
  }
  const off = top;
  top += bytes;
  if (onRecut !== null && off < everTop) onRecut(memory!, off, Math.min(bytes, everTop - off));
  return off;
}

/**
 * A block of `size` bytes once blocks may have come back (tasks waited for, a collection): the
 * quarantine drained, then an exact free block, a larger one, the top; -1 when none holds it.
 */
function placeFreed(size: number): number {
  drainQuarantine();
  let off = popExact(size);
  if (off < 0) off = fromFree(size);
  if (off < 0) off = fromTop(size);
  return off;
}

/**
 * A block of at least `bytes` bytes, or null when the heap cannot hold it (the caller then makes
 * its own buffer).
 */
export function heapAlloc(bytes: number): HeapBlock | null {
  if (heapMemory() === null || bytes > HEAP_LIMIT_BYTES) return null;
  const size = Math.max(ALIGN, Math.ceil(bytes / ALIGN) * ALIGN);
  let off = popExact(size);
  if (off < 0 && quarantine.length > 0) {
    drainQuarantine();
    off = popExact(size);
  }
  if (off < 0 && size <= SMALL_BYTES) return fromSlab(size);
  if (off < 0) off = fromFree(size);
  // Before never-touched memory (page faults), or when the top cannot hold the block (the region
  // would fall outside the heap): the hook may collect, and finalizers return blocks.
  // Blocks freed while tasks still use them (a disposed result the pool still writes): wait for
  // those tasks rather than collect or fault in fresh pages — for large blocks only. A small
  // block's pages cost microseconds, a wait stops the issuing thread until the pool caught up:
  // logreg's `error @ X` disposes its 4 KB block partials at once, and taking them back waited
  // for the previous iteration, so the issuing thread never ran ahead (80–180 ms of 20
  // iterations blocked in that wait).
  const mayWait = size >= QUARANTINE_WAIT_BYTES;
  if (off < 0 && mayWait && top + size > everTop) off = fromQuarantine(size);
  if (off < 0 && (top + size > everTop || top + size > HEAP_LIMIT_BYTES)) {
    beforeFresh(size);
    off = popExact(size);
    if (off < 0 && quarantine.length > 0) {
      drainQuarantine();
      off = popExact(size);
    }
    if (off < 0) off = fromFree(size);
    // The collection may have quarantined blocks: the same (resident memory would otherwise
    // ratchet up by what the pool has in flight).
    if (off < 0 && mayWait && top + size > everTop) off = fromQuarantine(size);
  }
  if (off < 0) off = fromTop(size);
  if (off < 0 && quarantine.length > 0 && waitEvent !== null) {
    // The heap is full up to its limit but blocks wait for tasks in flight: wait for them.
    for (const q of quarantine) for (const e of q.events) waitEvent(e);
    off = placeFreed(size);
  }
  if (off < 0) {
    // Still no room: one more collection before the region falls outside the heap. The first may
    // have completed a marking cycle that began before the last results were dropped (under load
    // V8 starts one by itself), which keeps them: measured in tests/runtime/heap.test.ts's
    // near-the-limit loop, a collection that freed neither of the two dead 128 MB results.
    beforeFresh(size);
    off = placeFreed(size);
  }
  if (off < 0) return null;
  const dirty = off < everTop;
  if (top > everTop) everTop = top;
  return { off, bytes: size, dirty };
}

/**
 * A block of `size` bytes from the quarantine: waits for the tasks of the first quarantined block
 * large enough (blocks are quarantined in the order they were freed, so its tasks are among the
 * oldest), or of all of them when only merging neighbours can make room; -1 when the quarantine
 * cannot hold it. Whether a block is still quarantined depends on timing, but the block chosen
 * does not: a block whose tasks already completed is taken the same way.
 */
function fromQuarantine(size: number): number {
  if (quarantine.length === 0 || waitEvent === null || !hasPool()) return -1;
  let total = freeBytes;
  for (const q of quarantine) {
    total += q.bytes;
    if (q.bytes < size) continue;
    for (const e of q.events) waitEvent(e);
    drainQuarantine();
    return fromFree(size);
  }
  if (total < size) return -1;
  for (const q of quarantine) for (const e of q.events) waitEvent(e);
  drainQuarantine();
  return fromFree(size);
}

/**
 * Smallest block for which an allocation waits for the tasks of a quarantined block rather than
 * take never-touched memory (1 MiB: ~0.8 ms of page faults here, runtime/memory.ts). Smaller
 * blocks come back from the quarantine once their tasks are done, at a later allocation.
 */
const QUARANTINE_WAIT_BYTES = 2 ** 20;

/**
 * Small blocks (0-d results, partials) are cut from a 64 KiB slab in turn, not searched for among
 * the free blocks' sizes (a loop making scalars would scan them all each time); freed, they go
 * to the exact-size free lists like any block and are reused from there first.
 */
const SMALL_BYTES = 1024;
const SLAB_BYTES = 64 * 1024;
let slabOff = 0;
let slabEnd = 0;

function fromSlab(size: number): HeapBlock | null {
  if (slabOff + size > slabEnd) {
    let s = fromFree(SLAB_BYTES);
    if (s < 0) s = fromTop(SLAB_BYTES);
    if (s < 0) return null;
    if (top > everTop) everTop = top;
    slabOff = s;
    slabEnd = s + SLAB_BYTES;
  }
  const off = slabOff;
  slabOff += size;
  return { off, bytes: size, dirty: true };
}

/**
 * Returns a block. `events` are the tasks that may still touch it: it is reused only after they
 * complete. `zero`: its region was read while lazily zero, so the zero page may be mapped in it
 * (runtime/zero-pages.ts gives such pages back once the block is free).
 */
export function heapFree(off: number, bytes: number, events: readonly number[], zero = false): void {
  reclaimed += bytes;
  let pending = false;
  for (const e of events) {
    if (!isDone(e)) {
      pending = true;
      break;
    }
  }
  if (pending) quarantine.push({ off, bytes, events: events.slice(), zero });
  else freeBlock(off, bytes, zero);
}

let zeroRelease: ((off: number, bytes: number) => void) | null = null;

/**
 * Installs what a block freed from a region read while lazily zero goes through once no task
 * touches it, before it is reused (runtime/zero-pages.ts: its zero pages are given back).
 * @param fn - the hook
 */
export function setZeroReleaseHook(fn: (off: number, bytes: number) => void): void {
  zeroRelease = fn;
}

/** A block no task touches any more, to the free lists (its zero pages handled first, see {@link heapFree}). */
function freeBlock(off: number, bytes: number, zero: boolean): void {
  if (zero && zeroRelease !== null) zeroRelease(off, bytes);
  pushFree(off, bytes);
}
