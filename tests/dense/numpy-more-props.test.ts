/**
 * Properties of pad, take_along_axis/put_along_axis, insert/delete and the NaN order statistics
 * against naive loops on random shapes, widths and dtypes (fast-check), at pool sizes 0, 1 and 2;
 * and the errors of bad calls (typed, naming the function and argument, the library still working
 * afterwards).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, IndexError, ValueError } from '../../runtime/index.js';
import { castRef, DTYPES, POOLS } from './ref.js';

/** The source index of padded position `i` (−l ≤ i < n + r) on an axis of `n` (even modes). */
function srcIndex(mode: string, i: number, n: number): number {
  const mod = (a: number, m: number) => ((a % m) + m) % m;
  if (mode === 'edge' || n === 1) return Math.min(n - 1, Math.max(0, i));
  if (mode === 'wrap') return mod(i, n);
  if (mode === 'reflect') {
    const j = mod(i, 2 * (n - 1));
    return j >= n ? 2 * (n - 1) - j : j;
  }
  const j = mod(i, 2 * n);
  return j >= n ? 2 * n - 1 - j : j;
}

const flatIndex = (idx: number[], shape: number[]) => idx.reduce((acc, v, d) => acc * shape[d]! + v, 0);
function* cells(shape: number[]): Generator<number[]> {
  const n = shape.reduce((p, e) => p * e, 1);
  for (let k = 0; k < n; k++) {
    const idx: number[] = new Array(shape.length);
    let r = k;
    for (let d = shape.length - 1; d >= 0; d--) {
      idx[d] = r % shape[d]!;
      r = Math.floor(r / shape[d]!);
    }
    yield idx;
  }
}

const arrayArb = fc
  .record({
    shape: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
    dt: fc.constantFrom(...DTYPES),
  })
  .chain(({ shape, dt }) =>
    fc
      .array(fc.integer({ min: -20, max: 20 }), {
        minLength: shape.reduce((p, e) => p * e, 1),
        maxLength: shape.reduce((p, e) => p * e, 1),
      })
      .map((vals) => ({ shape, dt, vals: vals.map((v) => castRef(v, dt)) })),
  );

