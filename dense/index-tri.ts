/**
 * NumPy's triangle and diagonal index helpers: `tril_indices`, `triu_indices` (and `_from`),
 * `diag_indices` (and `_from`), `fill_diagonal`, `diagflat`; and selection by condition:
 * `compress`, `extract`, `choose`, `select`. The triangle indices are the nonzero positions of
 * `tri` (a count and a fill on the pool); `fill_diagonal` is a strided `put`; `choose` and
 * `select` are one fused `where` chain. The calling thread reads values only to size
 * `compress`/`extract` results and to check `choose`'s indices in 'raise' mode, as NumPy does.
 */
import { fx } from '../codegen/index.js';
import { ArgumentTypeError, argMessage, type DType, ValueError } from '../runtime/index.js';
import { broadcastShapes } from './broadcast.js';
import { arange, diag } from './creation-more.js';
import { isFloat, promote, promoteScalar } from './dtypes.js';
import { ewise, type Operand } from './ewise.js';
import { tri } from './matrix-extra.js';
import { ndarray } from './ndarray.js';
import { nonzero, put, take } from './select.js';
import { ravel } from './shape.js';
import { type ArrayInput, denseHooks, sig } from './sig.js';

const asArray = (fn: string, name: string, v: unknown): ndarray =>
  v instanceof ndarray ? v : (denseHooks.asarray(fn, name, v) as ndarray);

type TriIdx = (
  n: number,
  k?: number | { k?: number; m?: number | null },
  m?: number | null | { m?: number | null },
  opts?: { k?: number; m?: number | null },
) => ndarray[];

const triIdx = (fn: 'tril_indices' | 'triu_indices') =>
  sig<TriIdx>(`${fn}(n: int, k: int = 0, m: int? = None)`, ((
    n: number,
    k: number,
    m: number | null | undefined,
  ) => {
    const mask =
      fn === 'tril_indices'
        ? tri(n, m ?? n, k, 'bool')
        : ewise(fn, 'logical_not', [tri(n, m ?? n, k - 1, 'bool')], ['mask']);
    return nonzero(mask);
  }) as never);

/**
 * Row and column indices of the lower triangle of an `n × m` array (on and below diagonal `k`).
 * @param n rows
 * @param k diagonal offset (default 0)
 * @param m columns (default `n`)
 * @returns `[rows, cols]` int32 arrays
 * @example np.tril_indices(3).map((a) => a.tolist()) // [[0, 1, 1, 2, 2, 2], [0, 0, 1, 0, 1, 2]]
 */
export const tril_indices: TriIdx = triIdx('tril_indices');
/**
 * Row and column indices of the upper triangle of an `n × m` array (on and above diagonal `k`).
 * @param n rows
 * @param k diagonal offset (default 0)
 * @param m columns (default `n`)
 * @returns `[rows, cols]` int32 arrays
 * @example np.triu_indices(3, 1).map((a) => a.tolist()) // [[0, 0, 1], [1, 2, 2]]
 */
export const triu_indices: TriIdx = triIdx('triu_indices');

type TriFrom = (arr: ArrayInput, k?: number | { k?: number }) => ndarray[];
const triFrom = (fn: 'tril_indices_from' | 'triu_indices_from', f: TriIdx) =>
  sig<TriFrom>(`${fn}(arr: array_like, k: int = 0)`, ((a: ndarray, k: number) => {
    if (a.ndim !== 2) throw new ValueError(argMessage(fn, 'arr', 'a 2-d array', `${a.ndim}-d`));
    return f(a.shape[0]!, k, a.shape[1]!);
  }) as never);
/**
 * {@link tril_indices} for the shape of a 2-D array.
 * @param arr a 2-D array
 * @param k diagonal offset
 * @returns `[rows, cols]`
 * @example np.tril_indices_from(np.ones([2, 3])).map((a) => a.tolist()) // [[0, 1, 1], [0, 0, 1]]
 */
export const tril_indices_from: TriFrom = triFrom('tril_indices_from', tril_indices);
/**
 * {@link triu_indices} for the shape of a 2-D array.
 * @param arr a 2-D array
 * @param k diagonal offset
 * @returns `[rows, cols]`
 * @example np.triu_indices_from(np.ones([2, 3])).map((a) => a.tolist()) // [[0, 0, 0, 1, 1], [0, 1, 2, 1, 2]]
 */
