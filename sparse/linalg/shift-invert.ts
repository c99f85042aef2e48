/**
 * Shift-invert mode of `eigs` and `eigsh` (ARPACK's mode 3 with M = I, as SciPy runs it for a
 * real `sigma`): the Krylov method runs on OP = (A − σI)⁻¹, whose eigenvalues ν = 1/(λ − σ) are
 * largest for the λ nearest σ, and each converged ν gives λ = σ + 1/ν with the same eigenvector.
 * `which` refers to ν, as in SciPy ('LM', the default, finds the eigenvalues nearest σ).
 *
 * OP is applied by a sparse LU factorization of A − σI made once (`splu`, as SciPy's
 * `get_OPinv_matvec` for a sparse or dense A), or by the caller's `OPinv` operator. A
 * LinearOperator A without `OPinv` is refused with a typed error (SciPy would solve each product
 * iteratively: not done here).
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { csc_array, identity, issparse, type sparray } from '../index.js';
import { aslinearoperator, type Operand } from './interface.js';
import { splu } from './splu.js';

type ndarray = np.ndarray;

/** What the Krylov method of `eigs`/`eigsh` runs on, and how its Ritz values map back to A's. */
export interface KrylovOperator {
  /** v ↦ A·v, or (A − σI)⁻¹·v in shift-invert mode (float64). */
  readonly matvec: (v: ndarray) => ndarray;
  /** An eigenvalue of A from a Ritz value ν of `matvec` (ν itself, or σ + 1/ν). */
  readonly lambda: (nu: number) => number;
  /** σ, or null without shift-invert. */
  readonly sigma: number | null;
}

/**
 * The operator `fn` (`eigs` or `eigsh`) runs on for the n×n `A` (`op` its LinearOperator form):
 * A itself without `sigma`, else (A − σI)⁻¹ ({@link shiftInvertMatvec}).
 * @throws {ValueError} for `OPinv` without `sigma`, and as {@link shiftInvertMatvec}
 */
export function krylovOperator(
  fn: string,
  A: Operand,
  op: ReturnType<typeof aslinearoperator>,
  n: number,
  sigma: number | null | undefined,
  OPinv: unknown,
): KrylovOperator {
  if (sigma == null) {
    if (OPinv != null) throw new ValueError(argMessage(fn, 'OPinv', 'None without sigma', OPinv));
    return { matvec: (v) => float64(op.matvec(v)), lambda: (nu) => nu, sigma: null };
  }
  const s = sigma;
  return { matvec: shiftInvertMatvec(fn, A, n, s, OPinv), lambda: (nu) => s + 1 / nu, sigma: s };
}

/**
 * The product with (A − σI)⁻¹ for `fn` (`eigs` or `eigsh`) on an n×n `A`.
 * @param fn the calling function's name (for errors)
 * @param A the operand as the caller got it
 * @param n its order
 * @param sigma the shift (a finite real number)
 * @param OPinv the caller's operator for (A − σI)⁻¹, if any
 * @returns v ↦ (A − σI)⁻¹ v as float64
 * @throws {ArgumentTypeError} for a non-numeric sigma or an OPinv that is not an operator
 * @throws {ValueError} for a LinearOperator A without OPinv, or a singular A − σI
 * @throws {ShapeError} for an OPinv of another shape
 */
function shiftInvertMatvec(
  fn: string,
  A: Operand,
  n: number,
  sigma: unknown,
  OPinv: unknown,
): (v: ndarray) => ndarray {
  if (typeof sigma !== 'number' || !Number.isFinite(sigma))
    throw new ArgumentTypeError(
      argMessage(fn, 'sigma', 'a finite real number (complex shifts are Tier 3)', sigma),
    );
  if (OPinv != null) {
    let op: ReturnType<typeof aslinearoperator>;
    try {
      op = aslinearoperator(OPinv as Operand);
    } catch {
      throw new ArgumentTypeError(
        argMessage(fn, 'OPinv', 'a LinearOperator, sparse array or 2-D ndarray', OPinv),
      );
    }
    if (op.shape[0] !== n || op.shape[1] !== n)
      throw new ShapeError(argMessage(fn, 'OPinv', `an operator of shape [${n}, ${n}]`, [...op.shape]));
    return (v) => float64(op.matvec(v));
  }
  let S: sparray;
  if (issparse(A)) S = A as sparray;
  else if (A instanceof np.ndarray && A.ndim === 2) S = csc_array(A);
  else
    throw new ValueError(
      argMessage(
        fn,
        'OPinv',
        'an operator applying (A - sigma·I)^-1 when A is a LinearOperator',
        OPinv ?? null,
      ),
    );
  const shifted = (S.tocsc() as sparray).subtract(
    identity(n, { format: 'csc', dtype: 'float64' }).multiply(sigma),
  );
  let lu: ReturnType<typeof splu>;
  try {
    lu = splu(shifted.tocsc() as sparray);
  } catch (e) {
    throw new ValueError(`${fn}: A - sigma·I is singular for sigma = ${sigma} (${(e as Error).message})`, {
      cause: e,
    });
  }
  return (v) => float64(lu.solve(v));
}

function float64(y: ndarray): ndarray {
  return y.dtype === 'float64' ? y : y.astype('float64');
}
