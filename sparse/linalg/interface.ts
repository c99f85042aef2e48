/**
 * `LinearOperator` and `aslinearoperator`: SciPy's abstraction of "anything with a matvec", so that
 * the solvers take sparse arrays, dense arrays and matrix-free operators alike.
 */

import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, type DType, ShapeError, ValueError } from '../../runtime/index.js';
import { issparse } from '../index.js';
import { ssig, ssigOpts } from '../sig.js';

type ndarray = np.ndarray;

/** What a matrix-like operand must offer: a shape, a dtype and a product with a dense array. */
export interface MatrixLike {
  readonly shape: readonly number[];
  readonly dtype: DType;
  dot(x: ndarray, opts?: { out?: ndarray }): ndarray;
  readonly T: MatrixLike;
}

/** Options of the {@link LinearOperator} constructor (SciPy's keyword arguments). */
export interface LinearOperatorOptions {
  /** `[m, n]`. */
  shape: readonly [number, number] | readonly number[];
  /** `x` (shape `[n]`) → `A·x` (shape `[m]`). */
  matvec: (x: ndarray) => ndarray;
  /** `x` (shape `[m]`) → `Aᴴ·x` (shape `[n]`); needed by `bicg` and `.T`/`.H`. */
  rmatvec?: (x: ndarray) => ndarray;
  /** `X` (shape `[n, k]`) → `A·X`; defaults to one matvec per column. */
  matmat?: (x: ndarray) => ndarray;
  /** `X` (shape `[m, k]`) → `Aᴴ·X`; defaults to one rmatvec per column. */
  rmatmat?: (x: ndarray) => ndarray;
  /**
   * Element type of the results; when omitted, inferred as SciPy does: from one `matvec` of zeros,
   * made by the constructor (so a solver's count of calls starts after it).
   */
  dtype?: DType;
}

/** Anything `aslinearoperator` accepts. */
export type Operand = LinearOperator | ndarray | MatrixLike;

function checkShape(shape: readonly number[]): [number, number] {
  if (shape.length !== 2 || !shape.every((d) => Number.isInteger(d) && d >= 0)) {
    throw new ShapeError(argMessage('LinearOperator', 'shape', 'two non-negative integers', [...shape]));
  }
  return [shape[0]!, shape[1]!];
}

/**
 * The class of {@link LinearOperator} (exported under that name, callable with or without `new`).
 *
 * Operators compose: `A.dot(B)` (product), `A.add(B)`, `A.multiply(s)` (by a scalar), `A.neg()`,
 * `A.power(p)`, `A.T`, `A.H`.
 * @example
 * const A = new LinearOperator({ shape: [3, 3], matvec: (x) => x.multiply(2) });
 * A.matvec(np.ones([3])).tolist(); // [2, 2, 2]
 */
class LinearOperatorClass {
  /** `[m, n]`. */
  readonly shape: [number, number];
  private readonly mv: (x: ndarray) => ndarray;
  private readonly rmv: ((x: ndarray) => ndarray) | undefined;
  private readonly mm: ((x: ndarray) => ndarray) | undefined;
  private readonly rmm: ((x: ndarray) => ndarray) | undefined;
  private dt: DType | undefined;

  /**
   * @param opts - `{shape, matvec, rmatvec?, matmat?, rmatmat?, dtype?}`.
   * @throws ShapeError when `shape` is not two non-negative integers.
   * @throws ArgumentTypeError when `matvec` is not a function.
   */
  constructor(opts: LinearOperatorOptions) {
    if (opts === null || typeof opts !== 'object') {
      throw new ArgumentTypeError(argMessage('LinearOperator', 'opts', 'an options object', opts));
    }
    this.shape = checkShape(opts.shape);
    if (typeof opts.matvec !== 'function') {
      throw new ArgumentTypeError(argMessage('LinearOperator', 'matvec', 'a function', opts.matvec));
    }
    this.mv = opts.matvec;
    this.rmv = opts.rmatvec;
    this.mm = opts.matmat;
    this.rmm = opts.rmatmat;
    this.dt = opts.dtype;
    // SciPy's _init_dtype: a user's operator without dtype is probed once, at construction. The
    // operators composed here (dot, add, multiply, ...) infer theirs when first asked.
    if (this.dt === undefined && !composing) void this.dtype;
  }

  /** Element type (inferred from one `matvec` of zeros when not given). */
  get dtype(): DType {
    if (this.dt === undefined) this.dt = resultArray('matvec', this.mv(np.zeros([this.shape[1]]))).dtype;
    return this.dt;
  }