describe.each(POOLS)('pad and along-axis properties (workers=%i)', (workers) => {
  it('pad (constant, edge, reflect, symmetric, wrap) equals the index-map reference', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        arrayArb,
        fc.constantFrom('constant', 'edge', 'reflect', 'symmetric', 'wrap'),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })), {
          minLength: 3,
          maxLength: 3,
        }),
        ({ shape, dt, vals }, mode, w) => {
          const a = np.array(vals, { dtype: dt }).reshape(shape);
          const widths = shape.map((_, d) => w[d]!);
          const got = np.pad(a, widths as never, mode as np.PadMode);
          const oshape = shape.map((e, d) => e + widths[d]![0] + widths[d]![1]);
          expect(got.shape).toEqual(oshape);
          expect(got.dtype).toBe(dt);
          const g = Array.from(got.toArray() as ArrayLike<number>, Number);
          for (const idx of cells(oshape)) {
            const rel = idx.map((v, d) => v - widths[d]![0]);
            const inside = rel.every((v, d) => v >= 0 && v < shape[d]!);
            let want: number;
            if (mode === 'constant') want = inside ? vals[flatIndex(rel, shape)]! : 0;
            else
              want =
                vals[
                  flatIndex(
                    rel.map((v, d) => srcIndex(mode, v, shape[d]!)),
                    shape,
                  )
                ]!;
            expect(g[flatIndex(idx, oshape)]).toBe(want);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('take_along_axis and put_along_axis equal nested loops', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        arrayArb,
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (arr, axSeed, m, seed) => {
          const { shape, dt, vals } = arr;
          const ax = axSeed % shape.length;
          const n = shape[ax]!;
          const ishape = shape.map((e, d) => (d === ax ? m : e));
          const count = ishape.reduce((p, e) => p * e, 1);
          const ind = Array.from(
            { length: count },
            (_, k) => ((((seed + k * 7919) % (2 * n)) + 2 * n) % (2 * n)) - n,
          );
          const a = np.array(vals, { dtype: dt }).reshape(shape);
          const I = np.array(ind, { dtype: 'int32' }).reshape(ishape);
          const got = Array.from(np.take_along_axis(a, I, ax).toArray() as ArrayLike<number>, Number);
          const b = a.copy();
          const v = np.arange(count).reshape(ishape).astype(dt);
          np.put_along_axis(b, I, v, ax);
          const bw = vals.slice();
          const vv = Array.from(v.toArray() as ArrayLike<number>, Number);
          for (const idx of cells(ishape)) {
            const k = flatIndex(idx, ishape);
            const j = ind[k]! < 0 ? ind[k]! + n : ind[k]!;
            const src = idx.map((e, d) => (d === ax ? j : e));
            expect(got[k]).toBe(vals[flatIndex(src, shape)]);
            bw[flatIndex(src, shape)] = vv[k]!;
          }
          // Repeated indices: the last write wins in NumPy; compare only positions written once.
          const hits = new Map<number, number>();
          for (const idx of cells(ishape)) {
            const k = flatIndex(idx, ishape);
            const j = ind[k]! < 0 ? ind[k]! + n : ind[k]!;
            const f = flatIndex(
              idx.map((e, d) => (d === ax ? j : e)),
              shape,
            );
            hits.set(f, (hits.get(f) ?? 0) + 1);
          }
          const bg = Array.from(b.toArray() as ArrayLike<number>, Number);
          bg.forEach((x, f) => {
            if ((hits.get(f) ?? 0) <= 1) expect(x).toBe(bw[f]);
          });
        },
      ),
      { numRuns: 40 },
    );
  });

  it('insert then delete at the same positions gives the array back', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        arrayArb,
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 4 }),
        ({ shape, dt, vals }, pos) => {
          const a = np.array(vals, { dtype: dt }).reshape(shape);
          const n = shape[0]!;
          const at = pos.map((p) => Math.min(p, n));
          const ins = np.insert(a, at, 0, 0);
          expect(ins.shape[0]).toBe(n + at.length);
          const order = at.map((_, k) => k).sort((p, q) => at[p]! - at[q]! || p - q);
          const placed = order.map((k, r) => at[k]! + r);
          expect(np.delete(ins, placed, 0).tolist()).toEqual(a.tolist());
        },
      ),
      { numRuns: 40 },
    );
  });

  it('nanmedian and nanquantile equal sorting the non-NaN values of each slice', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc
          .array(
            fc.array(fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constant(Number.NaN)), {
              minLength: 1,
              maxLength: 7,
            }),
            {
              minLength: 1,
              maxLength: 4,
            },
          )
          .map((rows) =>
            rows.map((r) =>
              r
                .slice(0, rows[0]!.length)
                .concat(Array(Math.max(0, rows[0]!.length - r.length)).fill(Number.NaN)),
            ),
          ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rows, q) => {
          const a = np.array(rows);
          const med = np.nanmedian(a, 1).tolist() as number[];
          const qu = np.nanquantile(a, q, 1).tolist() as number[];
          rows.forEach((r, k) => {
            const s = r.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
            if (s.length === 0) {
              expect(med[k]).toBeNaN();
              expect(qu[k]).toBeNaN();
              return;
            }
            const h = s.length >> 1;
            expect(med[k]).toBe(s.length % 2 ? s[h] : (s[h - 1]! + s[h]!) / 2);
            const vi = (s.length - 1) * q;
            const lo = Math.floor(vi);
            const hi = Math.min(lo + 1, s.length - 1);
            const t = vi - lo;
            const d = s[hi]! - s[lo]!;
            expect(qu[k]).toBe(t >= 0.5 ? s[hi]! - d * (1 - t) : s[lo]! + d * t);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('dtype and array queries against NumPy 2 (values from numpy 2.4)', () => {
  it('result_type, promote_types, can_cast, array_equiv, isscalar, ndim/shape/size', () => {
    configure({ workers: 0 });
    expect(np.result_type('int32', 1.5)).toBe('float64');
    expect(np.result_type(np.ones([2], 'float32'), 3)).toBe('float32');
    expect(np.result_type(np.ones([2], 'uint8'), 300)).toBe('uint8');
    expect(np.result_type('uint8', 'int32', true)).toBe('int32');
    expect(np.result_type(np.ones([1], 'int32'), np.ones([1], 'float32'))).toBe('float64');
    expect(np.promote_types('bool', 'uint8')).toBe('uint8');
    // np.can_cast over every pair and rule, from NumPy 2.4.
    const T = ['bool', 'uint8', 'int32', 'float32', 'float64'] as const;
    const safe = ['11111', '01111', '00101', '00011', '00001'];
    const sameKind = ['11111', '01111', '00111', '00011', '00011'];
    T.forEach((f, r) => {
      T.forEach((t, c) => {
        expect(np.can_cast(f, t), `${f}->${t}`).toBe(safe[r]![c] === '1');
        expect(np.can_cast(f, t, 'same_kind'), `${f}->${t}`).toBe(sameKind[r]![c] === '1');
        expect(np.can_cast(f, t, 'unsafe')).toBe(true);
        expect(np.can_cast(f, t, 'no')).toBe(f === t);
      });
    });
    expect(
      np.array_equiv(
        [1, 2],
        [
          [1, 2],
          [1, 2],
        ],
      ),
    ).toBe(true);
    expect(np.array_equiv([1, 2], [[1, 2, 1, 2]])).toBe(false);
    expect(np.array_equiv([1, 2], [[1, 3]])).toBe(false);
    expect(np.isscalar(1)).toBe(true);
    expect(np.isscalar(np.array(1))).toBe(false);
    expect(np.isscalar([1])).toBe(false);
    expect([np.ndim([[1, 2]]), np.shape([[1, 2]]), np.size([[1, 2]]), np.size([[1, 2]], 0)]).toEqual([
      2,
      [1, 2],
      2,
      1,
    ]);
    expect(
      np
        .fromfunction((i: np.ndarray, j: np.ndarray) => i.multiply(10).add(j), [2, 3], { dtype: 'int32' })
        .tolist(),
    ).toEqual([
      [0, 1, 2],
      [10, 11, 12],
    ]);
    expect(np.fromiter([1, 2, 3, 4].values(), 'int32', 3).tolist()).toEqual([1, 2, 3]);
    const t = np.ones([2, 3]).T;
    expect(np.ascontiguousarray(t).store.contiguous).toBe(true);
    const c = np.ones([3]);
    expect(np.ascontiguousarray(c)).toBe(c);
    expect(np.ascontiguousarray(np.array(5)).shape).toEqual([1]);
  });
});

describe('bad calls: typed errors naming the function and argument', () => {
  it('raises and keeps working', () => {
    configure({ workers: 2 });
    const a = np.arange(6).reshape([2, 3]);
    const cases: [() => unknown, new (...x: never[]) => Error, RegExp][] = [
      [() => np.pad(a, -1), ValueError, /pad: argument 'pad_width' can't contain negative values/],
      [() => np.pad(a, 1.5), ArgumentTypeError, /pad: argument 'pad_width'/],
      [() => np.pad(a, 1, 'bogus' as never), ValueError, /pad: argument 'mode'/],
      [() => np.pad(np.zeros([0, 2]), 1, 'edge'), ValueError, /can't extend empty axis 0/],
      [() => np.pad(a, [1, 2, 3]), ValueError, /pad: argument 'pad_width'/],
      [() => np.take_along_axis(a, np.array([[0.5]]), 1), IndexError, /take_along_axis: argument 'indices'/],
      [() => np.take_along_axis(a, np.array([0]), 1), ValueError, /same number of dimensions/],
      [() => np.delete(a, 7, 1), IndexError, /delete: index 7 is out of bounds/],
      [() => np.insert(a, -9, 1, 0), IndexError, /insert: index -9 is out of bounds/],
      [() => np.unravel_index([6], [2, 3]), ValueError, /unravel_index: argument 'indices'/],
      [() => np.ravel_multi_index([[2], [0]], [2, 3]), ValueError, /invalid entry in coordinates/],
      [() => np.choose([3], [[1], [2]]), ValueError, /choose: invalid entry in choice array/],
      [
        () => np.select([np.array([1])], [np.array([1])]),
        ArgumentTypeError,
        /select: argument 'condlist\[0\]'/,
      ],
      [() => np.select([], []), ValueError, /empty condition list/],
      [() => np.nanargmax([Number.NaN, Number.NaN]), ValueError, /nanargmax: All-NaN slice/],
      [() => np.gradient([1]), ValueError, /gradient: shape of array too small/],
      [() => np.gradient([1, 2, 3], { edge_order: 3 }), ValueError, /gradient: argument 'edge_order'/],
      [() => np.fill_diagonal(np.zeros([3]), 1), ValueError, /fill_diagonal: argument 'a'/],
      [
        () => np.ediff1d(np.array([1, 2], { dtype: 'int32' }), { to_end: [0.5] }),
        ArgumentTypeError,
        /ediff1d/,
      ],
      [() => np.trim_zeros([0, 1], 'x'), ValueError, /trim_zeros: argument 'trim'/],
      [() => np.pad(a, 1, { bogus: 1 } as never), ArgumentTypeError, /pad/],
      [
        () => np.copyto(np.zeros([2], 'int32'), np.ones([2])),
        ArgumentTypeError,
        /copyto: cannot cast array data from float64 to int32/,
      ],
      [() => np.copyto(np.zeros([2], 'int32'), 1.5), ArgumentTypeError, /copyto: cannot cast a float scalar/],
      [
        () => np.putmask(np.zeros([2]), [true], 1),
        ValueError,
        /putmask: mask and data must be the same size/,
      ],
      [
        () => np.place(np.zeros([2]), [true, false], []),
        ValueError,
        /place: cannot insert from an empty array/,
      ],
      [() => np.can_cast(1 as never, 'int32'), ArgumentTypeError, /can_cast: argument 'from_'/],
      [
        () => np.asarray_chkfinite([1, Number.NaN]),
        ValueError,
        /asarray_chkfinite: array must not contain infs or NaNs/,
      ],
      [() => np.fromiter([1].values(), 'int32', 3), ValueError, /fromiter: iterator too short/],
      [() => np.rollaxis(a, 0, 5), ValueError, /rollaxis: argument 'start'/],
      [() => np.piecewise([1, 2], [[true, false]], [1, 2, 3]), ValueError, /piecewise/],
      [() => np.apply_over_axes(() => 1, a, [0]), ValueError, /apply_over_axes: function is not returning/],
    ];
    for (const [f, type, re] of cases) {
      let err: unknown;
      try {
        f();
      } catch (e) {
        err = e;
      }
      expect(err, String(re)).toBeInstanceOf(type);
      expect((err as Error).message).toMatch(re);
    }
    expect(np.pad(a, 1).sum().item()).toBe(15);
  });
});
