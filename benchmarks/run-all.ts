/**
 * `npm run bench`: runs every benchmark program under benchmarks/<area>/ (each a standalone
 * program), shows their progress, and writes benchmarks/REPORT.md (machine, date, versions, each
 * figure next to SciPy/NumPy/plain JS with its ratio) plus SVG charts in benchmarks/charts/.
 * `BENCH_SMALL=1` runs every benchmark at small sizes (used by the tests so the report cannot rot);
 * `--out DIR` writes the report elsewhere.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type BenchRow, pythonMissing } from './lib/report.js';
import { lineChart, ratioChart } from './lib/svg.js';

const here = import.meta.dirname;
const outIdx = process.argv.indexOf('--out');
const outDir = outIdx > 0 ? process.argv[outIdx + 1]! : here;
const only = process.argv.filter((a, i) => i > 1 && !a.startsWith('--') && process.argv[i - 1] !== '--out');

function programs(): string[] {
  const out: string[] = [];
  for (const area of readdirSync(here).sort()) {
    const dir = join(here, area);
    if (area === 'lib' || area === 'charts' || !statSync(dir).isDirectory()) continue;
    if (only.length > 0 && !only.includes(area)) continue;
    for (const f of readdirSync(dir).sort())
      if (f.endsWith('.ts') && !f.startsWith('_')) out.push(join(area, f));
  }
  return out;
}

function version(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'not available';
}

interface ProgramResult {
  rows: BenchRow[];
  text: string[];
  stderr: string;
  status: number | null;
}

/**
 * Runs one program, echoing its output as it comes (the progress of a long run) and collecting
 * its `@@bench` rows.
 */
function run(prog: string): Promise<ProgramResult> {
  const res: ProgramResult = { rows: [], text: [], stderr: '', status: null };
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, prog)], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('@@bench ')) res.rows.push(JSON.parse(line.slice(8)) as BenchRow);
    else {
      res.text.push(line);
      console.log(`    ${line}`);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    res.stderr = (res.stderr + d).slice(-4000);
    process.stderr.write(d);
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      res.status = code;
      resolve(res);
    }),
  );
}

const rows: BenchRow[] = [];
const logs: string[] = [];
const failures: string[] = [];
const summary: string[] = ['| program | status | seconds | figures |', '|---|---|---|---|'];
const list = programs();
for (const [k, prog] of list.entries()) {
  console.log(`[${k + 1}/${list.length}] ${prog} ...`);
  const t0 = performance.now();
  const r = await run(prog);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const ok = r.status === 0;
  console.log(`[${k + 1}/${list.length}] ${prog} ${ok ? 'done' : `FAILED (exit ${r.status})`} in ${secs} s`);
  summary.push(`| ${prog} | ${ok ? 'ok' : `failed (exit ${r.status})`} | ${secs} | ${r.rows.length} |`);
  if (!ok) failures.push(`${prog}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  rows.push(...r.rows);
  logs.push(`### ${prog}\n\n\`\`\`\n${r.text.join('\n').trim()}\n\`\`\`\n`);
}

function baselineOf(r: BenchRow): string | undefined {
  if (r.baseline && r.ms[r.baseline] !== undefined) return r.baseline;
  return Object.keys(r.ms).find((k) => !k.startsWith('cohort'));
}

const md: string[] = [
  '# cohort benchmark report',
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
  `- node ${process.version}; python: ${pythonMissing() ? `skipped (${pythonMissing()}): no NumPy/SciPy figures` : version('python3', ['-c', 'import sys, numpy, scipy; print(sys.version.split()[0], "numpy", numpy.__version__, "scipy", scipy.__version__)'])}`,
  `- cohort commit: ${version('git', ['rev-parse', '--short', 'HEAD'])}${process.env.BENCH_SMALL === '1' ? ' (small sizes)' : ''}`,
  '',
  'Times are milliseconds per operation (medians); a ratio > 1 means cohort is faster than the baseline.',
  '',
  '## Programs',
  '',
  ...summary,
  '',
];
mkdirSync(join(outDir, 'charts'), { recursive: true });
for (const area of [...new Set(rows.map((r) => r.area))]) {
  const ar = rows.filter((r) => r.area === area);
  md.push(`## ${area}`, '', '| benchmark | figures (ms) | ratios |', '|---|---|---|');
  const chartRows: { name: string; ratios: Record<string, number> }[] = [];
  for (const r of ar) {
    const base = baselineOf(r);
    const figs = Object.entries(r.ms)
      .map(([k, v]) => `${k} ${v.toFixed(3)}`)
      .join('; ');
    const ratios: Record<string, number> = {};
    if (base) for (const [k, v] of Object.entries(r.ms)) if (k !== base && v > 0) ratios[k] = r.ms[base]! / v;
    chartRows.push({ name: r.name, ratios });
    const rs = Object.entries(ratios)
      .map(([k, v]) => `${k}: ${v.toFixed(2)}× vs ${base}`)
      .join('; ');
    md.push(`| ${r.name} | ${figs} | ${rs || '—'} |`);
  }
  const svg = ratioChart(`${area}: speed-up vs baseline`, chartRows);
  if (svg) {
    writeFileSync(join(outDir, 'charts', `${area}.svg`), svg);
    md.push('', `![${area}](charts/${area}.svg)`);
  }
  md.push('');
}
for (const chart of [...new Set(rows.filter((r) => r.chart && r.x !== undefined).map((r) => r.chart!))]) {
  const cr = rows.filter((r) => r.chart === chart && r.x !== undefined);
  const labels = [...new Set(cr.flatMap((r) => Object.keys(r.ms)))];
  const series = labels.map((l) => ({
    label: l,
    points: cr.filter((r) => r.ms[l] !== undefined).map((r) => [r.x!, r.ms[l]!] as [number, number]),
  }));
  const file = `${chart.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.svg`;
  const svg = lineChart(chart, 'problem size', 'ms', series);
  if (!svg) continue;
  writeFileSync(join(outDir, 'charts', file), svg);
  md.push(`## ${chart}`, '', `![${chart}](charts/${file})`, '');
}
if (failures.length) md.push('## Failures', '', ...failures.map((f) => `\`\`\`\n${f}\n\`\`\``), '');
md.push('## Program output', '', ...logs);
writeFileSync(join(outDir, 'REPORT.md'), md.join('\n'));
console.log(`wrote ${join(outDir, 'REPORT.md')} (${rows.length} figures, ${failures.length} failures)`);
if (failures.length) process.exitCode = 1;
