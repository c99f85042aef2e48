import createNdarray from 'ndarray';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, ShapeError, ValueError } from '../../runtime/index.js';
import { close, POOLS } from './ref.js';

function naiveMatmul(a: number[][], b: number[][]): number[][] {
  return a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, k) => s + v * b[k]![j]!, 0)));
}

for (const workers of POOLS) {
  describe(`linalg (workers=${workers})`, () => {
    it('matmul matches a naive product on odd shapes and views', () => {
      configure({ workers });
      const rng = np.random.default_rng(3);
      for (const [m, k, n] of [
        [1, 1, 1],
        [5, 3, 7],
        [9, 300, 6],
        [0, 3, 2],
        [70, 33, 65],
      ] as const) {
        const a = rng.standard_normal([m, k]);
        const b = rng.standard_normal([n, k]).T; // a transposed view
        const c = np.matmul(a, b);
        const want = naiveMatmul(a.tolist() as number[][], b.tolist() as number[][]);
        expect(c.shape).toEqual([m, n]);
        (c.tolist() as number[][]).forEach((r, i) => {
          r.forEach((v, j) => {
            expect(close(v, want[i]![j]!, 1e-12)).toBe(true);
          });
        });
      }
    });
  });
}

describe('linalg details', () => {
  it('dot, vdot, inner, outer, matmul with 1-D and batches', () => {
    const a = np.array([
      [1, 2],
      [3, 4],
    ]);
    const v = np.array([1, 1]);
    expect(np.dot(a, v).tolist()).toEqual([3, 7]);
    expect(np.dot(v, a).tolist()).toEqual([4, 6]);
    expect(np.dot(v, v).item()).toBe(2);
    expect(np.vdot(a, a).item()).toBe(30);
    expect(np.inner(a, a).tolist()).toEqual([
      [5, 11],
      [11, 25],
    ]);
    expect(np.outer(v, np.array([1, 2, 3])).tolist()).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(np.matmul(np.stack([a, a]), a).tolist()).toEqual([
      [
        [7, 10],
        [15, 22],
      ],
      [
        [7, 10],
        [15, 22],
      ],
    ]);
    expect(np.dot(a, a).dtype).toBe('int32');
    expect(() => np.matmul(a, np.ones([3, 2]))).toThrow(ShapeError);
    expect(np.dot(np.ones([2, 3, 4]), np.ones([4, 5])).shape).toEqual([2, 3, 5]);
  });
  it('linalg.norm', () => {
    expect(np.linalg.norm(np.array([3, 4])).item()).toBe(5);
    expect(np.linalg.norm(np.array([3, -4]), 1).tolist()).toBe(7);
    expect(np.linalg.norm(np.array([3, -4]), Number.POSITIVE_INFINITY).item()).toBe(4);
    const m = np.array([
      [1, -2],
      [3, 4],
    ]);
    expect(np.linalg.norm(m, 'fro').item()).toBeCloseTo(Math.sqrt(30), 14);
    expect(np.linalg.norm(m, 1).item()).toBe(6);
    expect(np.linalg.norm(m, Number.POSITIVE_INFINITY).item()).toBe(7);
    expect(np.linalg.norm(m, null, { axis: 1 }).tolist()).toEqual([Math.sqrt(5), 5]);
  });
});

describe('shape functions', () => {
  it('reshape, ravel, transpose, swapaxes, expand_dims, squeeze (views where NumPy views)', () => {
    const a = np.arange(6);
    const r = a.reshape(2, 3);
    r.set('0, 0', 9);
    expect(a.get('0').item()).toBe(9);
    expect(r.reshape(-1, 2).shape).toEqual([3, 2]);
    expect(() => a.reshape(4, 2)).toThrow('reshape: cannot reshape array of size 6 into shape [4,2]');
    expect(np.transpose(r).tolist()).toEqual([
      [9, 3],
      [1, 4],
      [2, 5],
    ]);
    expect(np.ravel(r.T).tolist()).toEqual([9, 3, 1, 4, 2, 5]);
    expect(np.swapaxes(np.zeros([2, 3, 4]), 0, 2).shape).toEqual([4, 3, 2]);
    expect(np.expand_dims(a, 0).shape).toEqual([1, 6]);
    expect(np.squeeze(np.zeros([1, 3, 1])).shape).toEqual([3]);
    expect(() => np.squeeze(np.zeros([2]), 0)).toThrow(ValueError);
  });
  it('concatenate, stack, hstack, vstack, copy, astype', () => {
    const a = np.array([[1, 2]]);
    expect(np.concatenate([a, a], { axis: 0 }).tolist()).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(np.concatenate([a, np.array([[0.5]])], { axis: 1 }).tolist()).toEqual([[1, 2, 0.5]]);
    expect(np.stack([np.ones([2]), np.zeros([2])], { axis: 1 }).tolist()).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(np.hstack([np.ones([2]), np.zeros([1])]).tolist()).toEqual([1, 1, 0]);
    expect(np.vstack([np.ones([2]), np.zeros([2])]).shape).toEqual([2, 2]);
    expect(() => np.concatenate([a, np.ones([2, 3])])).toThrow(ShapeError);
    const c = a.copy();
    c.set('0, 0', 5);
    expect(a.get('0, 0').item()).toBe(1);
    expect(np.array([1.7, -1.7, Number.NaN]).astype('int32').tolist()).toEqual([1, -1, 0]);
    expect(np.array([0, 2]).astype('bool').tolist()).toEqual([false, true]);
  });
});

