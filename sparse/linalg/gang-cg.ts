/**
 * CG as a gang (gang.ts: one piece per worker at once, the blocks taken by ticket): the loop of
 * one-task-kernels.ts `cgSolve` in phases. An iteration is three phases without a preconditioner
 * — p ← z + β·p; q ← A·p with the partials of p·q; x ← x + α·p, r ← r − α·q with those of r·r —
 * and four with one (r·r, z ← M·r and r·z first: z is computed before the test, where cg-host.ts
 * computes it after; it is scratch, and unused when the test stops the solve). Each block's
 * partial is the dot kernel's, and the sums run in block order from 0, so every dot — and x and
 * `info` — is bitwise the per-launch loop's (one-task-kernels.ts).
 *
 * Arguments: as `cgSolve` (0 x, 1–3 A, 4 b, 5 r, 6 p, 7 q, 8 out, with M 9–11 M, 12 z), then the
 * gang's three (gang.ts). Scalars: as `cgSolve`'s, then G. State: 1 iteration, 2 ρ, 3 ρ_prev,
 * 4 α, 5 β, 6 atol. Stages: 0 setup (b·b, q = A·x0), 1 x = b (b = 0), 2 r = b − q (and r·r),
 * 3 p update, 4 q = A·p and p·q, 5 x and r updates (and r·r), 6 r·r, z = M·r and r·z.
 */
import type { TaskContext } from '../../runtime/index.js';
import type * as G from './gang.js';
import { GANG_DRIVER } from './gang.js';
import type * as K from './one-task-kernels.js';
import type { OneTaskWasm } from './one-task-kernels.js';

// Helpers of one-task-kernels.ts and gang.ts, joined into the same kernel source (sourceOf): a
// kernel ships as text, so they are named here, not imported (see one-task-kernels.ts).
declare const dotPart: typeof K.dotPart;
declare const spmvWith: typeof K.spmvWith;
declare const blockDot: typeof K.blockDot;
declare const blockSpmvDot: typeof K.blockSpmvDot;
declare const wasmFor: typeof K.wasmFor;
declare const view: typeof K.view;
declare const gangSum: typeof G.gangSum;
declare const gangStop: typeof G.gangStop;
declare const gangDrive: typeof G.gangDrive;

/** One piece's view of a CG solve. */
interface CgGang {
  W: OneTaskWasm | null;
  x: Float64Array;
  b: Float64Array;
  r: Float64Array;
  p: Float64Array;
  q: Float64Array;
  z: Float64Array;
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
  B: number;
}

/** One block of a CG phase. */
function cgWork(
  c: CgGang,
  stage: number,
  st: Float64Array,
  part: Float64Array,
  nb: number,
  blk: number,
  lo: number,
  hi: number,
): void {
  const { W, x, b, r, p, q, z, B } = c;
  if (stage === 0) {
    part[blk] = blockDot(W, b, b, lo, hi, B);
    if (c.hasX0) spmvWith(W, c.Ap, c.Ai, c.Av, x, q, lo, hi);
  } else if (stage === 1) {
    for (let i = lo; i < hi; i++) x[i] = b[i]!;
  } else if (stage === 2) {
    if (c.hasX0) for (let i = lo; i < hi; i++) r[i] = b[i]! - q[i]!;
    else for (let i = lo; i < hi; i++) r[i] = b[i]!;
    if (!c.hasM) part[blk] = blockDot(W, r, r, lo, hi, B);
  } else if (stage === 6) {
    part[blk] = blockDot(W, r, r, lo, hi, B);
    spmvWith(W, c.Mp, c.Mi, c.Mv, r, z, lo, hi);
    part[nb + blk] = blockDot(W, r, z, lo, hi, B);
  } else if (stage === 3) {
    if (st[1] === 0) for (let i = lo; i < hi; i++) p[i] = z[i]!;
    else if (W !== null) W.zpp(p.byteOffset, st[5]!, z.byteOffset, lo, hi);
    else {
      const beta = st[5]!;
      for (let i = lo; i < hi; i++) p[i] = z[i]! + p[i]! * beta;
    }
  } else if (stage === 4) {
    part[blk] = blockSpmvDot(W, c.Ap, c.Ai, c.Av, p, q, p, lo, hi, B);
  } else if (stage === 5) {
    const alpha = st[4]!;
    if (W !== null) W.ypx(x.byteOffset, alpha, p.byteOffset, lo, hi);
    else for (let i = lo; i < hi; i++) x[i] = x[i]! + p[i]! * alpha;
    if (c.hasM) {
      if (W !== null) W.ymx(r.byteOffset, alpha, q.byteOffset, lo, hi);
      else for (let i = lo; i < hi; i++) r[i] = r[i]! - q[i]! * alpha;
    } else if (W !== null)
      part[blk] = W.axmyDot(r.byteOffset + 8 * lo, alpha, q.byteOffset + 8 * lo, hi - lo, B);
    else {
      for (let i = lo; i < hi; i++) r[i] = r[i]! - q[i]! * alpha;
      part[blk] = dotPart(r, r, lo, hi);
    }
  }
}