export const triu_indices_from: TriFrom = triFrom('triu_indices_from', triu_indices);

/**
 * Indices of the main diagonal of an `n × … × n` array: `ndim` copies of `arange(n)`.
 * @param n size of each dimension
 * @param ndim number of dimensions (default 2)
 * @returns `ndim` int32 arrays
 * @example np.diag_indices(3).map((a) => a.tolist()) // [[0, 1, 2], [0, 1, 2]]
 */
export const diag_indices = sig<(n: number, ndim?: number | { ndim?: number }) => ndarray[]>(
  'diag_indices(n: int, ndim: int = 2)',
  ((n: number, ndim: number) => {
    const r = arange(n, { dtype: 'int32' });
    return Array.from({ length: ndim }, () => r);
  }) as never,
);

/**
 * {@link diag_indices} for an array whose dimensions are all equal.
 * @param arr an array of at least 2 dimensions, all of one length
 * @returns `ndim` int32 arrays
 * @example np.diag_indices_from(np.ones([2, 2])).map((a) => a.tolist()) // [[0, 1], [0, 1]]
 */
export const diag_indices_from = sig<(arr: ArrayInput) => ndarray[]>('diag_indices_from(arr: array_like)', ((
  a: ndarray,
) => {
  if (a.ndim < 2) throw new ValueError(argMessage('diag_indices_from', 'arr', 'at least 2-d', `${a.ndim}-d`));
  if (a.shape.some((e) => e !== a.shape[0]))
    throw new ValueError('diag_indices_from: all dimensions of input must be of equal length');
  return diag_indices(a.shape[0]!, a.ndim);
}) as never);

/**
 * Fills the main diagonal of `a` in place (NumPy's `fill_diagonal`; `val` is repeated; `wrap`
 * continues the diagonal below a tall matrix's first square).
 * @param a an array of at least 2 dimensions (all equal beyond 2-D)
 * @param val the value(s)
 * @param wrap wrap after N columns for tall matrices
 * @returns nothing
 * @example
 * const a = np.zeros([3, 3], 'int32');
 * np.fill_diagonal(a, 5);
 * a.tolist() // [[5, 0, 0], [0, 5, 0], [0, 0, 5]]
 */
export const fill_diagonal = sig<(a: ndarray, val: ArrayInput, wrap?: boolean | { wrap?: boolean }) => void>(
  'fill_diagonal(a: ndarray, val: array_like, wrap: bool = False)',
  ((a: ndarray, val: ndarray, wrap: boolean) => {
    const fn = 'fill_diagonal';
    if (a.ndim < 2) throw new ValueError(argMessage(fn, 'a', 'an array at least 2-d', `${a.ndim}-d`));
    let step: number;
    let end = a.size;
    if (a.ndim === 2) {
      const c = a.shape[1]!;
      step = c + 1;
      if (!wrap) end = Math.min(a.size, c * c);
    } else {
      if (a.shape.some((e) => e !== a.shape[0]))
        throw new ValueError(`${fn}: all dimensions of input must be of equal length`);
      let p = 1;
      step = 1;
      for (const e of a.shape.slice(0, -1)) step += p *= e;
    }
    if (end <= 0 || val.size === 0) return;
    put(a, arange(0, end, step, { dtype: 'int32' }), val);
  }) as never,
);

/**
 * A 2-D array with the flattened input on diagonal `k`.
 * @param v an array_like (flattened)
 * @param k diagonal offset
 * @returns a new 2-D array
 * @example np.diagflat([[1, 2], [3, 4]]).tolist() // [[1, 0, 0, 0], [0, 2, 0, 0], [0, 0, 3, 0], [0, 0, 0, 4]]
 */
export const diagflat = sig<(v: ArrayInput, k?: number | { k?: number }) => ndarray>(
  'diagflat(v: array_like, k: int = 0)',
  ((v: ndarray, k: number) => diag(ravel(v), k)) as never,
);

