/**
 * The seed papers' programs (ports/) next to their NumPy/SciPy twins (twins.py), at a small
 * (~1e4 elements) and a large (1e6–1e7) size, cohort with 2 workers. Each (program, size, side)
 * runs in a fresh process: inputs built and waited for, then the first run timed together with
 * reading its result. Prints the table (ratio = NumPy/SciPy time ÷ cohort time; agreement =
 * ‖cohort − NumPy‖₂ / ‖NumPy‖₂) and exits non-zero when a result disagrees beyond 1e-8.
 * `BENCH_SMALL=1`: the tiny sizes of four programs, in one process per side (agreement checked
 * against the committed fixtures when python3 is absent).
 *
 * The cohort side runs the built package (`dist/`, what an installed cohortjs runs) when it exists,
 * as benchmarks/small does: `_child.ts` and the ports are bundled by esbuild into
 * `scratch/programs-child.mjs` with `cohortjs/*` left as imports, which Node resolves to `dist/`
 * by the package's own name; else (or with `COHORT_BENCH_SOURCES=1`) the TypeScript sources run
 * through tsx, whose loader and source maps add to every collection's work (a stencil run's
 * mark-compacts spent 9 ms marking roots under tsx, 0.7 ms on `dist/`). Build first:
 * `npm run build`.
 *
 * NumPy's OpenBLAS runs matrix products (GEMV, GEMM, dot) on every core — two threads on this
 * machine kind, the cores cohort's two workers use — and the rest of NumPy on one. The twin prints
 * its BLAS thread count; for programs marked `blas` (ports/_program.ts) the twin runs a second
 * time with `OPENBLAS_NUM_THREADS=1`, and each line and the table give that ratio too ("1 BLAS
 * thread"): NumPy as installed, and NumPy on one core. Not at `BENCH_SMALL`.
 *
 * Run: node --import tsx benchmarks/programs/run.ts [NAME ...] [--sizes small,large] [--workers 2]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emit, pythonMissing, SMALL } from '../lib/report.js';
import { PROGRAMS, type Program } from './ports/index.js';

const here = import.meta.dirname;
const FIXTURES = join(here, '../../tests/fixtures/programs/programs.json');
const TOLERANCE = 1e-8;
const argv = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const k = argv.indexOf(name);
  return k >= 0 ? argv[k + 1]! : dflt;
};
const workers = Number(opt('--workers', '2'));
const sizes = SMALL ? ['tiny'] : opt('--sizes', 'small,large').split(',');
const names = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
/**
 * At BENCH_SMALL (tests/bench runs the whole bench that way under a time bound) four programs
 * stand for the rest — a dense GEMV loop, views, SpMV, scalar reads; tests/bench/programs.test.ts
 * runs every port at its tiny size against the fixtures.
 */
const SMALL_SET = ['jacobi', 'stencil', 'spmv', 'lasso'];
const progs = PROGRAMS.filter((p) =>
  names.length > 0 ? names.includes(p.name) : !SMALL || SMALL_SET.includes(p.name),
);
const dir = mkdtempSync(join(tmpdir(), 'cohort-programs-'));
const missing = pythonMissing();
if (missing) console.log(`NumPy/SciPy side skipped: ${missing}`);

interface Timing {
  name: string;
  n: number;
  ms: number;
  setupMs: number;
  /** The twin's OpenBLAS threads (twins.py `blas_threads`), null when unknown. */
  blasThreads?: number | null;
}
type Size = 'tiny' | 'small' | 'large';
interface Job {
  prog: Program;
  size: Size;
  n: number;
  out: string;
}

/** Runs one side for a batch of jobs in one fresh process; returns its timings by program name. */
function side(
  cmd: string,
  args: string[],
  jobs: Job[],
  ext: string,
  env: Record<string, string> = {},
): Map<string, Timing> {
  const specs = jobs.map((j) => `${j.prog.name}:${j.n}:${j.out}.${ext}`);
  const r = spawnSync(cmd, [...args, ...specs], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    cwd: join(here, '../..'),
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) {
    throw new Error(
      `${cmd} ${jobs.map((j) => j.prog.name).join(' ')} failed (exit ${r.status}):\n${r.stderr.slice(-3000)}`,
    );
  }
  const res = new Map<string, Timing>();
  for (const line of r.stdout.split('\n')) {
    if (line.startsWith('{')) {
      const t = JSON.parse(line) as Timing;
      res.set(t.name, t);
    }
  }
  return res;
}

