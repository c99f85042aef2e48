/**
 * Zero pages under lazily zeroed regions (issue 24).
 *
 * A region allocated as zeros from heap memory that was never written (runtime/heap.ts hands such
 * a block out clean) is not filled: the memory reads as zeros already. A launch that reads it then
 * maps the kernel's shared zero page at each page it touches — cheap (~0.27 ms per MB here). But
 * the first write to such a page later — the same region written in place (a stencil's grid, a
 * solver's `x0`), or its block recycled for another region once it was freed — copies the zero
 * page, and since other CPUs may cache the old mapping the kernel flushes their TLBs with an
 * inter-processor interrupt, page by page. With cohort's workers and issuing thread running on
 * every core, that fault cost 5.3–5.6 ms per MB on this machine kind (a virtual machine, where each
 * IPI exits to the host), against 0.7 ms per MB for a first write to an unmapped page (a C probe,
 * two threads; benchmarks/programs/README.md). stencil's first run took 5,800 such faults (~23 MB
 * of its 32 MB grid), pde's CG ~1,950 (its 8 MB `x0`), dense cg ~400 a run (vectors in blocks of
 * its setup's read-only zero matrices).
 *
 * So, with the native addon's `discard` (madvise MADV_DONTNEED) and `populate`
 * (MADV_POPULATE_WRITE), such a region is tracked from its allocation (4 pages or more) — state 1
 * (never read), then 2 (read: zero pages may be mapped):
 * - The first launch that writes it after it was read ({@link noteZeroAccesses}, before the launch
 *   is submitted): the tasks in flight on it complete first, then every whole page that holds
 *   only zeros, within the span of elements the launch touches, is given back to the kernel (one
 *   TLB flush for the range, not one per page), so the launch's writes fault in fresh pages. When
 *   the launch also reads the region (`x += …`), those pages are populated writable first, else
 *   its read would map the zero page again just before its write. The region is not tracked
 *   afterwards.
 * - A launch that reads and writes it before any other read: the pages of its span are populated
 *   writable.
 * - Freed while read and never written since ({@link releaseZeroPages}, when its block leaves the
 *   heap's quarantine: no task touches it), its zero pages are given back before the block is
 *   reused, in as few calls as possible.
 * Only pages that hold zeros are given back (each is scanned first), so no value can change even
 * if a write reached the region some other way; the writers in flight are waited for because a
 * page they are about to write still reads as zeros, the readers because they would map the zero
 * page again.
 *
 * Reads on the issuing thread (`toArray`, `item`: runtime/engine-read.ts) count as reads too.
 * Not tracked: regions outside the heap, blocks used before (zero-filled by writing), regions
 * whose memory user code holds (`exposeRegion`, `to_ndarray`: it may write them directly), and
 * everything under MPI (each rank manages its pages itself, runtime/shard-pages.ts). Without the
 * addon, or with `COHORT_ZERO_PAGES=0`, nothing here runs.
 */
import { peekState } from './deps.js';
import { isDone } from './events.js';
import { heapMemory, setZeroReleaseHook, waitHeapEvent } from './heap.js';
import { distributed } from './mpi.js';
import { nativeAddon } from './native-addon.js';
import type { LaunchPlan } from './plan.js';
import type { Region } from './region.js';

/** Smallest region tracked (4 pages of 4 KiB: a few faults cost less than the bookkeeping). */
export const ZERO_PAGES_MIN_BYTES = 16 * 1024;
const PAGE = 4096;
const PAGE_WORDS = PAGE / 4;

/** What the tracking did (tests, benchmarks). */
export const zeroPageStats = {
  /** Regions tracked since the start. */
  tracked: 0,
  /** Writes after a read that gave zero pages back, and the bytes given back. */
  discards: 0,
  discardedBytes: 0,
  /** Bytes populated writable (a launch reading and writing a tracked region). */
  populatedBytes: 0,
  /** Freed blocks whose zero pages were given back, and the bytes. */
  releases: 0,
  releasedBytes: 0,
  /** Milliseconds spent scanning and giving back (all of the above). */
  ms: 0,
};

type Discard = (view: Uint8Array) => number;
let fns: { discard: Discard; populate: Discard } | null | undefined;

function addonFns(): { discard: Discard; populate: Discard } | null {
  if (fns !== undefined) return fns;
  fns = null;
  if (typeof process !== 'undefined' && process.env.COHORT_ZERO_PAGES === '0') return fns;
  const a = nativeAddon();
  if (a?.discard !== undefined && a.populate !== undefined)
    fns = { discard: a.discard.bind(a), populate: a.populate.bind(a) };
  return fns;
}

