/**
 * Catalogue of bad inputs, part 2: cohort/numpy element-wise functions, reductions, linear algebra,
 * shape functions and indexing. A failing in-place call leaves its target untouched.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, DTypeError, IndexError, ShapeError, ValueError } from '../../runtime/index.js';
import { type Row, runRows } from './rows.js';

const a = np.ones([2, 3]);

const ewise: Row[] = [
  {
    name: 'add: a string',
    call: () => np.add('a' as never, 1),
    error: ArgumentTypeError,
    message:
      /^add: argument 'a' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "a"$/,
  },
  {
    name: 'add: null',
    call: () => np.add(a, null as never),
    error: ArgumentTypeError,
    message:
      /^add: argument 'b' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received null$/,
  },
  {
    name: 'add: a ragged nested array',
    call: () => np.add(a, [[1, 2], [3]]),
    error: ValueError,
    message:
      /^add: argument 'data' expected a rectangular \(non-ragged\) nested array, received \[\[1, 2\], \[3\]\]$/,
  },
  {
    name: 'add: out of the wrong type',
    call: () => np.add(a, 1, { out: 3 as never }),
    error: ArgumentTypeError,
    message: /^add: argument 'out' expected an ndarray, received 3$/,
  },
  {
    name: 'add: out of a narrower dtype',
    call: () => np.add(a, 1, { out: np.zeros([2, 3], { dtype: 'int32' }) }),
    error: DTypeError,
    message: /^add: argument 'out' with dtype int32 cannot hold the float64 result \(casting 'same_kind'\)$/,
  },
  {
    name: 'multiply: shapes that do not broadcast',
    call: () => np.multiply(a, np.ones([4])),
    error: ShapeError,
    message: /^multiply: argument 'b' with shape \[4\] cannot broadcast to \[2,3\]$/,
  },
  {
    name: 'sqrt: a string',
    call: () => np.sqrt('x' as never),
    error: ArgumentTypeError,
    message:
      /^sqrt: argument 'x' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
  },
  {
    // np.where(condition) alone is NumPy's nonzero (issue 20); x without y is the error.
    name: 'where: x without y',
    call: () => (np.where as (...args: unknown[]) => unknown)(a, 1),
    error: ValueError,
    message: /^where: either both or neither of x and y should be given$/,
  },
  {
    name: 'clip: a string bound',
    call: () => np.clip(a, 'x' as never, 1),
    error: ArgumentTypeError,
    message: /^clip: argument 'a_min' expected .*, received "x"$/,
  },
  {
    name: 'isclose: a string rtol',
    call: () => np.isclose(a, a, { rtol: 'x' as never }),
    error: ArgumentTypeError,
    message: /^isclose: argument 'rtol' expected .*, received "x"$/,
  },
  {
    name: 'isclose: options of the wrong type',
    call: () => np.isclose(a, a, 'x' as never),
    error: ArgumentTypeError,
    message: /^isclose: argument 'rtol' expected a number, received "x"$/,
    regression: true,
  },
];

const reductions: Row[] = [
  {
    name: 'sum: not an array',
    call: () => np.sum('x' as never),
    error: ArgumentTypeError,
    message:
      /^sum: argument 'a' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
    regression: true,
  },
  {
    name: "sum: a positional axis (NumPy's sum(a, 0)) is not silently ignored",
    call: () => np.sum(a, { axsi: 0 } as never),
    error: ArgumentTypeError,
    message: /^sum: unknown option 'axsi' \(accepted keys: a, axis, dtype, out, keepdims, initial, where\)$/,
    regression: true,
  },
  {
    name: 'sum: axis out of range',
    call: () => np.sum(a, { axis: 5 }),
    error: IndexError,
    message: /^sum: axis 5 is out of bounds for array of dimension 2$/,
  },
  {
    name: 'sum: axis of the wrong type (a raw TypeError)',
    call: () => np.sum(a, { axis: {} as never }),
    error: ArgumentTypeError,
    message: /^sum: argument 'axis' expected an integer or an array of integers, received an object$/,
    regression: true,
  },
  {
    name: 'max: null options read as no options, a number is not',
    call: () => np.max(a, 'x' as never),
    error: ArgumentTypeError,
    message: /^max: argument 'axis' expected an integer or an array of integers, received "x"$/,
    regression: true,
  },
  {
    name: 'min: zero-size without identity',
    call: () => np.min(np.zeros([0])),
    error: ValueError,
    message: /^min: zero-size array to reduction operation min which has no identity$/,
  },
  {
    name: 'argmax: two axes',
    call: () => np.argmax(a, { axis: [0, 1] as never }),
    error: ArgumentTypeError,
    message: /^argmax: argument 'axis' expected an integer, received \[0, 1\]$/,
  },
  {
    name: 'mean: null array (a raw TypeError)',
    call: () => np.mean(null as never),
    error: ArgumentTypeError,
    message:
      /^mean: argument 'a' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received null$/,
    regression: true,
  },
  {
    name: 'var: ddof of the wrong type (gave NaN)',
    call: () => np.var(a, { ddof: 'x' as never }),
    error: ArgumentTypeError,
    message: /^var: argument 'ddof' expected a number, received "x"$/,
    regression: true,
  },
  {
    name: 'std: missing array (a raw TypeError)',
    call: () => (np.std as unknown as () => unknown)(),
    error: ArgumentTypeError,
    message: /^std: missing required argument 'a'$/,
    regression: true,
  },
  {
    name: 'cumsum: missing array (a raw TypeError)',
    call: () => (np.cumsum as unknown as () => unknown)(),
    error: ArgumentTypeError,
    message: /^cumsum: missing required argument 'a'$/,
    regression: true,
  },
  {
    name: 'cumsum: axis out of range',
    call: () => np.cumsum(a, { axis: 7 }),
    error: IndexError,
    message: /^cumsum: axis 7 is out of bounds for array of dimension 2$/,
  },
];

const linalg: Row[] = [
  {
    name: 'dot: a string',
    call: () => np.dot('x' as never, a),
    error: ArgumentTypeError,
    message:
      /^dot: argument 'a' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
  },
  {
    name: 'matmul: a scalar',
    call: () => np.matmul(a, 2 as never),
    error: ValueError,
    message: /^matmul: operands must have at least one dimension \(use multiply for scalars\)$/,
  },
  {
    name: 'matmul: inner dimensions differ',
    call: () => np.matmul(a, a),
    error: ShapeError,
    message:
      /^matmul: argument 'b' with shape \[2,3\] does not match argument 'a' with shape \[2,3\] \(inner dimensions 3 and 2\)$/,
  },
  {
    name: 'vdot: sizes differ',
    call: () => np.vdot(a, np.ones([5])),
    error: ShapeError,
    message: /^vdot: argument 'b' with shape \[5\] does not match \[6\]$/,
  },
  {
    name: 'inner: last dimensions differ',
    call: () => np.inner(a, np.ones([2])),
    error: ShapeError,
    message:
      /^inner: argument 'b' with shape \[2\] does not match argument 'a' with shape \[2,3\] in the last dimension$/,
  },
  {
    name: 'outer: a string',
    call: () => np.outer('x' as never, a),
    error: ArgumentTypeError,
    message:
      /^outer: argument 'a' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
  },
  {
    name: 'linalg.norm: unknown ord',
    call: () => np.linalg.norm(a, 'x' as never),
    error: ValueError,
    message:
      /^linalg\.norm: argument 'ord' expected 'fro', 1, -1, Infinity or -Infinity for matrix norms .*, received "x"$/,
  },
  {
    name: "linalg.norm: a positional axis (NumPy's norm(x, None, 5)) is not silently ignored",
    call: () => np.linalg.norm(a, null, 5, 1 as never),
    error: ArgumentTypeError,
    message: /^linalg\.norm: argument 'keepdims' expected true or false, received 1$/,
    regression: true,
  },
  {
    name: 'linalg.norm: not an array',
    call: () => np.linalg.norm('x' as never),
    error: ArgumentTypeError,
    message:
      /^linalg\.norm: argument 'x' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
  },
];

const shape: Row[] = [
  {
    name: 'reshape: sizes differ',
    call: () => np.reshape(a, [4, 2]),
    error: ShapeError,
    message: /^reshape: cannot reshape array of size 6 into shape \[4,2\]$/,
  },
  {
    name: 'reshape: two -1',
    call: () => np.reshape(a, [-1, -1]),
    error: ValueError,
    message: /^reshape: argument 'shape' expected at most one -1, received \[-1, -1\]$/,
  },
  {
    name: 'reshape: shape of the wrong type (a raw TypeError)',
    call: () => np.reshape(a, {} as never),
    error: ArgumentTypeError,
    message: /^reshape: missing required argument 'shape'$/,
    regression: true,
  },
  {
    name: 'ravel: missing array (a raw TypeError)',
    call: () => (np.ravel as unknown as () => unknown)(),
    error: ArgumentTypeError,
    message: /^ravel: missing required argument 'a'$/,
    regression: true,
  },
  {
    name: 'transpose: repeated axes',
    call: () => np.transpose(a, [0, 0]),
    error: ValueError,
    message: /^transpose: argument 'axes' expected a permutation of 2 axes, received \[0, 0\]$/,
  },
  {
    name: 'transpose: axes of the wrong type (a raw TypeError)',
    call: () => np.transpose(a, 'x' as never),
    error: ArgumentTypeError,
    message: /^transpose: argument 'axes' expected an integer or an array of integers, received "x"$/,
    regression: true,
  },
  {
    name: 'swapaxes: axis out of range',
    call: () => np.swapaxes(a, 0, 5),
    error: IndexError,
    message: /^swapaxes: axis 5 is out of bounds for array of dimension 2$/,
  },
  {
    name: 'expand_dims: missing axis (a raw TypeError)',
    call: () => (np.expand_dims as unknown as (x: unknown) => unknown)(a),
    error: ArgumentTypeError,
    message: /^expand_dims: missing required argument 'axis'$/,
    regression: true,
  },
  {
    name: 'squeeze: axis of the wrong type (a raw TypeError)',
    call: () => np.squeeze(a, 'x' as never),
    error: ArgumentTypeError,
    message: /^squeeze: argument 'axis' expected an integer or an array of integers, received "x"$/,
    regression: true,
  },
  {
    name: 'concatenate: axis out of range',
    call: () => np.concatenate([a, a], { axis: 5 }),
    error: IndexError,
    message: /^concatenate: axis 5 is out of bounds for array of dimension 2$/,
  },
  {
    name: 'stack: shapes differ',
    call: () => np.stack([a, np.ones([3])]),
    error: ShapeError,
    message: /^stack: argument 'arrays\[1\]' with shape \[3\] does not match \[2,3\]$/,
  },
  {
    name: 'hstack: null (a raw TypeError)',
    call: () => np.hstack(null as never),
    error: ArgumentTypeError,
    message: /^hstack: argument 'tup' expected a sequence of arrays, received null$/,
    regression: true,
  },
  {
    name: 'vstack: an object (a raw TypeError)',
    call: () => np.vstack({} as never),
    error: ArgumentTypeError,
    message: /^vstack: missing required argument 'tup'$/,
    regression: true,
  },
  {
    name: 'vstack: a string among the arrays',
    call: () => np.vstack([a, 'x'] as never),
    error: ArgumentTypeError,
    message:
      /^vstack: argument 'tup\[1\]' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
  },
  {
    name: 'astype: unknown dtype',
    call: () => np.astype(a, 'x' as never),
    error: DTypeError,
    message: /^astype: argument 'dtype' expected one of .*, received "x"$/,
  },
];

const indexing: Row[] = [
  {
    name: 'get: an unparsable expression',
    call: () => a.get('x'),
    error: IndexError,
    message: /^get: argument 'index' expected a NumPy index expression .*, received "x" \(bad part "x"\)$/,
  },
  {
    name: 'get: an integer out of range',
    call: () => a.get('5'),
    error: IndexError,
    message: /^get: index 5 is out of bounds for axis 0 with size 2$/,
  },
  {
    name: 'get: a fractional index',
    call: () => a.get([1.5]),
    error: IndexError,
    message: /^get: argument 'index' expected integers, slices, null, "\.\.\." or arrays, received 1\.5$/,
  },
  {
    name: 'get: too many indices',
    call: () => a.get('0,0,0'),
    error: IndexError,
    message: /^get: too many indices for an array of shape \[2,3\]: 3 were given$/,
  },
  {
    name: 'get: two ellipses',
    call: () => a.get('...,...'),
    error: IndexError,
    message: /^get: argument 'index' expected at most one '\.\.\.', received "\.\.\.,\.\.\."$/,
  },
  {
    name: 'get: a float index array',
    call: () => a.get([np.array([0.5])]),
    error: IndexError,
    message:
      /^get: argument 'index' expected integer or boolean arrays, received "an array of dtype float64"$/,
  },
  {
    name: 'get: a boolean mask of the wrong length',
    call: () => a.get([np.array([true, false, true])]),
    error: IndexError,
    message: /^get: boolean index with shape \[3\] does not match the indexed dimensions \[2\] at axis 0$/,
  },
  {
    name: 'set: a value that does not broadcast',
    call: () => a.set(':', np.ones([4])),
    error: ShapeError,
    message: /^set: argument 'value' with shape \[4\] cannot broadcast to \[2,3\]$/,
  },
  {
    name: 'set: an index array out of range',
    call: () => a.set([np.array([5])], 1),
    error: IndexError,
    message: /^set: index 5 is out of bounds for axis 0 with size 2$/,
  },
  {
    name: 'item: more than one element',
    call: () => a.item(),
    error: ValueError,
    message: /^item: argument 'self' expected an array of size 1, received "an array of shape \[2,3\]"$/,
  },
];

describe('catalogue: cohort/numpy element-wise', () => runRows(ewise));
describe('catalogue: cohort/numpy reductions', () => runRows(reductions));
describe('catalogue: cohort/numpy linear algebra', () => runRows(linalg));
describe('catalogue: cohort/numpy shape functions', () => runRows(shape));
describe('catalogue: cohort/numpy indexing', () => runRows(indexing));

describe('a failing in-place call leaves its target untouched', () => {
  it('iadd with a bad shape, set with a bad index, add into a narrower out', () => {
    const x = np.arange(6).astype('float64').reshape([2, 3]);
    expect(() => x.iadd(np.ones([4]))).toThrow(ShapeError);
    expect(() => x.set([np.array([9])], 0)).toThrow(IndexError);
    const out = np.full([2, 3], 7, { dtype: 'int32' });
    expect(() => np.add(x, 0.5, { out })).toThrow(DTypeError);
    expect(Array.from(x.toArray())).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Array.from(out.toArray())).toEqual([7, 7, 7, 7, 7, 7]);
  });
});