const read = (file: string) => new Float64Array(new Uint8Array(readFileSync(file)).buffer);

/** ‖a − b‖₂ / ‖b‖₂ (NaN when the lengths differ or either holds NaN). */
function relErr(a: Float64Array, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Number.NaN;
  let num = 0;
  let den = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - b[i]!) ** 2;
    den += b[i]! ** 2;
  }
  return den === 0 ? Math.sqrt(num) : Math.sqrt(num / den);
}

const fixtures: Record<string, { n: number; result: number[] }> = existsSync(FIXTURES)
  ? (JSON.parse(readFileSync(FIXTURES, 'utf8')) as Record<string, { n: number; result: number[] }>)
  : {};

/** The cohort side's node arguments: the bundle on `dist/` (see the header), else the sources. */
function cohortArgs(): string[] {
  const root = join(here, '../..');
  const sources = ['--import', 'tsx', join(here, '_child.ts')];
  if (process.env.COHORT_BENCH_SOURCES === '1' || !existsSync(join(root, 'dist', 'index.js'))) return sources;
  const out = join(root, 'scratch', 'programs-child.mjs');
  const r = spawnSync(
    join(root, 'node_modules', '.bin', 'esbuild'),
    [
      join(here, '_child.ts'),
      '--bundle',
      '--format=esm',
      '--platform=node',
      '--external:cohortjs',
      '--external:cohortjs/*',
      `--outfile=${out}`,
      '--log-level=warning',
    ],
    { encoding: 'utf8' },
  );
  if (r.status === 0) return [out];
  console.log(
    `cohort side from the sources: bundling on dist/ failed (${(r.stderr || String(r.error)).trim()})`,
  );
  return sources;
}
let childArgs: string[] | undefined;

/** The BLAS thread settings of a twin run on one core (OpenBLAS, and the other BLAS builds' variables). */
const ONE_BLAS_THREAD = { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };

function runBatch(jobs: Job[]): {
  cohort: Map<string, Timing>;
  numpy?: Map<string, Timing>;
  numpy1?: Map<string, Timing>;
} {
  childArgs ??= cohortArgs();
  const cohort = side(process.execPath, [...childArgs, String(workers)], jobs, 'js');
  if (missing) return { cohort };
  const twins = [join(here, 'twins.py')];
  const numpy = side('python3', twins, jobs, 'py');
  const blasJobs = SMALL ? [] : jobs.filter((j) => j.prog.blas === true);
  const numpy1 = blasJobs.length > 0 ? side('python3', twins, blasJobs, 'py1', ONE_BLAS_THREAD) : undefined;
  return { cohort, numpy, numpy1 };
}

interface Row {
  prog: Program;
  size: Size;
  n: number;
  cohortMs: number;
  numpyMs?: number;
  /** The twin's time with one BLAS thread (programs marked `blas`). */
  numpy1Ms?: number;
  err: number;
}
const rows: Row[] = [];
let bad = 0;
let blasSaid = false;

/** One line, once: how many threads the twin's OpenBLAS used. */
function sayBlas(t: Timing): void {
  if (blasSaid || t.blasThreads === undefined) return;
  blasSaid = true;
  console.log(
    t.blasThreads === null
      ? "NumPy/SciPy side: its BLAS's thread count is unknown (not OpenBLAS)"
      : `NumPy/SciPy side: OpenBLAS runs NumPy's matrix products on ${t.blasThreads} thread(s), the rest of NumPy on one; ` +
          'programs marked blas also run with 1 BLAS thread',
  );
}

