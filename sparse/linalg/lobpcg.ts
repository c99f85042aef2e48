/**
 * `lobpcg`: the locally optimal block preconditioned conjugate gradient method (Knyazev 2001) for
 * a few extreme eigenpairs of a symmetric operator, as SciPy's `lobpcg` (standard problem, B = I).
 * Each iteration does a Rayleigh–Ritz step on span[X, W, P] (X the block of approximations, W the
 * preconditioned residuals, P the previous update directions), with [W, P] orthonormalized
 * against X and among themselves; the block products and projections are dense/sparse launches on
 * the runtime, the small projected eigenproblem is solved on the host (Jacobi, symeig.ts).
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { promote } from '../core/types.js';
import { ssigOpts } from '../sig.js';
import { aslinearoperator, LinearOperator, type Operand } from './interface.js';
import { symeig } from './symeig.js';

type ndarray = np.ndarray;

/** A matrix given by its product with an n×k block `X ↦ A·X` (SciPy accepts a callable A or M). */
export type BlockFunction = (X: ndarray) => ndarray;

/** SciPy's `_makeMatMat`: a callable applied to n×k blocks, as an n×n operator. */
function blockOperator(f: BlockFunction, n: number): LinearOperator {
  const block = (X: ndarray): ndarray => {
    const Y: unknown = f(X);
    return Y instanceof np.ndarray ? Y : np.asarray(Y as np.ArrayInput);
  };
  return new LinearOperator({
    shape: [n, n],
    matvec: (x) => block(x.reshape([n, 1])).reshape([n]),
    matmat: block,
    dtype: 'float64',
  });
}

/** Options of {@link lobpcg} (SciPy's keyword arguments; `B` must be null). */
export interface LobpcgOptions {
  /** Must be null: the generalized problem is not implemented. */
  B?: null;
  /** Preconditioner (an approximation of A⁻¹), applied to the residuals; may be a function of a block. */
  M?: Operand | BlockFunction;
  /**
   * Constraints: an n×p block whose span the iterates stay orthogonal to (SciPy's `Y`; with B = I,
   * a projection onto the orthogonal complement of span(Y)).
   */
  Y?: np.ArrayInput | null;
  /** Residual-norm tolerance (default √(1e-15)·n, as SciPy). */
  tol?: number;
  /** Maximum number of iterations (default 20, as SciPy). */
  maxiter?: number;
  /** Largest eigenvalues (default true, as SciPy; false: the smallest). */
  largest?: boolean;
  /** Must be 0: no progress output. */
  verbosityLevel?: number;
  /** Also return the eigenvalue history (one array per iteration). */
  retLambdaHistory?: boolean;
  /** Also return the residual-norm history. */
  retResidualNormsHistory?: boolean;
}

/** Read an n×r ndarray's Gram / projection r×r on the host (row-major). */
function hostSquare(a: ndarray, r: number): Float64Array {
  const v = Float64Array.from(a.astype('float64').toArray() as Float64Array);
  // symmetrize
  for (let i = 0; i < r; i++) {
    for (let j = i + 1; j < r; j++) {
      const s = 0.5 * (v[i * r + j]! + v[j * r + i]!);
      v[i * r + j] = s;
      v[j * r + i] = s;
    }
  }
  return v;
}

/** Orthonormal columns spanning Z's, orthogonal to X's (X orthonormal); null when none are left. */
function orthonormalize(Z: ndarray, X: ndarray | null): ndarray | null {
  let Q = Z;
  for (let pass = 0; pass < 2; pass++) {
    if (X) Q = np.subtract(Q, np.matmul(X, np.matmul(X.T, Q))).copy();
    const c = Q.shape[1]!;
    const G = hostSquare(np.matmul(Q.T, Q), c);
    const { values, vectors } = symeig(G, c);
    const top = values[c - 1]!;
    const keep: number[] = [];
    for (let j = c - 1; j >= 0; j--) if (values[j]! > top * 1e-13 && values[j]! > 0) keep.push(j);
    if (keep.length === 0 || !(top > 0)) return null;
    const E = new Float64Array(c * keep.length);
    keep.forEach((j, col) => {
      const s = 1 / Math.sqrt(values[j]!);
      for (let i = 0; i < c; i++) E[i * keep.length + col] = vectors[i * c + j]! * s;
    });
    Q = np.matmul(Q, np.array(E).reshape([c, keep.length])).copy();
  }
  return Q;
}

/**
 * An orthonormal basis of the constraints' span (n×p), or null without constraints. As SciPy,
 * constraints with a problem of n − p < 5k rows (its dense path) are refused, and so are
 * constraints whose columns are dependent (SciPy's Cholesky of YᵀY fails there).
 */
