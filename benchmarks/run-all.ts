/**
 * `npm run bench`: runs every benchmark program under benchmarks/<area>/ (each a standalone
 * program), shows their progress, and writes benchmarks/REPORT.md (machine, date, versions, each
 * figure next to SciPy/NumPy/plain JS with its ratio) plus SVG charts in benchmarks/charts/.
 * `BENCH_SMALL=1` runs every benchmark at small sizes (used by the tests so the report cannot rot);
 * `--out DIR` writes the report elsewhere.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './lib/report.js';
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

const rows: BenchRow[] = [];
const logs: string[] = [];
const failures: string[] = [];
const list = programs();
list.forEach((prog, k) => {
  process.stdout.write(`[${k + 1}/${list.length}] ${prog} ... `);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, prog)], {
    encoding: 'utf8',
    env: process.env,
    maxBuffer: 1 << 26,
  });
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    failures.push(`${prog}: exit ${r.status}\n${(r.stderr || '').slice(-2000)}`);
    console.log(`FAILED (${secs} s)`);
    return;
  }
  console.log(`done (${secs} s)`);
  const text: string[] = [];
  for (const line of r.stdout.split('\n')) {
    if (line.startsWith('@@bench ')) rows.push(JSON.parse(line.slice(8)) as BenchRow);
    else text.push(line);
  }
  logs.push(`### ${prog}\n\n\`\`\`\n${text.join('\n').trim()}\n\`\`\`\n`);
});

function baselineOf(r: BenchRow): string | undefined {
  if (r.baseline && r.ms[r.baseline] !== undefined) return r.baseline;
  return Object.keys(r.ms).find((k) => !k.startsWith('cohort'));
}

const md: string[] = [
  '# cohort benchmark report',
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
  `- node ${process.version}; python: ${version('python3', ['-c', 'import numpy, scipy; print("numpy", numpy.__version__, "scipy", scipy.__version__)'])}`,
  `- cohort commit: ${version('git', ['rev-parse', '--short', 'HEAD'])}${process.env.BENCH_SMALL === '1' ? ' (small sizes)' : ''}`,
  '',
  'Times are milliseconds per operation (medians); a ratio > 1 means cohort is faster than the baseline.',
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
  writeFileSync(join(outDir, 'charts', file), lineChart(chart, 'problem size', 'ms', series));
  md.push(`## ${chart}`, '', `![${chart}](charts/${file})`, '');
}
if (failures.length) md.push('## Failures', '', ...failures.map((f) => `\`\`\`\n${f}\n\`\`\``), '');
md.push('## Program output', '', ...logs);
writeFileSync(join(outDir, 'REPORT.md'), md.join('\n'));
console.log(`wrote ${join(outDir, 'REPORT.md')} (${rows.length} figures, ${failures.length} failures)`);
if (failures.length) process.exitCode = 1;
