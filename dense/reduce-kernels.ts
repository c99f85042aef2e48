/**
 * Sources of the reduction kernels, generated from one small table of accumulation snippets: full
 * reductions write one partial per fixed block (deterministic at any pool size); axis reductions
 * reduce the last axis of a permuted input view into each output element of the piece.
 */
import { fuseWasm, fx, SUM_LANES, SUM_LANES_JOIN } from '../codegen/index.js';
import { ensureKernel, registerCombine, registerKernel, type TaskContext } from '../runtime/index.js';
import { colsumWasmBytes } from './colsum-wasm.js';
import { extremeWasmBytes } from './extreme-wasm.js';
import { AXIS_REDUCE_PREFIX, REDUCE_PREFIX } from './kernel-names.js';
import { pairwiseWasmBytes } from './pairwise-wasm.js';
import { rowExtremeWasmBytes } from './rowext-wasm.js';

/** The reduction operations with their accumulator snippets (`v` is the element, `k` its index). */
export type RedKind =
  | 'sum'
  | 'prod'
  | 'min'
  | 'max'
  | 'argmin'
  | 'argmax'
  | 'all'
  | 'any'
  | 'sqdev'
  | 'count';

interface Snip {
  init: string; // initial accumulator (may use `first`)
  step: string; // update with `v` at position `k`
  arg?: boolean; // keeps an index `ai`
}

const SNIPS: Record<RedKind, Snip> = {
  sum: { init: '0', step: 'acc += v;' },
  sqdev: { init: '0', step: 'const dv = v - m; acc += dv * dv;' },
  count: { init: '0', step: 'if (v !== 0) acc++;' },
  prod: { init: '1', step: 'acc *= v;' },
  min: { init: 'first', step: 'if (v < acc || v !== v) acc = v;' },
  max: { init: 'first', step: 'if (v > acc || v !== v) acc = v;' },
  argmin: { init: 'first', step: 'if (acc === acc && (v < acc || v !== v)) { acc = v; ai = k; }', arg: true },
  argmax: { init: 'first', step: 'if (acc === acc && (v > acc || v !== v)) { acc = v; ai = k; }', arg: true },
  all: { init: '1', step: 'if (v === 0) acc = 0;' },
  any: { init: '0', step: 'if (v !== 0) acc = 1;' },
};

const fullRegistered = new Set<string>();

/**
 * The full sum's kernel (`sqdev`: the sum of squared deviations from the future `m`, `var`'s):
 * each block of a piece summed in codegen's fused-sum order (eight running sums over the first
 * multiple of eight elements, joined, then the rest in order: `SUM_LANES`), so that a fused
 * `sum(f(x))` (dense/ewise-reduce.ts) gives the bits of summing `f(x)` stored, and so that the
 * eight sums run side by side instead of one waiting on each add. Contiguous float64 in the
 * region heap runs codegen's Wasm form of the same sum (`fuseWasm` of the identity, or of
 * `square(x - m)`, with `reduce: 'sum'`, nothing stored: the eight sums as four `f64x2`), compiled
 * once per thread.
 */
function laneSource(kind: 'sum' | 'sqdev'): string {
  const sq = kind === 'sqdev';
  const wasm = moduleLiteral(sq ? sqdevWasmBytes : sumWasmBytes);
  /** Adds the term of element `X[idx]` to `acc` (sqdev: `d = x - m; acc += d * d`, as fuse's square). */
  const add = (acc: string, idx: string, u: number | string) =>
    sq ? `{ const d${u} = X[${idx}] - m; ${acc} += d${u} * d${u}; }` : `${acc} += X[${idx}];`;
  return `function (t) {
  const X = t.arrays[0], off = t.offsets[0], s0 = t.strides[0][0], P = t.partials, B = t.block;
  const m = t.futures.length > 0 ? t.futures[0] : 0;
  if (${wasm} !== null && s0 === 1 && t.heap && X instanceof Float64Array) {
    ${heapKernelSource(`__cohortLanes_${kind}`, wasm, 't.hi[0] - t.lo[0]')}
    const xb = X.byteOffset + 8 * off;
    for (let b0 = t.lo[0]; b0 < t.hi[0]; b0 += B)
      P[(b0 / B) | 0] = fn(0, xb, ${sq ? 'm, ' : ''}b0, Math.min(t.hi[0], b0 + B));
    return;
  }
  for (let b0 = t.lo[0]; b0 < t.hi[0]; b0 += B) {
    const e = Math.min(t.hi[0], b0 + B);
    let ${Array.from({ length: SUM_LANES }, (_, u) => `a${u} = 0`).join(', ')};
    let k = b0;
    let j = off + b0 * s0;
    for (; k + ${SUM_LANES - 1} < e; k += ${SUM_LANES}, j += ${SUM_LANES} * s0) {
${Array.from({ length: SUM_LANES }, (_, u) => `      ${add(`a${u}`, `j${u === 0 ? '' : ` + ${u} * s0`}`, u)}`).join('\n')}
    }
    let acc = ${SUM_LANES_JOIN};
    for (; k < e; k++, j += s0) ${add('acc', 'j', '')}
    P[(b0 / B) | 0] = acc;
  }
}`;
}

