/**
 * Resident memory per rank under MPI (DESIGN.md §9, issue 22 layer 4 as address ranges): every
 * rank keeps a whole-size *address range* per region, but only the pages it touches are resident.
 * Untouched pages of a Wasm memory or of a large `SharedArrayBuffer` are never backed (Linux maps
 * them to the zero page on demand), so a rank that writes and reads only its share of a region
 * holds only that share in memory. Two things would otherwise make whole regions resident on
 * every rank, and are handled here:
 *
 * - **Zero-fills of recycled heap blocks** (runtime/region.ts): under MPI the whole pages of a
 *   dirty block are given back to the OS (`madvise(MADV_DONTNEED)`, through the addon) instead of
 *   written with zeros; they read as zeros and stay unresident until a piece touches them.
 * - **Elements that became stale on this rank** (another rank's piece wrote them: the validity
 *   map, runtime/validity.ts): their pages are given back too, once no local task still reads or
 *   writes them (else at a later launch). Stale data is never read before a copy overwrites it, so
 *   zeroing it is invisible. This covers what was resident for a while: a vector gathered whole
 *   for the first SpMV of a new `x`, a region filled by a replicated launch and then rewritten
 *   piecewise, a recycled block whose previous user was cut at other boundaries.
 *
 * Alone (and without the addon) nothing here runs: `zeroFill` is `fill(0)`.
 */
import { peekState, type RegionState } from './deps.js';
import type { TypedArray } from './dtype.js';
import { isDone } from './events.js';
import { setRecutHook } from './heap.js';
import type { IntervalSet } from './index-space.js';
import { pageTransport } from './mpi.js';
import type { Region } from './region.js';

/** What page discards did on this rank (tests and benchmarks). */
export const pageStats = { discardedBytes: 0, discards: 0, deferred: 0, zeroFills: 0, recutBytes: 0 };

/** A bound above the page size of the machines cohort runs on (the edges are zero-filled up to it). */
const EDGE = 65536;

/**
 * Zero-fills a recycled heap block's elements: `fill(0)` alone; under MPI, the whole pages are
 * given back to the OS and only the partial pages at both ends are written.
 * @param data - the block's elements
 */
export function zeroFill(data: TypedArray): void {
  const t = pageTransport();
  const el = data.BYTES_PER_ELEMENT;
  if (t === null || data.byteLength < 4 * EDGE) {
    data.fill(0 as never);
    return;
  }
  const a = data.byteOffset;
  const e = a + data.byteLength;
  // Element indexes of the first and last EDGE boundaries inside the block.
  const lo = Math.ceil(Math.ceil(a / EDGE) * EDGE - a) / el;
  const hi = Math.floor((Math.floor(e / EDGE) * EDGE - a) / el);
  pageStats.zeroFills++;
  pageStats.discardedBytes += t.discard(data);
  data.fill(0 as never, 0, Math.ceil(lo));
  data.fill(0 as never, hi);
}

interface Pending {
  readonly region: WeakRef<Region>;
  set: IntervalSet;
}
const pending: Pending[] = [];

/** Whether a local task not yet done reads or writes some element of `set`. */
function busy(st: RegionState | undefined, set: IntervalSet): boolean {
  if (st === undefined) return false;
  for (const a of st.accesses) if (!isDone(a.seq) && a.fp.overlaps(set)) return true;
  for (const a of st.readers) if (!isDone(a.seq) && a.fp.overlaps(set)) return true;
  return false;
}

function discardSet(region: Region, set: IntervalSet): void {
  const t = pageTransport();
  if (t === null) return;
  const b = set.bounds;
  const data = region.data;
  for (let q = 0; q < b.length; q += 2) {
    // Fewer elements than a page's worth hold no whole page.
    if ((b[q + 1]! - b[q]!) * data.BYTES_PER_ELEMENT < 4096) continue;
    pageStats.discardedBytes += t.discard(data.subarray(b[q]!, b[q + 1]!));
    pageStats.discards++;
  }
}

/**
 * Whether stale pages of `region` are given back here: under MPI, for memory the runtime
 * allocated — heap blocks, and the buffers of regions too large for the heap (a user's array is
 * never zeroed behind its back).
 */
export function pagesWanted(region: Region): boolean {
  return region.runtimeOwned && pageTransport() !== null;
}

/**
 * A piece of another rank wrote `fp` of `region`: this rank's copy of it is stale (`stale`: the
 * elements this rank holds stale now), and its whole pages go back to the OS now, or once no
 * local task accesses them. Only memory the runtime allocated ({@link pagesWanted}, never a
 * user's array); footprints of less than a page are skipped at once.
 */
export function releaseStale(region: Region, fp: IntervalSet, stale: IntervalSet): void {
  if (fp.volume * region.data.BYTES_PER_ELEMENT < 4096 || region.disposed) return;
  const set = fp.intersect(stale);
  if (set.empty) return;
  if (busy(peekState(region), set)) {
    pending.push({ region: new WeakRef(region), set });
    pageStats.deferred++;
    return;
  }
  discardSet(region, set);
}

/**
 * Retries deferred discards whose local tasks are done, keeping only the elements still stale
 * on this rank (a copy may have brought some back meanwhile).
 * @param staleOf - the elements this rank holds stale of a region now
 */
export function retryStale(staleOf: (region: Region) => IntervalSet): void {
  if (pending.length === 0) return;
  let w = 0;
  for (let k = 0; k < pending.length; k++) {
    const p = pending[k]!;
    const region = p.region.deref();
    if (region === undefined || region.disposed) continue;
    const set = p.set.intersect(staleOf(region));
    if (set.empty) continue;
    if (busy(peekState(region), set)) {
      p.set = set;
      pending[w++] = p;
      continue;
    }
    discardSet(region, set);
  }
  pending.length = w;
}

/** Resident bytes of the whole pages of `view` (-1 alone or without the addon). */
export function residentBytes(view: ArrayBufferView): number {
  const t = pageTransport();
  return t === null ? -1 : t.resident(view);
}

// Heap memory cut again at another size or offset: its pages go back to the OS under MPI
// (COHORT_MPI_KEEP_RECUT=1 keeps them, for comparison).
if (pageTransport() !== null && process.env.COHORT_MPI_KEEP_RECUT !== '1') {
  const t = pageTransport()!;
  setRecutHook((mem, off, bytes) => {
    if (bytes < 4 * EDGE) return;
    pageStats.recutBytes += t.discard(new Uint8Array(mem.buffer as unknown as ArrayBuffer, off, bytes));
  });
}
