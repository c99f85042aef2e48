/** Helpers for the small-mode benchmark test: run the runner, list the programs, check SVG text. */
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');
const benchDir = join(root, 'benchmarks');

/** Every benchmark program the runner must pick up: benchmarks/<area>/*.ts except lib/. */
export function benchmarkPrograms(): string[] {
  const out: string[] = [];
  for (const area of readdirSync(benchDir)) {
    const dir = join(benchDir, area);
    if (area === 'lib' || area === 'charts' || !statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir)) if (f.endsWith('.ts') && !f.startsWith('_')) out.push(`${area}/${f}`);
  }
  return out.sort();
}

/** Runs `npm run bench`'s runner at small sizes into `out`; resolves with its exit code and output. */
export function runBench(
  out: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(benchDir, 'run-all.ts'), '--out', out],
      { cwd: root, env: { ...env, BENCH_SMALL: '1' }, timeout: timeoutMs, maxBuffer: 1 << 26 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout, stderr, ms: performance.now() - t0 });
      },
    );
  });
}

/**
 * Problems that make an SVG file unusable: not an `<svg>` root in the SVG namespace, unbalanced
 * tags, or non-numbers (NaN, undefined, Infinity) where coordinates belong. Empty when fine.
 */
export function svgProblems(text: string): string[] {
  const problems: string[] = [];
  if (!/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>/.test(text)) problems.push('no <svg> root');
  if (!text.trimEnd().endsWith('</svg>')) problems.push('does not end with </svg>');
  const stack: string[] = [];
  for (const m of text.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m;
    if (selfClose) continue;
    if (!close) stack.push(name!);
    else if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
  }
  if (stack.length) problems.push(`unclosed <${stack.join('>, <')}>`);
  for (const m of text.matchAll(/\s[a-z-]+="([^"]*)"/g))
    if (/NaN|undefined|Infinity/.test(m[1]!)) problems.push(`bad attribute ${m[0].trim()}`);
  return problems;
}

/** The `points` of every polyline (one per series of a line chart). */
export function polylinePoints(svg: string): string[][] {
  return [...svg.matchAll(/<polyline [^>]*points="([^"]*)"/g)].map((m) => m[1]!.split(' ').filter(Boolean));
}
