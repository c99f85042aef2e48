/**
 * The kernels of one-task solves (one-task.ts). Each loop repeats, in the same order, the
 * arithmetic of the launch it stands for, so that a one-task solve is bitwise the per-launch one:
 * - `dotBlocks`: the dot kernel (dense/kernels-linalg.ts) — per block of `B` elements eight
 *   accumulators over k ≡ 0…7 (mod 8), the tail into the first,
 *   `((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))`, and the
 *   blocks' partials added in order to 0 (runtime/engine-combine.ts);
 * - `spmvRows`: the CSR SpMV loop (sparse/core/generated.ts): `s = 0; s += v·x[j]` in storage
 *   order, the arrays indexed from their regions' start;
 * - the fused pairs (SpMV then dot, update then dot) block by block, as launch-pair fusion runs
 *   them — the same values as one after the other;
 * - the element-wise updates `y + x·a` and `z + p·β` (no fused multiply-add, as the fused kernels).
 *
 * Module-level functions, joined into one self-contained source by {@link cgSource} (a kernel is
 * shipped as text): helpers are made once per thread, not once per call (fresh closures per call
 * deoptimize their callers: "wrong call target"). They stay in this one module on purpose: a
 * helper imported from another module would appear in a kernel's text under the name the
 * transpiler gives the import (vitest's transform rewrites it to a property access), so the text
 * would not run elsewhere. Nested arrow functions are avoided for the same reason (tsx wraps them
 * in a `__name` helper).
 */
import type { TaskContext } from '../../runtime/index.js';
import { ONE_TASK_WASM_BASE64 } from './one-task-wasm-base64.js';

/** Σ X[k]·Y[k], k < n, in the dot kernel's blocks and order. */
function dotBlocks(X: Float64Array, Y: Float64Array, n: number, B: number): number {
  let tot = 0;
  for (let b0 = 0; b0 < n; b0 += B) tot += dotPart(X, Y, b0, b0 + B < n ? b0 + B : n);
  return tot;
}

/** The partial of one block: Σ X[k]·Y[k], lo ≤ k < hi (eight accumulators, the dot kernel's). */
export function dotPart(X: Float64Array, Y: Float64Array, lo: number, hi: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  let k = lo;
  for (; k + 7 < hi; k += 8) {
    s0 += X[k]! * Y[k]!;
    s1 += X[k + 1]! * Y[k + 1]!;
    s2 += X[k + 2]! * Y[k + 2]!;
    s3 += X[k + 3]! * Y[k + 3]!;
    s4 += X[k + 4]! * Y[k + 4]!;
    s5 += X[k + 5]! * Y[k + 5]!;
    s6 += X[k + 6]! * Y[k + 6]!;
    s7 += X[k + 7]! * Y[k + 7]!;
  }
  for (; k < hi; k++) s0 += X[k]! * Y[k]!;
  return s0 + s1 + (s2 + s3) + (s4 + s5 + (s6 + s7));
}

/** y[i] = Σ V[k]·v[C[k]] over row i's entries, lo ≤ i < hi (the SpMV loop). */
export function spmvRows(
  P: Int32Array,
  C: Int32Array,
  V: Float64Array,
  v: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    let s = 0;
    const end = P[i + 1]!;
    for (let k = P[i]!; k < end; k++) s += V[k]! * v[C[k]!]!;
    y[i] = s;
  }
}

/** y = A·x and returns w·y, block by block (the fused SpMV + dot launch). */
function spmvDot(
  P: Int32Array,
  C: Int32Array,
  V: Float64Array,
  x: Float64Array,
  y: Float64Array,
  w: Float64Array,
  n: number,
  B: number,
): number {
  let tot = 0;
  for (let b0 = 0; b0 < n; b0 += B) {
    const e = b0 + B < n ? b0 + B : n;
    spmvRows(P, C, V, x, y, b0, e);
    tot += dotPart(w, y, b0, e);
  }
  return tot;
}

/** y = y − x·a and returns y·y, block by block (the fused update + dot launch). */
function axmyDot(y: Float64Array, a: number, x: Float64Array, n: number, B: number): number {
  let tot = 0;
  for (let b0 = 0; b0 < n; b0 += B) {
    const e = b0 + B < n ? b0 + B : n;
    for (let i = b0; i < e; i++) y[i] = y[i]! - x[i]! * a;
    tot += dotPart(y, y, b0, e);
  }
  return tot;
}

