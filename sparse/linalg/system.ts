/**
 * Argument handling shared by the iterative solvers (SciPy's `make_system`): wraps A and M as
 * operators, checks shapes, picks the working dtype and builds the initial guess.
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, type DType, ShapeError, ValueError } from '../../runtime/index.js';
import { aslinearoperator, isArrayBacked, type LinearOperator, type Operand } from './interface.js';

type ndarray = np.ndarray;

/** Keyword arguments common to `cg cgs bicg bicgstab gmres minres` (SciPy's names). */
export interface SolverOptions {
  /** Initial guess (default zeros); `'Mb'` starts from `M·b` (`b` without a preconditioner), as SciPy. */
  x0?: X0;
  /** Relative tolerance: stop when ‖b − A·x‖ ≤ max(rtol·‖b‖, atol). Default 1e-5. */
  rtol?: number;
  /** Absolute tolerance. Default 0. */
  atol?: number;
  /** Maximum number of iterations (default 10·n; `minres` 5·n). */
  maxiter?: number;
  /** Preconditioner: an approximation of A⁻¹ (sparse array, dense array or LinearOperator). */
  M?: Operand;
  /** Called after each iteration with the current iterate (the same array, updated in place). */
  callback?: (xk: ndarray) => void;
  /**
   * cohort extension: read the convergence flag every `check_every` iterations. The iteration
   * runs deferred between reads; iterations after the stopping point are masked out, so the
   * result and `info` do not depend on this value. Default: adaptive — every iteration at first,
   * then every ⌊k/4⌋ iterations after k of them, at most every 16 (so at most min(k/4, 16) more
   * iterations are issued than the solve needs, and a long solve rarely waits: each read drains
   * the pipeline). Ignored (taken as 1) with a callback.
   */
  check_every?: number;
}

/** An initial guess: a vector, or `'Mb'` for `M·b`. */
export type X0 = ndarray | ArrayLike<number> | 'Mb' | null;

/** A Krylov solver's public type: `(A, b, x0?, {rtol, atol, maxiter, M, callback, ...})`. */
export interface Solver<O> {
  (A: Operand, b: ndarray | ArrayLike<number>, opts?: O): [ndarray, number];
  (A: Operand, b: ndarray | ArrayLike<number>, x0: X0 | undefined, opts?: O): [ndarray, number];
}

/** What a solver needs after argument checking. */
export interface System {
  n: number;
  dtype: DType;
  A: LinearOperator;
  /** The preconditioner, or undefined for the identity. */
  M: LinearOperator | undefined;
  b: ndarray;
  x: ndarray;
  /** Whether x0 was given and is not all zeros (then r0 = b − A·x0, else r0 = b), as SciPy's `x.any()`. */
  hasX0: boolean;
  /** Whether x0 was given at all (`minres` tests `x0 is None`). */
  x0Given: boolean;
  rtol: number;
  atol: number;
  maxiter: number;
  /** Read cadence of the stopping flag (0: adaptive; see SolverOptions.check_every). */
  every: number;
  /**
   * Whether the solve must keep its scalars on the host so that user functions (a LinearOperator's
   * matvec, a preconditioner) are called exactly as often as SciPy calls them: float64 with an
   * operator not made from an array (interface.ts `isArrayBacked`).
   */
  exactCalls: boolean;
}

function isFloat(dt: DType): boolean {
  return dt === 'float32' || dt === 'float64';
}

function asVector(fn: string, arg: string, v: unknown, n: number, dtype?: DType): ndarray {
  let a: ndarray;
  if (v instanceof np.ndarray) a = v;
  else if (ArrayBuffer.isView(v) || Array.isArray(v)) a = np.asarray(v);
  else throw new ArgumentTypeError(argMessage(fn, arg, 'an ndarray or an array of numbers', v));
  if (!(a.shape.length === 1 || (a.shape.length === 2 && a.shape[1] === 1)) || a.shape[0] !== n) {
    throw new ShapeError(argMessage(fn, arg, `shape [${n}] or [${n}, 1]`, [...a.shape]));
  }
  if (a.ndim === 2) a = a.reshape([n]);
  return dtype && a.dtype !== dtype ? a.astype(dtype) : a;
}