  /** Number of dimensions (always 2). */
  get ndim(): number {
    return 2;
  }

  /**
   * `A·x` for `x` of shape `[n]` or `[n, 1]` (the result has the same kind of shape).
   * @param x - the vector.
   * @returns `A·x`.
   * @throws ShapeError when `x` does not have n rows.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.matvec(np.array([1, 1])).tolist() // [3, 7]
   */
  matvec(x: ndarray): ndarray {
    return this.applyVec('matvec', this.mv, this.shape[1], this.shape[0], x);
  }

  /**
   * `Aᴴ·x` for `x` of shape `[m]` or `[m, 1]`.
   * @param x - the vector.
   * @returns `Aᴴ·x`.
   * @throws ValueError when the operator has no `rmatvec`.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.rmatvec(np.array([1, 0])).tolist() // [1, 2]
   */
  rmatvec(x: ndarray): ndarray {
    if (!this.rmv) throw new ValueError('rmatvec: this LinearOperator was built without rmatvec');
    return this.applyVec('rmatvec', this.rmv, this.shape[0], this.shape[1], x);
  }

  /**
   * `A·X` for `X` of shape `[n, k]`.
   * @param x - the matrix.
   * @returns `A·X`, shape `[m, k]`.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.matmat(np.array([[1, 0], [0, 1]])).tolist() // [[1, 2], [3, 4]]
   */
  matmat(x: ndarray): ndarray {
    if (x.ndim !== 2 || x.shape[0] !== this.shape[1]) {
      throw new ShapeError(argMessage('matmat', 'X', `shape [${this.shape[1]}, k]`, [...x.shape]));
    }
    if (this.mm) return this.mm(x);
    return byColumns(x, this.shape[0], (c) => this.matvec(c));
  }

  /**
   * `Aᴴ·X` for `X` of shape `[m, k]`.
   * @param x - the matrix.
   * @returns `Aᴴ·X`, shape `[n, k]`.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.rmatmat(np.array([[1], [0]])).tolist() // [[1], [2]]
   */
  rmatmat(x: ndarray): ndarray {
    if (x.ndim !== 2 || x.shape[0] !== this.shape[0]) {
      throw new ShapeError(argMessage('rmatmat', 'X', `shape [${this.shape[0]}, k]`, [...x.shape]));
    }
    if (this.rmm) return this.rmm(x);
    return byColumns(x, this.shape[1], (c) => this.rmatvec(c));
  }

  /**
   * `A·x` (vector), `A·X` (matrix), or the composed operator `A·B` when given an operator.
   * @param x - vector, matrix or operand.
   * @returns the product.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.dot(np.array([1, 0])).tolist() // [1, 3]
   * A.dot(A).matvec(np.array([1, 0])).tolist() // [7, 15]
   */
  dot(x: ndarray): ndarray;
  dot(x: LinearOperator | MatrixLike): LinearOperator;
  dot(x: ndarray | LinearOperator | MatrixLike): ndarray | LinearOperator {
    if (x instanceof np.ndarray) return x.ndim === 2 && x.shape[1] !== 1 ? this.matmat(x) : this.matvec(x);
    const b = aslinearoperator(x);
    if (b.shape[0] !== this.shape[1]) {
      throw new ShapeError(argMessage('dot', 'B', `an operator with ${this.shape[1]} rows`, [...b.shape]));
    }
    return composed({
      shape: [this.shape[0], b.shape[1]],
      matvec: (v) => this.matvec(b.matvec(v)),
      rmatvec: this.rmv && b.rmv ? (v) => b.rmatvec(this.rmatvec(v)) : undefined,
    });
  }

  /**
   * Same as {@link LinearOperator.dot} (Python's `@`).
   * @example aslinearoperator(sparse.eye(2)).matmul(np.array([1, 2])).tolist() // [1, 2]
   */
  matmul(x: ndarray): ndarray;
  matmul(x: LinearOperator | MatrixLike): LinearOperator;
  matmul(x: ndarray | LinearOperator | MatrixLike): ndarray | LinearOperator {
    return this.dot(x as ndarray);
  }