/** The Wasm extremes of contiguous float64 blocks (see {@link fullKernel}). */
const maxWasmBytes = (): Uint8Array => extremeWasmBytes(true);
const minWasmBytes = (): Uint8Array => extremeWasmBytes(false);

/** The Wasm forms of a contiguous float64 sum and sum of squared deviations (see {@link laneSource}). */
const sumWasmBytes = (): Uint8Array => fuseWasm(fx.input(0, 'float64'), 1, 0, [], 'sum', false);
const sqdevWasmBytes = (): Uint8Array =>
  fuseWasm(fx.square(fx.subtract(fx.input(0, 'float64'), fx.scalar(0, 'float64'))), 1, 1, [], 'sum', false);

/** Name of the full-reduction kernel of `kind` (registered on first use). */
export function fullKernel(kind: RedKind): string {
  const name = `${REDUCE_PREFIX}${kind}`;
  if (fullRegistered.has(name)) return name;
  const s = SNIPS[kind];
  const w = s.arg ? 2 : 1;
  // max and min of contiguous float64 in the heap: the block's Wasm extreme (dense/extreme-wasm.ts),
  // unless it is zero or NaN, which the loop below decides (its first zero, its last NaN).
  const wasm =
    kind === 'max' || kind === 'min' ? moduleLiteral(kind === 'max' ? maxWasmBytes : minWasmBytes) : 'null';
  const fast =
    wasm === 'null'
      ? ''
      : `let ext = null, xb = 0;
  if (${wasm} !== null && s0 === 1 && t.heap && X instanceof Float64Array) {
    ${heapKernelSource(`__cohortExtreme_${kind}`, wasm, 't.hi[0] - t.lo[0]')}
    ext = fn;
    xb = X.byteOffset + 8 * off;
  }`;
  const fastBlock =
    wasm === 'null'
      ? ''
      : `if (ext !== null) {
      const r = ext(xb + 8 * b0, e - b0);
      if (r !== 0 && r === r) {
        P[(b0 / B) | 0] = r;
        continue;
      }
    }`;
  const source =
    kind === 'sum' || kind === 'sqdev'
      ? laneSource(kind)
      : `function (t) {
  const X = t.arrays[0], off = t.offsets[0], s0 = t.strides[0][0], P = t.partials, B = t.block;
  const m = t.futures.length > 0 ? t.futures[0] : 0;
  ${fast}
  for (let b0 = t.lo[0]; b0 < t.hi[0]; b0 += B) {
    const e = Math.min(t.hi[0], b0 + B);
    ${fastBlock}
    const first = X[off + b0 * s0];
    let acc = ${s.init};
    let ai = b0;
    for (let k = b0; k < e; k++) {
      const v = X[off + k * s0];
      ${s.step}
    }
    const p = ((b0 / B) | 0) * ${w};
    P[p] = acc;${s.arg ? '\n    P[p + 1] = ai;' : ''}
  }
}`;
  // nothrow: comparisons and sums of any numbers never throw, so the runtime may run this kernel
  // in one task with the element-wise launch that computes its input (launch-pair fusion).
  const fn = new Function(`return (${source});`)() as (t: TaskContext) => void;
  registerKernel(name, fn, { source, nothrow: true });
  fullRegistered.add(name);
  return name;
}

/** The comparison that keeps the accumulator, for the extremes along an axis (axisKernel). */
const EXTREMES: Partial<Record<RedKind, string>> = { min: '>=', argmin: '>=', max: '<=', argmax: '<=' };

/** Combine names for argmin/argmax partials (value, index) in block order. */
export const ARG_COMBINE = { argmin: 'dense.combine.argmin', argmax: 'dense.combine.argmax' } as const;