/**
 * Selects slices along an axis where `condition` is true (NumPy's `compress`).
 * @param condition 1-D booleans (shorter than the axis: the rest is dropped)
 * @param a an array_like
 * @param axis the axis (null: the flattened array)
 * @returns a new array
 * @example np.compress([false, true, true], [[1, 2], [3, 4], [5, 6]], 0).tolist() // [[3, 4], [5, 6]]
 */
export const compress = sig<
  (
    condition: ArrayInput,
    a: ArrayInput,
    axis?: number | null | { axis?: number | null; out?: ndarray | null },
    out?: ndarray | null | { out?: ndarray | null },
    opts?: { axis?: number | null; out?: ndarray | null },
  ) => ndarray
>('compress(condition: array_like, a: array_like, axis: axis = None, out: ndarray = None)', ((
  condition: ndarray,
  a: ndarray,
  axis: number | undefined,
  out: ndarray | undefined,
) => {
  if (condition.ndim !== 1)
    throw new ValueError(argMessage('compress', 'condition', 'a 1-d array', `${condition.ndim}-d`));
  return take(a, nonzero(condition)[0]!, axis ?? null, out ?? null);
}) as never);

/**
 * The elements of `arr` where `condition` is nonzero, flattened (NumPy's `extract`).
 * @param condition an array_like of arr's size
 * @param arr an array_like
 * @returns a new 1-D array
 * @example np.extract(np.mod(np.arange(6), 3).equal(0), np.arange(6)).tolist() // [0, 3]
 */
export const extract = sig<(condition: ArrayInput, arr: ArrayInput) => ndarray>(
  'extract(condition: array_like, arr: array_like)',
  ((condition: ndarray, arr: ndarray) => take(ravel(arr), nonzero(ravel(condition))[0]!)) as never,
);

/** `where(c0, x0, where(c1, x1, … rest))` over leaves: conditions at even, values at odd places. */
function whereChain(fn: string, key: string, operands: Operand[], names: string[], dt: DType): ndarray {
  return ewise(fn, key, operands, names, null, {
    dtype: dt,
    build: (l) => {
      let r = fx.castTo(dt, l[l.length - 1]!);
      for (let k = l.length - 3; k >= 0; k -= 2) r = fx.where(l[k]!, fx.castTo(dt, l[k + 1]!), r);
      return r;
    },
  });
}

/**
 * Builds an array from an index array and a list of choices: `out[i] = choices[a[i]][i]` after
 * broadcasting (NumPy's `choose`).
 * @param a integer indices into `choices`
 * @param choices arrays (broadcast with `a`)
 * @param out optional output
 * @param mode 'raise' (default), 'wrap' or 'clip'
 * @returns a new array of the choices' common dtype
 * @throws {ValueError} for an index outside the choices in 'raise' mode
 * @example np.choose([2, 0, 1], [[0, 1, 2], [10, 11, 12], [20, 21, 22]]).tolist() // [20, 1, 12]
 */
export const choose = sig<
  (
    a: ArrayInput,
    choices: readonly ArrayInput[],
    out?: ndarray | null | { out?: ndarray | null; mode?: string },
    mode?: string | { mode?: string },
    opts?: { out?: ndarray | null; mode?: string },
  ) => ndarray
