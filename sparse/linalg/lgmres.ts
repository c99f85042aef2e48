/**
 * LGMRES (SciPy's `lgmres`, Baker–Jessup–Manteuffel): restarted flexible GMRES whose Krylov space is
 * augmented with the last `outer_k` error approximations. Step for step as SciPy's `lgmres` and
 * `_fgmres`: the same outer loop (callback at the top of each cycle, convergence on the true
 * residual, inner tolerance adaptation), modified Gram–Schmidt, the same breakdown test. SciPy
 * updates a QR factorization of the Hessenberg matrix (`qr_insert`); here Givens rotations give
 * the same factorization (the same residual |Q[0, −1]| and least-squares solution). Vectors are
 * runtime launches; the small least-squares problem lives on the host.
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../../runtime/index.js';
import { ssigOpts } from '../sig.js';
import { num } from './host-scalars.js';
import type { Operand } from './interface.js';
import { epsOf, makeSystem, type Solver, type SolverOptions } from './system.js';
import { axmy, axpy } from './vec.js';

type ndarray = np.ndarray;

/** An augmentation vector of LGMRES: `[z, M·A·z]` (the product may be null: then recomputed). */
export type OuterVector = [ndarray, ndarray | null];

/** Options of {@link lgmres}. */
export interface LgmresOptions extends Omit<SolverOptions, 'check_every'> {
  /** Inner GMRES iterations per outer cycle. Default 30. */
  inner_m?: number;
  /** Augmentation vectors carried between cycles. Default 3. */
  outer_k?: number;
  /** In/out list of augmentation vectors (reused across solves, as SciPy's `outer_v`). */
  outer_v?: OuterVector[];
  /** Also store `M·A·z` with each augmentation vector (saves a product per cycle). Default true. */
  store_outer_Av?: boolean;
  /** Put the augmentation vectors before the Krylov vectors. Default false. */
  prepend_outer_v?: boolean;
}

/** LAPACK's `lartg` for real numbers: c, s, r with [c s; −s c]·[f; g] = [r; 0]. */
function lartg(f: number, g: number): [number, number, number] {
  if (g === 0) return [1, 0, f];
  if (f === 0) return [0, Math.sign(g), Math.abs(g)];
  const d = Math.hypot(f, g);
  const r = Math.sign(f) * d;
  return [f / r, g / r, r];
}

/**
 * Solves `A·x = b` (A square, possibly nonsymmetric) by LGMRES.
 *
 * As SciPy's `lgmres`: `maxiter` counts outer cycles (default 1000); the callback gets x at the
 * start of every cycle; info is 0 when ‖A·x − b‖ ≤ max(atol, rtol·‖b‖), else the number of cycles
 * run (`maxiter`, or the cycle where the least-squares problem became non-finite).
 * @param A - sparse array, 2-D ndarray or LinearOperator.
 * @param b - right-hand side (finite).
 * @param opts - `{x0, rtol, atol, maxiter, M, callback, inner_m, outer_k, outer_v, store_outer_Av, prepend_outer_v}`.
 * @returns `[x, info]`.
 * @throws ValueError when b has non-finite entries; ShapeError, ArgumentTypeError on bad arguments.
 * @example
 * const [x, info] = lgmres(sparse.csr_array([[3, 2, 0], [1, -1, 0], [0, 5, 1]]), np.array([2, 4, -1]), { rtol: 1e-10 });
 * info; // 0
 * x.tolist().map((v) => Math.round(v * 1e6) / 1e6); // [2, -2, 9]
 */
export const lgmres = ssigOpts<Solver<LgmresOptions>>(
  'lgmres(A, b, x0 = None, *, rtol: number = 1e-05, atol: number = 0, maxiter: int = 1000, M = None, callback: callable = None, inner_m: int = 30, outer_k: int = 3, outer_v = None, store_outer_Av: bool = True, prepend_outer_v: bool = False)',
  2,
  lgmresImpl as never,
);

function positiveInt(name: string, v: unknown, dflt: number, min: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw new ValueError(argMessage('lgmres', name, `an integer ≥ ${min}`, v));
  }
  return v;
}