// biome-ignore-start lint/suspicious/noSelfCompare: NaN tests in kernels
registerCombine(ARG_COMBINE.argmin, (p, nBlocks, width) => {
  let best = p[0]!;
  let bi = p[1]!;
  for (let b = 1; b < nBlocks; b++) {
    const v = p[b * width]!;
    if (best === best && (v < best || v !== v)) {
      best = v;
      bi = p[b * width + 1]!;
    }
  }
  return bi;
});
registerCombine(ARG_COMBINE.argmax, (p, nBlocks, width) => {
  let best = p[0]!;
  let bi = p[1]!;
  for (let b = 1; b < nBlocks; b++) {
    const v = p[b * width]!;
    if (best === best && (v > best || v !== v)) {
      best = v;
      bi = p[b * width + 1]!;
    }
  }
  return bi;
});

// biome-ignore-end lint/suspicious/noSelfCompare: NaN tests in kernels

/**
 * Source of an axis-reduction kernel: walks the piece's output elements (an odometer over the
 * first `r` axes) and stores `O[oo] = <result>` after `row` has reduced the input's last axis from
 * `xo` (its `n` elements `sk` apart). `prelude` declares what `row` uses beyond those names.
 */
function axisSource(
  r: number,
  prelude: string,
  row: string,
  column?: { init: string; step: string; wasm?: string },
  rowsWasm = '',
): string {
  // One output axis (a matrix reduced along its rows: kmeans' argmin(pairwise, 1) over 2e6 rows
  // of 10): a plain loop over the rows, the offsets stepped, no odometer per output element.
  // With `column` (accumulations in order that need no first element), a reduced axis that is
  // farther apart in memory than the outputs (`sum(X, axis=0)` of a C-ordered X) runs with the
  // loops swapped: one pass over X, adding each input row to the piece's accumulators in order —
  // the same operations in the same order per output (the same bits), instead of one strided
  // pass over X per output.
  if (r === 1) {
    // Sums of float64 rows in the region heap, with contiguous rows and outputs: the same loop as
    // WebAssembly SIMD (dense/colsum-wasm.ts: the same additions in the same order), compiled once
    // per thread and heap and kept on globalThis.
    const wasm =
      column?.wasm === undefined
        ? ''
        : `if (${column.wasm} !== null && t.heap && xs0 === 1 && os0 === 1 && sk > 0 && X instanceof Float64Array && O instanceof Float64Array) {
      ${heapKernelSource('__cohortColsum', column.wasm, 'n * (i1 - i0)')}
      fn(O.byteOffset + 8 * (t.offsets[0] + i0), X.byteOffset + 8 * (t.offsets[1] + i0), 8 * sk, i1 - i0, n);
      return;
    }`;
    const swapped =
      column === undefined
        ? ''
        : `if (i1 - i0 > 1 && n > 1 && Math.abs(sk) > Math.abs(xs0)) {
    ${wasm}
    const A = new Float64Array(i1 - i0).fill(${column.init});
    const w = i1 - i0;
    for (let k = 0, xk = t.offsets[1] + i0 * xs0; k < n; k++, xk += sk) {
      for (let j = 0, xo = xk; j < w; j++, xo += xs0) {
        const v = X[xo];
        ${column.step}
      }
    }
    let oo = t.offsets[0] + i0 * os0;
    for (let j = 0; j < w; j++, oo += os0) O[oo] = A[j];
    return;
  }`;
    return `function (t) {
  const O = t.arrays[0], X = t.arrays[1], os0 = t.strides[0][0], xs0 = t.strides[1][0];
  const n = t.shapes[1][1], sk = t.strides[1][1], i0 = t.lo[0], i1 = t.hi[0];
  ${prelude}
  ${swapped}
  ${rowsWasm}
  let oo = t.offsets[0] + i0 * os0, xo = t.offsets[1] + i0 * xs0;
  for (let i = i0; i < i1; i++, oo += os0, xo += xs0) {
    ${row}
  }
}`;
  }
  return `function (t) {
  const O = t.arrays[0], X = t.arrays[1], os = t.strides[0], xs = t.strides[1];
  const r = ${r}, n = t.shapes[1][r], sk = xs[r], lo = t.lo, hi = t.hi;
  for (let d = 0; d < r; d++) if (hi[d] <= lo[d]) return;
  ${prelude}
  const idx = lo.slice();
  for (;;) {
    let oo = t.offsets[0], xo = t.offsets[1];
    for (let d = 0; d < r; d++) { oo += idx[d] * os[d]; xo += idx[d] * xs[d]; }
    ${row}
    let d = r - 1;
    for (; d >= 0; d--) { if (++idx[d] < hi[d]) break; idx[d] = lo[d]; }
    if (d < 0) break;
  }
}`;
}

