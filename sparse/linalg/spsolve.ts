/**
 * `spsolve`: a direct sparse solve, A·x = b, by sparse LU with partial pivoting (`lu.ts`).
 *
 * What sizes it suits: the factorization runs on the calling thread over a copy of A read through
 * the public API (`tocsc()`, `.indptr/.indices/.data.toArray()`), the same as `splu` (splu.ts).
 * With the default column order (nested dissection of A + Aᵀ, for SciPy's 'COLAMD') a 2-D mesh
 * fills O(n log n) and costs O(n^1.5): 2-D Poisson nx = 300 (9e4 unknowns) factors in seconds
 * (benchmarks/solvers/splu-poisson.ts); 3-D meshes only when small. Beyond that use an iterative
 * solver (`cg`, `gmres`, …) with a preconditioner (`spilu`, or examples/multigrid.ts).
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, type DType, ShapeError } from '../../runtime/index.js';
import { csc_array, issparse, type sparray } from '../index.js';
import { ssigOpts } from '../sig.js';
import { luFactor, luSolve } from './lu.js';
import { columnOrder, hostCscOf } from './splu.js';

type ndarray = np.ndarray;

/** Options of {@link spsolve}. */
export interface SpsolveOptions {
  /**
   * Column order: `'NATURAL'`, or a fill-reducing order — `'RCM'` (reverse Cuthill–McKee on
   * A + Aᵀ). SciPy's names `'COLAMD'` (its default), `'MMD_ATA'` and `'MMD_AT_PLUS_A'` are accepted
   * and use nested dissection of A + Aᵀ (`nd-order.ts`).
   */
  permc_spec?: 'NATURAL' | 'RCM' | 'COLAMD' | 'MMD_ATA' | 'MMD_AT_PLUS_A';
}

type PermcSpec = SpsolveOptions['permc_spec'] | SpsolveOptions;
type SpsolveOpts = SpsolveOptions & { use_umfpack?: boolean };

/**
 * Solves the sparse linear system A·x = b directly.
 * @param A - a square sparse array (n×n).
 * @param b - a dense vector `[n]`, a dense matrix `[n, k]`, or a sparse matrix (n×k).
 * @param opts - `{permc_spec}`.
 * @returns x, shaped like b (a CSC array when b is sparse).
 * @throws ShapeError when A is not square or b does not have n rows.
 * @throws ValueError when A is singular.
 * @example
 * spsolve(sparse.csr_array([[3, 2], [1, 2]]), np.array([2, 4])).tolist(); // [-1, 2.5]
 */
export const spsolve: {
  (A: sparray, b: sparray, permc_spec?: PermcSpec, opts?: SpsolveOpts): csc_array;
  (A: sparray, b: ndarray | readonly unknown[], permc_spec?: PermcSpec, opts?: SpsolveOpts): ndarray;
  (
    A: sparray,
    b: ndarray | sparray | readonly unknown[],
    permc_spec?: PermcSpec,
    opts?: SpsolveOpts,
  ): ndarray | csc_array;
} = ssigOpts('spsolve(A, b, permc_spec: str = None, use_umfpack: bool = True)', 2, spsolveImpl as never);

function spsolveImpl(A: sparray, b: ndarray | sparray, opts: SpsolveOptions = {}): ndarray | sparray {
  if (!issparse(A)) throw new ArgumentTypeError(argMessage('spsolve', 'A', 'a sparse array', A));
  const [m, n] = A.shape as [number, number];
  if (m !== n) throw new ShapeError(argMessage('spsolve', 'A', 'a square matrix', [...A.shape]));
  const sparseB = issparse(b);
  const bd: ndarray = issparse(b) ? b.toarray() : b instanceof np.ndarray ? b : np.asarray(b);
  if (!(bd.ndim === 1 || bd.ndim === 2) || bd.shape[0] !== n) {
    throw new ShapeError(argMessage('spsolve', 'b', `shape [${n}] or [${n}, k]`, [...bd.shape]));
  }
  const dtype: DType = A.dtype === 'float32' && bd.dtype === 'float32' ? 'float32' : 'float64';
  const a = hostCscOf('spsolve', A);
  const q = columnOrder('spsolve', a, opts.permc_spec);
  const f = luFactor(a, q, 'spsolve');
  const bh = bd.toArray();
  let out: Float64Array;
  if (bd.ndim === 1) out = luSolve(f, bh);
  else {
    const k = bd.shape[1]!;
    out = new Float64Array(n * k);
    const col = new Float64Array(n);
    for (let j = 0; j < k; j++) {
      for (let i = 0; i < n; i++) col[i] = bh[i * k + j]!;
      const xj = luSolve(f, col);
      for (let i = 0; i < n; i++) out[i * k + j] = xj[i]!;
    }
  }
  const x = np.array(out, { dtype }).reshape([...bd.shape]);
  return sparseB ? new csc_array(x) : x;
}
