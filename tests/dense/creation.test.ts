import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, createRegion, DTypeError, Store, ValueError } from '../../runtime/index.js';

for (const workers of [0, 1, 2]) {
  describe(`creation (workers=${workers})`, () => {
    it('zeros/ones/full/empty have the right shape, dtype and values', () => {
      configure({ workers });
      expect(np.zeros([2, 3]).tolist()).toEqual([
        [0, 0, 0],
        [0, 0, 0],
      ]);
      expect(np.ones(3, { dtype: 'int32' }).toArray()).toEqual(new Int32Array([1, 1, 1]));
      expect(np.full([2], 2.5).toArray()).toEqual(new Float64Array([2.5, 2.5]));
      expect(np.full([2], 7).dtype).toBe('int32');
      expect(np.full([2], true).tolist()).toEqual([true, true]);
      expect(np.empty([0, 4]).size).toBe(0);
      expect(np.zeros([]).ndim).toBe(0);
      expect(np.zeros([]).item()).toBe(0);
    });
    it('array infers dtype and shape from nested arrays', () => {
      configure({ workers });
      const a = np.array([
        [1, 2],
        [3, 4],
      ]);
      expect(a.shape).toEqual([2, 2]);
      expect(a.dtype).toBe('int32');
      expect(np.array([1, 2.5]).dtype).toBe('float64');
      expect(np.array([true, false]).dtype).toBe('bool');
      expect(np.array(3).shape).toEqual([]);
      expect(np.array([1, 2], { dtype: 'float32' }).toArray()).toEqual(new Float32Array([1, 2]));
    });
    it('array wraps a shared typed array without copying', () => {
      const ta = new Float64Array(new SharedArrayBuffer(24));
      const a = np.array(ta);
      ta[1] = 5;
      expect(a.toArray()[1]).toBe(5);
    });
    it('fromStore wraps a store without copying', () => {
      const r = createRegion('float32', 4);
      const a = np.ndarray.fromStore(Store.whole(r));
      expect(a.store.region).toBe(r);
      expect(a.dtype).toBe('float32');
    });
    it('rejects bad shapes, dtypes and ragged data', () => {
      expect(() => np.zeros([-1])).toThrow(ValueError);
      expect(() => np.zeros([2], { dtype: 'int64' as never })).toThrow(DTypeError);
      expect(() => np.array([[1, 2], [3]])).toThrow(/ragged/);
      expect(() => np.ones([2, 2]).item()).toThrow(/size 1/);
    });
  });
}
