/**
 * BiCGSTAB as a gang (gang.ts: one piece per worker at once, the blocks taken by ticket): the
 * loop of one-task-kernels.ts `bicgstabSolve` in phases — per iteration the p update; p̂ ← M·p
 * (with M); v ← A·p̂ with the partials of r̃·v; s ← r − α·v with s·s and x ← x + α·p̂; ŝ ← M·s
 * (with M); t ← A·ŝ with s·t and t·t; x ← x + ω·ŝ, r ← s − ω·t with r·r and r̃·r (r̃·r for the
 * next iteration's ρ, computed with the r·r its test needs). The same arithmetic in the same
 * order per element and per block, the sums in block order from 0: bitwise the per-launch loop's
 * x and `info`, breakdowns (−10, −11) included.
 *
 * Arguments: as `bicgstabSolve` (0 x, 1–3 A, 4 b, 5 r, 6 r̃, 7 p, 8 v, 9 t, 10 out, with M 11–13
 * M, 14 p̂, 15 ŝ), then the gang's three (gang.ts). Scalars: as `bicgstabSolve`'s (rhotol 7),
 * then G. State: 1 iteration, 2 ρ, 3 ρ_prev, 4 α, 5 β, 6 atol, 7 ω. Stages: 0 setup (b·b,
 * t = A·x0), 1 x = b, 2 r = b − t, r̃ = r (r·r, r̃·r), 3 p update, 4 p̂ = M·p, 5 v = A·p̂,
 * 6 s and x, 7 ŝ = M·s, 8 t = A·ŝ, 9 x and r.
 */
import type { TaskContext } from '../../runtime/index.js';
import type * as G from './gang.js';
import { GANG_DRIVER } from './gang.js';
import type * as K from './one-task-kernels.js';
import type { OneTaskWasm } from './one-task-kernels.js';

// Helpers of one-task-kernels.ts and gang.ts, joined into the same kernel source (sourceOf): a
// kernel ships as text, so they are named here, not imported (see one-task-kernels.ts).
declare const spmvWith: typeof K.spmvWith;
declare const blockDot: typeof K.blockDot;
declare const blockSpmvDot: typeof K.blockSpmvDot;
declare const wasmFor: typeof K.wasmFor;
declare const view: typeof K.view;
declare const gangSum: typeof G.gangSum;
declare const gangStop: typeof G.gangStop;
declare const gangDrive: typeof G.gangDrive;

/** One piece's view of a BiCGSTAB solve. */
interface BicgGang {
  W: OneTaskWasm | null;
  x: Float64Array;
  b: Float64Array;
  r: Float64Array;
  rt: Float64Array;
  p: Float64Array;
  v: Float64Array;
  tv: Float64Array;
  phat: Float64Array;
  shat: Float64Array;
  Ap: Int32Array;
  Ai: Int32Array;
  Av: Float64Array;
  Mp: Int32Array;
  Mi: Int32Array;
  Mv: Float64Array;
  hasX0: boolean;
  hasM: boolean;
  rtol: number;
  atolIn: number;
  maxiter: number;
  rhotol: number;
  B: number;
}

/** y ← y − x·a over lo … hi, in Wasm when there. */
function blockYmx(
  W: OneTaskWasm | null,
  y: Float64Array,
  a: number,
  x: Float64Array,
  lo: number,
  hi: number,
): void {
  if (W !== null) W.ymx(y.byteOffset, a, x.byteOffset, lo, hi);
  else for (let i = lo; i < hi; i++) y[i] = y[i]! - x[i]! * a;
}

/** y ← y + x·a over lo … hi, in Wasm when there. */
function blockYpx(
  W: OneTaskWasm | null,
  y: Float64Array,
  a: number,
  x: Float64Array,
  lo: number,
  hi: number,
): void {
  if (W !== null) W.ypx(y.byteOffset, a, x.byteOffset, lo, hi);
  else for (let i = lo; i < hi; i++) y[i] = y[i]! + x[i]! * a;
}

/** One block of a BiCGSTAB phase. */
function bicgWork(
  c: BicgGang,
  stage: number,
  st: Float64Array,
  part: Float64Array,
  nb: number,
  blk: number,
  lo: number,
  hi: number,
): void {
  const { W, x, b, r, rt, p, v, tv, B } = c;
  if (stage === 0) {
    part[blk] = blockDot(W, b, b, lo, hi, B);
    if (c.hasX0) spmvWith(W, c.Ap, c.Ai, c.Av, x, tv, lo, hi);
  } else if (stage === 1) {
    for (let i = lo; i < hi; i++) x[i] = b[i]!;
  } else if (stage === 2) {
    if (c.hasX0) for (let i = lo; i < hi; i++) r[i] = b[i]! - tv[i]!;
    else for (let i = lo; i < hi; i++) r[i] = b[i]!;
    for (let i = lo; i < hi; i++) rt[i] = r[i]!;
    part[blk] = blockDot(W, r, r, lo, hi, B);
    part[nb + blk] = blockDot(W, rt, r, lo, hi, B);
  } else if (stage === 3) {
    if (st[1] === 0) for (let i = lo; i < hi; i++) p[i] = r[i]!;
    else {
      blockYmx(W, p, st[7]!, v, lo, hi);
      if (W !== null) W.zpp(p.byteOffset, st[5]!, r.byteOffset, lo, hi);
      else {
        const beta = st[5]!;
        for (let i = lo; i < hi; i++) p[i] = r[i]! + p[i]! * beta;
      }
    }
  } else if (stage === 4) {
    spmvWith(W, c.Mp, c.Mi, c.Mv, p, c.phat, lo, hi);
  } else if (stage === 5) {
    part[blk] = blockSpmvDot(W, c.Ap, c.Ai, c.Av, c.phat, v, rt, lo, hi, B);
  } else if (stage === 6) {
    const alpha = st[4]!;
    blockYmx(W, r, alpha, v, lo, hi);
    part[blk] = blockDot(W, r, r, lo, hi, B);
    blockYpx(W, x, alpha, c.phat, lo, hi);
  } else if (stage === 7) {
    spmvWith(W, c.Mp, c.Mi, c.Mv, r, c.shat, lo, hi);
  } else if (stage === 8) {
    part[blk] = blockSpmvDot(W, c.Ap, c.Ai, c.Av, c.shat, tv, r, lo, hi, B);
    part[nb + blk] = blockDot(W, tv, tv, lo, hi, B);
  } else if (stage === 9) {
    const omega = st[7]!;
    blockYpx(W, x, omega, c.shat, lo, hi);
    blockYmx(W, r, omega, tv, lo, hi);
    part[blk] = blockDot(W, r, r, lo, hi, B);
    part[nb + blk] = blockDot(W, rt, r, lo, hi, B);
  }
}