function checkNumber(fn: string, arg: string, v: unknown, ok: (x: number) => boolean, what: string): number {
  if (typeof v !== 'number' || !ok(v)) throw new ValueError(argMessage(fn, arg, what, v));
  return v;
}

/**
 * Checks and normalizes a solver call.
 * @param fn - the solver's name (for messages).
 * @param A - the operator.
 * @param b - right-hand side.
 * @param opts - the options.
 * @param defaultMaxiter - maxiter when not given, as a function of n.
 * @returns the normalized system.
 * @throws ShapeError, ValueError, ArgumentTypeError on bad arguments.
 */
export function makeSystem(
  fn: string,
  A: Operand,
  b: ndarray | ArrayLike<number>,
  opts: SolverOptions,
  defaultMaxiter: (n: number) => number = (n) => 10 * n,
): System {
  if (opts === null || typeof opts !== 'object') {
    throw new ArgumentTypeError(argMessage(fn, 'options', 'an options object', opts));
  }
  const op = aslinearoperator(A);
  const [m, n] = op.shape;
  if (m !== n) throw new ShapeError(argMessage(fn, 'A', 'a square operator', [...op.shape]));
  const bv = asVector(fn, 'b', b, n);
  const adt = isFloat(op.dtype) ? op.dtype : 'float64';
  const bdt = isFloat(bv.dtype) ? bv.dtype : 'float64';
  const dtype: DType = adt === 'float32' && bdt === 'float32' ? 'float32' : 'float64';
  const bx = bv.dtype === dtype ? bv : bv.astype(dtype);
  let M: LinearOperator | undefined;
  if (opts.M !== undefined && opts.M !== null) {
    M = aslinearoperator(opts.M);
    if (M.shape[0] !== n || M.shape[1] !== n) {
      throw new ShapeError(argMessage(fn, 'M', `shape [${n}, ${n}] (that of A)`, [...M.shape]));
    }
  }
  const x0Given = opts.x0 !== undefined && opts.x0 !== null;
  let hasX0 = x0Given;
  // The iterate is always a fresh array: the solver updates it in place.
  const x =
    opts.x0 === 'Mb'
      ? M !== undefined
        ? asVector(fn, 'x0', M.matvec(bx), n).astype(dtype)
        : bx.astype(dtype)
      : hasX0
        ? asVector(fn, 'x0', opts.x0, n).astype(dtype)
        : np.zeros([n], { dtype });
  // SciPy: `r = b - matvec(x) if x.any() else b.copy()` — a zero x0 costs no product.
  if (hasX0 && !np.any(x).item()) hasX0 = false;
  const rtol = checkNumber(fn, 'rtol', opts.rtol ?? 1e-5, (v) => v >= 0, 'a non-negative number');
  const atol = checkNumber(fn, 'atol', opts.atol ?? 0, (v) => v >= 0, 'a non-negative number');
  const maxiter = checkNumber(
    fn,
    'maxiter',
    opts.maxiter ?? defaultMaxiter(n),
    (v) => Number.isInteger(v) && v >= 0,
    'a non-negative integer',
  );
  // 0: the adaptive cadence (see SolverOptions.check_every).
  const every =
    opts.check_every === undefined
      ? 0
      : checkNumber(
          fn,
          'check_every',
          opts.check_every,
          (v) => Number.isInteger(v) && v >= 1,
          'a positive integer',
        );
  if (opts.callback !== undefined && typeof opts.callback !== 'function') {
    throw new ArgumentTypeError(argMessage(fn, 'callback', 'a function', opts.callback));
  }
  const exactCalls = dtype === 'float64' && (!isArrayBacked(op) || (M !== undefined && !isArrayBacked(M)));
  return {
    n,
    dtype,
    A: op,
    M,
    b: bx,
    x,
    hasX0,
    x0Given,
    rtol,
    atol,
    maxiter,
    every: opts.callback ? 1 : every,
    exactCalls,
  };
}

/** Machine epsilon of a float dtype. */
export function epsOf(dtype: DType): number {
  return dtype === 'float32' ? 2 ** -23 : 2 ** -52;
}
