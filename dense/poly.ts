/**
 * NumPy's legacy polynomial functions (coefficients highest power first): `poly`, `polyadd`,
 * `polysub`, `polymul`, `polyder`, `polyint`, `polydiv`, `polyfit` (`polyval` is in
 * numeric-extra.ts). NumPy's own algorithms as compositions of launches (padding, element-wise
 * expressions, `convolve`, Vandermonde + `linalg.lstsq`). Host reads only where NumPy inspects
 * values: `poly`'s roots and `polymul`'s shorter operand (through `convolve`), `polydiv`'s
 * trimming of leading remainder coefficients (`allclose(r[0], 0)`), `polyfit`'s rank and
 * residuals; `poly` of a matrix reads the matrix and computes its characteristic polynomial on the
 * host (charpoly.ts; NumPy goes through `eigvals`). `polydiv`'s long division is one launch per
 * quotient coefficient (each step needs the previous one), as NumPy's loop. Not done: `roots`
 * (needs the eigenvalues of a general matrix, a companion matrix's: cohort's linalg has only
 * `eigh`), complex coefficients.
 */
import { ArgumentTypeError, argMessage, type DType, ValueError } from '../runtime/index.js';
import { charpoly } from './charpoly.js';
import { array, full, zeros } from './creation.js';
import { arange } from './creation-more.js';
import { fmtShape, LinAlgError } from './errors.js';
import { lstsq } from './linalg/lstsq-api.js';
import { inv } from './linalg/solve-api.js';
import { outer } from './linalg-api.js';
import { vander } from './matrix-extra.js';
import type { ndarray } from './ndarray.js';
import { convolve } from './numeric-extra.js';
import { sum } from './reduce-api.js';
import { nonzero } from './select.js';
import * as sh from './shape.js';
import { type ArrayInput, sig } from './sig.js';
import { add, divide, multiply, sqrt, subtract } from './ufuncs.js';

const atleast1 = (a: ndarray): ndarray => (a.ndim === 0 ? sh.reshape(a, [1]) : a);
/** `a + 0.0` as NumPy writes it: integers and bools become float64, floats keep their dtype. */
const asFloat = (a: ndarray): ndarray =>
  a.dtype === 'float32' || a.dtype === 'float64' ? a : sh.astype(a, 'float64');

/**
 * The coefficients of the monic polynomial with the given (real) roots, built as NumPy does (one
 * convolution with `[1, -r]` per root); or, for a non-empty square matrix, its characteristic
 * polynomial det(λI − A). NumPy multiplies out `eigvals(A)`; cohort computes the coefficients
 * directly (balancing, Householder Hessenberg reduction, La Budde's recurrence: charpoly.ts) on the
 * host, without complex roots: the result is real, as NumPy's is for a real matrix. Coefficient k
 * is within a small multiple of ε·C(n,k)·‖A‖₂ᵏ of the exact one (NumPy's own error is of that
 * size), so results agree with NumPy's to that tolerance, not bitwise.
 * @param seq_of_zeros a 1-D array_like of roots, or a square matrix
 * @returns float coefficients, highest power first (`[1]` for no roots); float32 for float32
 *   input, float64 otherwise
 * @throws {ValueError} for an empty, non-square or more than 2-D array
 * @throws {LinAlgError} for a matrix with infs or NaNs
 * @example np.poly([1, 2]).tolist() // [1, -3, 2]
 * @example np.poly([[1, 2, 3], [4, 5, 6], [7, 8, 0]]).tolist().map(Math.round) // [1, -6, -72, -27]
 * @example np.poly([[0, 1 / 3], [-1 / 2, 0]]).tolist() // [1, 0, 0.16666666666666666]
 */
export const poly = sig<(seq_of_zeros: ArrayInput) => ndarray>('poly(seq_of_zeros: array_like)', ((
  z0: ndarray,
) => {
  const z = atleast1(z0);
  const dt: DType = z.dtype === 'float32' ? 'float32' : 'float64';
  if (z.ndim === 2 && z.shape[0] === z.shape[1] && z.shape[0] !== 0) {
    const n = z.shape[0]!;
    const m = Float64Array.from(sh.copy(z).toArray() as ArrayLike<number>, Number);
    if (!m.every(Number.isFinite))
      throw new LinAlgError(
        "poly: argument 'seq_of_zeros' expected a matrix of finite values, received one with infs or NaNs",
      );
    return sh.astype(array(charpoly(m, n), 'float64'), dt);
  }
  if (z.ndim !== 1)
    throw new ValueError(
      `poly: argument 'seq_of_zeros' expected a 1-D sequence of roots or a non-empty square matrix, received shape ${fmtShape(z.shape)}`,
    );
  if (z.size === 0) return full([], 1, 'float64');
  const roots = Array.from(sh.copy(asFloat(z)).toArray() as ArrayLike<number>, Number);
  let a = full([1], 1, dt);
  for (const r of roots) a = convolve(a, array([1, -r], dt));
  return sh.astype(a, dt);
}) as never);