function collect(jobs: Job[], res: ReturnType<typeof runBatch>): void {
  for (const j of jobs) {
    const c = res.cohort.get(j.prog.name)!;
    const got = read(`${j.out}.js`);
    const want = res.numpy
      ? read(`${j.out}.py`)
      : j.size === 'tiny'
        ? fixtures[j.prog.name]?.result
        : undefined;
    const err = want === undefined ? Number.NaN : relErr(got, want);
    if (want !== undefined && !(err <= TOLERANCE)) {
      bad++;
      console.log(`${j.prog.name} ${j.size}: cohort disagrees with NumPy/SciPy, relative error ${err}`);
    }
    const row: Row = { prog: j.prog, size: j.size, n: j.n, cohortMs: c.ms, err };
    const p = res.numpy?.get(j.prog.name);
    if (p) {
      row.numpyMs = p.ms;
      sayBlas(p);
    }
    const p1 = res.numpy1?.get(j.prog.name);
    if (p1) {
      row.numpy1Ms = p1.ms;
      // The one-thread run computes the same program: it must agree as well.
      const err1 = relErr(got, read(`${j.out}.py1`));
      if (!(err1 <= TOLERANCE)) {
        bad++;
        console.log(
          `${j.prog.name} ${j.size}: cohort disagrees with NumPy on 1 BLAS thread, relative error ${err1}`,
        );
      }
    }
    rows.push(row);
    const ms: Record<string, number> = { [`cohort w=${workers}`]: c.ms };
    if (p) ms['NumPy/SciPy'] = p.ms;
    if (p1) ms['NumPy/SciPy, 1 BLAS thread'] = p1.ms;
    emit({
      area: 'programs',
      name: `${j.prog.name}, ${j.size} (${j.prog.elements(j.n).toExponential(1)} elements)`,
      ms,
      ...(p ? { baseline: 'NumPy/SciPy' } : {}),
    });
    console.log(
      `${j.prog.name.padEnd(14)} ${j.size.padEnd(5)} cohort ${c.ms.toFixed(1)} ms` +
        (p ? `, NumPy/SciPy ${p.ms.toFixed(1)} ms, ratio ${(p.ms / c.ms).toFixed(3)}` : '') +
        (p1 ? ` (1 BLAS thread: ${p1.ms.toFixed(1)} ms, ratio ${(p1.ms / c.ms).toFixed(3)})` : '') +
        `, relative error ${Number.isNaN(err) ? 'n/a' : err.toExponential(1)}` +
        `; setup (inputs built, not timed above) cohort ${c.setupMs.toFixed(1)} ms` +
        (p ? `, NumPy/SciPy ${p.setupMs.toFixed(1)} ms, ratio ${(p.setupMs / c.setupMs).toFixed(3)}` : ''),
    );
  }
}

try {
  const jobsOf = (size: Size) =>
    progs.map((prog) => ({ prog, size, n: prog.sizes[size], out: join(dir, `${prog.name}-${size}`) }));
  if (SMALL) {
    const jobs = jobsOf('tiny');
    collect(jobs, runBatch(jobs));
  } else {
    for (const prog of progs) {
      for (const size of sizes as Size[]) {
        const job = [{ prog, size, n: prog.sizes[size], out: join(dir, `${prog.name}-${size}`) }];
        collect(job, runBatch(job));
      }
    }
    void jobsOf;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The table: ratio = NumPy/SciPy ÷ cohort per size, and the worst agreement.
const fmt = (r?: Row) =>
  r === undefined
    ? '—'
    : r.numpyMs === undefined
      ? `${r.cohortMs.toFixed(1)} ms`
      : (r.numpyMs / r.cohortMs).toFixed(3);
/** The ratio against the twin on one BLAS thread, where it ran. */
const fmt1 = (r?: Row) => (r?.numpy1Ms === undefined ? '—' : (r.numpy1Ms / r.cohortMs).toFixed(3));
const oneThread = rows.some((r) => r.numpy1Ms !== undefined);
const heads = [...sizes, ...(oneThread ? sizes.map((s) => `${s}, 1 BLAS thread`) : [])];
console.log('');
console.log(`| program | ${heads.join(' | ')} | agreement | workaround |`);
console.log(`|---|${heads.map(() => '---|').join('')}---|---|`);
for (const prog of progs) {
  const mine = rows.filter((r) => r.prog === prog);
  const worst = Math.max(...mine.map((r) => (Number.isNaN(r.err) ? 0 : r.err)));
  const cells = sizes.map((s) => fmt(mine.find((r) => r.size === s)));
  if (oneThread) cells.push(...sizes.map((s) => fmt1(mine.find((r) => r.size === s))));
  console.log(
    `| ${prog.name} | ${cells.join(' | ')} | ${worst.toExponential(1)} | ${prog.workaround || '—'} |`,
  );
}
if (bad > 0) {
  console.log(`${bad} result(s) disagree with NumPy/SciPy`);
  process.exitCode = 1;
}
