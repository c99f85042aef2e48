/**
 * cohort under `mpirun` (issue 22, DESIGN.md §9): the same program alone and on 2 and 4 ranks
 * prints bitwise the same results on every rank; a failing rank ends the job at once with a
 * non-zero code and its error on stderr; alone, rank() is 0 and ranks() 1.
 *
 * Needs Open MPI's `mpirun` and the addon (packages/mpi, built by `npm ci` where `mpicc` exists,
 * or `npm run build:mpi`). Without them the distributed tests are skipped with a line saying why.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ShardStats } from '../../runtime/shard.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

function mpiMissing(): string {
  const v = spawnSync('mpirun', ['--version'], { encoding: 'utf8' });
  if (v.error) return '`mpirun` not found (install openmpi-bin libopenmpi-dev)';
  if (!/Open MPI/.test(v.stdout + v.stderr)) return '`mpirun` is not Open MPI (the tests use its options)';
  const { addon, reason } = require('../../packages/mpi/index.cjs') as { addon: unknown; reason: string };
  return addon === null ? `the MPI addon is not built: ${reason}` : '';
}
const missing = mpiMissing();
if (missing !== '') console.log(`MPI tests skipped: ${missing}`);

const rootEnv =
  typeof process.getuid === 'function' && process.getuid() === 0
    ? { OMPI_ALLOW_RUN_AS_ROOT: '1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM: '1' }
    : {};

function program(file: string): string[] {
  return ['node', '--import', 'tsx', `tests/mpi/programs/${file}`];
}

function run(cmd: string[], env: Record<string, string>) {
  const r = spawnSync(cmd[0]!, cmd.slice(1), {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...rootEnv, ...env },
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ended: Date.now() };
}

function mpirun(np: number, args: string[], env: Record<string, string>) {
  return run(
    ['mpirun', '-np', String(np), '--oversubscribe', '--bind-to', 'none', '--timeout', '90', ...args],
    env,
  );
}

interface Printed {
  rank: number;
  ranks: number;
  results: string[];
  unseeded: string;
  stats: { bytesSent: number; bytesReceived: number; messages: number };
  shard: ShardStats;
}

interface ShardRun {
  rank: number;
  ranks: number;
  results: string[];
  chain: {
    bytes: number;
    partials: number;
    copies: number;
    issued: Record<string, number>;
    run: number;
    skipped: number;
  };
  spmv: { received: number; sent: number; issued: Record<string, number>; run: number; skipped: number };
  shard: ShardStats;
}

function parse<T = Printed>(stdout: string): T[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as T);
}

const total = (issued: Record<string, number>) => Object.values(issued).reduce((a, b) => a + b, 0);

describe('alone (no MPI launcher)', () => {
  it('rank 0 of 1, no communication', () => {
    const r = run(program('same-results.ts'), { COHORT_WORKERS: '2' });
    expect(r.stderr).toBe('');
    const [p] = parse(r.stdout);
    expect(p).toMatchObject({ rank: 0, ranks: 1, stats: { bytesSent: 0, bytesReceived: 0, messages: 0 } });
  });
});

describe.skipIf(missing !== '')('under mpirun', () => {
  const alone =
    missing === '' ? parse(run(program('same-results.ts'), { COHORT_WORKERS: '2' }).stdout)[0] : undefined;

  it.each([2, 4])('-np %i: every rank prints bitwise the single-process results', (np) => {
    const r = mpirun(np, program('same-results.ts'), { COHORT_WORKERS: '1' });
    expect(r.status, r.stderr).toBe(0);
    const printed = parse(r.stdout).sort((a, b) => a.rank - b.rank);
    expect(printed.map((p) => p.rank)).toEqual([...Array(np).keys()]);
    for (const p of printed) {
      expect(p.ranks).toBe(np);
      expect(p.results).toEqual(alone!.results);
      // An unseeded generator draws rank 0's seed on every rank.
      expect(p.unseeded).toBe(printed[0]!.unseeded);
    }
    // Two seeds (the legacy global generator and default_rng()) broadcast from rank 0, 4 bytes
    // each; everything else a rank moved is a planned copy or a reduction's partials.
    for (const p of printed) {
      const seedsSent = p.rank === 0 ? 2 * 4 * (np - 1) : 0;
      const seedsReceived = p.rank === 0 ? 0 : 2 * 4;
      expect(p.stats.bytesSent).toBe(seedsSent + p.shard.copyBytesSent + p.shard.partialBytesSent);
      expect(p.stats.bytesReceived).toBe(
        seedsReceived + p.shard.copyBytesReceived + p.shard.partialBytesReceived,
      );
      // The suite's COHORT_INLINE_LAUNCH_BYTES=0 splits these launches: every rank ran its share.
      expect(p.shard.shardedLaunches).toBeGreaterThan(0);
      expect(p.shard.piecesRun * np).toBe(p.shard.piecesRun + p.shard.piecesSkipped);
    }
  });

  const libsAlone =
    missing === '' ? parse(run(program('libraries.ts'), { COHORT_WORKERS: '2' }).stdout)[0] : undefined;
  it.each([2, 4])(
    '-np %i: the examples and libraries (stencil, jacobi, DIA/CSR SpMV, SpMM, SpGEMM, multigrid cg, bicgstab, gmres, power iteration) give the single-process bits',
    (np) => {
      const r = mpirun(np, program('libraries.ts'), { COHORT_WORKERS: '1' });
      expect(r.status, r.stderr).toBe(0);
      const printed = parse(r.stdout).sort((a, b) => a.rank - b.rank);
      expect(printed.map((p) => p.rank)).toEqual([...Array(np).keys()]);
      expect(libsAlone!.results.length).toBe(11);
      for (const p of printed) {
        expect(p.results).toEqual(libsAlone!.results);
        expect(p.stats.bytesSent).toBeGreaterThan(0); // the work was shared out, data moved
      }
    },
    180_000,
  );

  it('a failing rank ends the job at once, with its code and its error on stderr', () => {
    const r = mpirun(4, [...program('fail.ts'), '2'], { COHORT_WORKERS: '0' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/cohort rank 2\/4 .*rank 2 fails on purpose/);
    expect(r.stdout).not.toMatch(/passed the barrier/);
    expect(r.stderr).not.toMatch(/timeout/i);
    const failedAt = Number(/failing at (\d+)/.exec(r.stderr)?.[1]);
    // Measured 0.1–0.5 s on an idle host; the bound leaves room for a loaded CI machine.
    expect(r.ended - failedAt).toBeLessThan(10_000);
  });
});

describe.skipIf(missing !== '')('sharded under mpirun (layers 1, 3, 5 of issue 22)', () => {
  // Poisson nx = 300: 90,000 unknowns, every launch split into pieces (COHORT_INLINE_LAUNCH_BYTES=0).
  const nx = 300;
  const env = { COHORT_INLINE_LAUNCH_BYTES: '0' };
  const shardProgram = [...program('shard.ts'), String(nx), '40'];
  const alone =
    missing === ''
      ? parse<ShardRun>(run(shardProgram, { ...env, COHORT_WORKERS: '2' }).stdout)[0]
      : undefined;

  it.each([2, 4])(
    '-np %i: bitwise results, each piece on one rank, no copy for a chain, the SpMV halo',
    (np) => {
      const r = mpirun(np, shardProgram, { ...env, COHORT_WORKERS: '1' });
      expect(r.status, r.stderr).toBe(0);
      const printed = parse<ShardRun>(r.stdout).sort((a, b) => a.rank - b.rank);
      expect(printed.map((p) => p.rank)).toEqual([...Array(np).keys()]);
      const chainPieces = printed[0]!.chain.run + printed[0]!.chain.skipped;
      const spmvPieces = printed[0]!.spmv.run + printed[0]!.spmv.skipped;
      let chainIssued = 0;
      for (const p of printed) {
        // Sums, dots, norms, the chain, three SpMVs and 40 CG iterations: the bits of one process.
        expect(p.results).toEqual(alone!.results);
        // Each rank issued exactly its share of the chain's pieces (decision log), and skipped the rest.
        expect(p.chain.run + p.chain.skipped).toBe(chainPieces);
        expect(p.chain.run * np).toBe(chainPieces);
        expect(total(p.chain.issued)).toBe(p.chain.run);
        chainIssued += total(p.chain.issued);
        // An element-wise chain over data written with the same partition moves no region data:
        // only its sum's partials.
        expect(p.chain.copies).toBe(0);
        expect(p.chain.bytes).toBe(p.chain.partials);
        // The SpMV (rows of x's row partition) receives and sends exactly its halo: nx values per
        // neighbouring rank (ranks cut the rows at block boundaries, each far wider than nx).
        const neighbours = (p.rank > 0 ? 1 : 0) + (p.rank < np - 1 ? 1 : 0);
        expect(p.spmv.received).toBe(8 * nx * neighbours);
        expect(p.spmv.sent).toBe(8 * nx * neighbours);
        expect(p.spmv.run * np).toBe(spmvPieces);
        expect(p.spmv.issued['csr.spmv']).toBe(p.spmv.run);
      }
      expect(chainIssued).toBe(chainPieces);
    },
  );
});

describe.skipIf(missing !== '')('random programs sharded under mpirun', () => {
  interface SeedRun {
    rank: number;
    seed: number;
    results: string[];
  }
  const env = { COHORT_INLINE_LAUNCH_BYTES: '0' };
  const modelProgram = [...program('model.ts'), '3', '40'];
  const alone =
    missing === '' ? parse<SeedRun>(run(modelProgram, { ...env, COHORT_WORKERS: '2' }).stdout) : [];

  it.each([2, 4])(
    '-np %i: views, slices, in-place updates, reductions, SpMVs: the bits of one process',
    (np) => {
      const r = mpirun(np, modelProgram, { ...env, COHORT_WORKERS: '1' });
      expect(r.status, r.stderr).toBe(0);
      const printed = parse<SeedRun>(r.stdout);
      expect(alone.length).toBe(3);
      expect(printed.length).toBe(3 * np);
      for (const p of printed) expect(p.results).toEqual(alone.find((a) => a.seed === p.seed)!.results);
    },
    // 4 ranks on a loaded 2-core host took 52–60 s: the bound is mpirun's own --timeout (90 s).
    120_000,
  );
});

describe.skipIf(missing !== '')('collections under mpirun', () => {
  interface SkewRun {
    rank: number;
    launches: number;
    pieces: number;
    pending: number;
    lazy: Record<string, number>;
    sum: string;
  }
  // Before: rank 0 forgot the dropped pending expressions its collector found and computed the
  // next ones at the writes, rank 1 snapshotted the operand instead — different launches, and in
  // the random programs above, copies each rank waited for forever (one run in three).
  it('-np 2: a collection on one rank only changes no launch (dense/lazy-forget.ts)', () => {
    const r = mpirun(2, program('gc-skew.ts'), { COHORT_WORKERS: '1', COHORT_INLINE_LAUNCH_BYTES: '0' });
    expect(r.status, r.stderr).toBe(0);
    const printed = parse<SkewRun>(r.stdout);
    expect(printed.length).toBe(2);
    const [a, b] = printed.map(({ rank: _, ...rest }) => rest);
    expect(b).toEqual(a);
    // Each of the four writes dealt with the pending readers of the operand.
    expect(a!.lazy.computedOnWrite! + a!.lazy.snapshots!).toBe(4);
  });
});

describe.skipIf(missing !== '')('resident memory per rank under mpirun (runtime/shard-pages.ts)', () => {
  interface PagesRun {
    rank: number;
    bytes: number;
    results: string[];
    resident: Record<'fresh' | 'recycled' | 'gatheredWhole' | 'gathered', number>;
  }
  const pagesProgram = program('pages.ts');
  const alone =
    missing === '' ? parse<PagesRun>(run(pagesProgram, { COHORT_WORKERS: '2' }).stdout)[0] : undefined;

  it.each([2, 4])('-np %i: a rank holds its share of each array resident, not the whole', (np) => {
    const r = mpirun(np, pagesProgram, { COHORT_WORKERS: '1' });
    expect(r.status, r.stderr).toBe(0);
    const printed = parse<PagesRun>(r.stdout);
    expect(printed.length).toBe(np);
    for (const p of printed) {
      expect(p.results).toEqual(alone!.results);
      const share = p.bytes / np;
      // Pieces are cut at reduction blocks, not pages: a page's slack at each end of the share.
      for (const k of ['fresh', 'recycled', 'gathered'] as const) {
        expect(p.resident[k], k).toBeLessThanOrEqual(share + 2 * 65536);
        expect(p.resident[k], k).toBeGreaterThanOrEqual(share - 2 * 65536);
      }
      // Read whole on every rank, then rewritten piecewise: the other shares' pages went back.
      expect(p.resident.gatheredWhole).toBe(p.bytes);
    }
  });
});

describe.skipIf(missing !== '')('an array of more than 4 GiB under mpirun', () => {
  interface BigRun {
    rank: number;
    last: number;
    s: number;
    s2: number;
    bytes: number;
    wholeLast: number;
    residentWhole: number;
    residentAfter: number;
    peakMB: number;
  }
  it('-np 2: pieces past byte 2^32 give the single-process values; its stale share goes back', () => {
    const r = mpirun(2, ['node', '--import', 'tsx', 'tests/runtime/child/region-4gib.ts'], {
      COHORT_WORKERS: '1',
    });
    expect(r.status, r.stderr).toBe(0);
    const printed = parse<BigRun>(r.stdout);
    expect(printed.map((p) => p.rank).sort()).toEqual([0, 1]);
    const m = 4_000_000;
    for (const p of printed) {
      expect(p.bytes).toBeGreaterThan(2 ** 32);
      expect(p.last).toBe(m - 1);
      expect(p.wholeLast).toBe(m - 1);
      expect(p.s).toBe(m * (m - 1));
      expect(p.s2).toBe(m * (m - 1));
      // The region is too large for the heap (a buffer of its own): only the 32 MB tail was ever
      // touched; read whole on every rank it is resident whole, and once rewritten piecewise the
      // other rank's half goes back (a 64 KiB edge of slack at each end of the share).
      expect(p.residentWhole).toBeGreaterThanOrEqual(8 * m);
      expect(p.residentWhole).toBeLessThanOrEqual(8 * m + 2 * 65536);
      expect(p.residentAfter).toBeLessThanOrEqual(4 * m + 2 * 65536);
      expect(p.residentAfter).toBeGreaterThanOrEqual(4 * m - 2 * 65536);
      expect(p.peakMB).toBeLessThan(1024);
    }
  });
});

describe.skipIf(missing !== '')('a piece failing on one rank under mpirun (runtime/shard-fail.ts)', () => {
  interface Caught {
    rank: number;
    ranks: number;
    error: string;
    good: number;
  }
  const failProgram = (mode: string) => [...program('fail-piece.ts'), mode];
  const alone =
    missing === '' ? parse<Caught>(run(failProgram('caught'), { COHORT_WORKERS: '1' }).stdout)[0] : undefined;

  it.each([2, 4])(
    '-np %i: every rank gets the failing rank’s error, no rank combines stale partials',
    (np) => {
      const r = mpirun(np, failProgram('caught'), { COHORT_WORKERS: '1' });
      expect(r.status, r.stderr).toBe(0);
      const printed = parse<Caught>(r.stdout);
      expect(printed.length).toBe(np);
      expect(r.stdout).not.toMatch(/used a sum/);
      expect(alone!.error).toBe('TaskError: sumThrowIf: boom at 1048575');
      for (const p of printed) {
        // The piece holding the last element runs on the last rank.
        expect(p.error).toBe(`TaskError: sumThrowIf: on rank ${np - 1} of ${np}: boom at 1048575`);
        expect(p.good).toBe(alone!.good);
      }
    },
  );

  it.each(['uncaught', 'copy'])(
    '-np 4, %s: the job ends at once with a non-zero code and the error',
    (mode) => {
      const t0 = Date.now();
      const r = mpirun(4, failProgram(mode), { COHORT_WORKERS: '1' });
      expect(r.status).not.toBe(0);
      expect(r.stderr).not.toMatch(/timeout/i);
      if (mode === 'uncaught')
        expect(r.stderr).toMatch(/cohort rank \d\/4 .*on rank 3 of 4: boom at 1048575/);
      else expect(r.stderr).toMatch(/cohort rank 3\/4: a piece failed, .* fill boom at 1048575/);
      expect(r.stdout).not.toMatch(/"last"/);
      // Start-up included (4 ranks loading tsx on a loaded 2-core host); far below mpirun --timeout 90.
      expect(r.ended - t0).toBeLessThan(60_000);
    },
  );
});