  /**
   * The sum operator `A + B`.
   * @param other - an operand of the same shape.
   * @returns `x ↦ A·x + B·x`.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.add(sparse.eye(2)).matvec(np.array([1, 0])).tolist() // [2, 3]
   */
  add(other: Operand): LinearOperator {
    const b = aslinearoperator(other);
    if (b.shape[0] !== this.shape[0] || b.shape[1] !== this.shape[1]) {
      throw new ShapeError(argMessage('add', 'other', `shape [${this.shape}]`, [...b.shape]));
    }
    return composed({
      shape: this.shape,
      matvec: (v) => this.matvec(v).add(b.matvec(v)),
      rmatvec: this.rmv && b.rmv ? (v) => this.rmatvec(v).add(b.rmatvec(v)) : undefined,
    });
  }

  /**
   * The scaled operator `s·A`.
   * @param s - a number.
   * @returns `x ↦ s·(A·x)`.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.multiply(3).matvec(np.array([1, 0])).tolist() // [3, 9]
   */
  multiply(s: number): LinearOperator {
    if (typeof s !== 'number') {
      throw new ArgumentTypeError(argMessage('multiply', 's', 'a number', s));
    }
    return composed({
      shape: this.shape,
      matvec: (v) => this.matvec(v).multiply(s),
      rmatvec: this.rmv ? (v) => this.rmatvec(v).multiply(s) : undefined,
    });
  }

  /**
   * The operator `-A`.
   * @example aslinearoperator(sparse.eye(2)).neg().matvec(np.array([1, 2])).tolist() // [-1, -2]
   */
  neg(): LinearOperator {
    return this.multiply(-1);
  }

  /**
   * `A` applied `p` times (square operators).
   * @param p - a non-negative integer.
   * @returns `x ↦ Aᵖ·x`.
   * @example
   * const A = aslinearoperator(sparse.csr_array([[1, 2], [3, 4]]));
   * A.power(2).matvec(np.array([1, 0])).tolist() // [7, 15]
   */
  power(p: number): LinearOperator {
    if (!Number.isInteger(p) || p < 0) {
      throw new ValueError(argMessage('power', 'p', 'a non-negative integer', p));
    }
    if (this.shape[0] !== this.shape[1]) {
      throw new ShapeError(argMessage('power', 'self', 'a square operator', [...this.shape]));
    }
    const apply = (v: ndarray, f: (u: ndarray) => ndarray) => {
      let out = v;
      for (let i = 0; i < p; i++) out = f(out);
      return p === 0 ? v.copy() : out;
    };
    return composed({
      shape: this.shape,
      matvec: (v) => apply(v, (u) => this.matvec(u)),
      rmatvec: this.rmv ? (v) => apply(v, (u) => this.rmatvec(u)) : undefined,
    });
  }

  /** The adjoint `Aᴴ` (equal to `Aᵀ` for real operators); needs `rmatvec`. */
  get H(): LinearOperator {
    return this.adjoint();
  }

  /** The transpose `Aᵀ` (real operators); needs `rmatvec`. */
  get T(): LinearOperator {
    return this.adjoint();
  }

  /**
   * The adjoint operator (swaps matvec and rmatvec).
   * @throws ValueError when the operator has no `rmatvec`.
   * @example aslinearoperator(sparse.csr_array([[1, 2], [3, 4]])).adjoint().matvec(np.array([1, 0])).tolist() // [1, 2]
   */
  adjoint(): LinearOperator {
    if (!this.rmv) throw new ValueError('adjoint: this LinearOperator was built without rmatvec');
    return composed({
      shape: [this.shape[1], this.shape[0]],
      matvec: this.rmv,
      rmatvec: this.mv,
      matmat: this.rmm,
      rmatmat: this.mm,
      dtype: this.dt,
    });
  }

  /**
   * Same as {@link LinearOperator.adjoint}.
   * @example aslinearoperator(sparse.csr_array([[1, 2], [3, 4]])).transpose().shape // [2, 2]
   */
  transpose(): LinearOperator {
    return this.adjoint();
  }

  /**
   * `<3x3 LinearOperator with dtype=float64>` (SciPy names the subclass, e.g. `MatrixLinearOperator`).
   * @example String(aslinearoperator(sparse.eye(3))) // '<3x3 LinearOperator with dtype=float64>'
   */
  toString(): string {
    return `<${this.shape[0]}x${this.shape[1]} LinearOperator with dtype=${this.dtype}>`;
  }

