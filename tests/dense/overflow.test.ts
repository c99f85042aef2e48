/**
 * NumPy 2 refuses a Python integer that the target integer dtype cannot hold (OverflowError)
 * rather than wrapping it; SciPy refuses to negate a boolean sparse array. Each message matched.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { OverflowError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

describe('integers out of bounds for the dtype', () => {
  it('array, full and set raise OverflowError naming the argument and the range', () => {
    expect(() => np.array([300], { dtype: 'uint8' })).toThrow(
      /^array: argument 'object' expected an integer in \[0, 255\] for uint8, received 300/,
    );
    expect(() => np.array([[1], [-1]], { dtype: 'uint8' })).toThrow(OverflowError);
    expect(() => np.full([2], 2 ** 31, { dtype: 'int32' })).toThrow(
      /^full: argument 'fill_value' expected an integer in \[-2147483648, 2147483647\] for int32, received 2147483648/,
    );
    const a = np.zeros([3], { dtype: 'uint8' });
    expect(() => a.set('0', 256)).toThrow(
      /^set: argument 'value' expected an integer in \[0, 255\] for uint8, received 256/,
    );
    expect(a.tolist()).toEqual([0, 0, 0]); // nothing written
  });

  it('values in range, floats and other dtypes are not refused (NumPy casts those)', () => {
    expect(np.array([0, 255], { dtype: 'uint8' }).tolist()).toEqual([0, 255]);
    expect(np.array([300.5], { dtype: 'float32' }).tolist()).toEqual([300.5]);
    const a = np.zeros([2], { dtype: 'uint8' });
    a.set('1', 255);
    expect(a.tolist()).toEqual([0, 255]);
    expect(np.full([1], -2147483648, { dtype: 'int32' }).tolist()).toEqual([-2147483648]);
  });
});

describe('negating a boolean sparse array', () => {
  it('raises as SciPy does', () => {
    expect(() => sp.csr_array([[true, false]]).neg()).toThrow(
      /^neg: negating a boolean sparse array is not supported/,
    );
    expect(
      sp
        .csr_array([[1, -2]])
        .neg()
        .toarray()
        .tolist(),
    ).toEqual([[-1, 2]]);
  });
});

describe('sparse astype to bool', () => {
  it('stores 1 for every nonzero (SciPy: csr_array([[1, 0], [2, 3]]).astype(bool).sum(0) is [2, 1])', () => {
    const B = sp
      .csr_array([
        [1, 0],
        [2, 3],
      ])
      .astype('bool');
    expect(B.sum(0).tolist()).toEqual([2, 1]);
    expect(Array.from((B as sp.csr_array).data.toArray())).toEqual([1, 1, 1]);
    expect(
      sp
        .coo_array([[Number.NaN, 0.5]])
        .astype('bool')
        .toarray()
        .tolist(),
    ).toEqual([[true, true]]);
  });
});
