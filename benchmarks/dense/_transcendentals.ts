/**
 * The fused kernels of expm1, log1p, log2, log10 and pow (issue 24) on one thread, 1e6 elements:
 * CPU nanoseconds per element of the Wasm form (fuseWasm, f64x2), the JavaScript form (the fixed
 * algorithms' helpers, what runs when an operand is outside the heap or COHORT_WASM=0), the old
 * JavaScript form (the same generated kernel calling V8's Math.expm1/log1p/log2/log10/pow, as
 * before this work), and NumPy's ufunc on the same values (`out=` given, so no allocation), when
 * python3 with numpy is on the PATH. exp and log are there for comparison. Each figure is the best
 * of 7 batches (CPU time of this process, less sensitive to other processes than wall time).
 *
 * Run: npx tsx benchmarks/dense/_transcendentals.ts (the leading _ keeps it out of `npm run bench`)
 */
import { spawnSync } from 'node:child_process';
import { compileKernel, type FuseNode, fuse, fuseWasm, fx } from '../../codegen/index.js';

interface WasmApi {
  Memory: new (d: object) => { buffer: SharedArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
type Fn = (...a: unknown[]) => unknown;
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const N = 1_000_000;
const mem = new Wasm.Memory({ initial: Math.ceil((8 * 3 * N) / 65536), maximum: 65536, shared: true });
const X = new Float64Array(mem.buffer, 0, N);
const Y = new Float64Array(mem.buffer, 8 * N, N);
const OUT = new Float64Array(mem.buffer, 16 * N, N);

/** Best CPU nanoseconds per element of `fn` over 7 batches of `reps` calls. */
function nsPerElement(fn: () => void, reps = 5): number {
  fn();
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 7; r++) {
    const c0 = process.cpuUsage();
    for (let q = 0; q < reps; q++) fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, ((c.user + c.system) * 1000) / reps / N);
  }
  return best;
}

interface Case {
  name: string;
  tree: FuseNode;
  arity: 1 | 2;
  /** The helper the kernel calls, and what the old kernel called instead. */
  helper: string;
  old: string;
  /** Fills X (and Y) with typical arguments. */
  fill: (i: number) => [number, number];
  /** The NumPy expression (x, y, o arrays). */
  numpy: string;
}
const u = (i: number) => ((i * 7919) % 100_003) / 100_003; // deterministic values in [0, 1)
const CASES: Case[] = [
  {
    name: 'exp',
    tree: fx.exp(fx.input(0)),
    arity: 1,
    helper: 'fexp',
    old: 'Math.exp',
    fill: (i) => [u(i) * 20 - 10, 0],
    numpy: 'np.exp(x, out=o)',
  },
  {
    name: 'log',
    tree: fx.log(fx.input(0)),
    arity: 1,
    helper: 'flog',
    old: 'Math.log',
    fill: (i) => [10 ** (u(i) * 6 - 3), 0],
    numpy: 'np.log(x, out=o)',
  },
  {
    name: 'expm1',
    tree: fx.expm1(fx.input(0)),
    arity: 1,
    helper: 'fexpm1',
    old: 'Math.expm1',
    fill: (i) => [u(i) * 10 - 5, 0],
    numpy: 'np.expm1(x, out=o)',
  },
  {
    name: 'log1p',
    tree: fx.log1p(fx.input(0)),
    arity: 1,
    helper: 'flog1p',
    old: 'Math.log1p',
    fill: (i) => [u(i) * 10 - 0.9, 0],
    numpy: 'np.log1p(x, out=o)',
  },
  {
    name: 'log2',
    tree: fx.log2(fx.input(0)),
    arity: 1,
    helper: 'flog2',
    old: 'Math.log2',
    fill: (i) => [10 ** (u(i) * 6 - 3), 0],
    numpy: 'np.log2(x, out=o)',
  },
  {
    name: 'log10',
    tree: fx.log10(fx.input(0)),
    arity: 1,
    helper: 'flog10',
    old: 'Math.log10',
    fill: (i) => [10 ** (u(i) * 6 - 3), 0],
    numpy: 'np.log10(x, out=o)',
  },
  {
    name: 'pow(x, y) arrays',
    tree: fx.power(fx.input(0), fx.input(1)),
    arity: 2,
    helper: 'fpow',
    old: 'powf',
    fill: (i) => [u(i) * 10 + 0.1, u(i + 17) * 10 - 5],
    numpy: 'np.power(x, y, out=o)',
  },
  {
    name: 'pow(x, 2.5)',
    tree: fx.power(fx.input(0), fx.scalar(0)),
    arity: 1,
    helper: 'fpow',
    old: 'powf',
    fill: (i) => [u(i) * 10 + 0.1, 0],
    numpy: 'np.power(x, 2.5, out=o)',
  },
];
/** The pre-issue-24 float pow helper of fused kernels (C's special cases around Math.pow). */
const OLD_POWF =
  'function powf(a, b) { return a === 1 || (a === -1 && (b === Infinity || b === -Infinity)) ? 1 : Math.pow(a, b); }';

