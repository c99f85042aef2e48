/**
 * `splu`, `spilu`, `factorized`: SciPy's SuperLU interface over the left-looking sparse LU of
 * `lu.ts` (Gilbert–Peierls, partial pivoting with a diagonal threshold) with a fill-reducing column
 * order — nested dissection of A + Aᵀ (`nd-order.ts`) for SciPy's `'COLAMD'` (the default),
 * `'MMD_ATA'` and `'MMD_AT_PLUS_A'`; `'RCM'`; `'NATURAL'`. The factorization and the triangular
 * solves run on the calling thread over the matrix read through the public API (as SciPy hands
 * it to SuperLU); `spilu` is the same factorization with dropping (ILUT-like).
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { csc_array, issparse, type sparray } from '../index.js';
import { ssigOpts } from '../sig.js';
import { type HostCsc, type LuFactors, luFactor, luSolve, rcmOrder } from './lu.js';
import { ndOrder } from './nd-order.js';

type ndarray = np.ndarray;
/** SciPy's column orders. */
export type PermcSpec = 'NATURAL' | 'RCM' | 'COLAMD' | 'MMD_ATA' | 'MMD_AT_PLUS_A';
const SPECS: readonly string[] = ['NATURAL', 'RCM', 'COLAMD', 'MMD_ATA', 'MMD_AT_PLUS_A'];

/**
 * The square CSC matrix of a sparse `A`, on the host.
 * @returns n, indptr, indices, data (float64)
 */
export function hostCscOf(fn: string, A: unknown): HostCsc {
  if (!issparse(A)) throw new ArgumentTypeError(argMessage(fn, 'A', 'a sparse array', A));
  const [m, n] = A.shape as [number, number];
  if (m !== n) throw new ShapeError(argMessage(fn, 'A', 'a square matrix', [...A.shape]));
  const c = A.tocsc();
  return {
    n,
    indptr: c.indptr.toArray(),
    indices: c.indices.toArray(),
    data: Float64Array.from(c.data.toArray() as ArrayLike<number>),
  };
}

/**
 * The column order for `permc_spec`.
 * @returns the permutation (column k of the factored matrix is column q[k] of A)
 */
export function columnOrder(fn: string, a: HostCsc, spec: unknown): Int32Array {
  const s = spec ?? 'COLAMD';
  if (typeof s !== 'string' || !SPECS.includes(s)) {
    throw new ValueError(
      argMessage(fn, 'permc_spec', "'NATURAL', 'RCM', 'COLAMD', 'MMD_ATA' or 'MMD_AT_PLUS_A'", s),
    );
  }
  if (s === 'NATURAL') return Int32Array.from({ length: a.n }, (_, i) => i);
  return s === 'RCM' ? rcmOrder(a) : ndOrder(a);
}

/**
 * The factors of `splu`/`spilu` (SciPy's `SuperLU` object): `Pr·A·Pc = L·U` with
 * `Pr = csc((ones, (perm_r, arange(n))))` and `Pc = csc((ones, (arange(n), perm_c)))`.
 * @example
 * const lu = splu(sparse.csc_array([[2, 1], [1, 3]]));
 * lu.solve(np.array([3, 4])).tolist() // [1, 1]
 */
export class SuperLU {
  /** The shape of A. */
  readonly shape: [number, number];
  /** The factors on the host. */
  readonly #f: LuFactors;
  #perm_r: Int32Array | null = null;
  #perm_c: Int32Array | null = null;

  /** Wraps host factors (made by {@link splu}, {@link spilu}). */
  constructor(f: LuFactors) {
    this.#f = f;
    this.shape = [f.n, f.n];
  }

  /**
   * Stored entries of L and U (L's unit diagonal included, as SciPy).
   * @example splu(sparse.eye(3, { format: 'csc' })).nnz // 6
   */
  get nnz(): number {
    return this.#f.li.length + this.#f.ui.length;
  }