/** Regions currently tracked (state 1 or 2): launches skip the check while there are none. */
let live = 0;

/**
 * Whether a region being allocated as zeros on a clean heap block of `bytes` bytes is tracked:
 * the addon has `discard` and `populate`, not under MPI, not switched off, large enough.
 * @param bytes - the block's bytes
 * @returns the initial state (1) or 0
 */
export function zeroPagesInitial(bytes: number): 0 | 1 {
  if (bytes < ZERO_PAGES_MIN_BYTES || addonFns() === null || distributed()) return 0;
  live++;
  zeroPageStats.tracked++;
  return 1;
}

/** Counts a region's tracking ended (runtime/region.ts, which sets its state to 0). */
export function zeroPagesUntracked(): void {
  live--;
}

/** True when the 4 KiB page at int32 index `k` of `a` holds only zero bits. */
function pageIsZero(a: Int32Array, k: number): boolean {
  for (const e = k + PAGE_WORDS; k < e; k += 8) {
    if ((a[k]! | a[k + 1]! | a[k + 2]! | a[k + 3]! | a[k + 4]! | a[k + 5]! | a[k + 6]! | a[k + 7]!) !== 0)
      return false;
  }
  return true;
}

/**
 * Gives back the whole pages of heap bytes [off, off + bytes) that hold only zero bits (runs of
 * them, one call each); with `populate`, faults them in writable again.
 * @returns the bytes given back
 */
function discardZeros(off: number, bytes: number, populate: boolean): number {
  const mem = heapMemory();
  const f = addonFns();
  if (mem === null || f === null) return 0;
  const buf = mem.buffer;
  const lo = Math.ceil(off / PAGE) * PAGE;
  const hi = Math.floor((off + bytes) / PAGE) * PAGE;
  if (hi <= lo) return 0;
  const words = new Int32Array(buf, lo, (hi - lo) / 4);
  let given = 0;
  let run = -1;
  const flush = (end: number) => {
    if (run < 0) return;
    const view = new Uint8Array(buf, lo + run * PAGE, (end - run) * PAGE);
    if (f.discard(view) === 0) {
      given += view.byteLength;
      if (populate && f.populate(view) !== 0)
        view.fill(0); // older kernels: write them
      else if (populate) zeroPageStats.populatedBytes += view.byteLength;
    }
    run = -1;
  };
  const pages = (hi - lo) / PAGE;
  for (let p = 0; p < pages; p++) {
    if (pageIsZero(words, p * PAGE_WORDS)) {
      if (run < 0) run = p;
    } else flush(p);
  }
  flush(pages);
  return given;
}

/**
 * Waits for the tasks in flight on `region`: the writes (a page one of them will write still
 * reads zero) and the reads (one still running would map the zero page again at a page just given
 * back). A write whose dependence failed supersedes the accesses it covers while they may still
 * run (runtime/engine-pool.ts): what those write is poisoned by the failed write anyway.
 */
function waitAccesses(region: Region): void {
  const st = peekState(region);
  if (st === undefined) return;
  for (const a of st.accesses) if (!isDone(a.seq)) waitHeapEvent(a.seq);
  for (const a of st.readers) if (!isDone(a.seq)) waitHeapEvent(a.seq);
}

const K_NONE = 0;
const K_READ = 1;
const K_WRITE = 2;

/** Scratch: the bounds of a launch's footprint on one region, elements [lo, hi). */
let spanLo = 0;
let spanHi = 0;

/**
 * What launch `plan` does to region `r` (its arguments may name it twice): K_READ and/or K_WRITE
 * (a `write` or `write-discard` piece writes without reading; `read-write` and `reduce` read too),
 * and in spanLo/spanHi the bounds of the elements its pieces touch.
 */
function accessOf(plan: LaunchPlan, r: Region): number {
  const args = plan.spec.args;
  let kind = K_NONE;
  spanLo = Number.POSITIVE_INFINITY;
  spanHi = 0;
  for (let j = 0; j < args.length; j++) {
    if (args[j]!.store.region !== r) continue;
    const p = args[j]!.privilege;
    if (p === 'read') kind |= K_READ;
    else if (p === 'write-discard' || p === 'write') kind |= K_WRITE;
    else kind |= K_READ | K_WRITE; // read-write, reduce
    for (let c = 0; c < plan.footprints.length; c++) {
      const fp = plan.footprints[c]![j]!;
      if (fp.empty) continue;
      if (fp.lo < spanLo) spanLo = fp.lo;
      if (fp.hi > spanHi) spanHi = fp.hi;
    }
  }
  return kind;
}