  private applyVec(fn: string, f: (x: ndarray) => ndarray, nIn: number, nOut: number, x: ndarray): ndarray {
    if (!(x instanceof np.ndarray)) {
      if (!Array.isArray(x) && !ArrayBuffer.isView(x))
        throw new ArgumentTypeError(argMessage(fn, 'x', 'an ndarray (or an array_like)', x));
      x = np.asarray(x);
    }
    const column = x.ndim === 2 && x.shape[1] === 1;
    if (!((x.ndim === 1 || column) && x.shape[0] === nIn)) {
      throw new ShapeError(argMessage(fn, 'x', `shape [${nIn}] or [${nIn}, 1]`, [...x.shape]));
    }
    // A user's matvec may return any array_like (a plain array, a typed array), as in SciPy.
    const y = resultArray(fn, f(column ? x.reshape([nIn]) : x));
    if (y.size !== nOut) {
      throw new ShapeError(argMessage(fn, 'result', `${nOut} elements`, [...y.shape]));
    }
    return column ? y.reshape([nOut, 1]) : y.ndim === 1 ? y : y.reshape([nOut]);
  }
}

/** A matrix-free operator (the type of {@link LinearOperator}'s instances). */
export type LinearOperator = LinearOperatorClass;

/** {@link LinearOperator}'s constructor: SciPy's signature, callable with or without `new`. */
export interface LinearOperatorConstructor {
  (shape: LinearOperatorOptions['shape'], opts: Omit<LinearOperatorOptions, 'shape'>): LinearOperator;
  (
    shape: LinearOperatorOptions['shape'],
    matvec: LinearOperatorOptions['matvec'],
    opts?: Omit<LinearOperatorOptions, 'shape' | 'matvec'>,
  ): LinearOperator;
  (opts: LinearOperatorOptions): LinearOperator;
  new (shape: LinearOperatorOptions['shape'], opts: Omit<LinearOperatorOptions, 'shape'>): LinearOperator;
  new (
    shape: LinearOperatorOptions['shape'],
    matvec: LinearOperatorOptions['matvec'],
    opts?: Omit<LinearOperatorOptions, 'shape' | 'matvec'>,
  ): LinearOperator;
  new (opts: LinearOperatorOptions): LinearOperator;
  readonly prototype: LinearOperator;
}

/**
 * A matrix-free linear map `x ↦ A·x` of shape `[m, n]` (SciPy's `LinearOperator(shape, matvec,
 * rmatvec=None, matmat=None, dtype=None, rmatmat=None)`): `LinearOperator([m, n], {matvec})` as a
 * SciPy user writes it, or `LinearOperator({shape, matvec, ...})`; with or without `new`, and
 * `op instanceof LinearOperator` works.
 * @throws {ShapeError} when `shape` is not two non-negative integers
 * @throws {ArgumentTypeError} when `shape` is not an array or `matvec` is not a function
 * @example
 * const A = LinearOperator([2, 2], { matvec: (v) => v.multiply(np.array([2, 3])) });
 * A.matvec(np.ones(2)).tolist(); // [2, 3]
 */
export const LinearOperator = ssigOpts<(opts: LinearOperatorOptions) => LinearOperator>(
  'LinearOperator(shape: shape, matvec: callable, rmatvec: callable = None, matmat: callable = None, dtype: dtype = None, rmatmat: callable = None)',
  0,
  // A plain function (not an arrow): callable with `new`, it carries the class's prototype.
  ((opts: LinearOperatorOptions) => new LinearOperatorClass(opts)) as never,
) as unknown as LinearOperatorConstructor;
(LinearOperator as unknown as { prototype: unknown }).prototype = LinearOperatorClass.prototype;

/** Whether the constructor is building a composed operator (no dtype probe). */
let composing = false;

/** A LinearOperator built from others (its dtype is inferred when first asked, not probed now). */
function composed(opts: LinearOperatorOptions): LinearOperator {
  composing = true;
  try {
    return new LinearOperatorClass(opts);
  } finally {
    composing = false;
  }
}

/** The result of a user's matvec as an ndarray (SciPy applies np.asarray to it). */
function resultArray(fn: string, y: unknown): ndarray {
  if (y instanceof np.ndarray) return y;
  if (Array.isArray(y) || ArrayBuffer.isView(y) || typeof y === 'number') return np.asarray(y);
  throw new ArgumentTypeError(
    argMessage(fn, 'result', 'an ndarray or an array_like from the user function', y),
  );
}

function byColumns(x: ndarray, rows: number, f: (c: ndarray) => ndarray): ndarray {
  const k = x.shape[1]!;
  const cols: ndarray[] = [];
  for (let j = 0; j < k; j++) cols.push(f(x.get(`:, ${j}`)));
  return k === 0 ? np.zeros([rows, 0]) : np.stack(cols, { axis: 1 });
}