/**
 * Name of the axis-reduction kernel of `kind` for output rank `r` (≥ 1). Arg 0 is the output
 * (key), arg 1 the input viewed as `[...outShape, n]` (the reduced axis last). Scalars: [m] for sqdev.
 * `pairwise` (sums only): NumPy's pairwise summation along the axis, which NumPy uses when the
 * reduced axis is the innermost one in memory — see {@link pairwiseAxisKernel}.
 */
export function axisKernel(kind: RedKind, r: number, pairwise = false): string {
  if (pairwise && kind === 'sum') return pairwiseAxisKernel(r);
  const name = `${AXIS_REDUCE_PREFIX}${kind}.${r}`;
  const s = SNIPS[kind];
  const ext = EXTREMES[kind];
  ensureKernel(name, () => ({
    source: axisSource(
      r,
      'const m = t.scalars.length > 0 ? t.scalars[0] : 0;',
      ext !== undefined
        ? // One comparison per element: !(v >= acc) is v < acc or v NaN (then it wins and ends
          // the line, NumPy's rule); ties keep the first index.
          `let acc = X[xo];
    let ai = 0;
    if (acc === acc) {
      for (let k = 1; k < n; k++) {
        const v = X[xo + k * sk];
        if (!(v ${ext} acc)) {
          acc = v;
          ai = k;
          if (v !== v) break;
        }
      }
    }
    O[oo] = ${s.arg ? 'ai' : 'acc'};`
        : `const first = X[xo];
    let acc = ${s.init};
    let ai = 0;
    for (let k = 0; k < n; k++) {
      const v = X[xo + k * sk];
      ${s.step}
    }
    O[oo] = ${s.arg ? 'ai' : 'acc'};`,
      ext === undefined && !s.arg && s.init !== 'first'
        ? {
            init: s.init,
            step: s.step.replace(/\bacc\b/g, 'A[j]'),
            ...(kind === 'sum' ? { wasm: moduleLiteral(colsumWasmBytes) } : {}),
          }
        : undefined,
      ext === undefined ? '' : rowExtremeSource(kind, s.arg === true),
    ),
  }));
  return name;
}

const ROW_EXTREME_BYTES = {
  min: () => rowExtremeWasmBytes(false, false),
  max: () => rowExtremeWasmBytes(true, false),
  argmin: () => rowExtremeWasmBytes(false, true),
  argmax: () => rowExtremeWasmBytes(true, true),
} as const;

/**
 * The rows of a one-axis min/max/argmin/argmax in the region heap, contiguous float64 rows into a
 * float64 (int32 for the index) output: dense/rowext-wasm.ts, two rows per SIMD vector — the
 * JavaScript loop's rule, branch-free (kmeans' 2e6 rows of 10: ~7 ns per element in JavaScript).
 */
function rowExtremeSource(kind: RedKind, arg: boolean): string {
  const build = ROW_EXTREME_BYTES[kind as keyof typeof ROW_EXTREME_BYTES];
  const lit = moduleLiteral(build);
  const w = arg ? 4 : 8;
  return `if (${lit} !== null && t.heap && sk === 1 && n >= 1 && i1 > i0 && X instanceof Float64Array && O instanceof ${arg ? 'Int32Array' : 'Float64Array'}) {
    ${heapKernelSource(`__cohortRowExt_${kind}`, lit, 'n * (i1 - i0)')}
    fn(O.byteOffset + ${w} * (t.offsets[0] + i0 * os0), ${w} * os0, X.byteOffset + 8 * (t.offsets[1] + i0 * xs0), 8 * xs0, n, i1 - i0);
    return;
  }`;
}

/**
 * Shortest row whose pairwise sum runs as WebAssembly (dense/pairwise-wasm.ts): below it a call
 * into the module costs more than the few additions it saves (kmeans' 2e6 rows of 10).
 */
const PAIRWISE_WASM_MIN = 32;

const literals = new Map<() => Uint8Array, string>();

/** A module's bytes as an array literal for a kernel's source (once per module); `null` without Wasm SIMD. */
function moduleLiteral(build: () => Uint8Array): string {
  let lit = literals.get(build);
  if (lit === undefined) {
    const bytes = build();
    const api = (globalThis as unknown as { WebAssembly?: { validate(b: Uint8Array): boolean } }).WebAssembly;
    lit = api?.validate(bytes) === true ? `[${Array.from(bytes).join(',')}]` : 'null';
    literals.set(build, lit);
  }
  return lit;
}

/**
 * Kernel source declaring `fn`, the `kernel` export of the module `literal` on this thread's heap
 * (`t.heap`): compiled once per thread and heap (`elements`: the piece's size, for the tier
 * runtime/wasm-tier.ts picks) and kept on `globalThis[key]`.
 */
