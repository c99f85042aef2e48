/**
 * `npm run soak`: a long run of solver iterations and array churn that watches for leaks and
 * slow-downs. Each iteration runs CG (a fixed 40 iterations) on a 2-D Poisson matrix and allocates,
 * uses and drops arrays of varied sizes (dense element-wise work, reductions, a sparse product).
 * It prints resident memory (rss) and time per iteration after warm-up, periodically and at the
 * end, and exits 1 when a bound is broken (see {@link verdict}).
 *
 * Environment: SOAK_SECONDS (default 150), SOAK_NX (grid side, default 200), SOAK_GC (default 0),
 * SOAK_YIELD (default 1: give the event loop a turn each iteration; 0: a fully synchronous loop).
 *
 * Garbage collection: array memory lives in SharedArrayBuffers, which V8 does not count towards
 * its heap. The runtime therefore collects by itself every 256 MB of region memory, and bounds
 * what each worker holds (runtime/README.md, "Memory and the pool's liveness"). So by default the
 * soak is a plain user program that never calls gc(), and the bound checks that memory stays flat
 * that way. SOAK_GC=1 also calls gc() every iteration: then anything that grows survives a full
 * collection, which is a real leak.
 *
 * Run: SOAK_SECONDS=120 npm run soak
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as np from '../../dense/index.js';
import { workerCount } from '../../runtime/index.js';
import type * as sp from '../../sparse/index.js';
import { cg } from '../../sparse/linalg/index.js';
import { poisson2d, poissonRhs } from '../reliability/poisson.js';

/** One measurement: seconds since start, iterations so far, rss (MB), ms per iteration lately. */
export interface Sample {
  t: number;
  iter: number;
  rssMB: number;
  msPerIter: number;
}

/** The bounds: rss at the end ≤ 1.5 × rss after warm-up + 64 MB; time per iteration ≤ 2× + 5 ms. */
export const BOUNDS = { rssFactor: 1.5, rssSlackMB: 64, timeFactor: 2, timeSlackMs: 5 };

/** Checks the end sample against the one after warm-up; returns the broken bounds (empty: fine). */
export function verdict(warm: Sample, end: Sample): string[] {
  const bad: string[] = [];
  const rssLimit = BOUNDS.rssFactor * warm.rssMB + BOUNDS.rssSlackMB;
  if (end.rssMB > rssLimit)
    bad.push(
      `rss ${end.rssMB.toFixed(0)} MB > ${rssLimit.toFixed(0)} MB (1.5 x ${warm.rssMB.toFixed(0)} + 64)`,
    );
  const timeLimit = BOUNDS.timeFactor * warm.msPerIter + BOUNDS.timeSlackMs;
  if (end.msPerIter > timeLimit)
    bad.push(
      `time/iteration ${end.msPerIter.toFixed(1)} ms > ${timeLimit.toFixed(1)} ms (2 x ${warm.msPerIter.toFixed(1)} + 5)`,
    );
  return bad;
}

function collector(enabled: boolean): () => void {
  if (!enabled) return () => {};
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** One iteration: CG on Poisson, then allocations and drops of arrays of varied sizes. */
function iteration(A: sp.csr_array, b: np.ndarray, k: number): void {
  const [x, info] = cg(A, b, { maxiter: 40, rtol: 1e-30 });
  if (info !== 40) throw new Error(`soak: cg returned info ${info}, expected 40`);
  const n = 1000 + ((k * 7919) % 400_000);
  const rng = np.random.default_rng(k);
  const u = rng.standard_normal([n]);
  const v = np.add(np.multiply(u, 2), 1);
  const s = np.sum(np.subtract(v, np.multiply(u, 2))).item() as number;
  if (s !== n) throw new Error(`soak: sum ${s}, expected ${n}`);
  const r = np.subtract(b, A.dot(x));
  if (!Number.isFinite(np.linalg.norm(r).item() as number)) throw new Error('soak: residual not finite');
  np.zeros([n, 2]).set(':, 0', u); // allocated, written, dropped
}

/** Runs the soak for `seconds`; returns the samples and the broken bounds. */
export async function runSoak(
  seconds: number,
  nx: number,
  gc: boolean,
  log: (s: string) => void,
): Promise<{ samples: Sample[]; bad: string[] }> {
  const collect = collector(gc);
  const yieldEach = process.env.SOAK_YIELD !== '0';
  const A = poisson2d(nx);
  const b = poissonRhs(nx);
  log(
    `soak: ${seconds} s, CG (40 iterations) on 2-D Poisson ${nx}x${nx} (${A.shape[0]} unknowns) + array churn, ${workerCount()} worker(s), gc ${gc ? 'every iteration' : 'off'}`,
  );
  const t0 = performance.now();
  const warmUntil = Math.min(10, seconds * 0.15);
  const period = Math.max(1, seconds / 8);
  const samples: Sample[] = [];
  let iter = 0;
  let windowStart = t0;
  let windowIters = 0;
  let nextSample = warmUntil;
  const take = (label: string) => {
    const now = performance.now();
    const s: Sample = {
      t: (now - t0) / 1000,
      iter,
      rssMB: process.memoryUsage().rss / 2 ** 20,
      msPerIter: (now - windowStart) / Math.max(windowIters, 1),
    };
    samples.push(s);
    windowStart = now;
    windowIters = 0;
    log(
      `${label.padEnd(8)} t=${s.t.toFixed(1).padStart(6)} s  iter=${String(iter).padStart(6)}  rss=${s.rssMB.toFixed(0).padStart(5)} MB  time/iter=${s.msPerIter.toFixed(1)} ms`,
    );
  };
  for (;;) {
    iteration(A, b, iter);
    iter++;
    windowIters++;
    collect();
    // Turn the event loop: FinalizationRegistry callbacks (which release dropped regions in the
    // workers too) only run between tasks, never inside one synchronous loop.
    if (yieldEach) await new Promise((r) => setImmediate(r));
    const t = (performance.now() - t0) / 1000;
    if (t >= seconds) break;
    if (t >= nextSample) {
      take(samples.length === 0 ? 'warm' : 'periodic');
      nextSample += period;
    }
  }
  take('end');
  const warm = samples[0]!;
  const bad = samples.length > 1 ? verdict(warm, samples[samples.length - 1]!) : ['no sample after warm-up'];
  log(
    bad.length === 0
      ? `soak: ok (bounds: rss <= 1.5 x warm + 64 MB, time/iter <= 2 x warm + 5 ms)`
      : `soak: FAILED: ${bad.join('; ')}`,
  );
  return { samples, bad };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const seconds = Number(process.env.SOAK_SECONDS ?? 150);
  const nx = Number(process.env.SOAK_NX ?? 200);
  const { bad } = await runSoak(seconds, nx, process.env.SOAK_GC === '1', (s) => console.log(s));
  process.exitCode = bad.length === 0 ? 0 : 1;
}