/** bicgstab-host.ts's scalar steps after a BiCGSTAB phase (see gang.ts `GangFinish`). */
function bicgFinish(c: BicgGang, st: Float64Array, part: Float64Array, nb: number): number {
  const stage = st[0]!;
  if (stage === 0) {
    const bnrm = Math.sqrt(gangSum(part, 0, nb));
    st[6] = Math.max(bnrm * c.rtol, c.atolIn);
    return bnrm === 0 ? 1 : 2;
  }
  if (stage === 1) return gangStop(st, 0);
  if (stage === 2) {
    st[1] = 0;
    return bicgTop(c, st, gangSum(part, 0, nb), gangSum(part, nb, nb));
  }
  if (stage === 3) return c.hasM ? 4 : 5;
  if (stage === 4) return 5;
  if (stage === 5) {
    const rv = gangSum(part, 0, nb);
    if (rv === 0) return gangStop(st, -11);
    st[4] = st[2]! / rv;
    return 6;
  }
  if (stage === 6) {
    if (Math.sqrt(gangSum(part, 0, nb)) < st[6]!) return gangStop(st, 0);
    return c.hasM ? 7 : 8;
  }
  if (stage === 7) return 8;
  if (stage === 8) {
    st[7] = gangSum(part, 0, nb) / gangSum(part, nb, nb);
    return 9;
  }
  // stage 9: the end of an iteration
  st[3] = st[2]!;
  st[1] = st[1]! + 1;
  return bicgTop(c, st, gangSum(part, 0, nb), gangSum(part, nb, nb));
}

/** The top of an iteration, given r·r and r̃·r: stop (converged, maxiter, a breakdown) or the p update. */
function bicgTop(c: BicgGang, st: Float64Array, rr: number, rtr: number): number {
  if (st[1]! >= c.maxiter) return gangStop(st, c.maxiter);
  if (Math.sqrt(rr) < st[6]!) return gangStop(st, 0);
  const rho = rtr;
  if (Math.abs(rho) < c.rhotol) return gangStop(st, -10);
  if (st[1]! > 0) {
    const omega = st[7]!;
    if (Math.abs(omega) < c.rhotol) return gangStop(st, -11);
    st[5] = (rho / st[3]!) * (st[4]! / omega);
  }
  st[2] = rho;
  return 3;
}

/** The gang BiCGSTAB kernel (see the module comment). */
function bicgstabGang(t: TaskContext): void {
  const S = t.scalars;
  const n = S[0]!;
  const hasM = S[5] === 1;
  const a = t.arrays;
  const Ap = a[1] as Int32Array;
  const Ai = a[2] as Int32Array;
  const Av = a[3] as Float64Array;
  const r = view(t, 5, n);
  const p = view(t, 7, n);
  const c: BicgGang = {
    W: wasmFor(t, n, hasM ? [1, 11] : [1]),
    x: view(t, 0, n),
    b: view(t, 4, n),
    r,
    rt: view(t, 6, n),
    p,
    v: view(t, 8, n),
    tv: view(t, 9, n),
    phat: hasM ? view(t, 14, n) : p,
    shat: hasM ? view(t, 15, n) : r,
    Ap,
    Ai,
    Av,
    Mp: hasM ? (a[11] as Int32Array) : Ap,
    Mi: hasM ? (a[12] as Int32Array) : Ai,
    Mv: hasM ? (a[13] as Float64Array) : Av,
    hasX0: S[4] === 1,
    hasM,
    rtol: S[1]!,
    atolIn: S[2]!,
    maxiter: S[3]!,
    rhotol: S[7]!,
    B: S[6]!,
  };
  gangDrive(t, hasM ? 16 : 11, c, bicgWork, bicgFinish, a[10] as Float64Array);
}

/** The helpers the gang BiCGSTAB kernel adds to one-task-kernels.ts's. */
export const GANG_BICG_HELPERS = {
  ...GANG_DRIVER,
  blockYmx,
  blockYpx,
  bicgWork,
  bicgFinish,
  bicgTop,
} as const;
export { bicgstabGang };
