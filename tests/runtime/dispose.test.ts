/**
 * Deterministic freeing (issue 17, item 4): `dispose()` and `Symbol.dispose` on ndarrays and
 * sparse arrays free memory now, safely while pending tasks still use it, and any later use raises
 * `DisposedError`. At pool sizes 0, 1 and 2, against references computed on the host.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { heapStats } from '../../runtime/heap.js';
import {
  configure,
  createRegion,
  DisposedError,
  disposeRegion,
  fence,
  launch,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';

afterAll(() => configure({ workers: 0 }));

registerKernel('disposeTest.slowCopy', (t) => {
  const end = Date.now() + 150;
  while (Date.now() < end);
  const y = t.arrays[0]!;
  const x = t.arrays[1]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) y[i] = x[i]!;
});
registerKernel('disposeTest.fill', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = t.scalars[0]!;
});

const DTYPES = ['float64', 'float32', 'int32', 'uint8'] as const;

for (const workers of [0, 1, 2]) {
  describe(`dispose (workers=${workers})`, () => {
    it('frees a result after its pending readers; the array then raises DisposedError', () => {
      configure({ workers });
      const n = 100_000;
      const a = np.arange(n, { dtype: 'float64' });
      const x = np.ones([n]);
      const y = a.multiply(2).add(x);
      const s = y.sum();
      y.dispose();
      expect(s.item()).toBe(n * (n - 1) + n);
      expect(y.shape).toEqual([n]);
      expect(y.dtype).toBe('float64');
      expect(() => y.sum()).toThrow(DisposedError);
      expect(() => y.toArray()).toThrow(DisposedError);
      expect(() => np.add(y, 1)).toThrow(DisposedError);
      expect(String(y)).toBe('<disposed>');
      y.dispose(); // idempotent
      expect(() => (y.dispose as (o: unknown) => void)(1)).toThrow(/dispose/);
      // The operands are untouched.
      expect(a.get('-1').item()).toBe(n - 1);
    });

    it('frees views with their base, and a lazy array that was never computed', () => {
      configure({ workers });
      const b = np.arange(10, { dtype: 'float64' });
      const v = b.get('2:5');
      b.dispose();
      expect(() => v.toArray()).toThrow(DisposedError);
      const c = np.ones([50]);
      const lazy = c.multiply(3);
      lazy.dispose();
      expect(() => lazy.sum()).toThrow(DisposedError);
      c.fill(2); // a write to the operand must not compute the discarded expression into anything
      expect(c.sum().item()).toBe(100);
    });

    it('`using` disposes at the end of the block', () => {
      configure({ workers });
      const x = np.ones([1000]);
      let kept: np.ndarray | null = null;
      {
        using y = x.multiply(2);
        kept = y;
        expect(y.sum().item()).toBe(2000);
      }
      expect(() => kept!.sum()).toThrow(DisposedError);
    });

    it('reuses a disposed heap block only after the tasks that read it', () => {
      configure({ workers });
      const n = 4096;
      const x = Store.whole(createRegion('float64', n));
      launch({
        op: 'fill',
        kernel: 'disposeTest.fill',
        args: [{ store: x, privilege: 'write-discard' }],
        scalars: [5],
      });
      const y = Store.whole(createRegion('float64', n));
      launch({
        op: 'slowCopy',
        kernel: 'disposeTest.slowCopy',
        args: [
          { store: y, privilege: 'write-discard' },
          { store: x, privilege: 'read' },
        ],
      });
      const xOff = x.region.heapOffset;
      disposeRegion(x.region);
      // Whatever reuses the block now must not change what slowCopy reads.
      const z = createRegion('float64', n);
      z.data.fill(-1);
      expect(Array.from(readStore(y))).toEqual(new Array(n).fill(5));
      expect(() => readStore(x)).toThrow(DisposedError);
      // Once the reader is done (and the program knows it: a fence), the block is reusable: z
      // took it if the reader was done by then (inline, at 0 workers), else regions of its size
      // made after the fence take it once the free blocks of that size that earlier tests left
      // (which an allocation takes first, in an order that depends on collections) are used up.
      fence();
      const made = [z];
      let w = createRegion('float64', n);
      made.push(w);
      const top = heapStats().top;
      while (xOff >= 0 && !made.some((r) => r.heapOffset === xOff) && heapStats().top === top) {
        w = createRegion('float64', n);
        made.push(w);
      }
      if (xOff >= 0) expect(made.map((r) => r.heapOffset)).toContain(xOff);
      expect(w.size).toBe(n);
    });

    it('a disposed block is reused by the next allocation of its size (no collection needed)', () => {
      configure({ workers });
      const a = np.zeros([123_457]);
      const off = a.store.region.heapOffset;
      a.add(1, a); // a pending write, then dispose
      a.dispose();
      fence(); // the pending write is done, and the program knows it
      const top = heapStats().top;
      const b = np.zeros([123_457]);
      if (off >= 0) expect(heapStats().top).toBe(top); // reused, not grown
      expect(b.sum().item()).toBe(0); // zeroed on reuse
    });

    it('random arrays: disposing some leaves the others intact (fast-check)', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              shape: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 3 }),
              dtype: fc.constantFrom(...DTYPES),
              drop: fc.boolean(),
            }),
            { minLength: 1, maxLength: 6 },
          ),
          (specs) => {
            const arrs = specs.map((s, k) => np.full(s.shape, k + 1, { dtype: s.dtype }).multiply(1));
            const sums = arrs.map((a) => a.sum());
            specs.forEach((s, k) => {
              if (s.drop) arrs[k]!.dispose();
            });
            // New arrays may take the freed memory; the survivors and the pending sums must not see it.
            const fresh = specs.map((s) => np.full(s.shape, 99, { dtype: s.dtype }));
            specs.forEach((s, k) => {
              const size = s.shape.reduce((p, e) => p * e, 1);
              expect(sums[k]!.item()).toBe((k + 1) * size);
              if (s.drop) expect(() => arrs[k]!.toArray()).toThrow(DisposedError);
              else expect(arrs[k]!.sum().item()).toBe((k + 1) * size);
              expect(fresh[k]!.sum().item()).toBe(99 * size);
            });
          },
        ),
        { numRuns: 25 },
      );
    });

    it('sparse: storage shared with another array stays until that one is disposed', () => {
      configure({ workers });
      const dense = [
        [1, 0, 2],
        [0, 3, 0],
        [4, 0, 5],
      ];
      const A = sp.csr_array(dense);
      const B = A.multiply(2) as sp.sparray;
      const T = A.transpose();
      B.dispose();
      expect(() => B.toarray()).toThrow(DisposedError);
      expect(A.toarray().tolist()).toEqual(dense);
      A.dispose();
      expect(() => A.sum()).toThrow(DisposedError);
      expect(() => A.toarray()).toThrow(DisposedError);
      // The transpose shares all of A's storage: still there.
      expect(T.toarray().tolist()).toEqual([
        [1, 0, 4],
        [0, 3, 0],
        [2, 0, 5],
      ]);
      T.dispose();
      expect(() => T.toarray()).toThrow(DisposedError);
      const C = sp.coo_array(dense);
      {
        using D = C.tocsr();
        expect(D.sum().item()).toBe(15);
      }
      C.dispose();
      expect(() => C.toarray()).toThrow(DisposedError);
    });
  });
}
