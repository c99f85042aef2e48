/**
 * `norm(A, ord)`: matrix norms of sparse arrays (SciPy's `scipy.sparse.linalg.norm`), built from
 * the public sparse and dense operations, deferred (the result is a 0-d array).
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../../runtime/index.js';
import { type csr_array, issparse, type sparray } from '../index.js';
import { ssig } from '../sig.js';
import { eigsh } from './eigsh.js';
import { aslinearoperator, LinearOperator } from './interface.js';
import { symeig } from './symeig.js';

type ndarray = np.ndarray;

/** The norms `norm` computes. */
export type NormOrd = 'fro' | 1 | -1 | 2 | typeof Infinity | typeof Number.NEGATIVE_INFINITY;

/**
 * A matrix norm of a sparse array.
 *
 * - `'fro'` (default): √(Σ|aᵢⱼ|²) (duplicates summed first, as SciPy does);
 * - `1` / `-1`: largest / smallest column sum of |aᵢⱼ|;
 * - `Infinity` / `-Infinity`: largest / smallest row sum of |aᵢⱼ|;
 * - `2`: the largest singular value (Jacobi on the Gram matrix when the short side is ≤ 32, else
 *   Lanczos on AᵀA with `eigsh`).
 * @param A - a sparse array (a 2-D ndarray is passed to `np.linalg.norm`).
 * @param ord - which norm.
 * @returns a 0-d float array (read it with `.item()`).
 * @throws ValueError on an unsupported `ord`.
 * @throws ArgumentTypeError when A is not a sparse or dense matrix.
 * @example
 * norm(sparse.diags([[1, -2, 3]], [0])).item(); // 3.7416573867739413
 * norm(sparse.diags([[1, -2, 3]], [0]), Infinity).item(); // 3
 */
export const norm = ssig<
  (
    x: sparray,
    ord?: NormOrd | number | null | NormOptions,
    axis?: number | null | NormOptions,
    opts?: NormOptions,
  ) => ndarray
>('norm(x, ord = None, axis: int? = None)', ((
  A: sparray,
  ord: NormOrd | undefined | null,
  axis: number | null | undefined,
) => (axis === undefined || axis === null ? normImpl(A, ord ?? 'fro') : vectorNorms(A, ord, axis))) as never);

/** Keyword options of {@link norm}. */
export interface NormOptions {
  /** Which norm. */
  ord?: NormOrd | number | null;
  /** One axis: the vector norms of the columns (0) or rows (1). */
  axis?: number | null;
}

/** Vector norms along one axis of a sparse array (SciPy's `norm(x, ord, axis)`). */
function vectorNorms(A: sparray, ord: number | string | null | undefined, axis: number): ndarray {
  if (!issparse(A)) return np.linalg.norm(A, ord as never, axis);
  if (![0, 1, -1, -2].includes(axis))
    throw new ValueError(argMessage('norm', 'axis', 'null, 0, 1, -1 or -2', axis));
  const o = ord ?? 2;
  const abs = A.abs();
  if (o === 2) return np.sqrt(A.multiply(A).sum(axis));
  if (o === 1) return abs.sum(axis);
  if (o === Infinity) return np.max(abs.toarray(), axis);
  if (o === -Infinity) return np.min(abs.toarray(), axis);
  if (o === 0) return A.count_nonzero(axis) as ndarray;
  if (typeof o !== 'number')
    throw new ValueError(argMessage('norm', 'ord', 'a number for vector norms along an axis', o));
  return np.power(abs.power(o).sum(axis), 1 / o);
}

function normImpl(A: sparray, ord: NormOrd): ndarray {
  if (A instanceof np.ndarray) return ord === 2 ? twoNorm(A) : np.linalg.norm(A, ord);
  if (!issparse(A)) {
    throw new ArgumentTypeError(argMessage('norm', 'A', 'a sparse array', A));
  }
  if (A.shape.length !== 2) throw new ValueError(argMessage('norm', 'A', 'a 2-D sparse array', [...A.shape]));
  switch (ord) {
    case 'fro': {
      const c = A.tocsr().copy() as csr_array;
      c.sum_duplicates();
      return np.linalg.norm(c.data);
    }
    case 1:
      return np.max(A.abs().sum({ axis: 0 }));
    case -1:
      return np.min(A.abs().sum({ axis: 0 }));
    case Infinity:
      return np.max(A.abs().sum({ axis: 1 }));
    case -Infinity:
      return np.min(A.abs().sum({ axis: 1 }));
    case 2:
      return twoNorm(A);
    default:
      throw new ValueError(argMessage('norm', 'ord', "'fro', 1, -1, 2, Infinity or -Infinity", ord));
  }
}

/** The largest singular value: host Jacobi on the small Gram matrix, else Lanczos on AᵀA. */
function twoNorm(A: sparray | ndarray): ndarray {
  const op = aslinearoperator(A);
  const [m, n] = op.shape;
  const k = Math.min(m, n);
  if (k === 0) return np.zeros([]);
  if (k <= 32) {
    const a = (A instanceof np.ndarray ? A : A.toarray()).astype('float64').toArray() as Float64Array;
    const g = new Float64Array(k * k);
    // Gram matrix of the short side: AᵀA (n ≤ m) or AAᵀ.
    for (let i = 0; i < k; i++) {
      for (let j = 0; j < k; j++) {
        let s = 0;
        if (n <= m) for (let r = 0; r < m; r++) s += a[r * n + i]! * a[r * n + j]!;
        else for (let c = 0; c < n; c++) s += a[i * n + c]! * a[j * n + c]!;
        g[i * k + j] = s;
      }
    }
    return np.array([Math.sqrt(Math.max(symeig(g, k).values[k - 1]!, 0))]).reshape([]);
  }
  const ata = new LinearOperator({
    shape: [n, n],
    matvec: (v) => op.rmatvec(op.matvec(v)),
    dtype: 'float64',
  });
  const w = eigsh(ata, { k: 1, which: 'LA', return_eigenvectors: false });
  return np.sqrt(np.maximum(np.max(w), 0));
}
