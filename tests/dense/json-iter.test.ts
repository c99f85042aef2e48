/**
 * `JSON.stringify` of an ndarray (tagged, bounded to the view's elements), `np.fromJSON` (direct and
 * as a reviver) and iteration over the first axis, against NumPy's semantics.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, DTYPES, ValueError } from '../../runtime/index.js';

describe('toJSON', () => {
  it('writes only the view: 2 elements of a 1e6-element array', () => {
    const big = np.arange(1_000_000).astype('float64');
    const text = JSON.stringify(big.get('10:12'));
    expect(text).toBe('{"type":"ndarray","dtype":"float64","shape":[2],"data":[10,11]}');
    expect(JSON.stringify(np.arange(6).reshape(2, 3).T.get(':, 1'))).toBe(
      '{"type":"ndarray","dtype":"int32","shape":[3],"data":[3,4,5]}',
    );
  });

  it('0-d, empty, bool and non-finite values', () => {
    expect(np.sum(np.ones([3])).toJSON()).toEqual({ type: 'ndarray', dtype: 'float64', shape: [], data: 3 });
    expect(np.zeros([2, 0]).toJSON()).toEqual({
      type: 'ndarray',
      dtype: 'float64',
      shape: [2, 0],
      data: [[], []],
    });
    expect(np.array([true, false]).toJSON().data).toEqual([true, false]);
    expect(np.array([Number.NaN, Infinity, -Infinity, 1], { dtype: 'float32' }).toJSON().data).toEqual([
      'NaN',
      'Infinity',
      '-Infinity',
      1,
    ]);
  });

  it('round-trips every dtype and shape through JSON text', () => {
    const arb = fc.record({
      dtype: fc.constantFrom(...DTYPES),
      shape: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }),
      seed: fc.integer(),
    });
    fc.assert(
      fc.property(arb, ({ dtype, shape, seed }) => {
        const size = shape.reduce((p, d) => p * d, 1);
        const vals = Array.from({ length: size }, (_, i) => ((seed + i * 7919) % 200) - 100 + (i % 3) * 0.25);
        if (size > 1) vals[1] = Number.NaN;
        // From float64 values: an unsafe cast to integer dtypes, as NumPy allows (Python ints out of
        // range would be refused).
        const a = np.array(vals).astype(dtype).reshape(shape);
        const back = np.fromJSON(JSON.parse(JSON.stringify(a)));
        expect(back.dtype).toBe(dtype);
        expect(back.shape).toEqual(shape);
        expect(Array.from(back.toArray())).toEqual(Array.from(a.toArray()));
      }),
      { numRuns: 40 },
    );
  });
});

describe('fromJSON', () => {
  it('is a reviver: tagged objects become ndarrays, other values stay', () => {
    const text = JSON.stringify({ a: np.eye(2), n: 3, list: [1, { type: 'other' }] });
    const back = JSON.parse(text, np.fromJSON);
    expect(back.a).toBeInstanceOf(np.ndarray);
    expect(back.a.tolist()).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(back.n).toBe(3);
    expect(back.list).toEqual([1, { type: 'other' }]);
  });

  it('rejects what is not an ndarray JSON form, naming the field', () => {
    expect(() => np.fromJSON({ type: 'x' })).toThrow(
      "fromJSON: argument 'json' expected an object with type 'ndarray', received",
    );
    expect(() => np.fromJSON({ type: 'ndarray', dtype: 'int64', shape: [1], data: [1] })).toThrow(
      'fromJSON: argument \'dtype\' expected a cohort dtype, received "int64"',
    );
    expect(() => np.fromJSON({ type: 'ndarray', dtype: 'int32', shape: [-1], data: [] })).toThrow(
      "fromJSON: argument 'shape' expected a list of non-negative integers",
    );
    expect(() =>
      np.fromJSON({ type: 'ndarray', dtype: 'int32', shape: [2, 2], data: [[1, 2], [3]] }),
    ).toThrow("fromJSON: argument 'data' expected a list of length 2 at depth 1, received [3]");
    expect(() => np.fromJSON({ type: 'ndarray', dtype: 'int32', shape: [1], data: ['x'] })).toThrow(
      ValueError,
    );
  });
});

describe('iteration', () => {
  it('1-D yields elements, bool yields booleans', () => {
    expect([...np.array([1.5, 2, 3])]).toEqual([1.5, 2, 3]);
    expect([...np.array([true, false])]).toEqual([true, false]);
    expect([...np.zeros([0])]).toEqual([]);
  });

  it('n-D yields (n-1)-D views along the first axis', () => {
    const a = np.arange(24).reshape(2, 3, 4);
    const rows = [...a] as np.ndarray[];
    expect(rows).toHaveLength(2);
    expect(rows[1]!.shape).toEqual([3, 4]);
    expect(rows[1]!.tolist()).toEqual(a.get('1').tolist());
    rows[0]!.set('0, 0', 100); // a view: writes reach the base
    expect(a.get('0, 0, 0').item()).toBe(100);
    const cols: number[][] = [];
    for (const c of np.arange(6).reshape(2, 3).T) cols.push((c as np.ndarray).tolist() as number[]);
    expect(cols).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
  });

  it('0-d throws as NumPy does', () => {
    const s = np.sum(np.ones([2]));
    expect(() => [...s]).toThrow(ArgumentTypeError);
    expect(() => {
      for (const _ of s) break;
    }).toThrow(
      "iter: argument 'self' expected an array of at least 1 dimension, received a 0-d array (iteration over a 0-d array)",
    );
  });
});