/**
 * Wraps a sparse array, a 2-D dense array or a `LinearOperator` as a `LinearOperator`.
 * @param A - the operand.
 * @returns `A` itself when it is already an operator, else an operator whose matvec is `A.dot(x)`.
 * @throws ArgumentTypeError for anything else.
 * @example
 * aslinearoperator(sparse.eye(3)).matvec(np.ones([3])).tolist(); // [1, 1, 1]
 */
export const aslinearoperator = ssig<(A: Operand) => LinearOperator>('aslinearoperator(A, /)', ((
  A: Operand,
) => aslinearoperatorImpl(A)) as never);

function aslinearoperatorImpl(A: Operand): LinearOperator {
  if (A instanceof LinearOperatorClass) return A;
  if (A instanceof np.ndarray) {
    if (A.ndim !== 2) throw new ShapeError(argMessage('aslinearoperator', 'A', 'a 2-D array', [...A.shape]));
    const At = A.T;
    const op = new LinearOperatorClass({
      shape: [A.shape[0]!, A.shape[1]!],
      matvec: (v) => np.dot(A, v),
      rmatvec: (v) => np.dot(At, v),
      matmat: (v) => np.matmul(A, v),
      rmatmat: (v) => np.matmul(At, v),
      dtype: A.dtype,
    });
    arrayBacked.add(op);
    return op;
  }
  if (issparse(A)) {
    const S = A as MatrixLike;
    let St: MatrixLike | undefined;
    const op = new LinearOperatorClass({
      shape: [S.shape[0]!, S.shape[1]!],
      matvec: (v) => S.dot(v),
      rmatvec: (v) => {
        St ??= S.T;
        return St.dot(v);
      },
      matmat: (v) => S.dot(v),
      dtype: S.dtype,
    });
    intoOf.set(op, (v, out) => S.dot(v, { out }));
    sparseOf.set(op, S);
    arrayBacked.add(op);
    return op;
  }
  throw new ArgumentTypeError(
    argMessage('aslinearoperator', 'A', 'a sparse array, a 2-D ndarray or a LinearOperator', A),
  );
}

/** Operators that `aslinearoperator` made from an array (their products are library launches). */
const arrayBacked = new WeakSet<LinearOperator>();

/**
 * Whether an operator's products are the library's own launches (one made from a sparse or dense
 * array), rather than user functions the host calls. The solvers keep SciPy's count of calls to
 * user functions exactly (issue 23), which a deferred loop cannot: it issues the products of
 * iterations after the stopping point before it reads the flag that says so.
 * @param A - the operator.
 * @returns true for an operator made from an array.
 */
export function isArrayBacked(A: LinearOperator): boolean {
  return arrayBacked.has(A);
}

/** The sparse array behind an operator that `aslinearoperator` made from one. */
const sparseOf = new WeakMap<LinearOperator, MatrixLike>();

/**
 * The sparse array whose products an operator runs (one made by `aslinearoperator` from a sparse
 * array), or undefined: the one-task solves (one-task.ts) read its storage.
 * @param A - the operator.
 * @returns the sparse array, or undefined.
 */
export function sparseOperand(A: LinearOperator): MatrixLike | undefined {
  return sparseOf.get(A);
}

/** Operators that can write a matvec into a given vector (those made from sparse arrays). */
const intoOf = new WeakMap<LinearOperator, (x: ndarray, out: ndarray) => ndarray>();

/**
 * `A·x` written into `out` when the operator can do so in place (one made from a sparse array;
 * `out` must not be `x`), else a fresh `A.matvec(x)`. The solvers use it for the product of each
 * iteration, so that a loop reuses one vector instead of allocating one per iteration.
 * @param A - the operator.
 * @param x - the vector (shape `[n]`).
 * @param out - a vector of shape `[m]` and the operator's dtype.
 * @returns `out`, or the fresh product.
 */
export function matvecInto(A: LinearOperator, x: ndarray, out: ndarray): ndarray {
  return writesInto(A, x, out) ? intoOf.get(A)!(x, out) : A.matvec(x);
}

/**
 * Whether {@link matvecInto} writes `A·x` into `out` with the sparse array's own product (no user
 * function runs): then a solver may fuse that launch with the next one (vec.ts).
 * @param A - the operator.
 * @param x - the vector.
 * @param out - the destination.
 * @returns true when the product is one SpMV launch into `out`.
 */
export function writesInto(A: LinearOperator, x: ndarray, out: ndarray): boolean {
  return intoOf.has(A) && x.ndim === 1 && x.dtype === out.dtype && A.dtype === out.dtype;
}