/** cg-host.ts's scalar steps after a CG phase (see gang.ts `GangFinish`). */
function cgFinish(c: CgGang, st: Float64Array, part: Float64Array, nb: number): number {
  const stage = st[0]!;
  if (stage === 0) {
    const bnrm = Math.sqrt(gangSum(part, 0, nb));
    st[6] = Math.max(bnrm * c.rtol, c.atolIn);
    return bnrm === 0 ? 1 : 2;
  }
  if (stage === 1) return gangStop(st, 0);
  if (stage === 2) {
    st[1] = 0;
    if (c.hasM) return c.maxiter > 0 ? 6 : gangStop(st, c.maxiter);
    return cgTop(c, st, gangSum(part, 0, nb));
  }
  if (stage === 6) {
    if (Math.sqrt(gangSum(part, 0, nb)) < st[6]!) return gangStop(st, 0);
    const rho = gangSum(part, nb, nb);
    if (st[1]! > 0) st[5] = rho / st[3]!;
    st[2] = rho;
    return 3;
  }
  if (stage === 3) return 4;
  if (stage === 4) {
    st[4] = st[2]! / gangSum(part, 0, nb);
    return 5;
  }
  // stage 5: the end of an iteration
  st[3] = st[2]!;
  st[1] = st[1]! + 1;
  if (st[1]! >= c.maxiter) return gangStop(st, c.maxiter);
  return c.hasM ? 6 : cgTop(c, st, gangSum(part, 0, nb));
}

/** The top of an iteration without a preconditioner, given r·r: stop, or the p update. */
function cgTop(c: CgGang, st: Float64Array, rr: number): number {
  if (st[1]! >= c.maxiter) return gangStop(st, c.maxiter);
  if (Math.sqrt(rr) < st[6]!) return gangStop(st, 0);
  if (st[1]! > 0) st[5] = rr / st[3]!;
  st[2] = rr;
  return 3;
}

/** The gang CG kernel (see the module comment). */
function cgGang(t: TaskContext): void {
  const S = t.scalars;
  const n = S[0]!;
  const hasM = S[5] === 1;
  const a = t.arrays;
  const Ap = a[1] as Int32Array;
  const Ai = a[2] as Int32Array;
  const Av = a[3] as Float64Array;
  const r = view(t, 5, n);
  const c: CgGang = {
    W: wasmFor(t, n, hasM ? [1, 9] : [1]),
    x: view(t, 0, n),
    b: view(t, 4, n),
    r,
    p: view(t, 6, n),
    q: view(t, 7, n),
    z: hasM ? view(t, 12, n) : r,
    Ap,
    Ai,
    Av,
    Mp: hasM ? (a[9] as Int32Array) : Ap,
    Mi: hasM ? (a[10] as Int32Array) : Ai,
    Mv: hasM ? (a[11] as Float64Array) : Av,
    hasX0: S[4] === 1,
    hasM,
    rtol: S[1]!,
    atolIn: S[2]!,
    maxiter: S[3]!,
    B: S[6]!,
  };
  gangDrive(t, hasM ? 13 : 9, c, cgWork, cgFinish, a[8] as Float64Array);
}

/** The helpers the gang CG kernel adds to one-task-kernels.ts's. */
export const GANG_CG_HELPERS = { ...GANG_DRIVER, cgWork, cgFinish, cgTop } as const;
export { cgGang };
