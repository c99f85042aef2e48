/**
 * The pool threads' priority (the mapper's `workerNice`, runtime/worker.js `applyNice`): each
 * worker lowers its own thread's priority by the mapper's nice increment — the environment's
 * `COHORT_WORKER_NICE` for the default mapper, or a mapper configured later (applied when the
 * worker next receives work) — and the issuing thread keeps its own. Results are the same. Linux only
 * (elsewhere nice is per process and nothing is done): skipped there with a line saying why.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(new URL('./child/worker-nice.ts', import.meta.url));
const linux = process.platform === 'linux';
if (!linux) console.log(`worker-nice tests skipped: not Linux (${process.platform})`);

interface Report {
  pid: number;
  threads: { tid: number; nice: number }[];
  sum: number;
}

function run(env: Record<string, string>, args: string[] = []): Report {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, ...args], {
    encoding: 'utf8',
    env: { ...process.env, COHORT_INLINE_LAUNCH_BYTES: '0', ...env },
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Report;
}

const n = 4_000_000;
const expected = (0.5 * n * (n - 1)) / 2;

describe.skipIf(!linux)('worker priority', () => {
  it('COHORT_WORKER_NICE lowers exactly the two pool threads; the issuing thread keeps 0', () => {
    const r = run({ COHORT_WORKER_NICE: '7' });
    expect(r.sum).toBe(expected);
    const main = r.threads.find((t) => t.tid === r.pid)!;
    expect(main.nice).toBe(0);
    expect(r.threads.filter((t) => t.nice === 7)).toHaveLength(2);
    expect(r.threads.filter((t) => t.nice !== 0 && t.nice !== 7)).toHaveLength(0);
  });

  it('by default no thread is lowered; a mapper configured later lowers the running workers', () => {
    const base = run({ COHORT_WORKER_NICE: '' });
    expect(base.sum).toBe(expected);
    expect(base.threads.every((t) => t.nice === 0)).toBe(true);
    const later = run({ COHORT_WORKER_NICE: '' }, ['5']);
    expect(later.sum).toBe(expected);
    expect(later.threads.find((t) => t.tid === later.pid)!.nice).toBe(0);
    expect(later.threads.filter((t) => t.nice === 5)).toHaveLength(2);
  });
});