/** y = y + x·a. */
function axpy(y: Float64Array, a: number, x: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) y[i] = y[i]! + x[i]! * a;
}

/** y = y − x·a. */
function axmy(y: Float64Array, a: number, x: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) y[i] = y[i]! - x[i]! * a;
}

/** p = z + p·β. */
function xpay(p: Float64Array, beta: number, z: Float64Array, n: number): void {
  for (let i = 0; i < n; i++) p[i] = z[i]! + p[i]! * beta;
}

/** The Wasm module's exports (one-task-wasm.ts). */
export interface OneTaskWasm {
  dotBlocks(xp: number, yp: number, n: number, B: number): number;
  spmvRows(P: number, C: number, V: number, xp: number, yp: number, lo: number, hi: number): void;
  spmvDot(P: number, C: number, V: number, xp: number, yp: number, wp: number, n: number, B: number): number;
  ymx(yp: number, a: number, xp: number, lo: number, hi: number): void;
  ypx(yp: number, a: number, xp: number, lo: number, hi: number): void;
  zpp(pp: number, beta: number, zp: number, lo: number, hi: number): void;
  axmyDot(yp: number, a: number, xp: number, n: number, B: number): number;
  checkCsr(P: number, C: number, n: number, cap: number): number;
}

/** The module's bytes in base64, spliced into the kernel's source by {@link cgSource}. */
declare const ONE_TASK_WASM: string;

/**
 * The module's instance for this thread and heap (made once, kept on `globalThis`), or null when
 * the launch's regions are not all in the heap or the host has no WebAssembly.
 */
export function wasmOf(t: TaskContext): OneTaskWasm | null {
  if (!t.heap) return null;
  const g = globalThis as unknown as {
    WebAssembly?: {
      Module: new (b: Uint8Array) => unknown;
      Instance: new (m: unknown, i: unknown) => { exports: unknown };
    };
    atob?: (s: string) => string;
    __cohortOneTask?: { mem: unknown; ex: OneTaskWasm | null };
  };
  let w = g.__cohortOneTask;
  if (w === undefined || w.mem !== t.heap) {
    let ex: OneTaskWasm | null = null;
    try {
      const text = g.atob!(ONE_TASK_WASM);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      const mod = new g.WebAssembly!.Module(bytes);
      ex = new g.WebAssembly!.Instance(mod, { e: { mem: t.heap } }).exports as OneTaskWasm;
    } catch {
      ex = null; // no WebAssembly (or no SIMD): the JavaScript loops, the same bits
    }
    w = { mem: t.heap, ex };
    g.__cohortOneTask = w;
  }
  return w.ex;
}

/**
 * The Wasm module for a launch whose CSR operands are safe to read unchecked (the structure check
 * passes), else null (then the JavaScript loops run: out-of-range indices read as NaN there, as
 * in the SpMV kernel's JavaScript form).
 */
export function wasmFor(t: TaskContext, n: number, csrArgs: readonly number[]): OneTaskWasm | null {
  const W = wasmOf(t);
  if (W === null) return null;
  const a = t.arrays;
  for (const k of csrArgs) {
    const P = a[k]!;
    const C = a[k + 1]!;
    const cap = Math.min(C.length, a[k + 2]!.length);
    if (P.length < n + 1 || W.checkCsr(P.byteOffset, C.byteOffset, n, cap) !== 1) return null;
  }
  return W;
}

/** Σ X·Y in the dot kernel's blocks, in Wasm when `W` is given. */
function dotWith(W: OneTaskWasm | null, X: Float64Array, Y: Float64Array, n: number, B: number): number {
  return W !== null ? W.dotBlocks(X.byteOffset, Y.byteOffset, n, B) : dotBlocks(X, Y, n, B);
}

/**
 * The whole CG solve over one piece: the loop of cg-host.ts. Arguments: 0 x (read-write), 1–3
 * A's indptr, indices, data, 4 b, 5 r, 6 p, 7 q, 8 out (`[info]`), and with a preconditioner 9–11
 * M's indptr, indices, data, 12 z. Scalars: n, rtol, atol, maxiter, hasX0, hasM, block.
 */
