/**
 * Shared helpers for benchmark programs: timing, the NumPy/SciPy side run by python3, and
 * machine-readable result rows that `npm run bench` collects into benchmarks/REPORT.md.
 */
import { spawnSync } from 'node:child_process';

/** One measured figure, printed as a `@@bench` JSON line for the report. */
export interface BenchRow {
  /** Benchmark area (`dense`, `sparse`, `solvers`, ...). */
  area: string;
  /** What was measured (`SpMV nx=1000`). */
  name: string;
  /** Milliseconds per operation for each contender (`cohort w=2`, `SciPy`, `plain JS`). */
  ms: Record<string, number>;
  /** Which contender the ratios are taken against (default: the first non-cohort one present). */
  baseline?: string;
  /** Rows with the same `chart` and an `x` (problem size) are drawn as a line chart. */
  chart?: string;
  x?: number;
}

/** True when the benchmarks should run at small sizes (tests, `BENCH_SMALL=1`). */
export const SMALL = process.env.BENCH_SMALL === '1';

/** Prints a row for the report (and nothing else): `@@bench {...}`. */
export function emit(row: BenchRow): void {
  console.log(`@@bench ${JSON.stringify(row)}`);
}

/** Median of `reps` timings of `fn` in milliseconds, after `warm` warm-up calls. */
export function timeMs(fn: () => void, reps = 7, warm = 2): number {
  for (let i = 0; i < warm; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return t[t.length >> 1]!;
}

let pythonState: 'ok' | string | undefined;

/**
 * Why the NumPy/SciPy side cannot run (`python3 not found`, `numpy/scipy not importable`), or
 * undefined when python3 with numpy and scipy is available. Checked once per program.
 */
export function pythonMissing(): string | undefined {
  if (pythonState === undefined) {
    const r = spawnSync('python3', ['-c', 'import numpy, scipy'], { encoding: 'utf8' });
    if (r.error) pythonState = 'python3 not found';
    else if (r.status !== 0) pythonState = 'python3 cannot import numpy and scipy';
    else pythonState = 'ok';
  }
  return pythonState === 'ok' ? undefined : pythonState;
}

/** True when python3 with numpy and scipy is available. */
export function hasPython(): boolean {
  return pythonMissing() === undefined;
}

/**
 * Runs a Python snippet that prints one JSON value on its last line and returns it parsed, or
 * undefined (after printing `<what> skipped: <reason>`) when python3 with numpy/scipy is not
 * present. A snippet that fails while Python is present throws: the reference side must not rot
 * silently into "skipped".
 */
export function runPython<T = Record<string, number>>(
  code: string,
  what = 'NumPy/SciPy side',
): T | undefined {
  const missing = pythonMissing();
  if (missing) {
    console.log(`${what} skipped: ${missing}`);
    return undefined;
  }
  const r = spawnSync('python3', ['-c', code], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${what}: python3 failed (exit ${r.status})\n${r.stderr.slice(-2000)}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as T;
}

/** Formats a small table with ratios against `baseline`. */
export function table(rows: { name: string; ms: Record<string, number> }[], baseline: string): string {
  const out: string[] = [];
  for (const r of rows) {
    const base = r.ms[baseline];
    const cells = Object.entries(r.ms).map(([k, v]) => {
      const ratio = base !== undefined && k !== baseline ? ` (${(base / v).toFixed(2)}× vs ${baseline})` : '';
      return `${k}: ${v.toFixed(3)} ms${ratio}`;
    });
    out.push(`${r.name.padEnd(34)} ${cells.join(' | ')}`);
  }
  return out.join('\n');
}