const padTo = (a: ndarray, n: number): ndarray =>
  a.shape[0]! >= n ? a : sh.concatenate([zeros([n - a.shape[0]!], a.dtype), a], { axis: 0 });

const addSub = (fn: 'polyadd' | 'polysub', f: typeof add) =>
  sig<(a1: ArrayInput, a2: ArrayInput) => ndarray>(`${fn}(a1: array_like, a2: array_like)`, ((
    a1: ndarray,
    a2: ndarray,
  ) => {
    const x = atleast1(a1);
    const y = atleast1(a2);
    const n = Math.max(x.shape[0] ?? 0, y.shape[0] ?? 0);
    return sh.copy(f(padTo(x, n), padTo(y, n)));
  }) as never);

/**
 * The sum of two polynomials (the shorter padded with leading zeros).
 * @param a1 coefficients, highest power first
 * @param a2 coefficients, highest power first
 * @returns the coefficients of the sum (promoted dtype)
 * @example np.polyadd([1, 2], [9, 5, 4]).tolist() // [9, 6, 6]
 */
export const polyadd = addSub('polyadd', add);
/**
 * The difference of two polynomials `a1 - a2`.
 * @param a1 minuend coefficients, highest power first
 * @param a2 subtrahend coefficients, highest power first
 * @returns the coefficients of the difference (promoted dtype)
 * @example np.polysub([2, 10, -2], [3, 10, -4]).tolist() // [-1, 0, 2]
 */
export const polysub = addSub('polysub', subtract);

/**
 * Drops leading zero coefficients (NumPy's `poly1d` does, in `polymul`): one read of the first
 * nonzero position; all zeros leave `[0]`.
 */
function trimLeading(a: ndarray): ndarray {
  const nz = nonzero(a)[0]!;
  if (nz.size === 0) return zeros([1], a.dtype);
  const first = nz.item(0) as number;
  return first === 0 ? a : a.get(`${first}:`);
}

/**
 * The product of two polynomials (`convolve(a1, a2)` after dropping leading zeros, as NumPy's
 * `poly1d` conversion does).
 * @param a1 coefficients, highest power first
 * @param a2 coefficients, highest power first
 * @returns the coefficients of the product
 * @example np.polymul([1, 2, 3], [9, 5, 1]).tolist() // [9, 23, 38, 17, 3]
 */
export const polymul = sig<(a1: ArrayInput, a2: ArrayInput) => ndarray>(
  'polymul(a1: array_like, a2: array_like)',
  ((a1: ndarray, a2: ndarray) => convolve(trimLeading(atleast1(a1)), trimLeading(atleast1(a2)))) as never,
);

/** Keyword options of {@link polyder}. */
export interface PolyderOptions {
  /** Order of the derivative (default 1). */
  m?: number;
}

/**
 * The `m`-th derivative of a polynomial: `p[:-1] * arange(n, 0, -1)`, m times.
 * @param p coefficients, highest power first
 * @param m order of the derivative (default 1)
 * @returns the derivative's coefficients (integers stay integers)
 * @throws {ValueError} for a negative order
 * @example np.polyder([1, 1, 1, 1]).tolist() // [3, 2, 1]
 * @example np.polyder([1, 1, 1, 1], 2).tolist() // [6, 2]
 */
export const polyder = sig<(p: ArrayInput, m?: number | PolyderOptions) => ndarray>(
  'polyder(p: array_like, m: int = 1)',
  ((p0: ndarray, m: number) => {
    if (m < 0) throw new ValueError('polyder: Order of derivative must be positive (see polyint)');
    let p = atleast1(p0);
    for (let j = 0; j < m; j++) {
      const n = p.shape[0]! - 1;
      const k = sh.astype(arange(n, 0, -1), 'int32');
      p = n <= 0 ? sh.astype(zeros([0]), promoteInt(p.dtype)) : sh.copy(multiply(p.get(':-1'), k));
    }
    return m === 0 ? sh.copy(p) : p;
  }) as never,
);
/** NumPy's dtype of `p * arange(...)` (an int64 arange: float32 becomes float64; cohort int32). */
const promoteInt = (d: DType): DType => (d === 'float32' || d === 'float64' ? 'float64' : 'int32');

/** Keyword options of {@link polyint}. */
export interface PolyintOptions {
  /** Order of the antiderivative (default 1). */
  m?: number;
  /** Integration constants: one number for all, or m of them (the first for the last step). */
  k?: number | readonly number[] | null;
}

