/**
 * The optional native addon `cohortjs-pages` (packages/pages): a few Node-API calls that plain
 * JavaScript lacks, built with the system C compiler at install where one exists. Each user
 * decides whether to use it (runtime/huge-pages.ts: page advice, with its own switches;
 * runtime/reclaim.ts: collections by external-memory pressure; runtime/reclaim-young.ts: weak
 * references that scavenges clear). Without it, cohort runs the same
 * and computes the same results.
 */
import { createRequire } from 'node:module';

/** The addon's functions (packages/pages/index.d.cts). */
export interface NativeAddon {
  advise(view: Uint8Array): number;
  /** madvise(MADV_DONTNEED) over the view's whole pages; absent from builds before 2026-11-29. */
  discard?(view: Uint8Array): number;
  /** madvise(MADV_POPULATE_WRITE) over the view's whole pages; absent from builds before 2026-11-29. */
  populate?(view: Uint8Array): number;
  /** Absent from builds before 2026-11-27. */
  pressure?(bytes: number): number;
  /** The weak table (runtime/reclaim-young.ts); absent from older builds. */
  watch?(target: object): number;
  dead?(out: Int32Array): number;
  alive?(slot: number): boolean;
  unwatch?(slot: number): void;
}

let addon: NativeAddon | null | undefined;
let reason = '';

/**
 * The addon, or null when it is not built or not installed (then {@link nativeAddonReason} says
 * why). Loaded once per thread.
 * @returns the addon or null
 */
export function nativeAddon(): NativeAddon | null {
  if (addon !== undefined) return addon;
  addon = null;
  // The workspace package in the repo, else the copy an installed cohortjs ships beside dist/
  // (its install script builds it): from dist/runtime/ (tsc's tree) or dist/bundle/runtime/ (the
  // bundle the package's exports load, scripts/bundle.mjs).
  const req = createRequire(import.meta.url);
  for (const id of [
    'cohortjs-pages',
    '../../packages/pages/index.cjs',
    '../../../packages/pages/index.cjs',
  ]) {
    try {
      const mod = req(id) as { addon: NativeAddon | null; reason: string };
      addon = mod.addon;
      reason = mod.reason;
      return addon;
    } catch (err) {
      reason = `the addon cohortjs-pages is not installed (${err instanceof Error ? err.message : String(err)})`;
    }
  }
  return addon;
}

/** Why {@link nativeAddon} is null ('' when it loaded). */
export function nativeAddonReason(): string {
  nativeAddon();
  return addon === null ? reason : '';
}