function lgmresImpl(A: Operand, b: ndarray | ArrayLike<number>, opts: LgmresOptions = {}): [ndarray, number] {
  const s = makeSystem('lgmres', A, b, opts, () => 1000);
  const innerM = positiveInt('inner_m', opts.inner_m, 30, 1);
  const outerK = positiveInt('outer_k', opts.outer_k, 3, 0);
  if (opts.outer_v !== undefined && opts.outer_v !== null && !Array.isArray(opts.outer_v)) {
    throw new ArgumentTypeError(argMessage('lgmres', 'outer_v', 'an array of [z, Az] pairs', opts.outer_v));
  }
  const outerV: OuterVector[] = opts.outer_v ?? [];
  const storeAv = opts.store_outer_Av ?? true;
  const prepend = opts.prepend_outer_v ?? false;
  if (!num(np.all(np.isfinite(s.b)))) {
    throw new ValueError(argMessage('lgmres', 'b', 'only finite numbers', 'non-finite entries'));
  }
  const { x, maxiter } = s;
  const matvec = (v: ndarray) => s.A.matvec(v);
  const psolve = (v: ndarray) => (s.M ? s.M.matvec(v) : v);
  const bNorm = num(np.linalg.norm(s.b));
  const atol = Math.max(s.atol, s.rtol * bNorm);
  if (bNorm === 0) return [s.b.copy(), 0];
  const eps = epsOf(s.dtype);
  let ptolMaxFactor = 1;
  for (let kOuter = 0; kOuter < maxiter; kOuter++) {
    const rOuter = np.subtract(matvec(x), s.b);
    opts.callback?.(x);
    const rNorm = num(np.linalg.norm(rOuter));
    if (rNorm <= atol) return [x, 0];
    const v0 = np.negative(psolve(rOuter));
    const innerRes0 = num(np.linalg.norm(v0));
    if (innerRes0 === 0) {
      throw new ValueError(
        `lgmres: the preconditioner returned a zero vector; |v| ~ ${rNorm.toPrecision(1)}, |M v| = 0`,
      );
    }
    np.multiply(v0, 1 / innerRes0, { out: v0 });
    const ptol = Math.min(ptolMaxFactor, atol / rNorm);
    const inner = fgmres(matvec, psolve, v0, innerM, ptol, outerV, prepend, eps);
    if (inner === undefined) return [x, kOuter + 1];
    const { y, vs, zs, hcols, res: pres } = inner;
    for (let i = 0; i < y.length; i++) y[i]! *= innerRes0;
    if (!y.every(Number.isFinite)) return [x, kOuter + 1];
    if (pres > ptol) ptolMaxFactor = Math.min(1, 1.5 * ptolMaxFactor);
    else ptolMaxFactor = Math.max(1e-16, 0.25 * ptolMaxFactor);
    const dx = np.multiply(zs[0]!, y[0]!);
    for (let i = 1; i < zs.length; i++) axpy(dx, y[i]!, zs[i]!);
    const nx = num(np.linalg.norm(dx));
    if (nx > 0) {
      if (storeAv) {
        // q = H·y (SciPy: Q·(R·y)), then ax = Σ vs[i]·q[i] = M·A·dx.
        const q = new Float64Array(y.length + 1);
        for (let j = 0; j < y.length; j++) for (let i = 0; i <= j + 1; i++) q[i]! += hcols[j]![i]! * y[j]!;
        const ax = np.multiply(vs[0]!, q[0]!);
        for (let i = 1; i < vs.length && i < q.length; i++) axpy(ax, q[i]!, vs[i]!);
        outerV.push([np.multiply(dx, 1 / nx), np.multiply(ax, 1 / nx)]);
      } else outerV.push([np.multiply(dx, 1 / nx), null]);
    }
    while (outerV.length > outerK) outerV.shift();
    np.add(x, dx, { out: x });
  }
  return [x, maxiter];
}

interface Inner {
  y: Float64Array;
  vs: ndarray[];
  zs: ndarray[];
  /** The Hessenberg columns before rotation (column j has j + 2 entries). */
  hcols: Float64Array[];
  res: number;
}

/** SciPy's `_fgmres` (no `cs`, right preconditioner the identity); undefined on a non-finite R. */
function fgmres(
  matvec: (v: ndarray) => ndarray,
  lpsolve: (v: ndarray) => ndarray,
  v0: ndarray,
  m0: number,
  atol: number,
  outerV: OuterVector[],
  prepend: boolean,
  eps: number,
): Inner | undefined {
  const vs: ndarray[] = [v0];
  const zs: ndarray[] = [];
  const hcols: Float64Array[] = [];
  const rcols: Float64Array[] = [];
  const rot: [number, number][] = [];
  const m = m0 + outerV.length;
  let g = [1];
  let res = Number.NaN;
  let j = 0;
  for (j = 0; j < m; j++) {
    let z: ndarray;
    let w: ndarray | null = null;
    if (prepend && j < outerV.length) [z, w] = outerV[j]!;
    else if (prepend && j === outerV.length) z = v0;
    else if (!prepend && j >= m - outerV.length) [z, w] = outerV[j - (m - outerV.length)]!;
    else z = vs[vs.length - 1]!;
    if (w === null) {
      w = lpsolve(matvec(z));
      if (w === z || vs.includes(w)) w = w.copy();
    } else w = w.copy();
    const wNorm = num(np.linalg.norm(w));
    const hcur = new Float64Array(j + 2);
    for (let i = 0; i < vs.length; i++) {
      const alpha = num(np.dot(vs[i]!, w));
      hcur[i] = alpha;
      axmy(w, alpha, vs[i]!);
    }
    hcur[j + 1] = num(np.linalg.norm(w));
    const inv = 1 / hcur[j + 1]!;
    if (Number.isFinite(inv)) np.multiply(w, inv, { out: w });
    const breakdown = !(hcur[j + 1]! > eps * wNorm);
    vs.push(w);
    zs.push(z);
    hcols.push(hcur.slice());
    // Apply the previous rotations to the new column, then the new one (the QR update).
    const col = hcur;
    for (let k = 0; k < j; k++) {
      const [c, sn] = rot[k]!;
      const a = col[k]!;
      const bb = col[k + 1]!;
      col[k] = c * a + sn * bb;
      col[k + 1] = -sn * a + c * bb;
    }
    const [c, sn, r] = lartg(col[j]!, col[j + 1]!);
    rot.push([c, sn]);
    col[j] = r;
    col[j + 1] = 0;
    rcols.push(col);
    g = [...g, 0];
    g[j + 1] = -sn * g[j]!;
    g[j] = c * g[j]!;
    res = Math.abs(g[j + 1]!);
    if (res < atol || breakdown) break;
  }
  if (j === m) j = m - 1;
  if (!Number.isFinite(rcols[j]![j]!)) return undefined;
  // R·y = g[0..j] by back substitution (SciPy: lstsq of the triangular R).
  const y = new Float64Array(j + 1);
  for (let i = j; i >= 0; i--) {
    let t = g[i]!;
    for (let k = i + 1; k <= j; k++) t -= rcols[k]![i]! * y[k]!;
    y[i] = t / rcols[i]![i]!;
  }
  return { y, vs, zs, hcols, res };
}
