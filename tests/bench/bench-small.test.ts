/**
 * `npm run bench` at small sizes (BENCH_SMALL=1), so that the benchmark programs, the runner, its
 * report and its charts cannot rot: once with python3 as this machine has it, once with python3
 * removed from PATH (every program must then skip the NumPy/SciPy side and say so).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pythonMissing } from '../../benchmarks/lib/report.js';
import { benchmarkPrograms, polylinePoints, runBench, svgProblems } from './report-checks.js';

/**
 * Both runs together must finish within this on 2 busy cores (a guard against hangs, not a speed
 * figure): every program under benchmarks/ not starting with `_`, each a fresh process (plus
 * child processes per case). 2026-11-27: 82 s for both in a CI run on the idle host; over 150 s
 * with two more engineers' builds on the same 2 cores (load 5–7), once the sparse.random and
 * dot benchmarks had joined.
 */
const TIME_BOUND_MS = 240_000;
const CG_CHART = 'cg-time-per-iteration-vs-problem-size.svg';
const programs = benchmarkPrograms();

type Run = Awaited<ReturnType<typeof runBench>> & { dir: string };
let withPy: Run;
let noPy: Run;

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'cohort-bench-'));
  const emptyPath = join(base, 'empty-path');
  mkdirSync(emptyPath);
  const [a, b] = await Promise.all([
    runBench(join(base, 'with'), process.env, TIME_BOUND_MS),
    runBench(join(base, 'without'), { ...process.env, PATH: emptyPath }, TIME_BOUND_MS),
  ]);
  withPy = { ...a, dir: join(base, 'with') };
  noPy = { ...b, dir: join(base, 'without') };
}, TIME_BOUND_MS + 10_000);

const report = (r: Run) => readFileSync(join(r.dir, 'REPORT.md'), 'utf8');
/** The report's per-program table: program -> [status, seconds, figures]. */
function programTable(md: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const m of md.matchAll(/^\| ([\w-]+\/[\w.-]+\.ts) \| (.*) \|$/gm)) rows.set(m[1]!, m[2]!.split(' | '));
  return rows;
}

describe.each([
  ['with python3 as on this machine', () => withPy],
  ['with python3 removed from PATH', () => noPy],
])('npm run bench, BENCH_SMALL=1, %s', (_, get) => {
  it('exits 0 in bounded time', () => {
    const r = get();
    expect(r.stderr + r.stdout).not.toMatch(/FAILED/);
    expect(r.code).toBe(0);
    expect(r.ms).toBeLessThan(TIME_BOUND_MS);
  });

  it('shows progress and writes REPORT.md with an ok row and figures for every program', () => {
    const r = get();
    expect(programs.length).toBeGreaterThanOrEqual(4);
    const table = programTable(report(r));
    expect([...table.keys()].sort()).toEqual(programs);
    programs.forEach((p, k) => {
      expect(r.stdout).toContain(`[${k + 1}/${programs.length}] ${p} done`);
      const [status, , figures] = table.get(p)!;
      expect([p, status]).toEqual([p, 'ok']);
      expect(Number(figures)).toBeGreaterThan(0);
    });
    expect(report(r)).toMatch(/- machine: \d+ × .*GiB/);
    expect(report(r)).toMatch(/- date: \d{4}-\d\d-\d\dT/);
    expect(report(r)).toMatch(/- node v\d+/);
    expect(report(r)).toContain('(small sizes)');
  });

  it('writes valid SVG charts, each linked from the report', () => {
    const r = get();
    const charts = readdirSync(join(r.dir, 'charts')).filter((f) => f.endsWith('.svg'));
    expect(charts).toContain(CG_CHART);
    for (const f of charts) {
      expect([f, svgProblems(readFileSync(join(r.dir, 'charts', f), 'utf8'))]).toEqual([f, []]);
      expect(report(r)).toContain(`(charts/${f})`);
    }
  });

  it('charts CG time per iteration vs problem size for cohort at 1 and 2 workers', () => {
    const svg = readFileSync(join(get().dir, 'charts', CG_CHART), 'utf8');
    for (const label of ['cohort w=1', 'cohort w=2', 'plain JS (fused, 1 thread)'])
      expect(svg).toContain(`>${label}<`);
    const lines = polylinePoints(svg);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const pts of lines) expect(pts.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the NumPy/SciPy side', () => {
  it('is measured when python3 with numpy and scipy is present', () => {
    const md = report(withPy);
    if (pythonMissing()) {
      // Not this machine's case (DESIGN.md §8), but then the first run is a python-less run too.
      expect(md).toContain(`python: skipped (${pythonMissing()})`);
      return;
    }
    expect(md).toMatch(/python: [\d.]+ numpy [\d.]+ scipy [\d.]+/);
    expect(readFileSync(join(withPy.dir, 'charts', CG_CHART), 'utf8')).toContain('>SciPy<');
    expect(md).toMatch(/\| CG iteration, 2-D Poisson nx=\d+ \|[^|]*SciPy [\d.]+/);
    expect(md).toMatch(/\| dot, n=\d+ \|[^|]*NumPy [\d.]+/);
  });

  it('is skipped, and said so by every program that has one, without python3', () => {
    const md = report(noPy);
    expect(md).toContain('python: skipped (python3 not found)');
    // Programs with a NumPy/SciPy side call runPython (the runtime's compares with plain JS only).
    const withPython = programs.filter((p) =>
      readFileSync(join(import.meta.dirname, '../../benchmarks', p), 'utf8').match(/runPython[<(]/),
    );
    expect(withPython.length).toBeGreaterThanOrEqual(4);
    for (const p of withPython) {
      const section = md.slice(md.indexOf(`### ${p}`)).split('### ')[1]!;
      expect([p, /skipped: python3 not found/.test(section)]).toEqual([p, true]);
    }
    expect(md).not.toMatch(/(SciPy|NumPy) [\d.]+/);
    expect(existsSync(join(noPy.dir, 'charts', CG_CHART))).toBe(true);
  });
});
