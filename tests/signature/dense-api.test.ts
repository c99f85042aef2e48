/**
 * Issue #19 for cohort/numpy: NumPy's calling conventions (positional, options object, array_like)
 * and every validation branch the binder's kinds and the bound functions added, by message.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, DTypeError, IndexError, ValueError } from '../../runtime/index.js';

const list = (a: np.ndarray) => a.tolist();

describe('array_like operands (np.asarray)', () => {
  it('reductions, ufuncs, methods and comparisons take JS arrays, typed arrays and numbers', () => {
    expect(np.sum([1, 2, 3]).item()).toBe(6);
    expect(list(np.sqrt([1, 4, 9]))).toEqual([1, 2, 3]);
    expect(list(np.array([1, 2, 3]).add([1, 2, 3]))).toEqual([2, 4, 6]);
    expect(list(np.add(new Float64Array([1, 2]), 1))).toEqual([2, 3]);
    expect(np.allclose(np.array([1, 2]), [1, 2])).toBe(true);
    expect(np.array_equal([1, 2], [1, 2])).toBe(true);
    expect(np.array_equal([1, 2], [1, 3])).toBe(false);
    expect(
      list(
        np.dot(
          [
            [1, 2],
            [3, 4],
          ],
          [1, 1],
        ),
      ),
    ).toEqual([3, 7]);
    expect(np.mean(5).item()).toBe(5);
  });
  it('rejects what np.asarray cannot read', () => {
    expect(() => np.sum({ length: 2 } as never)).toThrow(ArgumentTypeError);
    expect(() => np.sqrt('x' as never)).toThrow(
      /^sqrt: argument 'x' expected an array_like \(an ndarray, a number, a boolean, a typed array or nested arrays\), received "x"$/,
    );
  });
});

describe('positional and keyword forms', () => {
  it('bind the same parameter either way', () => {
    const a = np.array([
      [1, 2],
      [3, 4],
    ]);
    expect(list(np.sum(a, 0))).toEqual(list(np.sum(a, { axis: 0 })));
    expect(list(a.sum(1))).toEqual([3, 7]);
    expect(np.arange(6, { dtype: 'float64' }).dtype).toBe('float64');
    expect(np.zeros([2], 'int32').dtype).toBe('int32');
    expect(list(np.linspace(0, 1, { num: 3 }))).toEqual([0, 0.5, 1]);
    expect(list(np.eye(2, { k: 1 }))).toEqual([
      [0, 1],
      [0, 0],
    ]);
    expect(list(np.diag([1, 2], { k: 1 }))).toEqual([
      [0, 1, 0],
      [0, 0, 2],
      [0, 0, 0],
    ]);
    expect(np.expand_dims([1, 2], { axis: 0 }).shape).toEqual([1, 2]);
    expect(np.squeeze(np.zeros([1, 2]), { axis: 0 }).shape).toEqual([2]);
    expect(np.linalg.norm([3, 4], { ord: 1 }).item()).toBe(7);
    expect(np.random.default_rng(0).integers(0, 10, { size: [3] }).shape).toEqual([3]);
  });
  it('rejects an unknown key, a doubled parameter and too many positionals', () => {
    expect(() => np.sum([1], { axsi: 0 } as never)).toThrow(
      /^sum: unknown option 'axsi' \(accepted keys: a, axis, dtype, out, keepdims, initial, where\)$/,
    );
    expect(() => np.sum([1], 0, { axis: 0 })).toThrow(
      /^sum: argument 'axis' given twice \(by position and by key\)$/,
    );
    expect(() => (np.add as (...a: unknown[]) => unknown)(1, 2, undefined, undefined, 5)).toThrow(
      /^add: takes at most 3 positional arguments/,
    );
    expect(() => np.sqrt([1], { where: true } as never)).toThrow(
      /^sqrt: unknown option 'where' \(accepted keys: out, dtype\)$/,
    );
  });
});

describe('options honored', () => {
  it('dtype constants are the dtype strings', () => {
    expect([np.float64, np.float32, np.int32, np.uint8, np.bool, np.bool_]).toEqual([
      'float64',
      'float32',
      'int32',
      'uint8',
      'bool',
      'bool',
    ]);
    expect(np.zeros([1], { dtype: np.float32 }).dtype).toBe('float32');
  });
  it('dtype on ufuncs and reductions, initial, out, order F, axis null, ndmin, shape of *_like', () => {
    expect(np.sqrt([1, 4], { dtype: 'float32' }).dtype).toBe('float32');
    expect(np.sum([1, 2], { dtype: 'float32' }).dtype).toBe('float32');
    expect(np.mean([1, 2], { dtype: 'float32' }).dtype).toBe('float32');
    expect(np.cumsum([1, 2], { dtype: 'float64' }).dtype).toBe('float64');
    expect(np.sum([1, 2], { initial: 10 }).item()).toBe(13);
    expect(np.max([1, 2], { initial: 10 }).item()).toBe(10);
    const out = np.zeros([2]);
    expect(
      np.sum(
        [
          [1, 2],
          [3, 4],
        ],
        0,
        null,
        out,
      ),
    ).toBe(out);
    expect(list(out)).toEqual([4, 6]);
    expect(list(np.reshape([1, 2, 3, 4], [2, 2], 'F'))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(
      list(
        np
          .array([
            [1, 2],
            [3, 4],
          ])
          .ravel('F'),
      ),
    ).toEqual([1, 3, 2, 4]);
    expect(list(np.arange(4).reshape(2, 2, { order: 'F' }))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(list(np.concatenate([[[1]], [[2]]], null))).toEqual([1, 2]);
    expect(np.array(1, { ndmin: 2 }).shape).toEqual([1, 1]);
    expect(np.zeros_like([1, 2], { shape: [3] }).shape).toEqual([3]);
    expect(np.linspace(0, 1, 5, { retstep: true }) as unknown as [np.ndarray, number]).toHaveLength(2);
    expect(list(np.random.default_rng(0).integers(1, 1, { size: [2], endpoint: true }))).toEqual([1, 1]);
    expect(np.astype(np.array([1]), 'int32', { copy: false }).dtype).toBe('int32');
  });
});

describe('NumPy results where cohort was wrong', () => {
  it('clip keeps an integer dtype with out-of-range bounds (NumPy 2) and takes min/max', () => {
    const u = np.array([1, 2, 3], { dtype: 'uint8' });
    expect(np.clip(u, -1, 300).dtype).toBe('uint8');
    expect(list(np.clip(u, -1, 300))).toEqual([1, 2, 3]);
    expect(list(np.clip([1, 5, 9], { min: 2, max: 6 }))).toEqual([2, 5, 6]);
    expect(list(np.clip([1, 5, 9], null, 6))).toEqual([1, 5, 6]);
    expect(() => np.clip([1], 0, 1, { min: 0 } as never)).toThrow(
      /^clip: argument 'a_min' given twice \(as 'a_min' and as 'min'\)$/,
    );
    expect(() => np.clip([1], null, 1, { max: 0 } as never)).toThrow(
      /^clip: argument 'a_max' given twice \(as 'a_max' and as 'max'\)$/,
    );
  });
  it('integers to negative integer powers raise, as NumPy', () => {
    const msg = /^power: Integers to negative integer powers are not allowed\.$/;
    expect(() => np.power(np.array([2]), -1)).toThrow(ValueError);
    expect(() => np.power(np.array([2]), -1)).toThrow(msg);
    expect(() => np.power(2, np.array([1, -1]))).toThrow(msg);
    expect(() => np.power(2, -1)).toThrow(msg);
    expect(list(np.power([2.0, 4.5], -1))).toEqual([0.5, 1 / 4.5]);
  });
  it("np.slice follows Python's slice(stop) / slice(start, stop, step)", () => {
    expect(list(np.arange(6).get([np.slice(2)]))).toEqual([0, 1]);
    expect(list(np.arange(6).get([np.slice(1, null, 2)]))).toEqual([1, 3, 5]);
    expect(() => (np.slice as (...a: number[]) => unknown)(1, 2, 3, 4)).toThrow(
      /^slice: takes at most 3 positional arguments \(start, stop, step\), received 4$/,
    );
  });
});

describe('validation branches of the kinds and bound functions', () => {
  it('names function, argument, expectation and value', () => {
    expect(() => np.eye(2, 2, 0.5)).toThrow(/^eye: argument 'k' expected an integer, received 0.5$/);
    expect(() => np.isclose(1, 1, 'x' as never)).toThrow(
      /^isclose: argument 'rtol' expected a number, received "x"$/,
    );
    expect(() => np.full([1], 'x' as never)).toThrow(
      /^full: argument 'fill_value' expected an array_like \(an ndarray, a number, a boolean/,
    );
    expect(() => np.linalg.norm([1], null, null, 1 as never)).toThrow(
      /^linalg\.norm: argument 'keepdims' expected true or false, received 1$/,
    );
    expect(() => np.sum([1], 'x' as never)).toThrow(
      /^sum: argument 'axis' expected an integer or an array of integers, received "x"$/,
    );
    expect(() => np.sum([1], [0.5] as never)).toThrow(
      /^sum: argument 'axis' expected an integer or an array of integers, received \[0.5\]$/,
    );
    expect(() => np.reshape([1], [1], 'Q' as never)).toThrow(
      /^reshape: argument 'order' expected one of 'C', 'F', 'A', 'K', received "Q"$/,
    );
    expect(() => np.add([1], [1], 3 as never)).toThrow(
      /^add: argument 'out' expected an ndarray, received 3$/,
    );
    expect(() => np.zeros([1], { dtype: 'f8' as never })).toThrow(DTypeError);
    expect(() => np.array([1], { ndmin: 'x' } as never)).toThrow(
      /^array: argument 'ndmin' expected an integer/,
    );
    expect(() => np.astype([1], 'int32', { copy: 1 } as never)).toThrow(
      /^astype: argument 'copy' expected true or false/,
    );
    expect(() => np.fuse(3 as never)).toThrow(/^fuse: argument 'fn' expected a function, received 3$/);
  });
  it('functions refuse values NumPy refuses', () => {
    expect(() => np.linspace(0, 1, 3, { axis: 1 })).toThrow(IndexError);
    expect(() => np.linspace(0, 1, 3, { axis: 1 })).toThrow(
      /^linspace: axis 1 is out of bounds for array of dimension 1$/,
    );
    expect(() => np.eye(2, { order: 'F' } as never)).toThrow(
      /^eye: argument 'order' expected 'C' \(cohort arrays are C-ordered\), received "F"$/,
    );
    expect(() => np.copy([1], 'F')).toThrow(/^copy: argument 'order' expected 'C', 'A' or 'K'/);
    expect(() => np.random.default_rng(0).integers(0, 2, { dtype: 'uint8' } as never)).toThrow(
      /^integers: argument 'dtype' expected 'int32' \(cohort's default integer\), received "uint8"$/,
    );
    expect(() => np.random.default_rng(0).random([1], 'int32' as never)).toThrow(
      /^random: argument 'dtype' expected 'float64' or 'float32', received "int32"$/,
    );
  });
});

describe('ndarray methods bound to their NumPy signatures (item, fill, flatten, get, set)', () => {
  const a = () => np.arange(6).reshape(2, 3);
  it('item(*args): nothing, a flat index, one index per axis (arguments or one array)', () => {
    expect(np.array(2.5).item()).toBe(2.5);
    expect(a().item(5)).toBe(5);
    expect(a().item(-1)).toBe(5);
    expect(a().item(1, 0)).toBe(3);
    expect(a().item([1, -1])).toBe(5);
    expect(np.array([true, false]).item<boolean>(1)).toBe(false);
    expect(() => a().item()).toThrow(ValueError);
    expect(() => a().item(6)).toThrow(IndexError);
    expect(() => a().item(6)).toThrow(/^ndarray\.item: index 6 is out of bounds for size 6$/);
    expect(() => a().item(0, 3)).toThrow(/^ndarray\.item: index 3 is out of bounds for axis 1 with size 3$/);
    expect(() => a().item(1, 2, 3)).toThrow(ValueError);
    expect(() => a().item(1, 2, 3)).toThrow(
      /^ndarray\.item: argument 'args' expected 2 indices \(one per axis\) or one flat index, received "3 indices"$/,
    );
    expect(() => a().item(0.5)).toThrow(ArgumentTypeError);
    expect(() => a().item(0.5)).toThrow(/^ndarray\.item: argument 'args' expected integers, received 0.5$/);
    expect(() => a().item(0, 'x' as never)).toThrow(
      /^ndarray\.item: argument 'args' expected integers, received "x"$/,
    );
    expect(() => a().item({ x: 1 } as never)).toThrow(
      /^ndarray\.item: unknown option 'x' \(accepted keys: \(none\)\)$/,
    );
  });
  it('fill(value, /) is positional-only, as in NumPy', () => {
    expect(np.zeros([2]).fill(3).tolist()).toEqual([3, 3]);
    expect(() => np.zeros([2]).fill({ value: 3 } as never)).toThrow(
      /^ndarray\.fill: argument 'value' is positional-only and cannot be given in the options object$/,
    );
    expect(() => np.zeros([2]).fill('x' as never)).toThrow(
      /^ndarray\.fill: argument 'value' expected a number or a boolean, received "x"$/,
    );
    expect(() => (np.zeros([2]).fill as (...a: unknown[]) => unknown)(1, 2)).toThrow(
      /^ndarray\.fill: takes at most 1 positional argument \(value\), received 2/,
    );
  });
  it("flatten(order='C') by position or key", () => {
    expect(a().flatten().tolist()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(a().flatten('F').tolist()).toEqual([0, 3, 1, 4, 2, 5]);
    expect(a().flatten({ order: 'F' }).tolist()).toEqual([0, 3, 1, 4, 2, 5]);
    expect(a().flatten({ order: 'K' }).tolist()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(() => a().flatten({ ordre: 'F' } as never)).toThrow(
      /^ndarray\.flatten: unknown option 'ordre' \(accepted keys: order\)$/,
    );
    expect(() => a().flatten('Q' as never)).toThrow(
      /^ndarray\.flatten: argument 'order' expected one of 'C', 'F', 'A', 'K', received "Q"$/,
    );
  });
  it('get(index, /) and set(index, value, /) take no options', () => {
    expect(a().get('1, 2').item()).toBe(5);
    expect(a().get(null).shape).toEqual([1, 2, 3]);
    expect(a().set('0', 9).tolist()).toEqual([
      [9, 9, 9],
      [3, 4, 5],
    ]);
    expect(() => (a().get as (...x: unknown[]) => unknown)('0', { copy: true })).toThrow(
      /^ndarray\.get: unknown option 'copy' \(accepted keys: \(none\)\)$/,
    );
    expect(() => (a().get as (...x: unknown[]) => unknown)()).toThrow(
      /^ndarray\.get: missing required argument 'index'$/,
    );
    expect(() => (a().set as (...x: unknown[]) => unknown)('0', 1, { where: true })).toThrow(
      /^ndarray\.set: unknown option 'where' \(accepted keys: \(none\)\)$/,
    );
    expect(() => (a().set as (...x: unknown[]) => unknown)('0')).toThrow(
      /^ndarray\.set: missing required argument 'value'$/,
    );
  });
});