function cgSolve(t: TaskContext): void {
  const S = t.scalars;
  const n = S[0]!;
  const rtol = S[1]!;
  const atolIn = S[2]!;
  const maxiter = S[3]!;
  const hasX0 = S[4] === 1;
  const hasM = S[5] === 1;
  const B = S[6]!;
  const a = t.arrays;
  const o = t.offsets;
  const x = (a[0] as Float64Array).subarray(o[0]!, o[0]! + n);
  const Ap = a[1] as Int32Array;
  const Ai = a[2] as Int32Array;
  const Av = a[3] as Float64Array;
  const b = (a[4] as Float64Array).subarray(o[4]!, o[4]! + n);
  const r = (a[5] as Float64Array).subarray(o[5]!, o[5]! + n);
  const p = (a[6] as Float64Array).subarray(o[6]!, o[6]! + n);
  const q = (a[7] as Float64Array).subarray(o[7]!, o[7]! + n);
  const out = a[8] as Float64Array;
  const Mp = hasM ? (a[9] as Int32Array) : Ap;
  const Mi = hasM ? (a[10] as Int32Array) : Ai;
  const Mv = hasM ? (a[11] as Float64Array) : Av;
  const z = hasM ? (a[12] as Float64Array).subarray(o[12]!, o[12]! + n) : r;
  const W = wasmFor(t, n, hasM ? [1, 9] : [1]);
  // Byte addresses in the heap (used with W only).
  const xa = x.byteOffset;
  const ra = r.byteOffset;
  const pa = p.byteOffset;
  const qa = q.byteOffset;
  const za = z.byteOffset;
  const [Apa, Aia, Ava] = [Ap.byteOffset, Ai.byteOffset, Av.byteOffset];

  const bnrm = Math.sqrt(dotWith(W, b, b, n, B));
  const atol = Math.max(bnrm * rtol, atolIn);
  if (bnrm === 0) {
    // SciPy returns b.copy(): x is fresh, so x takes b's values.
    x.set(b);
    out[0] = 0;
    return;
  }
  if (hasX0) {
    if (W !== null) W.spmvRows(Apa, Aia, Ava, xa, qa, 0, n);
    else spmvRows(Ap, Ai, Av, x, q, 0, n);
    for (let i = 0; i < n; i++) r[i] = b[i]! - q[i]!;
  } else r.set(b);
  let info = maxiter;
  let rhoPrev = 0;
  let rrNext = 0;
  let haveRR = false;
  for (let it = 0; it < maxiter; it++) {
    // SciPy's order: the test on ‖r‖, then the preconditioner (not applied on the last pass).
    if (hasM) {
      if (Math.sqrt(dotWith(W, r, r, n, B)) < atol) {
        info = 0;
        break;
      }
      if (W !== null) W.spmvRows(Mp.byteOffset, Mi.byteOffset, Mv.byteOffset, ra, za, 0, n);
      else spmvRows(Mp, Mi, Mv, r, z, 0, n);
    } else if (Math.sqrt(haveRR ? rrNext : dotWith(W, r, r, n, B)) < atol) {
      info = 0;
      break;
    }
    const rho = haveRR ? rrNext : dotWith(W, r, z, n, B);
    if (it === 0) p.set(z);
    else if (W !== null) W.zpp(pa, rho / rhoPrev, za, 0, n);
    else xpay(p, rho / rhoPrev, z, n);
    const pq = W !== null ? W.spmvDot(Apa, Aia, Ava, pa, qa, pa, n, B) : spmvDot(Ap, Ai, Av, p, q, p, n, B);
    const alpha = rho / pq;
    if (W !== null) W.ypx(xa, alpha, pa, 0, n);
    else axpy(x, alpha, p, n);
    if (hasM) {
      if (W !== null) W.ymx(ra, alpha, qa, 0, n);
      else axmy(r, alpha, q, n);
    } else {
      rrNext = W !== null ? W.axmyDot(ra, alpha, qa, n, B) : axmyDot(r, alpha, q, n, B);
      haveRR = true;
    }
    rhoPrev = rho;
  }
  out[0] = info;
}

/**
 * The whole BiCGSTAB solve over one piece: the loop of bicgstab-host.ts. Arguments: 0 x, 1–3 A,
 * 4 b, 5 r, 6 r̃, 7 p, 8 v, 9 t, 10 out, and with M 11–13 M, 14 p̂, 15 ŝ. Scalars: as cgSolve's,
 * then rhotol.
 */
