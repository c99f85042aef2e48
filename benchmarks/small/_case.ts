/**
 * One case of benchmarks/small/small.ts, run in a fresh process (the way a user meets cohort: the
 * first solve of a program, not a warmed-up loop). Prints one JSON line with its figures.
 *
 * Cases: `cg nx iters workers` (ms per iteration of the first `cg` solve, and of a second one), `handcg nx iters
 * workers` (a hand-written CG loop in the Legate Sparse paper's style), `small first next workers`
 * (µs per `x.iadd(y.multiply(2))` on 1,024 elements over the first `first` calls and the next `next`),
 * `fused n reps workers` (ms of a fresh `x*2.5 + y*0.5 - z` and of `a*x + y` on n elements, each
 * result read).
 */
import { existsSync } from 'node:fs';
import { handCgIterate, handCgStart, poisson as poissonOf } from './_loops.js';

/**
 * The built package (`dist/bundle/`, what an installed cohortjs runs: plain JavaScript, also in its
 * worker threads) when it exists, else the TypeScript sources through tsx (whose loader makes
 * worker start-up ~3× slower). `COHORT_BENCH_SOURCES=1` forces the sources.
 */
const dist = new URL('../../dist/bundle/index.js', import.meta.url);
const useDist = process.env.COHORT_BENCH_SOURCES !== '1' && existsSync(dist);
const lib = (await import(useDist ? dist.href : '../../index.js')) as typeof import('../../index.js');
const { np, configure } = lib;
const { cg } = lib.linalg;
type ndarray = InstanceType<typeof np.ndarray>;

const [kind, ...rest] = process.argv.slice(2);
const num = (i: number): number => Number(rest[i]);

const poisson = (nx: number) => poissonOf(lib, nx);

function residual(A: ReturnType<typeof poisson>, x: ndarray, b: ndarray): number {
  return (np.linalg.norm(np.subtract(b, A.dot(x))).item() as number) / (np.linalg.norm(b).item() as number);
}

function caseCg(nx: number, iters: number): Record<string, number> {
  const A = poisson(nx);
  const b = np.ones([nx * nx]);
  const t0 = performance.now();
  const [x, info] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
  x.get('0').item();
  const ms = (performance.now() - t0) / iters;
  if (info !== iters) throw new Error(`cg nx=${nx}: info ${info}, expected ${iters}`);
  // A second solve of the same system: the cost once the process is warm.
  const t1 = performance.now();
  const [x2] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
  x2.get('0').item();
  const warm = (performance.now() - t1) / iters;
  return { ms, warm, residual: residual(A, x, b) };
}

/** CG as a user writes it with cohort (Legate Sparse's listing): every scalar a 0-d array. */
function caseHandCg(nx: number, iters: number): Record<string, number> {
  const A = poisson(nx);
  const b = np.ones([nx * nx]);
  const t0 = performance.now();
  const s = handCgStart(lib, A, b);
  handCgIterate(s, iters);
  const { x } = s;
  x.get('0').item();
  const ms = (performance.now() - t0) / iters;
  return { ms, residual: residual(A, x, b) };
}

function caseSmall(first: number, next: number): Record<string, number> {
  const n = 1024;
  const x = np.zeros([n]);
  const y = np.ones([n]);
  let t0 = performance.now();
  for (let i = 0; i < first; i++) x.iadd(y.multiply(2));
  x.get('0').item();
  const usFirst = ((performance.now() - t0) * 1000) / first;
  t0 = performance.now();
  for (let i = 0; i < next; i++) x.iadd(y.multiply(2));
  const v = x.get('0').item() as number;
  const usNext = ((performance.now() - t0) * 1000) / next;
  if (v !== 2 * (first + next)) throw new Error(`small: x[0] = ${v}, expected ${2 * (first + next)}`);
  return { first: usFirst, next: usNext };
}

function median(t: number[]): number {
  t.sort((a, b) => a - b);
  return t[t.length >> 1]!;
}

function caseFused(n: number, reps: number): Record<string, number> {
  const x = np.random.default_rng(1).random([n]);
  const y = np.random.default_rng(2).random([n]);
  const z = np.random.default_rng(3).random([n]);
  const chain: number[] = [];
  const axpy: number[] = [];
  for (let k = 0; k < reps; k++) {
    let t0 = performance.now();
    const w = x.multiply(2.5).add(y.multiply(0.5)).subtract(z);
    const w0 = w.get(String(n - 1)).item() as number;
    chain.push(performance.now() - t0);
    t0 = performance.now();
    const u = x.multiply(2.5).add(y);
    const u0 = u.get(String(n - 1)).item() as number;
    axpy.push(performance.now() - t0);
    if (!Number.isFinite(w0) || !Number.isFinite(u0)) throw new Error('fused: non-finite result');
  }
  return { chain: median(chain), axpy: median(axpy) };
}

configure({ workers: num(2) });
let out: Record<string, number>;
if (kind === 'cg') out = caseCg(num(0), num(1));
else if (kind === 'handcg') out = caseHandCg(num(0), num(1));
else if (kind === 'small') out = caseSmall(num(0), num(1));
else if (kind === 'fused') out = caseFused(num(0), num(1));
else throw new Error(`unknown case ${kind}`);
console.log(JSON.stringify(out));