/**
 * The `m`-th antiderivative of a polynomial: `concatenate(p / arange(n, 0, -1), [k])`, m times.
 * @param p coefficients, highest power first
 * @param m order (default 1)
 * @param k integration constants (default 0s)
 * @returns float coefficients
 * @throws {ValueError} for a negative order or a wrong number of constants
 * @example np.polyint([3, 2, 1]).tolist() // [1, 1, 1, 0]
 * @example np.polyint([6], 2, [1, 2]).tolist() // [3, 1, 2]
 */
export const polyint = sig<
  (
    p: ArrayInput,
    m?: number | PolyintOptions,
    k?: number | readonly number[] | null | PolyintOptions,
    opts?: PolyintOptions,
  ) => ndarray
>('polyint(p: array_like, m: int = 1, k: any = None)', ((p0: ndarray, m: number, k0: unknown) => {
  if (m < 0) throw new ValueError('polyint: Order of integral must be positive (see polyder)');
  let ks: number[];
  if (k0 === undefined || k0 === null) ks = new Array(m).fill(0);
  else if (typeof k0 === 'number') ks = new Array(m).fill(k0);
  else if (Array.isArray(k0) && k0.every((v) => typeof v === 'number'))
    ks = k0.length === 1 && m > 1 ? new Array(m).fill(k0[0]) : [...k0];
  else throw new ArgumentTypeError(argMessage('polyint', 'k', 'a number or an array of numbers', k0));
  if (ks.length < m) throw new ValueError('polyint: k must be a scalar or a rank-1 array of length 1 or >m.');
  let p = atleast1(p0);
  if (m === 0) return sh.copy(p);
  for (let j = 0; j < m; j++) {
    const n = p.shape[0]!;
    const q = divide(p, sh.astype(arange(n, 0, -1), 'int32'));
    p = sh.concatenate([q, full([1], ks[j]!, q.dtype)], { axis: 0 });
  }
  return p;
}) as never);

/**
 * Polynomial long division `u / v`: quotient and remainder, NumPy's algorithm (leading remainder
 * coefficients within 1e-8 of 0 are dropped, as NumPy's `allclose` does).
 * @param u dividend coefficients, highest power first
 * @param v divisor coefficients, highest power first
 * @returns `[q, r]` (float)
 * @example np.polydiv([3, 5, 2], [2, 1]).map((a) => a.tolist()) // [[1.5, 1.75], [0.25]]
 */
export const polydiv = sig<(u: ArrayInput, v: ArrayInput) => [ndarray, ndarray]>(
  'polydiv(u: array_like, v: array_like)',
  ((u0: ndarray, v0: ndarray) => {
    const u = asFloat(atleast1(u0));
    const v = asFloat(atleast1(v0));
    const dt = sh.copy(add(u.get([0]), v.get([0]))).dtype;
    const m = u.shape[0]! - 1;
    const n = v.shape[0]! - 1;
    const scale = divide(1, v.get([0]));
    const q = zeros([Math.max(m - n + 1, 1)], dt);
    let r = sh.astype(sh.copy(u), dt);
    for (let k = 0; k < m - n + 1; k++) {
      const d = sh.copy(multiply(scale, r.get([k])));
      q.set([k], d);
      r.get([`${k}:${k + n + 1}`]).isub(multiply(d, v));
    }
    // NumPy: while allclose(r[0], 0, rtol=1e-14) and r.shape[-1] > 1 — a read of r[0] per step.
    while (r.shape[0]! > 1 && Math.abs(r.item(0) as number) <= 1e-8) r = r.get('1:');
    return [q, sh.copy(r)];
  }) as never,
);

/** Keyword options of {@link polyfit}. */
export interface PolyfitOptions {
  /** Cut-off for small singular values (default `len(x) * eps`). */
  rcond?: number | null;
  /** Also return `[residuals, rank, singular_values, rcond]`. */
  full?: boolean;
  /** Weights applied to the unsquared residuals. */
  w?: ArrayInput | null;
  /** Return the covariance matrix of the estimate too (true, or 'unscaled'). */
  cov?: boolean | 'unscaled';
}

