/**
 * Warm from the first call (runtime/warm.ts, dense/warm.ts; issue 16 item 4). In fresh processes
 * (tests/runtime/child/warm-first-ops.ts): with the numpy warm-up, a program's first creation,
 * fused in-place update, reduction and float64 matrix–vector product register no kernel (they
 * were generated, compiled and cached at import), while with `COHORT_WARMUP=0` they do; and the
 * warm-up changes nothing the program can see — the same result bits, the same decision log
 * (inline or posted, to which worker, with which event numbers), the same event numbering — at
 * pool sizes 0, 1 and 2.
 * In this process: a warm-up runs once per name, is skipped when switched off, runs under an
 * inline-only mapper (the suite's environment sends small launches to the pool) and restores the
 * user's, restores the partition counters, and is rejected when it numbers an event (posted work).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newSeq } from '../../runtime/engine-seq.js';
import { peekSeq } from '../../runtime/events.js';
import {
  configure,
  currentMapper,
  DefaultMapper,
  type Mapper,
  partitionStats,
  warmUp,
  warmupReport,
} from '../../runtime/index.js';
import { statsSink } from '../../runtime/partition.js';

const child = fileURLToPath(new URL('./child/warm-first-ops.ts', import.meta.url));

interface Report {
  warmups: { name: string; ms: number; skipped: string | null }[];
  seqAfterImport: number;
  seqEnd: number;
  made: Record<string, number>;
  log: string[];
  bits: number[];
}

function run(env: Record<string, string>): Report {
  const r = spawnSync(process.execPath, ['--import', 'tsx', child], {
    encoding: 'utf8',
    env: { ...process.env, COHORT_WORKERS: '2', ...env },
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Report;
}

describe('the numpy warm-up at import (fresh processes)', () => {
  it.each([0, 1, 2])(
    'pool size %i: the first operations find their kernels made; decisions, numbering and bits unchanged',
    (workers) => {
      const warm = run({ COHORT_WORKERS: String(workers) });
      const cold = run({ COHORT_WORKERS: String(workers), COHORT_WARMUP: '0' });
      expect(warm.warmups.map((w) => [w.name, w.skipped])).toEqual([['numpy', null]]);
      expect(cold.warmups.map((w) => [w.name, w.skipped])).toEqual([['numpy', 'COHORT_WARMUP=0']]);
      // Warm: the first fused update, reduction and GEMV register nothing; cold, each makes kernels.
      expect(warm.made).toEqual({ create: 0, create2: 0, iadd: 0, sum: 0, gemv: 0 });
      expect(cold.made.iadd).toBeGreaterThan(0);
      expect(cold.made.sum).toBeGreaterThan(0);
      // Nothing the program sees differs: event numbering, decisions, results.
      expect(warm.seqAfterImport).toBe(cold.seqAfterImport);
      expect(warm.seqEnd).toBe(cold.seqEnd);
      expect(warm.log).toEqual(cold.log);
      // The large sum was posted at a pool (the suite's environment posts the small ones too).
      if (workers > 0) expect(warm.log.some((l) => / w\d+$/.test(l))).toBe(true);
      expect(warm.bits).toEqual(cold.bits);
    },
    240_000,
  );
});

describe('the sparse.linalg warm-up at import (fresh processes)', () => {
  const linalgChild = fileURLToPath(new URL('./child/warm-linalg.ts', import.meta.url));
  const runLinalg = (entry: string, env: Record<string, string>) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', linalgChild, entry], {
      encoding: 'utf8',
      // The default mapper's rules, as a user's process has them (the suite's environment posts
      // small launches and turns one-task solves off).
      env: {
        ...process.env,
        COHORT_WORKERS: '2',
        COHORT_INLINE_LAUNCH_BYTES: '',
        COHORT_ONE_TASK_SOLVE_BYTES: '',
        ...env,
      },
      timeout: 120_000,
    });
    if (r.status !== 0) throw new Error(`child failed (${r.status}): ${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as Omit<Report, 'made'> & { made: number };
  };
  // Every entry point runs it to the end (through linalg's index inside cohortjs/sparse's
  // evaluation it once failed on a binding not yet initialized — recorded, not thrown).
  it.each(['root', 'sparse', 'linalg'])(
    'entry %s: runs to the end; the first solve finds its kernel made; decisions, numbering and bits unchanged',
    (entry) => {
      const warm = runLinalg(entry, {});
      const cold = runLinalg(entry, { COHORT_WARMUP: '0' });
      expect(warm.warmups.map((w) => [w.name, w.skipped])).toEqual([
        ['numpy', null],
        ['sparse.linalg', null],
      ]);
      expect(cold.warmups.map((w) => w.skipped)).toEqual(['COHORT_WARMUP=0', 'COHORT_WARMUP=0']);
      expect(warm.made).toBe(0);
      expect(cold.made).toBeGreaterThan(0);
      expect(warm.seqAfterImport).toBe(cold.seqAfterImport);
      expect(warm.seqEnd).toBe(cold.seqEnd);
      expect(warm.log).toEqual(cold.log);
      expect(warm.bits).toEqual(cold.bits);
    },
    240_000,
  );
});

describe('warmUp', () => {
  const saved = process.env.COHORT_WARMUP;
  afterEach(() => {
    if (saved === undefined) delete process.env.COHORT_WARMUP;
    else process.env.COHORT_WARMUP = saved;
  });

  it('runs a program on its first call only (one piece, then two pieces a launch) and records it', () => {
    let calls = 0;
    delete process.env.COHORT_WARMUP;
    const a = warmUp('test-once', () => {
      calls++;
    });
    const b = warmUp('test-once', () => {
      calls++;
    });
    expect(calls).toBe(2);
    expect(b).toBe(a);
    expect(a.skipped).toBeNull();
    expect(warmupReport().filter((r) => r.name === 'test-once')).toHaveLength(1);
  });

  it('is skipped with COHORT_WARMUP=0', () => {
    process.env.COHORT_WARMUP = '0';
    let calls = 0;
    const r = warmUp('test-off', () => {
      calls++;
    });
    expect(calls).toBe(0);
    expect(r).toEqual({ name: 'test-off', ms: 0, skipped: 'COHORT_WARMUP=0' });
  });

  it("runs under an inline-only mapper and restores the user's", () => {
    delete process.env.COHORT_WARMUP;
    const user = new DefaultMapper();
    configure({ mapper: user });
    const seen: Mapper[] = [];
    warmUp('test-mapper', () => {
      seen.push(currentMapper());
    });
    expect(seen).toHaveLength(2);
    const q = { op: 'add', volume: 1000, bytes: 24_000, workers: 2 };
    for (const m of seen) {
      expect(m).not.toBe(user);
      expect(m.inline('add', 1 << 30, 2)).toBe(true);
      expect(m.startPool?.(1 << 30, 2)).toBe(false);
    }
    expect(seen.map((m) => m.pieces(q))).toEqual([1, 2]);
    expect(currentMapper()).toBe(user);
  });

  it('restores the partition counters', () => {
    delete process.env.COHORT_WARMUP;
    const before = partitionStats();
    warmUp('test-stats', () => {
      statsSink().solves += 5;
      statsSink().onePiece += 3;
    });
    expect(partitionStats()).toEqual(before);
  });

  it('records a program that throws as failed, without throwing', () => {
    delete process.env.COHORT_WARMUP;
    const r = warmUp('test-throws', () => {
      throw new Error('no SIMD here');
    });
    expect(r.skipped).toBe('failed (no SIMD here)');
  });

  it('rejects a program that numbers an event (posted work)', () => {
    delete process.env.COHORT_WARMUP;
    const s = peekSeq();
    expect(() => warmUp('test-post', () => void newSeq())).toThrow(
      new RegExp(`the 'test-post' warm-up posted work \\(event numbers ${s}\\.\\.${s + 1}\\)`),
    );
  });
});
