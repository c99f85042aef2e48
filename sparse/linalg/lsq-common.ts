/**
 * What `lsqr` and `lsmr` share: SciPy's `_sym_ortho` (a stable Givens rotation) and the argument
 * handling of a least-squares solve (A may be rectangular; the work is in float64, as SciPy's).
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ShapeError, ValueError } from '../../runtime/index.js';
import { num } from './host-scalars.js';
import { aslinearoperator, type LinearOperator, type Operand } from './interface.js';

type ndarray = np.ndarray;

/**
 * SciPy's `_sym_ortho(a, b)`: c, s, r with [c s; −s c]·[a; b] = [r; 0], stable for any magnitudes.
 * @param a - first entry.
 * @param b - second entry.
 * @returns `[c, s, r]`.
 */
export function symOrtho(a: number, b: number): [number, number, number] {
  if (b === 0) return [Math.sign(a), 0, Math.abs(a)];
  if (a === 0) return [0, Math.sign(b), Math.abs(b)];
  if (Math.abs(b) > Math.abs(a)) {
    const tau = a / b;
    const s = Math.sign(b) / Math.sqrt(1 + tau * tau);
    const c = s * tau;
    return [c, s, b / s];
  }
  const tau = b / a;
  const c = Math.sign(a) / Math.sqrt(1 + tau * tau);
  const s = c * tau;
  return [c, s, a / c];
}

/** A checked least-squares problem. */
export interface LsqSystem {
  A: LinearOperator;
  m: number;
  n: number;
  b: ndarray;
  /** The iterate: zeros, or a copy of x0. */
  x: ndarray;
  x0Given: boolean;
}

function vector(fn: string, arg: string, v: unknown, len: number): ndarray {
  let a: ndarray;
  if (v instanceof np.ndarray) a = v;
  else if (ArrayBuffer.isView(v) || Array.isArray(v)) a = np.asarray(v);
  else throw new ArgumentTypeError(argMessage(fn, arg, 'an ndarray or an array of numbers', v));
  // SciPy squeezes b: shape [m] or [m, 1].
  if (!(a.ndim === 1 || (a.ndim === 2 && a.shape[1] === 1)) || a.shape[0] !== len) {
    throw new ShapeError(argMessage(fn, arg, `shape [${len}] or [${len}, 1]`, [...a.shape]));
  }
  return a.reshape([len]).astype('float64');
}

/**
 * Checks a least-squares call.
 * @param fn - `lsqr` or `lsmr` (for messages).
 * @param A - the m×n operand.
 * @param b - right-hand side of length m.
 * @param x0 - initial guess of length n, or undefined/null.
 * @param nums - the numeric options to check (name → value): each a finite number ≥ 0.
 * @returns the system.
 * @throws ShapeError, ValueError, ArgumentTypeError on bad arguments.
 */
export function lsqSystem(
  fn: string,
  A: Operand,
  b: unknown,
  x0: unknown,
  nums: Record<string, unknown>,
): LsqSystem {
  const op = aslinearoperator(A);
  const [m, n] = op.shape;
  const bv = vector(fn, 'b', b, m);
  for (const [k, v] of Object.entries(nums)) {
    if (typeof v !== 'number' || !(v >= 0))
      throw new ValueError(argMessage(fn, k, 'a non-negative number', v));
  }
  const x0Given = x0 !== undefined && x0 !== null;
  const x = x0Given ? vector(fn, 'x0', x0, n).copy() : np.zeros([n]);
  return { A: op, m, n, b: bv, x, x0Given };
}

/** `A·v` as a float64 vector. */
export function mv(A: LinearOperator, v: ndarray): ndarray {
  const y = A.matvec(v);
  return y.dtype === 'float64' ? y : y.astype('float64');
}

/** `Aᵀ·v` as a float64 vector, with the solver's name in the error when A has no `rmatvec`. */
export function rmv(fn: string, A: LinearOperator, v: ndarray): ndarray {
  let y: ndarray;
  try {
    y = A.rmatvec(v);
  } catch (e) {
    throw e instanceof ValueError ? new ValueError(`${fn}: needs rmatvec (${(e as Error).message})`) : e;
  }
  return y.dtype === 'float64' ? y : y.astype('float64');
}

/** The start of the Golub–Kahan bidiagonalization both solvers share (SciPy's lsqr and lsmr). */
export interface BidiagStart {
  /** ‖b‖. */
  normb: number;
  /** u₁ = (b − A·x0)/β₁ (b itself when β₁ = 0). */
  u: ndarray;
  beta: number;
  /** v₁ = Aᵀ·u₁/α₁ (`whenZero` when β₁ = 0). */
  v: ndarray;
  alpha: number;
}

/**
 * β₁u₁ = b − A·x0 and α₁v₁ = Aᵀu₁.
 * @param fn - the solver's name, for errors.
 * @param s - the checked system.
 * @param whenZero - v₁ when β₁ = 0 (SciPy's lsqr keeps a copy of x, lsmr zeros).
 * @returns the first vectors and their norms.
 */
export function bidiagStart(fn: string, s: LsqSystem, whenZero: () => ndarray): BidiagStart {
  let u = s.b;
  const normb = num(np.linalg.norm(s.b));
  let beta = normb;
  if (s.x0Given) {
    u = np.subtract(u, mv(s.A, s.x));
    beta = num(np.linalg.norm(u));
  }
  let v: ndarray;
  let alpha = 0;
  if (beta > 0) {
    u = np.multiply(u, 1 / beta);
    v = rmv(fn, s.A, u);
    alpha = num(np.linalg.norm(v));
  } else {
    v = whenZero();
  }
  if (alpha > 0) v = np.multiply(v, 1 / alpha);
  return { normb, u, beta, v, alpha };
}