/**
 * The least-squares polynomial fit of degree `deg` to the points (x, y), NumPy's way: a scaled
 * Vandermonde matrix (columns divided by their norms) solved by `linalg.lstsq`.
 * @param x sample x-coordinates (1-D)
 * @param y sample values (1-D, or 2-D: one fit per column)
 * @param deg degree of the fit
 * @param rcond cut-off ratio for small singular values
 * @param full also return the diagnostics
 * @param w weights
 * @param cov also return the covariance matrix: `true` (scaled by the residuals) or 'unscaled'
 * @returns the coefficients (highest power first; shape `[deg + 1, K]` for 2-D y), or
 *   `[p, residuals, rank, s, rcond]` with `full`, or `[p, V]` with `cov` — V of shape
 *   `[deg + 1, deg + 1]` for 1-D y, `[deg + 1, deg + 1, K]` for 2-D y (`[deg + 1, deg + 1, 1]`
 *   when 'unscaled', as NumPy)
 * @throws {ValueError} for a negative degree, or a scaled `cov` with no more points than deg + 1
 * @throws {ArgumentTypeError} for inputs of the wrong dimensions or lengths (NumPy's TypeError)
 * @example np.polyfit([0, 1, 2, 3], [1, 3, 5, 7], 1).tolist().map((c) => Math.round(c * 1e9) / 1e9) // [2, 1]
 * @example
 * const [p, V] = np.polyfit([0, 1, 2, 3, 4], [[1, 2], [3, 2], [5, 5], [7, 5], [9, 8]], 1, { cov: true });
 * [p.shape, V.shape] // [[2, 2], [2, 2, 2]]
 */
export const polyfit = sig<
  (
    x: ArrayInput,
    y: ArrayInput,
    deg: number,
    rcond?: number | null | PolyfitOptions,
    full?: boolean | PolyfitOptions,
    w?: ArrayInput | null | PolyfitOptions,
    cov?: boolean | 'unscaled' | PolyfitOptions,
    opts?: PolyfitOptions,
  ) => ndarray | (ndarray | number)[]
>(
  'polyfit(x: array_like, y: array_like, deg: int, rcond: number = None, full: bool = False, w: array_like = None, cov: any = False)',
  ((
    x0: ndarray,
    y0: ndarray,
    deg: number,
    rcond0: number | undefined,
    fullOut: boolean,
    w0: ndarray | undefined,
    cov: unknown,
  ) => {
    const bad = (m: string) => new ArgumentTypeError(`polyfit: ${m}`);
    if (deg < 0) throw new ValueError('polyfit: expected deg >= 0');
    if (cov !== false && cov !== true && cov !== 'unscaled')
      throw new ArgumentTypeError(argMessage('polyfit', 'cov', "true, false or 'unscaled'", cov));
    const x = asFloat(x0);
    const y = asFloat(y0);
    if (x.ndim !== 1) throw bad('expected 1D vector for x');
    if (x.size === 0) throw bad('expected non-empty vector for x');
    if (y.ndim < 1 || y.ndim > 2) throw bad('expected 1D or 2D array for y');
    if (x.shape[0] !== y.shape[0]) throw bad('expected x and y to have same length');
    const order = deg + 1;
    const eps = x.dtype === 'float32' ? 1.1920928955078125e-7 : 2.220446049250313e-16;
    const rcond = rcond0 ?? x.shape[0]! * eps;
    let lhs: ndarray = vander(x, order);
    let rhs: ndarray = y;
    if (w0 !== undefined) {
      const w = asFloat(w0);
      if (w.ndim !== 1) throw bad('expected a 1-d array for weights');
      if (w.shape[0] !== y.shape[0]) throw bad('expected w and y to have the same length');
      const wc = sh.reshape(w, [w.shape[0]!, 1]);
      lhs = multiply(lhs, wc);
      rhs = multiply(rhs, rhs.ndim === 2 ? wc : w);
    }
    const scale = sh.copy(sqrt(sum(multiply(lhs, lhs), { axis: 0 })));
    lhs = sh.copy(divide(lhs, scale));
    const [c0, resids, rank, s] = lstsq(lhs, sh.copy(rhs), rcond);
    const c = c0.ndim === 2 ? divide(c0, sh.reshape(scale, [order, 1])) : divide(c0, scale);
    if (fullOut) return [sh.copy(c), resids, rank, s, rcond];
    if (cov === false) return sh.copy(c);
    const Vbase = divide(inv(sh.copy(sh.transpose(lhs)).dot(lhs)), outer(scale, scale));
    if (cov !== 'unscaled' && x.shape[0]! <= order)
      throw new ValueError(
        'polyfit: the number of data points must exceed order to scale the covariance matrix',
      );
    if (y.ndim === 2) {
      // NumPy: Vbase[:, :, newaxis] * fac — fac 1 ('unscaled': shape (order, order, 1)) or the
      // residuals per column / (len(x) - order) (shape (order, order, K); K = 0 when lstsq returns
      // no residuals, i.e. a rank-deficient fit).
      const V3 = sh.reshape(Vbase, [order, order, 1]);
      if (cov === 'unscaled') return [sh.copy(c), sh.copy(V3)];
      return [sh.copy(c), sh.copy(multiply(V3, divide(resids, x.shape[0]! - order)))];
    }
    const fac =
      cov === 'unscaled' ? 1 : (resids.size ? (resids.item(0) as number) : 0) / (x.shape[0]! - order);
    return [sh.copy(c), sh.copy(multiply(Vbase, fac))];
  }) as never,
);