/** NumPy's ns per element for each case (same values, written to a file it reads), or null. */
function numpyFigures(): Map<string, number> | null {
  const script = `
import numpy as np, time, json, sys
N = ${N}
i = np.arange(N, dtype=np.int64)
u = ((i * 7919) % 100003) / 100003
u17 = (((i + 17) * 7919) % 100003) / 100003
o = np.empty(N)
cases = json.loads(sys.argv[1])
res = {}
for name, xs, ys, expr in cases:
    x = eval(xs); y = eval(ys)
    best = 1e9
    for _ in range(7):
        t0 = time.process_time()
        for _ in range(5):
            eval(expr)
        best = min(best, (time.process_time() - t0) / 5 / N * 1e9)
    res[name] = best
print(json.dumps(res))
`;
  const py = [
    ['exp', 'u * 20 - 10'],
    ['log', '10 ** (u * 6 - 3)'],
    ['expm1', 'u * 10 - 5'],
    ['log1p', 'u * 10 - 0.9'],
    ['log2', '10 ** (u * 6 - 3)'],
    ['log10', '10 ** (u * 6 - 3)'],
    ['pow(x, y) arrays', 'u * 10 + 0.1'],
    ['pow(x, 2.5)', 'u * 10 + 0.1'],
  ];
  const args = CASES.map((c, k) => [c.name, py[k]![1], 'u17 * 10 - 5', c.numpy]);
  const r = spawnSync('python3', ['-c', script, JSON.stringify(args)], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  return new Map(Object.entries(JSON.parse(r.stdout) as Record<string, number>));
}

const rows: string[] = [];
const np = numpyFigures();
for (const c of CASES) {
  for (let i = 0; i < N; i++) [X[i], Y[i]] = c.fill(i);
  const scalars = c.tree === CASES[7]!.tree ? 1 : 0;
  const w = new Wasm.Instance(new Wasm.Module(fuseWasm(c.tree, c.arity, scalars)), { e: { mem } }).exports
    .kernel as Fn;
  const wasmArgs = c.arity === 2 ? [16 * N, 0, 8 * N] : [16 * N, 0];
  const k = fuse(c.tree, { out: 'float64', rank: 1, contiguous: true });
  const js = compileKernel(k) as Fn;
  // The old kernel: the same source, calls to the helper replaced by the Math function.
  const oldSource = k.source
    .replace(new RegExp(`(?<!function )\\b${c.helper}\\(`, 'g'), `${c.old}(`)
    .replace(/\{\n/, c.old === 'powf' ? `{\n  ${OLD_POWF}\n` : '{\n');
  const old = new Function(`return (${oldSource});`)() as Fn;
  const jsArgs = c.arity === 2 ? [OUT, 0, X, 0, Y, 0] : [OUT, 0, X, 0];
  const sc = scalars === 1 ? [2.5] : [];
  const tw = nsPerElement(() => w(...wasmArgs, ...sc, 0, N));
  const check = Float64Array.from(OUT);
  const tj = nsPerElement(() => js(...jsArgs, ...sc, 0, N));
  for (let i = 0; i < N; i++)
    if (!Object.is(OUT[i], check[i]) && !(Number.isNaN(OUT[i]) && Number.isNaN(check[i])))
      throw new Error(`${c.name}: the Wasm and JavaScript forms differ at ${i}`);
  const to = nsPerElement(() => old(...jsArgs, ...sc, 0, N));
  const tn = np?.get(c.name);
  rows.push(
    `| ${c.name} | ${tw.toFixed(2)} | ${tj.toFixed(2)} | ${to.toFixed(2)} | ${tn === undefined ? '—' : tn.toFixed(2)} |`,
  );
}
console.log(`1e6 elements, one thread, CPU ns per element (best of 7 × 5 calls)\n`);
console.log('| function | Wasm form | JavaScript form | old JavaScript (Math.*) | NumPy |');
console.log('| -------- | --------- | --------------- | ----------------------- | ----- |');
for (const r of rows) console.log(r);