>("choose(a: array_like, choices: any, out: ndarray = None, mode: str = 'raise')", ((
  a: ndarray,
  choicesArg: unknown,
  out: ndarray | undefined,
  mode: string,
) => {
  const fn = 'choose';
  if (isFloat(a.dtype)) throw new ArgumentTypeError(argMessage(fn, 'a', 'integer indices', a.dtype));
  const seq = Array.isArray(choicesArg) ? choicesArg : asArray(fn, 'choices', choicesArg);
  if (!Array.isArray(seq) && (seq as ndarray).ndim === 0)
    throw new ArgumentTypeError(argMessage(fn, 'choices', 'a sequence of arrays', choicesArg));
  const choices = (
    Array.isArray(seq)
      ? seq
      : Array.from({ length: (seq as ndarray).shape[0]! }, (_, k) => (seq as ndarray).get([k]))
  ).map((c, k) => asArray(fn, `choices[${k}]`, c));
  const n = choices.length;
  if (n === 0) throw new ValueError(argMessage(fn, 'choices', 'at least one choice', '[]'));
  if (!['raise', 'wrap', 'clip'].includes(mode))
    throw new ValueError(argMessage(fn, 'mode', "'raise', 'wrap' or 'clip'", mode));
  broadcastShapes(
    fn,
    [a.shape, ...choices.map((c) => c.shape)],
    ['a', ...choices.map((_, k) => `choices[${k}]`)],
  );
  let idx = a;
  if (mode === 'raise') {
    const bad = ewise(fn, 'oob', [a, 0, n], ['a', 'zero', 'n'], null, {
      dtype: 'bool',
      build: ([i, z, m]) =>
        fx.logical_or(fx.less(i!, fx.castTo(a.dtype, z!)), fx.greater_equal(i!, fx.castTo(a.dtype, m!))),
    });
    if (a.size > 0 && bad.any().item()) throw new ValueError(`${fn}: invalid entry in choice array`);
  } else if (mode === 'wrap') idx = ewise(fn, 'mod', [a, n], ['a', 'n'], null, { dtype: 'int32' });
  else idx = ewise(fn, 'clip', [a, 0, n - 1], ['a', 'lo', 'hi'], null, { dtype: 'int32' });
  const dt = choices.map((c) => c.dtype).reduce(promote);
  const ops: Operand[] = [];
  const names: string[] = [];
  choices.slice(0, -1).forEach((c, k) => {
    ops.push(ewise(fn, 'equal', [idx, k], ['a', 'k']), c);
    names.push(`a==${k}`, `choices[${k}]`);
  });
  ops.push(choices[n - 1]!);
  names.push(`choices[${n - 1}]`);
  const r = whereChain(fn, `choose|${n}|${dt}`, ops, names, dt);
  if (out === undefined) return r;
  ewise(fn, 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}) as never);

/**
 * Elements from `choicelist` where the matching condition holds first, `default` elsewhere
 * (NumPy's `select`; the default is a weak scalar in the result's dtype, as NumPy 2).
 * @param condlist boolean arrays
 * @param choicelist arrays of the same count
 * @param default the value where no condition holds (default 0)
 * @returns a new array
 * @throws {ValueError} for lists of different lengths or an empty list
 * @throws {ArgumentTypeError} for a condition that is not boolean
 * @example
 * const x = np.arange(6);
 * np.select([x.less(3), x.greater(3)], [x, x.multiply(x)], 42).tolist() // [0, 1, 2, 42, 16, 25]
 */
export const select = sig<
  (
    condlist: readonly ArrayInput[],
    choicelist: readonly ArrayInput[],
    default_?: number | boolean | { default?: number | boolean },
  ) => ndarray
>('select(condlist: any, choicelist: any, default: scalar = 0)', ((
  condlist: unknown,
  choicelist: unknown,
  dflt: number | boolean,
) => {
  const fn = 'select';
  if (!Array.isArray(condlist) || !Array.isArray(choicelist))
    throw new ArgumentTypeError(argMessage(fn, 'condlist', 'two lists of arrays', condlist));
  if (condlist.length !== choicelist.length)
    throw new ValueError(
      `${fn}: list of cases must be same length as list of conditions (${choicelist.length} and ${condlist.length})`,
    );
  if (condlist.length === 0)
    throw new ValueError(`${fn}: select with an empty condition list is not possible`);
  const conds = condlist.map((c, k) => asArray(fn, `condlist[${k}]`, c));
  conds.forEach((c, k) => {
    if (c.dtype !== 'bool')
      throw new ArgumentTypeError(argMessage(fn, `condlist[${k}]`, 'a boolean array', c.dtype));
  });
  const choices = choicelist.map((c, k) => asArray(fn, `choicelist[${k}]`, c));
  const inter = choices.map((c) => c.dtype).reduce(promote);
  const dt = promoteScalar(inter, dflt);
  const ops: Operand[] = [];
  const names: string[] = [];
  conds.forEach((c, k) => {
    ops.push(c, choices[k]!);
    names.push(`condlist[${k}]`, `choicelist[${k}]`);
  });
  ops.push(dflt);
  names.push('default');
  return whereChain(fn, `select|${conds.length}|${dt}`, ops, names, dt);
}) as never);