/**
 * Before a launch is submitted: updates the tracked regions among its arguments and, where it
 * writes one after a read (or reads and writes one), gives back or populates the zero pages in the
 * span of elements it touches (see the header) — a write of a few elements into a large array
 * handles a few pages, not the array. Cheap when nothing is tracked.
 * @param plan - the launch, solved
 */
export function noteZeroAccesses(plan: LaunchPlan): void {
  if (live === 0) return;
  const args = plan.spec.args;
  for (let i = 0; i < args.length; i++) {
    const r = args[i]!.store.region;
    const z = r.zeroPages;
    if (z === 0) continue;
    const kind = accessOf(plan, r);
    if ((kind & K_WRITE) === 0) {
      r.zeroPages = 2;
      continue;
    }
    const reads = (kind & K_READ) !== 0;
    if (z === 1 && !reads) continue; // a first write to pages not mapped yet: they fault in as written
    if (spanHi > spanLo) {
      const el = r.data.BYTES_PER_ELEMENT;
      const off = r.heapOffset + spanLo * el;
      const bytes = (spanHi - spanLo) * el;
      if (z === 2) {
        const t0 = performance.now();
        waitAccesses(r);
        const given = discardZeros(off, bytes, reads);
        zeroPageStats.discards++;
        zeroPageStats.discardedBytes += given;
        zeroPageStats.ms += performance.now() - t0;
      } else populateSpan(off, bytes); // never read: no zero page is mapped yet
    }
    r.endZeroPages();
  }
}

/** Faults in writable the pages that bytes [off, off + bytes) of the heap touch. */
function populateSpan(off: number, bytes: number): void {
  const mem = heapMemory();
  const f = addonFns();
  if (mem === null || f === null) return;
  const lo = Math.floor(off / PAGE) * PAGE;
  const hi = Math.min(mem.buffer.byteLength, Math.ceil((off + bytes) / PAGE) * PAGE);
  const view = new Uint8Array(mem.buffer, lo, hi - lo);
  if (f.populate(view) === 0) zeroPageStats.populatedBytes += view.byteLength;
}

/** Fewest pages in a run of zero pages that a freed block gives back alone (see below). */
const RUN_MIN_PAGES = 16;

/**
 * A freed block of a region read while tracked, once no task touches it and before it is reused
 * (runtime/heap.ts calls this): its zero pages go back to the kernel. Its contents are garbage now,
 * so pages are judged by their first 16 bytes only (a sample: it decides speed, not values), and
 * each call to the kernel costs a TLB flush of every CPU (an IPI): when at least half the pages
 * look zero, the whole block goes back in one call — the real pages among them (an `eye`'s
 * diagonal: one page in four) fault in again at 0.7 ms per MB where each zero page saved ~5 —
 * else only runs of {@link RUN_MIN_PAGES} zero pages or more, one call each.
 * @param off - the block's byte offset
 * @param bytes - its bytes
 */
export function releaseZeroPages(off: number, bytes: number): void {
  const mem = heapMemory();
  const f = addonFns();
  if (mem === null || f === null) return;
  const t0 = performance.now();
  const buf = mem.buffer;
  const lo = Math.ceil(off / PAGE) * PAGE;
  const hi = Math.floor((off + bytes) / PAGE) * PAGE;
  if (hi <= lo) return;
  const pages = (hi - lo) / PAGE;
  const words = new Int32Array(buf, lo, (hi - lo) / 4);
  const zeroAt = (p: number) => {
    const k = p * PAGE_WORDS;
    return (words[k]! | words[k + 1]! | words[k + 2]! | words[k + 3]!) === 0;
  };
  let zeros = 0;
  for (let p = 0; p < pages; p++) if (zeroAt(p)) zeros++;
  let given = 0;
  const give = (a: number, b: number) => {
    const view = new Uint8Array(buf, lo + a * PAGE, (b - a) * PAGE);
    if (f.discard(view) === 0) given += view.byteLength;
  };
  if (2 * zeros >= pages) give(0, pages);
  else {
    let run = -1;
    for (let p = 0; p <= pages; p++) {
      if (p < pages && zeroAt(p)) {
        if (run < 0) run = p;
      } else if (run >= 0) {
        if (p - run >= RUN_MIN_PAGES) give(run, p);
        run = -1;
      }
    }
  }
  zeroPageStats.releases++;
  zeroPageStats.releasedBytes += given;
  zeroPageStats.ms += performance.now() - t0;
}
setZeroReleaseHook(releaseZeroPages);