function constraintBasis(Y: unknown, n: number, k: number): ndarray | null {
  if (Y === undefined || Y === null) return null;
  const y0 = Y instanceof np.ndarray ? Y : np.asarray(Y as np.ArrayInput);
  const y = (y0.ndim === 1 ? y0.reshape([y0.size, 1]) : y0).astype('float64');
  if (y.ndim !== 2 || y.shape[0] !== n)
    throw new ShapeError(argMessage('lobpcg', 'Y', `shape [${n}, p]`, [...y0.shape]));
  const p = y.shape[1]!;
  if (n - p < 5 * k)
    throw new ValueError(
      argMessage(
        'lobpcg',
        'Y',
        n - 5 * k > 0
          ? `at most ${n - 5 * k} constraints (with n - p < 5k SciPy takes its dense eigensolver, which does not support them)`
          : `no constraints (n = ${n} < 5k = ${5 * k}: SciPy takes its dense eigensolver, which does not support them)`,
        `${p}`,
      ),
    );
  const q = orthonormalize(y, null);
  if (q === null || q.shape[1] !== p)
    throw new ValueError(argMessage('lobpcg', 'Y', 'linearly independent columns', [...y0.shape]));
  return q;
}

/**
 * Finds the k smallest (or largest) eigenpairs of a symmetric operator by LOBPCG (SciPy's
 * `scipy.sparse.linalg.lobpcg`, standard problem). As SciPy, a problem with n < 5k is solved by a
 * dense symmetric eigensolver instead, and reaching `maxiter` returns the current approximations
 * (SciPy also warns). Constraints `Y` keep the initial block and every preconditioned residual
 * orthogonal to span(Y); as SciPy, the dense path (n − p < 5k) refuses them. Not implemented
 * (rejected): `B` (generalized problems), `verbosityLevel` > 0, `restartControl`.
 * @param A - symmetric sparse array, 2-D ndarray, LinearOperator (n×n), or a function `X ↦ A·X` of
 *   an n×k block (SciPy's callable A).
 * @param X - initial block, n×k (k columns of starting vectors).
 * @param opts - `{M, tol, maxiter, largest, retLambdaHistory, retResidualNormsHistory}`.
 * @returns `[lambda, V]` (lambda ascending for the smallest, descending for the largest, as SciPy;
 *   V n×k), followed by the histories when asked for.
 * @throws ShapeError when A is not square or X does not have n rows.
 * @throws ArgumentTypeError when B or verbosityLevel ask for what is not implemented.
 * @throws ValueError for constraints of dependent columns, or with a problem small enough for the
 *   dense path.
 * @example
 * const A = sparse.diags([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]], [0]);
 * const X = np.eye(12, 2, { k: -3 }).add(0.1);
 * const [w] = lobpcg(A, X, { tol: 1e-9, maxiter: 50, largest: false });
 * w.tolist().map((x) => Math.round(x * 1e8) / 1e8); // [1, 2]
 */
export const lobpcg = ssigOpts<
  (A: Operand | BlockFunction, X: np.ArrayInput, opts?: LobpcgOptions) => [ndarray, ndarray, ...ndarray[][]]
>(
  'lobpcg(A, X: array_like, B = None, M = None, Y = None, tol: number = None, maxiter: int = None, largest: bool = True, verbosityLevel: int = None, retLambdaHistory: bool = None, retResidualNormsHistory: bool = None)',
  2,
  lobpcgImpl as never,
);