describe('creation, random, interop, printing', () => {
  it('arange, linspace, eye, identity, diag, *_like', () => {
    expect(np.arange(5).tolist()).toEqual([0, 1, 2, 3, 4]);
    expect(np.arange(0, 1, 0.25).tolist()).toEqual([0, 0.25, 0.5, 0.75]);
    expect(np.linspace(0, 1, 3).tolist()).toEqual([0, 0.5, 1]);
    expect(np.eye(2, 3, 1).tolist()).toEqual([
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(np.identity(2).tolist()).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(
      np
        .diag(
          np.array([
            [1, 2],
            [3, 4],
          ]),
        )
        .tolist(),
    ).toEqual([1, 4]);
    expect(np.ones_like(np.zeros([2], { dtype: 'int32' })).tolist()).toEqual([1, 1]);
    expect(np.full_like(np.zeros([2]), 3).tolist()).toEqual([3, 3]);
    expect(np.zeros_like(np.ones([1, 2])).shape).toEqual([1, 2]);
  });
  it('random numbers do not depend on the number of workers', () => {
    const draws = POOLS.map((w) => {
      configure({ workers: w });
      const g = np.random.default_rng(99);
      return [
        g.random([50_000]),
        g.standard_normal([50_000]),
        g.integers(-3, 4, [1000]),
        g.uniform(2, 3, [10]),
      ].map((a) => Array.from(a.toArray()));
    });
    configure({ workers: 0 });
    expect(draws[1]).toEqual(draws[0]);
    expect(draws[2]).toEqual(draws[0]);
    const [u, z, ints, un] = draws[0]!;
    expect(u!.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(Math.abs(u!.reduce((s, v) => s + v, 0) / u!.length - 0.5)).toBeLessThan(0.01);
    expect(Math.abs(z!.reduce((s, v) => s + v, 0) / z!.length)).toBeLessThan(0.02);
    expect(new Set(ints).size).toBe(7);
    expect(un!.every((v) => v >= 2 && v < 3)).toBe(true);
    np.random.seed(5);
    const r1 = np.random.rand(3).tolist();
    np.random.seed(5);
    expect(np.random.rand(3).tolist()).toEqual(r1);
    expect(np.random.randn(2, 2).shape).toEqual([2, 2]);
    expect(() => np.random.default_rng(1).integers(3, 3)).toThrow(ValueError);
  });
  it('to_ndarray / from_ndarray share memory', () => {
    const a = np.arange(6).astype('float64').reshape(2, 3);
    const s = a.to_ndarray();
    expect(s.get(1, 2)).toBe(5);
    s.set(0, 0, 42);
    expect(a.get('0, 0').item()).toBe(42);
    const back = np.from_ndarray(s);
    back.set('1, 1', -1);
    expect(a.get('1, 1').item()).toBe(-1);
    const plain = np.from_ndarray(createNdarray(new Float64Array([1, 2, 3, 4]), [2, 2]));
    expect(plain.tolist()).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
  it('summarized printing and 0-d arrays', () => {
    expect(String(np.arange(2000))).toBe('[   0    1    2 ...  1997 1998 1999]'.replace('...  ', '... '));
    expect(String(np.sum(np.ones([3])))).toBe('3.0');
    expect(String(np.array(true))).toBe('True');
  });
});
