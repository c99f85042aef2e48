/**
 * Catalogue of bad inputs, part 1: cohort/numpy creation, random numbers and allocations beyond
 * memory. Complements tests/dense/*.test.ts (which check a few classes) with the message of each.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { AllocationError, ArgumentTypeError, DTypeError, ValueError } from '../../runtime/index.js';
import { type Row, runRows } from './rows.js';

const creation: Row[] = [
  {
    name: 'zeros: shape of the wrong type',
    call: () => np.zeros('abc' as never),
    error: ValueError,
    message: /^zeros: argument 'shape' expected an integer or an array of integers, received "abc"$/,
  },
  {
    name: 'zeros: NaN dimension',
    call: () => np.zeros([Number.NaN]),
    error: ValueError,
    message: /^zeros: argument 'shape' expected non-negative integers, received \[NaN\]$/,
  },
  {
    name: 'empty: fractional dimension',
    call: () => np.empty([2, 1.5]),
    error: ValueError,
    message: /^empty: argument 'shape' expected non-negative integers, received \[2, 1\.5\]$/,
  },
  {
    name: 'ones: negative dimension names ones (not full)',
    call: () => np.ones([-2]),
    error: ValueError,
    message: /^ones: argument 'shape' expected non-negative integers, received \[-2\]$/,
    regression: true,
  },
  {
    name: 'zeros: unknown dtype',
    call: () => np.zeros([2], { dtype: 'complex128' as never }),
    error: DTypeError,
    message:
      /^zeros: argument 'dtype' expected one of bool, uint8, int32, float32, float64, received "complex128"$/,
  },
  {
    name: "zeros: a positional dtype that is not one is not silently ignored (NumPy's zeros(shape, 'f4'))",
    call: () => np.zeros([2], 'f4' as never),
    error: DTypeError,
    message: /^zeros: argument 'dtype' expected one of bool, uint8, int32, float32, float64, received "f4"$/,
    regression: true,
  },
  {
    name: 'full: fill value of the wrong type',
    call: () => np.full([2], 'x' as never),
    error: ArgumentTypeError,
    message:
      /^full: argument 'fill_value' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
  },
  {
    name: 'array: ragged nested arrays',
    call: () => np.array([[1, 2], [3]]),
    error: ValueError,
    message:
      /^array: argument 'data' expected a rectangular \(non-ragged\) nested array, received \[\[1, 2\], \[3\]\]$/,
  },
  {
    name: 'array: a scalar before an array at the same depth ([1, [2]] was read as shape [2,1])',
    call: () => np.array([1, [2]] as never),
    error: ValueError,
    message:
      /^array: argument 'data' expected a rectangular \(non-ragged\) nested array, received \[1, \[2\]\]$/,
    regression: true,
  },
  {
    name: 'array: strings inside',
    call: () => np.array([[1, 'a']] as never),
    error: ArgumentTypeError,
    message: /^array: argument 'data' expected numbers, booleans or nested arrays of them, received "a"$/,
  },
  {
    name: 'asarray: null',
    call: () => np.asarray(null as never),
    error: ArgumentTypeError,
    message: /^asarray: argument 'data' expected numbers, booleans or nested arrays of them, received null$/,
  },
  {
    name: 'arange: NaN stop',
    call: () => np.arange(Number.NaN),
    error: ValueError,
    message: /^arange: argument 'stop' expected a finite number, received NaN$/,
  },
  {
    name: 'arange: zero step',
    call: () => np.arange(0, 5, 0),
    error: ValueError,
    message: /^arange: argument 'step' expected a nonzero number, received 0$/,
  },
  {
    name: 'linspace: a string bound (gave 50 NaNs)',
    call: () => np.linspace('a' as never, 1),
    error: ArgumentTypeError,
    message: /^linspace: argument 'start' expected a number, received "a"$/,
    regression: true,
  },
  {
    name: 'linspace: negative num',
    call: () => np.linspace(0, 1, -1),
    error: ValueError,
    message: /^linspace: argument 'num' expected a non-negative integer, received -1$/,
  },
  {
    name: 'eye: fractional k',
    call: () => np.eye(3, 3, 1.5),
    error: ArgumentTypeError,
    message: /^eye: argument 'k' expected an integer, received 1\.5$/,
  },
  {
    name: 'eye: unknown dtype names eye (not zeros)',
    call: () => np.eye(2, 2, 0, { dtype: 'x' as never }),
    error: DTypeError,
    message: /^eye: argument 'dtype' expected one of .*, received "x"$/,
    regression: true,
  },
  {
    name: 'identity: negative n names identity (not eye)',
    call: () => np.identity(-1),
    error: ValueError,
    message: /^identity: argument 'n' expected non-negative integers, received \[-1\]$/,
    regression: true,
  },
  {
    name: 'diag: a 3-D array',
    call: () => np.diag(np.ones([2, 2, 2])),
    error: ValueError,
    message: /^diag: argument 'v' expected a 1-D or 2-D array, received "an array of shape \[2,2,2\]"$/,
  },
  {
    name: "diag: a string names NumPy's argument 'v'",
    call: () => np.diag('a' as never),
    error: ArgumentTypeError,
    message:
      /^diag: argument 'v' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "a"$/,
    regression: true,
  },
  {
    name: 'diag: fractional k',
    call: () => np.diag(np.ones([2]), 0.5),
    error: ArgumentTypeError,
    message: /^diag: argument 'k' expected an integer, received 0\.5$/,
    regression: true,
  },
  {
    name: 'zeros_like: not an array',
    call: () => np.zeros_like('a' as never),
    error: ArgumentTypeError,
    message:
      /^zeros_like: argument 'a' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "a"$/,
  },
  {
    name: 'from_ndarray: not a scijs ndarray',
    call: () => np.from_ndarray('x' as never),
    error: ArgumentTypeError,
    message: /^from_ndarray: argument 'x' expected a scijs ndarray, received "x"$/,
  },
];

const rng = () => np.random.default_rng(1);
const random: Row[] = [
  {
    name: 'default_rng: negative seed',
    call: () => np.random.default_rng(-1),
    error: ValueError,
    message: /^default_rng: argument 'seed' expected a non-negative integer, received -1$/,
  },
  {
    name: 'random: negative shape',
    call: () => rng().random([-1]),
    error: ValueError,
    message: /^random: argument 'shape' expected non-negative integers, received \[-1\]$/,
  },
  {
    name: 'random: an integer dtype',
    call: () => rng().random([2], { dtype: 'int32' as never }),
    error: DTypeError,
    message: /^random: argument 'dtype' expected 'float64' or 'float32', received "int32"$/,
    regression: true,
  },
  {
    name: 'integers: NaN high',
    call: () => rng().integers(0, Number.NaN),
    error: ValueError,
    message: /^integers: argument 'high' expected an integer greater than low \(0\), received NaN$/,
  },
  {
    name: 'integers: high beyond int32 (wrapped silently)',
    call: () => rng().integers(0, 2 ** 40, [2]),
    error: ValueError,
    message: /^integers: argument 'high' expected a value <= 2147483648 \(int32\), received 1099511627776$/,
    regression: true,
  },
  {
    name: 'uniform: infinite high (gave Infinity/NaN values)',
    call: () => rng().uniform(0, Number.POSITIVE_INFINITY, [2]),
    error: ValueError,
    message: /^uniform: argument 'high' expected a finite number, received Infinity$/,
    regression: true,
  },
  {
    name: 'normal: negative scale',
    call: () => rng().normal(0, -1, [2]),
    error: ValueError,
    message: /^normal: argument 'scale' expected a non-negative number, received -1$/,
    regression: true,
  },
  {
    name: 'rand: names rand',
    call: () => np.random.rand(-1),
    error: ValueError,
    message: /^rand: argument 'shape' expected non-negative integers, received \[-1\]$/,
    regression: true,
  },
  {
    name: 'randn: names randn',
    call: () => np.random.randn(1.5),
    error: ValueError,
    message: /^randn: argument 'shape' expected non-negative integers, received \[1\.5\]$/,
    regression: true,
  },
];

const allocation: Row[] = [
  {
    name: 'zeros of 1e12 elements',
    call: () => np.zeros([1e12]),
    error: AllocationError,
    message: /^zeros: argument 'shape' expected at most 2147483647 elements, received \[1000000000000\]$/,
    regression: true,
  },
  {
    name: 'ones of 2^31 elements (two dimensions)',
    call: () => np.ones([2 ** 30, 2]),
    error: AllocationError,
    message: /^ones: argument 'shape' expected at most 2147483647 elements, received \[1073741824, 2\]$/,
  },
  {
    name: 'eye(1e6): 1e12 elements',
    call: () => np.eye(1e6),
    error: AllocationError,
    message: /^eye: argument 'shape' expected at most 2147483647 elements, received \[1000000, 1000000\]$/,
  },
  {
    name: 'arange of 1e12 values names arange (not createRegion)',
    call: () => np.arange(0, 1e12),
    error: AllocationError,
    message: /^arange: argument 'num' expected at most 2147483647 elements, received \[1000000000000\]$/,
    regression: true,
  },
  {
    name: 'random of 2^31 values',
    call: () => rng().standard_normal([2 ** 31]),
    error: AllocationError,
    message: /^standard_normal: argument 'shape' expected at most 2147483647 elements/,
  },
];

describe('catalogue: cohort/numpy creation', () => runRows(creation));
describe('catalogue: cohort/numpy random', () => runRows(random));
describe('catalogue: allocations beyond memory', () => {
  runRows(allocation);
  it('leave the library working: an allocation and a reduction right after give the right answer', () => {
    const before = np.arange(1000);
    expect(() => np.zeros([1e12])).toThrow(AllocationError);
    expect(() => np.arange(0, 1e12)).toThrow(AllocationError);
    expect(np.sum(before).item()).toBe(499500);
    expect(np.sum(np.ones([1 << 20])).item()).toBe(1 << 20);
  });
});