function bicgstabSolve(t: TaskContext): void {
  const S = t.scalars;
  const n = S[0]!;
  const maxiter = S[3]!;
  const hasM = S[5] === 1;
  const B = S[6]!;
  const rhotol = S[7]!;
  const a = t.arrays;
  const [x, b, r, rt] = [view(t, 0, n), view(t, 4, n), view(t, 5, n), view(t, 6, n)];
  const [p, v, tv] = [view(t, 7, n), view(t, 8, n), view(t, 9, n)];
  const out = a[10] as Float64Array;
  const [Ap, Ai, Av] = [a[1] as Int32Array, a[2] as Int32Array, a[3] as Float64Array];
  const [Mp, Mi, Mv] = hasM
    ? [a[11] as Int32Array, a[12] as Int32Array, a[13] as Float64Array]
    : [Ap, Ai, Av];
  const phat = hasM ? view(t, 14, n) : p;
  const shat = hasM ? view(t, 15, n) : r;
  const W = wasmFor(t, n, hasM ? [1, 11] : [1]);
  const bnrm = Math.sqrt(dotWith(W, b, b, n, B));
  if (bnrm === 0) {
    x.set(b);
    out[0] = 0;
    return;
  }
  const atol = Math.max(bnrm * S[1]!, S[2]!);
  if (S[4] === 1) {
    spmvWith(W, Ap, Ai, Av, x, tv, 0, n);
    for (let i = 0; i < n; i++) r[i] = b[i]! - tv[i]!;
  } else r.set(b);
  rt.set(r);
  let info = maxiter;
  let rhoPrev = 0;
  let alpha = 0;
  let omega = 0;
  let rr = dotWith(W, r, r, n, B);
  for (let it = 0; it < maxiter; it++) {
    if (Math.sqrt(rr) < atol) {
      info = 0;
      break;
    }
    const rho = dotWith(W, rt, r, n, B);
    if (Math.abs(rho) < rhotol) {
      info = -10;
      break;
    }
    if (it === 0) p.set(r);
    else {
      if (Math.abs(omega) < rhotol) {
        info = -11;
        break;
      }
      const beta = (rho / rhoPrev) * (alpha / omega);
      if (W !== null) {
        W.ymx(p.byteOffset, omega, v.byteOffset, 0, n);
        W.zpp(p.byteOffset, beta, r.byteOffset, 0, n);
      } else {
        axmy(p, omega, v, n);
        xpay(p, beta, r, n);
      }
    }
    if (hasM) spmvWith(W, Mp, Mi, Mv, p, phat, 0, n);
    const rv = spmvDotWith(W, Ap, Ai, Av, phat, v, rt, n, B);
    if (rv === 0) {
      info = -11;
      break;
    }
    alpha = rho / rv;
    rr = W !== null ? W.axmyDot(r.byteOffset, alpha, v.byteOffset, n, B) : axmyDot(r, alpha, v, n, B);
    if (W !== null) W.ypx(x.byteOffset, alpha, phat.byteOffset, 0, n);
    else axpy(x, alpha, phat, n);
    if (Math.sqrt(rr) < atol) {
      info = 0;
      break;
    }
    if (hasM) spmvWith(W, Mp, Mi, Mv, r, shat, 0, n);
    const tr = spmvDotWith(W, Ap, Ai, Av, shat, tv, r, n, B);
    omega = tr / dotWith(W, tv, tv, n, B);
    if (W !== null) W.ypx(x.byteOffset, omega, shat.byteOffset, 0, n);
    else axpy(x, omega, shat, n);
    rr = W !== null ? W.axmyDot(r.byteOffset, omega, tv.byteOffset, n, B) : axmyDot(r, omega, tv, n, B);
    rhoPrev = rho;
  }
  out[0] = info;
}

/** Argument i's n elements from its offset (a float64 vector). */
export function view(t: TaskContext, i: number, n: number): Float64Array {
  const o = t.offsets[i]!;
  return (t.arrays[i] as Float64Array).subarray(o, o + n);
}

/** y = A·x over rows lo … hi, in Wasm when `W` is given. */
export function spmvWith(
  W: OneTaskWasm | null,
  P: Int32Array,
  C: Int32Array,
  V: Float64Array,
  x: Float64Array,
  y: Float64Array,
  lo: number,
  hi: number,
): void {
  if (W !== null) W.spmvRows(P.byteOffset, C.byteOffset, V.byteOffset, x.byteOffset, y.byteOffset, lo, hi);
  else spmvRows(P, C, V, x, y, lo, hi);
}