function heapKernelSource(key: string, literal: string, elements: string): string {
  return `const g = globalThis;
    let c = g.${key};
    if (c === undefined || c.mem !== t.heap) {
      const bytes = new Uint8Array(${literal});
      const mod = g.__cohortWasmModule ? g.__cohortWasmModule(bytes, ${elements}) : new g.WebAssembly.Module(bytes);
      c = { mem: t.heap, fn: new g.WebAssembly.Instance(mod, { e: { mem: t.heap } }).exports.kernel };
      g.${key} = c;
    }
    const fn = c.fn;`;
}

/**
 * Sum along the last axis of the input view by NumPy's pairwise summation (its
 * `pairwise_sum`): runs of fewer than 8 elements add in order; runs of up to 128 use 8 running sums
 * (elements k ≡ j mod 8), folded as ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)), then the tail in order;
 * longer runs split at half rounded down to a multiple of 8 and add the two halves' sums. The
 * output is `0 + sum`, NumPy's identity-initialized reduction. So float64 row sums of a C-ordered
 * array carry NumPy's bits, and eight independent sums run at the adder's throughput instead of
 * its latency (a single running sum waits ~4 cycles per element). Contiguous float64 rows of at
 * least {@link PAIRWISE_WASM_MIN} elements in the region heap run the same summation as
 * WebAssembly SIMD (dense/pairwise-wasm.ts: the eight sums are the lanes of four `f64x2`
 * accumulators), compiled once per thread and heap.
 */
/**
 * Source of `pw(o, len)`: NumPy's pairwise summation (see {@link pairwiseAxisKernel}) of the `len`
 * elements of the array named `arr` from index `o`, `step` apart (an expression of the kernel
 * text) — shared by the axis kernel and the folded axis sums of dense/reduce-lazy-axis.ts, whose
 * bits must be the same.
 * @param arr - the array's name in the kernel text
 * @param step - the elements' stride, a name or `'1'`
 * @returns the declaration `const pw = (o, len) => …;`
 */
export function pairwiseSumSource(arr: string, step: string): string {
  const unit = step === '1';
  /** `base` plus j strides (j a number or a name). */
  const at = (base: string, j: number | string) =>
    j === 0 ? base : unit ? `${base} + ${j}` : j === 1 ? `${base} + ${step}` : `${base} + ${j} * ${step}`;
  const x = (base: string, j: number | string) => `${arr}[${at(base, j)}]`;
  return `const pw = (o, len) => {
    if (len < 8) {
      let acc = 0;
      for (let k = 0; k < len; k++) acc += ${x('o', 'k')};
      return acc;
    }
    if (len <= 128) {
      let s0 = ${x('o', 0)}, s1 = ${x('o', 1)}, s2 = ${x('o', 2)}, s3 = ${x('o', 3)};
      let s4 = ${x('o', 4)}, s5 = ${x('o', 5)}, s6 = ${x('o', 6)}, s7 = ${x('o', 7)};
      const e = len - (len % 8);
      let k = 8;
      for (let p = ${at('o', 8)}; k < e; k += 8, p += ${unit ? '8' : `8 * ${step}`}) {
        s0 += ${x('p', 0)}; s1 += ${x('p', 1)}; s2 += ${x('p', 2)}; s3 += ${x('p', 3)};
        s4 += ${x('p', 4)}; s5 += ${x('p', 5)}; s6 += ${x('p', 6)}; s7 += ${x('p', 7)};
      }
      let acc = ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
      for (; k < len; k++) acc += ${x('o', 'k')};
      return acc;
    }
    let half = Math.floor(len / 2);
    half -= half % 8;
    return pw(o, half) + pw(${at('o', 'half')}, len - half);
  };`;
}

function pairwiseAxisKernel(r: number): string {
  const name = `${AXIS_REDUCE_PREFIX}sum.pairwise.${r}`;
  ensureKernel(name, () => ({
    source: axisSource(
      r,
      `${pairwiseSumSource('X', 'sk')}
  let pwx = pw;
  if (${moduleLiteral(pairwiseWasmBytes)} !== null && n >= ${PAIRWISE_WASM_MIN} && sk === 1 && t.heap && X instanceof Float64Array) {
    ${heapKernelSource('__cohortPairwise', moduleLiteral(pairwiseWasmBytes), 'n')}
    const xb = X.byteOffset;
    pwx = (o, len) => fn(xb + 8 * o, len);
  }`,
      'O[oo] = 0 + pwx(xo, n);',
    ),
  }));
  return name;
}
