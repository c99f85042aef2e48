/**
 * The fresh-result loop of issue 17 (governed memory): `y = a.multiply(2).add(x); s = y.sum()` on
 * 1e7 float64 (80 MB per result), 300 steps, reading `s` every 5 steps or only at the end, with
 * and without `y.dispose()` after each step — time and peak resident set size at 0 and 2 workers,
 * each run in a fresh child process (peak RSS is per process: `process.resourceUsage().maxRSS`).
 *
 * Run: node --import tsx benchmarks/runtime/memory-loop.ts   (BENCH_SMALL=1 for a quick run)
 * One case: node --import tsx benchmarks/runtime/memory-loop.ts child <workers> <every|end> <dispose|drop>
 * Side by side without the memory budget: MEMORY_LOOP_BUDGET=Infinity (bytes; default: the
 * default mapper's).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { emit, SMALL } from '../lib/report.js';

const N = SMALL ? 200_000 : 10_000_000;
const STEPS = SMALL ? 20 : 300;

interface Result {
  ms: number;
  peakMB: number;
  check: number;
}

async function child(workers: number, read: string, free: string): Promise<void> {
  const { configure, DefaultMapper } = await import('../../runtime/index.js');
  const np = await import('../../dense/index.js');
  const budget = process.env.MEMORY_LOOP_BUDGET;
  configure({ workers });
  if (budget !== undefined && budget !== '')
    configure({ mapper: new DefaultMapper({ inFlightBytes: Number(budget) }) });
  const a = np.arange(N, { dtype: 'float64' });
  const x = np.ones([N]);
  const expect = N * (N - 1) + N; // sum of 2a + 1
  const sums: InstanceType<typeof np.ndarray>[] = [];
  let check = 0;
  const t0 = performance.now();
  for (let k = 0; k < STEPS; k++) {
    const y = a.multiply(2).add(x);
    const s = y.sum();
    if (read === 'every') {
      if (k % 5 === 4) check += s.item() === expect ? 1 : 0;
      else sums.push(s);
    } else sums.push(s);
    if (free === 'dispose') y.dispose();
  }
  for (const s of sums) check += s.item() === expect ? 1 : 0;
  const ms = performance.now() - t0;
  const peakMB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(JSON.stringify({ ms, peakMB, check } satisfies Result));
  if (check !== STEPS) process.exit(1);
}

function runCase(workers: number, read: string, free: string): Result {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, 'child', String(workers), read, free], {
    encoding: 'utf8',
    env: process.env,
  });
  if (r.status !== 0) throw new Error(`child ${workers} ${read} ${free} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Result;
}

if (process.argv[2] === 'child') {
  await child(Number(process.argv[3]), process.argv[4]!, process.argv[5]!);
} else {
  for (const free of ['dispose', 'drop'])
    for (const read of ['every', 'end']) {
      const inline = runCase(0, read, free);
      const pool = runCase(2, read, free);
      const what = `${N.toExponential(0)} float64 × ${STEPS} steps, read ${read === 'every' ? 'every 5 steps' : 'at the end'}, ${free === 'dispose' ? 'y.dispose()' : 'y dropped (GC)'}`;
      console.log(
        `${what}: inline ${inline.ms.toFixed(0)} ms ${inline.peakMB} MB | 2 workers ${pool.ms.toFixed(0)} ms ${pool.peakMB} MB | speed-up ${(inline.ms / pool.ms).toFixed(2)}×, RSS ratio ${(pool.peakMB / inline.peakMB).toFixed(2)}`,
      );
      emit({
        area: 'runtime',
        name: `fresh-result loop, ${what} (ms per step)`,
        ms: { 'cohort w=2': pool.ms / STEPS, 'cohort w=0': inline.ms / STEPS },
        baseline: 'cohort w=0',
      });
    }
}
