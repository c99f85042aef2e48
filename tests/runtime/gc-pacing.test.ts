/**
 * Collection pacing (runtime/memory.ts): a loop that drops one mid-sized result per quick step
 * must not collect every few steps. A forced collection costs milliseconds whatever the heap's
 * size, so while one would come sooner than 10% of the time since the last, the heap grows
 * instead — within 1.5 × the heap in use, which bounds the memory the loop takes. Run in the
 * default mode (public APIs; `COHORT_V8_GC=1 npx vitest run` runs it with the flags), each try in
 * a fresh process (tests/runtime/child/gc-pacing-loop.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MiB = 2 ** 20;
const loop = fileURLToPath(new URL('./child/gc-pacing-loop.ts', import.meta.url));

interface Try {
  steps: number;
  collections: number;
  young: number;
  full: number;
  gcMs: number;
  incomplete: number;
  swept: number;
  peakTop: number;
  liveBytes: number;
  budget: number;
  length: number;
  stats: unknown;
}

function runLoop(): Try {
  const r = spawnSync(process.execPath, ['--import', 'tsx', loop], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Try;
}

/**
 * The heap never holds more than the live data, its growth allowance and a few results. (Public
 * means, the default: collections driven through V8's incremental marking cost more than gc()
 * under load, so the time share postpones them up to the general budget — 320 MiB measured at
 * load 22, 296 in another run; with gc(), under 280.) A driven collection that could not
 * complete (`incomplete`) frees nothing until the next: one more budget.
 */
const withinBound = (t: Try) => t.peakTop <= t.liveBytes + t.budget * (1 + t.incomplete) + 8 * MiB;

describe('collection pacing', () => {
  // Up to three fresh processes: a known open fault of public-means collection (runtime/README.md,
  // "Open fault") now and then lets one run exceed the bound (a driven mark-compact that frees
  // none of the dropped results inflates the growth allowance): 2 of 10 bare runs at idle, 416–432
  // MiB; once in CI 562, once 495. A retry in the same process is not independent (its heap has
  // grown), a fresh process is; a regression that makes the fault common fails all three.
  it('collects rarely in a quick loop of 8 MB results, and the heap stays within its bound', () => {
    const tries: Try[] = [];
    for (let k = 0; k < 3; k++) {
      const t = runLoop();
      tries.push(t);
      // Memory came back: by forced collections (COHORT_V8_GC=1, or public means driving V8),
      // or by sweeps after V8's own collections (public APIs, the default).
      expect(t.collections + t.swept, JSON.stringify(t)).toBeGreaterThan(0);
      // Budget-only pacing collected once per 4 results here (30 collections); with the time
      // share, full ones come once per ~1.5 x 72 MiB of results. Young-generation ones (the addon,
      // ~0.5 ms each here) free each dropped result: at most one per GC_BUDGET_MIN (two results).
      expect(t.full, JSON.stringify(t)).toBeLessThanOrEqual(t.steps / 8);
      expect(t.collections, JSON.stringify(t)).toBeLessThanOrEqual(t.steps / 2);
      expect(t.incomplete, JSON.stringify(t)).toBeLessThanOrEqual(1);
      expect(t.length).toBe(MiB);
      if (withinBound(t)) break;
    }
    const last = tries[tries.length - 1]!;
    expect(withinBound(last), tries.map((t) => JSON.stringify(t)).join('\n')).toBe(true);
  }, 200_000);
});
