/**
 * `spsolve_triangular`: forward or back substitution with a sparse triangular matrix (SciPy's
 * semantics: only the `lower`/upper triangle is read, `unit_diagonal` takes the diagonal as ones,
 * a zero diagonal entry is a `LinAlgError`). Row-oriented over CSR, on the calling thread.
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError } from '../../runtime/index.js';
import { issparse, type sparray } from '../index.js';
import { ssigOpts } from '../sig.js';

type ndarray = np.ndarray;

/** Options of {@link spsolve_triangular}. */
export interface SpsolveTriangularOptions {
  /** A is lower triangular (default true); else upper. */
  lower?: boolean;
  /** Accepted for SciPy compatibility: A is never modified. */
  overwrite_A?: boolean;
  /** Accepted for SciPy compatibility: b is never modified. */
  overwrite_b?: boolean;
  /** Take A's diagonal as all ones (the stored diagonal is not read). */
  unit_diagonal?: boolean;
}

/**
 * Solves A·x = b for a triangular sparse A (SciPy's `spsolve_triangular`).
 * @param A - a square sparse array (converted to CSR); entries outside the triangle are ignored.
 * @param b - a dense `[n]` or `[n, k]` array_like.
 * @param opts - `{lower, unit_diagonal, overwrite_A, overwrite_b}`.
 * @returns x, shaped like b (float64)
 * @throws ShapeError on mismatched shapes; LinAlgError when a diagonal entry is zero.
 * @example
 * spsolve_triangular(sparse.csr_array([[2, 0], [1, 1]]), np.array([2, 3])).tolist() // [1, 2]
 */
export const spsolve_triangular = ssigOpts<
  (A: sparray, b: ndarray | readonly unknown[], opts?: SpsolveTriangularOptions) => ndarray
>(
  'spsolve_triangular(A, b, lower: bool = True, overwrite_A: bool = False, overwrite_b: bool = False, unit_diagonal: bool = False)',
  2,
  ((A: sparray, b0: ndarray | readonly unknown[], opts: SpsolveTriangularOptions) => {
    const fn = 'spsolve_triangular';
    if (!issparse(A)) throw new ArgumentTypeError(argMessage(fn, 'A', 'a sparse array', A));
    const [m, n] = A.shape as [number, number];
    if (m !== n) throw new ShapeError(argMessage(fn, 'A', 'a square matrix', [...A.shape]));
    const b = b0 instanceof np.ndarray ? b0 : np.asarray(b0);
    if ((b.ndim !== 1 && b.ndim !== 2) || b.shape[0] !== n) {
      throw new ShapeError(argMessage(fn, 'b', `shape [${n}] or [${n}, k]`, [...b.shape]));
    }
    const lower = opts.lower ?? true;
    const unit = opts.unit_diagonal ?? false;
    const c = A.tocsr();
    const ptr = c.indptr.toArray();
    const ind = c.indices.toArray();
    const dat = c.data.toArray() as ArrayLike<number>;
    const k = b.ndim === 1 ? 1 : b.shape[1]!;
    const x = Float64Array.from(b.toArray() as ArrayLike<number>);
    const acc = new Float64Array(k);
    for (let t = 0; t < n; t++) {
      const i = lower ? t : n - 1 - t;
      let d = unit ? 1 : 0;
      for (let c2 = 0; c2 < k; c2++) acc[c2] = x[i * k + c2]!;
      for (let p = ptr[i]!; p < ptr[i + 1]!; p++) {
        const j = ind[p]!;
        const v = Number(dat[p]);
        if (j === i) {
          if (!unit) d += v; // duplicates summed
        } else if (lower ? j < i : j > i) {
          for (let c2 = 0; c2 < k; c2++) acc[c2]! -= v * x[j * k + c2]!;
        }
      }
      if (d === 0) {
        throw new np.linalg.LinAlgError(`${fn}: A is singular: zero entry on diagonal (row ${i}).`);
      }
      for (let c2 = 0; c2 < k; c2++) x[i * k + c2] = acc[c2]! / d;
    }
    return np.array(x).reshape([...b.shape]);
  }) as never,
);
