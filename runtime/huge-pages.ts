/**
 * Huge pages under the region heap (runtime/heap.ts). Linux maps anonymous memory in 4 KiB pages
 * unless a range is advised otherwise (transparent huge pages in `madvise` mode, the common
 * default). NumPy advises its large arrays; JavaScript has no call for it, so the optional
 * `cohortjs-pages` addon (packages/pages) makes the one `madvise(MADV_HUGEPAGE)` call over the
 * heap's committed bytes after each growth.
 *
 * **Off by default; `COHORT_HUGE_PAGES=1` turns the advice on** (2026-11-28). Measured on this
 * machine kind (a virtual machine, THP in `madvise` mode; runtime/README.md "Huge pages under the
 * heap"): an access pattern with a TLB miss per element (jacobi's divide reads the matrix
 * diagonal, one row apart) runs ~1.7× faster with huge pages, sequential sweeps change within
 * noise — but a first touch of fresh memory costs ~1.5 ms per MB with them against ~0.6 without
 * (a 2 MiB page comes whole from memory the host has not backed yet), and the seed programs' first
 * runs were 6% faster without (geometric mean over 14 programs, medians of 4 alternated runs;
 * dense cg 0.65×, black_scholes 0.83×, gmg 0.87× the time; stencil 1.12×, power 1.06×).
 *
 * Without the addon (no C compiler at install, not Linux), or unless `COHORT_HUGE_PAGES=1`, the
 * heap keeps the system's default pages. Under MPI the same: a rank holds only the pages its
 * pieces touch resident (runtime/shard-pages.ts), and 2 MiB pages — or the kernel's background
 * collapse of an advised range — would make each share's edges 2 MiB wide. {@link hugePages}
 * says which.
 */
import { distributed } from './mpi.js';
import { type NativeAddon, nativeAddon, nativeAddonReason } from './native-addon.js';

/** The addon's function this module uses. */
type PagesAddon = Pick<NativeAddon, 'advise'>;

/** What {@link hugePages} reports. */
export interface HugePagesState {
  /** True when the heap's memory was advised to use huge pages (the last advice succeeded). */
  readonly advised: boolean;
  /** Bytes of the heap covered by the advice so far. */
  readonly bytes: number;
  /** Why not, when `advised` is false (no addon, switched off, madvise's error); '' otherwise. */
  readonly reason: string;
}

let addon: PagesAddon | null | undefined;
let reason = '';
let advisedBytes = 0;
let lastError = '';

function load(): PagesAddon | null {
  if (addon !== undefined) return addon;
  addon = null;
  const env = typeof process === 'undefined' ? undefined : process.env.COHORT_HUGE_PAGES;
  if (env === '0') {
    reason = 'switched off (COHORT_HUGE_PAGES=0)';
    return addon;
  }
  if (env !== '1') {
    reason = distributed()
      ? 'under MPI each rank keeps 4 KiB pages, so that it holds only its share resident (COHORT_HUGE_PAGES=1 advises anyway)'
      : 'off by default: on this machine kind a first touch of fresh memory costs ~2.5x more on huge pages (COHORT_HUGE_PAGES=1 advises)';
    return addon;
  }
  addon = nativeAddon();
  reason = nativeAddonReason();
  return addon;
}

/**
 * Advises the first `bytes` bytes of the heap's buffer to use huge pages (idempotent: the heap
 * calls it with its whole committed length after each growth). Failures are remembered, never
 * thrown: the advice changes speed, not results.
 */
export function adviseHugePages(buffer: SharedArrayBuffer, bytes: number): void {
  const a = load();
  if (a === null || bytes <= 0) return;
  const err = a.advise(new Uint8Array(buffer as unknown as ArrayBuffer, 0, bytes));
  if (err === 0) {
    advisedBytes = bytes;
    lastError = '';
  } else lastError = `madvise(MADV_HUGEPAGE) failed with errno ${err}`;
}

/**
 * Whether the region heap asked the operating system for huge pages, over how many bytes, and
 * why not.
 * @example const { advised, bytes, reason } = hugePages();
 */
export function hugePages(): HugePagesState {
  load();
  const advised = addon !== null && addon !== undefined && advisedBytes > 0 && lastError === '';
  const why = advised ? '' : lastError !== '' ? lastError : addon ? 'the heap has not grown yet' : reason;
  return { advised, bytes: advisedBytes, reason: why };
}