  /**
   * Row permutation: row i of A is row perm_r[i] of L·U.
   * @example splu(sparse.csc_array([[0, 1], [1, 0]]), { permc_spec: 'NATURAL' }).perm_r.tolist() // [1, 0]
   */
  get perm_r(): ndarray {
    if (this.#perm_r === null) {
      const p = new Int32Array(this.#f.n);
      this.#f.prow.forEach((row, k) => {
        p[row] = k;
      });
      this.#perm_r = p;
    }
    return np.array(Int32Array.from(this.#perm_r));
  }

  /**
   * Column permutation: column i of A is column perm_c[i] of L·U.
   * @example splu(sparse.eye(2, { format: 'csc' }), { permc_spec: 'NATURAL' }).perm_c.tolist() // [0, 1]
   */
  get perm_c(): ndarray {
    if (this.#perm_c === null) {
      const p = new Int32Array(this.#f.n);
      this.#f.q.forEach((col, k) => {
        p[col] = k;
      });
      this.#perm_c = p;
    }
    return np.array(Int32Array.from(this.#perm_c));
  }

  /**
   * The unit lower-triangular factor, CSC (rows in the order of the factorization).
   * @example splu(sparse.csc_array([[2, 0], [1, 1]]), { permc_spec: 'NATURAL' }).L.toarray().tolist() // [[1, 0], [0.5, 1]]
   */
  get L(): csc_array {
    const f = this.#f;
    this.perm_r;
    const pr = this.#perm_r!;
    const n = f.n;
    const idx = new Int32Array(f.li.length);
    const dat = new Float64Array(f.li.length);
    // Sort each column's rows (the pivot, row k, comes first already; the rest in any order).
    for (let k = 0; k < n; k++) {
      const s = f.lp[k]!;
      const e = f.lp[k + 1]!;
      const ord = Array.from({ length: e - s }, (_, t) => s + t).sort(
        (x, y) => pr[f.li[x]!]! - pr[f.li[y]!]!,
      );
      ord.forEach((p, t) => {
        idx[s + t] = pr[f.li[p]!]!;
        dat[s + t] = f.lx[p]!;
      });
    }
    return new csc_array([np.array(dat), np.array(idx), np.array(Int32Array.from(f.lp))], { shape: [n, n] });
  }

  /**
   * The upper-triangular factor, CSC.
   * @example splu(sparse.csc_array([[2, 0], [1, 1]]), { permc_spec: 'NATURAL' }).U.toarray().tolist() // [[2, 0], [0, 1]]
   */
  get U(): csc_array {
    const f = this.#f;
    const n = f.n;
    const idx = new Int32Array(f.ui.length);
    const dat = new Float64Array(f.ui.length);
    for (let k = 0; k < n; k++) {
      const s = f.up[k]!;
      const e = f.up[k + 1]!;
      const ord = Array.from({ length: e - s }, (_, t) => s + t).sort((x, y) => f.ui[x]! - f.ui[y]!);
      ord.forEach((p, t) => {
        idx[s + t] = f.ui[p]!;
        dat[s + t] = f.ux[p]!;
      });
    }
    return new csc_array([np.array(dat), np.array(idx), np.array(Int32Array.from(f.up))], { shape: [n, n] });
  }

  /**
   * Solves A·x = b (`trans` 'N'), or Aᵀ·x = b ('T'; 'H' is the same for real A).
   * @param rhs - a dense `[n]` or `[n, k]` array_like.
   * @param trans - 'N' (default), 'T' or 'H'.
   * @returns x, shaped like rhs (float64)
   * @throws ShapeError when rhs does not have n rows; ValueError on another trans.
   * @example
   * const lu = splu(sparse.csc_array([[2, 1], [0, 1]]));
   * lu.solve(np.array([3, 1]), 'T').tolist() // [1.5, -0.5]
   */
  solve(rhs: ndarray | readonly unknown[], trans: 'N' | 'T' | 'H' = 'N'): ndarray {
    const fn = 'SuperLU.solve';
    if (trans !== 'N' && trans !== 'T' && trans !== 'H') {
      throw new ValueError(argMessage(fn, 'trans', "'N', 'T' or 'H'", trans));
    }
    const b = rhs instanceof np.ndarray ? rhs : np.asarray(rhs);
    const n = this.#f.n;
    if ((b.ndim !== 1 && b.ndim !== 2) || b.shape[0] !== n) {
      throw new ShapeError(argMessage(fn, 'rhs', `shape [${n}] or [${n}, k]`, [...b.shape]));
    }
    const bh = b.toArray() as ArrayLike<number>;
    const k = b.ndim === 1 ? 1 : b.shape[1]!;
    const out = new Float64Array(n * k);
    const col = new Float64Array(n);
    for (let j = 0; j < k; j++) {
      for (let i = 0; i < n; i++) col[i] = Number(bh[i * k + j]);
      const x = trans === 'N' ? luSolve(this.#f, col) : luSolveT(this.#f, col);
      for (let i = 0; i < n; i++) out[i * k + j] = x[i]!;
    }
    return np.array(out).reshape([...b.shape]);
  }
}

/** Solves Aᵀ·x = b: Aᵀ = Pc·Uᵀ·Lᵀ·Pr, so x = Prᵀ·L⁻ᵀ·U⁻ᵀ·Pcᵀ·b. */
function luSolveT(f: LuFactors, b: ArrayLike<number>): Float64Array {
  const n = f.n;
  // z = Pcᵀ b: z[k] = b[q[k]]; then Uᵀ y = z (forward, U by columns: y[k] = (z[k] − Σ u_ik y_i)/u_kk).
  const y = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    let s = b[f.q[k]!]!;
    const end = f.up[k + 1]! - 1;
    for (let p = f.up[k]!; p < end; p++) s -= f.ux[p]! * y[f.ui[p]!]!;
    y[k] = s / f.ux[end]!;
  }
  // Lᵀ w = y (backward; L's column k holds rows in A's numbering: map to pivot order).
  const pinv = new Int32Array(n);
  f.prow.forEach((row, k) => {
    pinv[row] = k;
  });
  const w = new Float64Array(n);
  for (let k = n - 1; k >= 0; k--) {
    let s = y[k]!;
    for (let p = f.lp[k]! + 1; p < f.lp[k + 1]!; p++) s -= f.lx[p]! * w[pinv[f.li[p]!]!]!;
    w[k] = s;
  }
  // x = Prᵀ w: x[prow[k]] = w[k].
  const x = new Float64Array(n);
  for (let k = 0; k < n; k++) x[f.prow[k]!] = w[k]!;
  return x;
}

/** Options of {@link splu}. */
export interface SpluOptions {
  /** Column order (default 'COLAMD', here nested dissection of A + Aᵀ). */
  permc_spec?: PermcSpec | null;
  /** Pivot on the diagonal when |a_jj| ≥ this × the column's largest (default 1.0). */
  diag_pivot_thresh?: number | null;
}

/**
 * Sparse LU factorization (SciPy's `splu`): Gilbert–Peierls left-looking LU with partial pivoting
 * and a fill-reducing column order. SuperLU's tuning options (`relax`, `panel_size`, `options`)
 * are not accepted (an ArgumentTypeError: they would have no effect here).
 * @param A - a square sparse array.
 * @param opts - `{permc_spec, diag_pivot_thresh}`.
 * @returns a {@link SuperLU} object (`solve`, `L`, `U`, `perm_r`, `perm_c`).
 * @throws ShapeError when A is not square; ValueError when A is singular or an option is invalid.
 * @example
 * const lu = splu(sparse.csc_array([[4, 1], [1, 3]]), { permc_spec: 'NATURAL' });
 * lu.solve(np.array([5, 4])).tolist() // [1, 1]
 */
export const splu = ssigOpts<(A: sparray, opts?: SpluOptions) => SuperLU>(
  'splu(A, permc_spec: str = None, diag_pivot_thresh: number = None)',
  1,
  ((A: sparray, opts: SpluOptions) => {
    const fn = 'splu';
    const a = hostCscOf(fn, A);
    const q = columnOrder(fn, a, opts.permc_spec);
    return new SuperLU(luFactor(a, q, fn, { diagPivotThresh: opts.diag_pivot_thresh ?? 1 }));
  }) as never,
);

/** Options of {@link spilu}. */
export interface SpiluOptions extends SpluOptions {
  /** Drop entries of L and U below drop_tol·‖A[:, j]‖∞ (default 1e-4). */
  drop_tol?: number | null;
  /** Keep at most fill_factor·nnz(A[:, j]) entries per column of L and of U (default 10). */
  fill_factor?: number | null;
}

/**
 * Incomplete LU (SciPy's `spilu`): the factorization of {@link splu} with dropping — ILUT-like
 * (threshold `drop_tol` relative to each column of A, at most `fill_factor` times A's entries per
 * column of L and of U), diagonal pivot threshold 0.1 as SuperLU's ILU. Use it as a preconditioner:
 * `new LinearOperator({shape: A.shape, matvec: (x) => ilu.solve(x)})` as `M` of `gmres`/`cg`.
 * SciPy's `drop_rule`, `relax`, `panel_size`, `options` are not accepted (ArgumentTypeError).
 * @param A - a square sparse array.
 * @param opts - `{drop_tol, fill_factor, permc_spec, diag_pivot_thresh}`.
 * @returns a {@link SuperLU} object whose `solve` applies the approximate inverse.
 * @throws ShapeError when A is not square; ValueError on an invalid option.
 * @example
 * const ilu = spilu(sparse.csc_array([[4, 1], [1, 3]]), { permc_spec: 'NATURAL' });
 * ilu.solve(np.array([5, 4])).tolist() // [1, 1]
 */
export const spilu = ssigOpts<(A: sparray, opts?: SpiluOptions) => SuperLU>(
  'spilu(A, drop_tol: number = None, fill_factor: number = None, permc_spec: str = None, diag_pivot_thresh: number = None)',
  1,
  ((A: sparray, opts: SpiluOptions) => {
    const fn = 'spilu';
    const dropTol = opts.drop_tol ?? 1e-4;
    const fillFactor = opts.fill_factor ?? 10;
    if (!(dropTol >= 0)) throw new ValueError(argMessage(fn, 'drop_tol', 'a number ≥ 0', dropTol));
    if (!(fillFactor >= 1)) throw new ValueError(argMessage(fn, 'fill_factor', 'a number ≥ 1', fillFactor));
    const a = hostCscOf(fn, A);
    const q = columnOrder(fn, a, opts.permc_spec);
    return new SuperLU(
      luFactor(a, q, fn, { diagPivotThresh: opts.diag_pivot_thresh ?? 0.1, dropTol, fillFactor }),
    );
  }) as never,
);

/**
 * Pre-factors A and returns its solve (SciPy's `factorized`): `splu(A).solve`.
 * @param A - a square sparse array.
 * @returns a function `solve(b)` → x with A·x = b.
 * @throws ShapeError when A is not square; ValueError when A is singular.
 * @example
 * const solve = factorized(sparse.csc_array([[2, 0], [0, 4]]));
 * solve(np.array([2, 2])).tolist() // [1, 0.5]
 */
export const factorized = ssigOpts<(A: sparray) => (b: ndarray | readonly unknown[]) => ndarray>(
  'factorized(A)',
  1,
  ((A: sparray) => {
    const lu = splu(A);
    return (b: ndarray | readonly unknown[]) => lu.solve(b);
  }) as never,
);
