/**
 * `linalg.solve inv det cholesky`, bound to NumPy's signatures: LU with partial pivoting and
 * Cholesky (blocked, `lu.ts`), on stacks of matrices as NumPy takes them. Singular matrices and
 * matrices that are not positive definite raise `LinAlgError`, as LAPACK's `info` makes NumPy do.
 */
import { ShapeError } from '../../runtime/index.js';
import { fmtShape, LinAlgError } from '../errors.js';
import type { ndarray } from '../ndarray.js';
import { type ArrayInput, sig } from '../sig.js';
import { getrf, getrs, luDet, potrf } from './lu.js';
import { readStack, writeStack } from './matrix.js';

/** Pairs batch index q of the result with the matrices of a and b (one side may have no batch). */
function pairBatches(fn: string, ab: number[], bb: number[], a: ndarray, b: ndarray): number[] {
  if (bb.length === 0) return ab;
  if (ab.length === 0) return bb;
  if (ab.length === bb.length && ab.every((d, i) => d === bb[i])) return ab;
  throw new ShapeError(
    `${fn}: argument 'b' with shape ${fmtShape(b.shape)} does not match the stack of argument 'a' with shape ${fmtShape(a.shape)}`,
  );
}

/**
 * Solves the linear system `a @ x = b` (NumPy's `linalg.solve`): LU with partial pivoting.
 * @param a an array_like of square matrices `[..., M, M]`
 * @param b the right-hand side: `[M]` (one vector for every matrix) or `[..., M, K]`
 * @returns x, shaped like b (broadcast over the stack of a)
 * @throws {ShapeError} when a is not a stack of square matrices or b does not have M rows
 * @throws {LinAlgError} when a matrix is singular ("Singular matrix")
 * @example np.linalg.solve([[3, 1], [1, 2]], [9, 8]).tolist() // [2, 3]
 */
export const solve = sig<(a: ArrayInput, b: ArrayInput) => ndarray>(
  'linalg.solve(a: array_like, b: array_like)',
  ((a: ndarray, b: ndarray) => {
    const fn = 'linalg.solve';
    const A = readStack(fn, a, true);
    const n = A.n;
    const vec = b.ndim === 1;
    if (b.ndim === 0 || b.shape[vec ? 0 : b.ndim - 2] !== n) {
      throw new ShapeError(
        `${fn}: argument 'b' expected shape [${n}] or [..., ${n}, K], received shape ${fmtShape(b.shape)}`,
      );
    }
    const B = vec ? null : readStack(fn, b, false, 'b');
    const bv = vec ? Float64Array.from(b.toArray() as ArrayLike<number>) : null;
    const k = vec ? 1 : B!.n;
    const batch = vec ? A.batch : pairBatches(fn, A.batch, B!.batch, a, b);
    const count = batch.reduce((x, y) => x * y, 1);
    const out: Float64Array[] = [];
    for (let q = 0; q < count; q++) {
      const f = getrf(Float64Array.from(A.mats[A.mats.length === 1 ? 0 : q]!), n);
      if (f.singular) throw new LinAlgError(`${fn}: Singular matrix`);
      const rhs = vec ? Float64Array.from(bv!) : Float64Array.from(B!.mats[B!.mats.length === 1 ? 0 : q]!);
      out.push(getrs(f, rhs, k));
    }
    const dtype = A.dtype === 'float32' && b.dtype === 'float32' ? 'float32' : 'float64';
    return writeStack(out, batch, vec ? [n] : [n, k], dtype);
  }) as never,
);

/**
 * The inverse of a matrix (NumPy's `linalg.inv`): LU with partial pivoting, then `solve(a, I)`.
 * @param a an array_like of square matrices `[..., M, M]`
 * @returns the inverses, shaped like a
 * @throws {ShapeError} when a is not a stack of square matrices
 * @throws {LinAlgError} when a matrix is singular ("Singular matrix")
 * @example np.linalg.inv([[2, 0], [0, 4]]).tolist() // [[0.5, 0], [0, 0.25]]
 */
export const inv = sig<(a: ArrayInput) => ndarray>('linalg.inv(a: array_like)', ((a: ndarray) => {
  const fn = 'linalg.inv';
  const A = readStack(fn, a, true);
  const n = A.n;
  const out = A.mats.map((m) => {
    const f = getrf(m, n);
    if (f.singular) throw new LinAlgError(`${fn}: Singular matrix`);
    const e = new Float64Array(n * n);
    for (let i = 0; i < n; i++) e[i * n + i] = 1;
    return getrs(f, e, n);
  });
  return writeStack(out, A.batch, [n, n], A.dtype);
}) as never);

/**
 * The determinant (NumPy's `linalg.det`): ± the product of the LU pivots; 0 for a singular matrix.
 * @param a an array_like of square matrices `[..., M, M]`
 * @returns the determinants (0-d for one matrix)
 * @throws {ShapeError} when a is not a stack of square matrices
 * @example np.linalg.det([[1, 2], [3, 4]]).item() // -2
 */
export const det = sig<(a: ArrayInput) => ndarray>('linalg.det(a: array_like)', ((a: ndarray) => {
  const A = readStack('linalg.det', a, true);
  const d = Float64Array.from(A.mats, (m) => luDet(getrf(m, A.n)));
  return writeStack([d], [], A.batch, A.dtype);
}) as never);

/** Keyword options of {@link cholesky}. */
export interface CholeskyOptions {
  /** Return the upper factor U = Lᵀ (a = Uᵀ·U) instead of L. */
  upper?: boolean;
}

/**
 * Cholesky factor of a symmetric positive-definite matrix (NumPy's `linalg.cholesky`): blocked
 * `potrf`, reading only the lower triangle of a.
 * @param a an array_like of square matrices `[..., M, M]`
 * @param opts `{upper}`: the upper factor Lᵀ instead of L
 * @returns L (lower triangular, a = L·Lᵀ), or U = Lᵀ with `upper`
 * @throws {ShapeError} when a is not a stack of square matrices
 * @throws {LinAlgError} when a matrix is not positive definite ("Matrix is not positive definite")
 * @example np.linalg.cholesky([[4, 2], [2, 2]]).tolist() // [[2, 0], [1, 1]]
 */
export const cholesky = sig<(a: ArrayInput, opts?: CholeskyOptions) => ndarray>(
  'linalg.cholesky(a: array_like, /, *, upper: bool = False)',
  ((a: ndarray, upper: boolean) => {
    const fn = 'linalg.cholesky';
    const A = readStack(fn, a, true);
    const n = A.n;
    const out = A.mats.map((m) => {
      if (potrf(m, n) >= 0) throw new LinAlgError(`${fn}: Matrix is not positive definite`);
      if (!upper) return m;
      const t = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) t[j * n + i] = m[i * n + j]!;
      return t;
    });
    return writeStack(out, A.batch, [n, n], A.dtype);
  }) as never,
);