function lobpcgImpl(A: Operand | BlockFunction, X0: ndarray, opts: LobpcgOptions): (ndarray | ndarray[])[] {
  const op = typeof A === 'function' ? blockOperator(A, X0.shape[0] ?? 0) : aslinearoperator(A);
  const n = op.shape[0];
  if (op.shape[1] !== n) throw new ShapeError(argMessage('lobpcg', 'A', 'a square operator', [...op.shape]));
  if (opts.B !== undefined && opts.B !== null) {
    throw new ArgumentTypeError(
      argMessage('lobpcg', 'B', 'null (generalized problems are not implemented)', opts.B),
    );
  }
  if ((opts.verbosityLevel ?? 0) !== 0) {
    throw new ArgumentTypeError(
      argMessage('lobpcg', 'verbosityLevel', '0 (no progress output)', opts.verbosityLevel),
    );
  }
  const Xin = X0.ndim === 1 ? X0.reshape([X0.size, 1]) : X0;
  if (Xin.ndim !== 2 || Xin.shape[0] !== n) {
    throw new ShapeError(argMessage('lobpcg', 'X', `shape [${n}, k]`, [...Xin.shape]));
  }
  const k = Xin.shape[1]!;
  if (k < 1 || k > n) throw new ValueError(argMessage('lobpcg', 'X', `1 to ${n} columns`, [...Xin.shape]));
  const Yq = constraintBasis(opts.Y, n, k);
  const largest = opts.largest ?? true;
  const tol = opts.tol ?? Math.sqrt(1e-15) * n;
  const maxiter = opts.maxiter ?? 20;
  const M =
    opts.M === undefined || opts.M === null
      ? null
      : typeof opts.M === 'function'
        ? blockOperator(opts.M, n)
        : aslinearoperator(opts.M);
  const f64 = (y: ndarray) => (y.dtype === 'float64' ? y : y.astype('float64'));
  const apply = (L: LinearOperator, Z: ndarray) => f64(L.matmat(Z));
  const lamHist: ndarray[] = [];
  const resHist: ndarray[] = [];
  // SciPy iterates in the type of A·X: float32 when X is float32 and A does not widen it (cohort
  // computes in float64 and rounds the results). A callable's product type is seen by applying it.
  const productType =
    X0.dtype !== 'float32'
      ? 'float64'
      : typeof A === 'function'
        ? op.matmat(Xin).dtype
        : promote(op.dtype, 'float32');
  const outType = productType === 'float32' ? 'float32' : 'float64';
  const finish = (lam: Float64Array, V: ndarray) => {
    const out: (ndarray | ndarray[])[] = [np.array(lam).astype(outType), V.astype(outType)];
    if (opts.retLambdaHistory) out.push(lamHist);
    if (opts.retResidualNormsHistory) out.push(resHist);
    return out;
  };
  /** Rayleigh–Ritz on the orthonormal basis Q: the k wanted Ritz values (in output order) and Q's coefficients. */
  const rayleighRitz = (Q: ndarray, AQ: ndarray): { lam: Float64Array; C: ndarray } => {
    const r = Q.shape[1]!;
    const { values, vectors } = symeig(hostSquare(np.matmul(Q.T, AQ), r), r);
    const cols = Array.from({ length: k }, (_, i) => (largest ? r - 1 - i : i));
    const C = new Float64Array(r * k);
    cols.forEach((c, j) => {
      for (let i = 0; i < r; i++) C[i * k + j] = vectors[i * r + c]!;
    });
    return { lam: Float64Array.from(cols, (c) => values[c]!), C: np.array(C).reshape([r, k]) };
  };

  if (n < 5 * k) {
    // SciPy's small-problem path: the dense eigensolver on A itself (constraints were refused).
    const Ad = f64(op.matmat(np.eye(n)));
    const { values, vectors } = symeig(hostSquare(Ad, n), n);
    const cols = Array.from({ length: k }, (_, i) => (largest ? n - 1 - i : i));
    const V = new Float64Array(n * k);
    cols.forEach((c, j) => {
      for (let i = 0; i < n; i++) V[i * k + j] = vectors[i * n + c]!;
    });
    return finish(
      Float64Array.from(cols, (c) => values[c]!),
      np.array(V).reshape([n, k]),
    );
  }

  /** V without its components in span(Y) (SciPy's `_applyConstraints`, B = I). */
  const constrain = (V: ndarray): ndarray =>
    Yq === null ? V : np.subtract(V, np.matmul(Yq, np.matmul(Yq.T, V))).copy();
  let X = orthonormalize(constrain(f64(Xin)), null);
  if (X === null || X.shape[1] !== k) {
    throw new ValueError(argMessage('lobpcg', 'X', 'linearly independent columns', [...Xin.shape]));
  }
  let AX = apply(op, X);
  let { lam, C } = rayleighRitz(X, AX);
  X = np.matmul(X, C).copy();
  AX = np.matmul(AX, C).copy();
  let P: ndarray | null = null;
  for (let it = 0; it < maxiter; it++) {
    const R = np.subtract(AX, np.multiply(X, np.array(lam))).copy();
    const rnorm = np.linalg.norm(R, { axis: 0 });
    lamHist.push(np.array(lam));
    resHist.push(rnorm);
    const rn = rnorm.toArray() as Float64Array;
    const active = Array.from(rn.keys()).filter((j) => !(rn[j]! <= tol));
    if (active.length === 0) return finish(lam, X);
    const Ract = active.length === k ? R : np.take(R, np.array(Int32Array.from(active)), { axis: 1 });
    const W = constrain(M ? apply(M, Ract) : Ract);
    const Z = P ? np.concatenate([W, P], { axis: 1 }) : W;
    // With constraints the new directions are orthonormalized against span(Y) too, in both passes:
    // the normalization amplifies what rounding left there, and LOBPCG grows it toward the
    // smaller eigenvalues inside span(Y) (400 iterations ended ~0.8 off span(Y)'s complement).
    const Q2 = orthonormalize(Z, Yq === null ? X : np.concatenate([Yq, X], { axis: 1 }));
    if (Q2 === null) return finish(lam, X);
    const AQ2 = apply(op, Q2);
    const Q: ndarray = np.concatenate([X, Q2], { axis: 1 });
    const AQ: ndarray = np.concatenate([AX, AQ2], { axis: 1 });
    ({ lam, C } = rayleighRitz(Q, AQ));
    const C2 = C.get(`${k}:, :`);
    P = np.matmul(Q2, C2).copy();
    X = np.matmul(Q, C).copy();
    AX = np.matmul(AQ, C).copy();
  }
  // maxiter reached: SciPy warns and returns the current approximations (their residual norms are
  // in the history when asked for).
  const R = np.subtract(AX, np.multiply(X, np.array(lam)));
  lamHist.push(np.array(lam));
  resHist.push(np.linalg.norm(R, { axis: 0 }));
  return finish(lam, X);
}