/** y = A·x and returns w·y block by block, in Wasm when `W` is given. */
function spmvDotWith(
  W: OneTaskWasm | null,
  P: Int32Array,
  C: Int32Array,
  V: Float64Array,
  x: Float64Array,
  y: Float64Array,
  w: Float64Array,
  n: number,
  B: number,
): number {
  return W !== null
    ? W.spmvDot(P.byteOffset, C.byteOffset, V.byteOffset, x.byteOffset, y.byteOffset, w.byteOffset, n, B)
    : spmvDot(P, C, V, x, y, w, n, B);
}

/* The gang kernels' block steps (gang-cg.ts, gang-bicgstab.ts). */

/** Σ X·Y over one block (the dot kernel's partial), in Wasm when there. */
export function blockDot(
  W: OneTaskWasm | null,
  X: Float64Array,
  Y: Float64Array,
  lo: number,
  hi: number,
  B: number,
): number {
  return W !== null
    ? W.dotBlocks(X.byteOffset + 8 * lo, Y.byteOffset + 8 * lo, hi - lo, B)
    : dotPart(X, Y, lo, hi);
}

/** y ← A·v over rows lo … hi and returns w·y over them (the fused SpMV + dot of one block). */
export function blockSpmvDot(
  W: OneTaskWasm | null,
  P: Int32Array,
  C: Int32Array,
  V: Float64Array,
  v: Float64Array,
  y: Float64Array,
  w: Float64Array,
  lo: number,
  hi: number,
  B: number,
): number {
  // indptr from row lo: its values index C and V as they are.
  if (W !== null)
    return W.spmvDot(
      P.byteOffset + 4 * lo,
      C.byteOffset,
      V.byteOffset,
      v.byteOffset,
      y.byteOffset + 8 * lo,
      w.byteOffset + 8 * lo,
      hi - lo,
      B,
    );
  spmvRows(P, C, V, v, y, lo, hi);
  return dotPart(w, y, lo, hi);
}

/**
 * The helpers joined into every one-task kernel, by the names the kernels call them by. An object,
 * not a list: a bundler may rename a module-level function when two modules define the same name
 * (the package's bundle, scripts/bundle.mjs, renamed `view` to `view2`), and the gang phases call
 * these helpers through ambient declarations (gang-cg.ts) that no bundler links — their text
 * keeps the source name. Property keys are never renamed: {@link sourceOf} binds each key to the
 * function's own (possibly renamed) name.
 */
const HELPERS: Readonly<Record<string, (...a: never[]) => unknown>> = {
  dotBlocks,
  dotPart,
  spmvRows,
  spmvDot,
  axmyDot,
  axpy,
  axmy,
  xpay,
  wasmOf,
  wasmFor,
  dotWith,
  view,
  spmvWith,
  spmvDotWith,
  blockDot,
  blockSpmvDot,
};

/**
 * One helper's text in a kernel source: its declaration, then — where a bundler renamed it — a
 * binding of the name the other texts use.
 */
function helperText(name: string, f: (...a: never[]) => unknown): string {
  const text = f.toString();
  return f.name === name ? text : `${text}\nconst ${name} = ${f.name};`;
}

/**
 * One kernel's source: the module (base64), the helpers (and `extra` ones), then `solve`, in one
 * function expression.
 * @param solve - the kernel
 * @param extra - more module-level helpers it calls, by the names it calls them (sparse/linalg/gang-cg.ts)
 * @returns the source text
 */
export function sourceOf(
  solve: (t: TaskContext) => void,
  extra: Readonly<Record<string, (...a: never[]) => unknown>> = {},
): string {
  const wasm = JSON.stringify(ONE_TASK_WASM_BASE64);
  const parts = [
    ...Object.entries({ ...HELPERS, ...extra }).map(([k, f]) => helperText(k, f)),
    solve.toString(),
  ];
  return `(() => { const ONE_TASK_WASM = ${wasm};\n${parts.join('\n')}\nreturn ${solve.name}; })()`;
}

/**
 * The CG kernel's source.
 * @returns the source text
 */
export function cgSource(): string {
  return sourceOf(cgSolve);
}

/**
 * The BiCGSTAB kernel's source.
 * @returns the source text
 */
export function bicgstabSource(): string {
  return sourceOf(bicgstabSolve);
}
