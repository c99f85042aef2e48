/**
 * Properties with naive references, at pool sizes 0, 1, 2: the integer/bitwise ufuncs on broadcast
 * shapes of every integer dtype pair (fused with a neighbour), partition/argpartition (the
 * partition property for random kth), lexsort (a stable sort by several keys), and the set
 * routines (plain JavaScript sets); then the error paths and signature checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType } from '../../runtime/index.js';
import {
  bget,
  broadcastPairArb,
  bshape,
  castRef,
  indices,
  POOLS,
  promoteRef,
  same,
  size,
  valueArb,
} from './ref.js';

const INT: DType[] = ['bool', 'uint8', 'int32'];
const bits = (t: DType) => (t === 'int32' ? 32 : 8);
/** NumPy's integer ufuncs in dtype t (bools compute in uint8 for shifts). */
const FN: Record<string, np.Bin> = {
  bitwise_and: np.bitwise_and,
  bitwise_or: np.bitwise_or,
  bitwise_xor: np.bitwise_xor,
  left_shift: np.left_shift,
  right_shift: np.right_shift,
  gcd: np.gcd,
  lcm: np.lcm,
};
const REF: Record<string, (x: number, y: number, t: DType) => number> = {
  bitwise_and: (x, y) => x & y,
  bitwise_or: (x, y) => x | y,
  bitwise_xor: (x, y) => x ^ y,
  left_shift: (x, y, t) => (y >= 0 && y < bits(t) ? x * 2 ** y : 0),
  right_shift: (x, y, t) => (y >= 0 && y < bits(t) ? Math.floor(x / 2 ** y) : x < 0 ? -1 : 0),
  gcd: (x, y) => {
    let a = Math.abs(x);
    let b = Math.abs(y);
    while (b) [a, b] = [b, a % b];
    return a;
  },
  lcm: (x, y) => {
    const a = Math.abs(x);
    const b = Math.abs(y);
    if (a === 0 || b === 0) return 0;
    let g = a;
    let h = b;
    while (h) [g, h] = [h, g % h];
    return Number((BigInt(a / g) * BigInt(b)) % 2n ** 32n);
  },
};
const resultType = (op: string, a: DType, b: DType): DType => {
  const p = promoteRef(a, b);
  return p === 'bool' && op.includes('shift') ? 'uint8' : p;
};

for (const workers of POOLS) {
  describe(`integer ufuncs, partition, lexsort, sets against naive references (workers=${workers})`, () => {
    it('bitwise ops, shifts, gcd, lcm on broadcast shapes, fused with a negation', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          broadcastPairArb,
          fc.constantFrom(...INT),
          fc.constantFrom(...INT),
          fc.constantFrom(...Object.keys(REF)),
          fc.integer({ min: 0, max: 1000 }),
          ([sa, sb], da, db, op, seed) => {
            if ((op === 'gcd' || op === 'lcm') && da === 'bool' && db === 'bool') {
              expect(() => FN[op]!(np.array([true]), np.array([true]))).toThrow(/gcd|lcm/);
              return;
            }
            const va = fc.sample(valueArb(da), { numRuns: size(sa), seed }).map((v) => castRef(v, da));
            const shiftArb = fc.integer({ min: -2, max: 40 }).map((v) => castRef(v, db));
            const vb = fc
              .sample(op.includes('shift') ? shiftArb : valueArb(db), { numRuns: size(sb), seed: seed + 1 })
              .map((v) => castRef(v, db));
            const A = np.array(va, { dtype: da }).reshape(sa);
            const B = np.array(vb, { dtype: db }).reshape(sb);
            const t = resultType(op, da, db);
            const R = FN[op]!(A, B);
            // A fused neighbour: bitwise_xor with 1 in the same kernel.
            const F = np.bitwise_xor(R, 1);
            expect(R.dtype).toBe(t);
            const shape = bshape(sa, sb);
            const got = R.toArray() as ArrayLike<number>;
            const gotF = F.toArray() as ArrayLike<number>;
            let k = 0;
            for (const idx of indices(shape)) {
              const x = castRef(bget(va, sa, idx), t);
              const y = castRef(bget(vb, sb, idx), t);
              const want = castRef(REF[op]!(x, y, t), t);
              if (!same(got[k]!, want) || gotF[k] !== castRef(want ^ 1, t))
                throw new Error(`${op}(${x}, ${y}) [${t}] = ${got[k]}, want ${want}`);
              k++;
            }
          },
        ),
        { numRuns: 80 },
      );
    });

    it('partition and argpartition put the kth element in place with smaller before, larger after', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.constantFrom<DType>('float64', 'int32', 'uint8'),
          fc.integer({ min: 1, max: 70 }),
          fc.integer({ min: 0, max: 1000 }),
          fc.integer({ min: -70, max: 69 }),
          (dt, n, seed, k0) => {
            const k = ((k0 % n) + n) % n;
            const v = fc.sample(valueArb(dt), { numRuns: n, seed }).map((x) => castRef(x, dt));
            const a = np.array(v, { dtype: dt });
            const sorted = [...v].sort((x, y) => (Number.isNaN(x) ? 1 : Number.isNaN(y) ? -1 : x - y));
            const p = Array.from(
              np.partition(a, k0 < -n ? k : k0 >= n ? k : k0).toArray() as ArrayLike<number>,
            );
            const ix = Array.from(np.argpartition(a, [k]).toArray() as ArrayLike<number>);
            const q = ix.map((i) => v[i]!);
            expect([...ix].sort((x, y) => x - y)).toEqual(v.map((_, i) => i));
            for (const r of [p, q]) {
              const kv = r[k]!;
              expect(same(kv, sorted[k]!)).toBe(true);
              const le = (x: number, y: number) => (Number.isNaN(y) ? true : !Number.isNaN(x) && x <= y);
              for (let i = 0; i < k; i++) expect(le(r[i]!, kv)).toBe(true);
              for (let i = k + 1; i < n; i++) expect(le(kv, r[i]!)).toBe(true);
            }
          },
        ),
        { numRuns: 40 },
      );
    });

    it('lexsort equals a stable sort by the last key, then the ones before it', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 3 }),
          fc.integer({ min: 0, max: 60 }),
          fc.integer({ min: 0, max: 1000 }),
          (nk, n, seed) => {
            const keys = Array.from({ length: nk }, (_, j) =>
              fc.sample(fc.integer({ min: 0, max: 3 }), { numRuns: n, seed: seed + j }),
            );
            const want = Array.from({ length: n }, (_, i) => i).sort((i, j) => {
              for (let q = nk - 1; q >= 0; q--)
                if (keys[q]![i] !== keys[q]![j]) return keys[q]![i]! - keys[q]![j]!;
              return i - j;
            });
            const got = np.lexsort(keys.map((k) => np.array(k, { dtype: 'int32' })));
            expect(Array.from(got.toArray() as ArrayLike<number>)).toEqual(want);
          },
        ),
        { numRuns: 40 },
      );
    });

    it('set routines equal plain JavaScript sets', () => {
      configure({ workers });
      const arb = fc.array(fc.integer({ min: -6, max: 6 }), { maxLength: 30 });
      fc.assert(
        fc.property(arb, arb, (x, y) => {
          const sx = new Set(x);
          const sy = new Set(y);
          const sorted = (s: Iterable<number>) => [...s].sort((p, q) => p - q);
          const list = (a: np.ndarray) => Array.from(a.toArray() as ArrayLike<number>);
          const ax = np.array(x, { dtype: 'int32' });
          const ay = np.array(y, { dtype: 'int32' });
          expect(list(np.intersect1d(ax, ay))).toEqual(sorted([...sx].filter((v) => sy.has(v))));
          expect(list(np.union1d(ax, ay))).toEqual(sorted(new Set([...x, ...y])));
          expect(list(np.setdiff1d(ax, ay))).toEqual(sorted([...sx].filter((v) => !sy.has(v))));
          expect(list(np.setxor1d(ax, ay))).toEqual(
            sorted([...[...sx].filter((v) => !sy.has(v)), ...[...sy].filter((v) => !sx.has(v))]),
          );
          const [v, i1, i2] = np.intersect1d(ax, ay, { return_indices: true }) as np.ndarray[];
          expect(list(i1!)).toEqual(list(v!).map((e) => x.indexOf(e)));
          expect(list(i2!)).toEqual(list(v!).map((e) => y.indexOf(e)));
          const all = np.unique_all(ax);
          expect(list(all.counts)).toEqual(list(all.values).map((e) => x.filter((q) => q === e).length));
          expect(list(all.values.get([all.inverse_indices]))).toEqual(x);
        }),
        { numRuns: 40 },
      );
    });
  });
}

describe('integer ufuncs, partition, sets: errors and signatures', () => {
  it('raises typed errors naming the function', () => {
    configure({ workers: 0 });
    expect(() => np.bitwise_and(np.array([1.5]), 1)).toThrow(/bitwise_and.*integer or boolean operands/);
    expect(() => np.invert(np.array([1.5], { dtype: 'float32' }))).toThrow(/invert.*float32/);
    expect(() => np.gcd(np.array([true]), np.array([false]))).toThrow(/gcd.*integer operands/);
    expect(() => np.ldexp(np.array([1.5]), 2.5)).toThrow(/ldexp.*integer exponent/);
    expect(() => np.partition([1, 2, 3], 3)).toThrow(/partition: kth\(=3\) out of bounds \(3\)/);
    expect(() => np.argpartition([1, 2, 3], -4)).toThrow(/argpartition: kth\(=-4\) out of bounds/);
    expect(() => np.partition([1, 2, 3], 1, { kind: 'quick' })).toThrow(/partition.*'kind'.*introselect/);
    expect(() => np.partition([1, 2, 3], 1, { order: 'a' as never })).toThrow(/partition.*'order'/);
    expect(() => np.partition(np.array(3), 0)).toThrow(/0-d/);
    expect(() => np.partition([1, 2], 0, 1)).toThrow(/axis 1 is out of bounds/);
    expect(() => np.lexsort([])).toThrow(/lexsort: need sequence of keys/);
    expect(() =>
      np.lexsort([
        [1, 2],
        [1, 2, 3],
      ]),
    ).toThrow(/lexsort: argument 'keys\[1\]'/);
    expect(() => np.lexsort([[1, 2]], 1)).toThrow(/axis 1 is out of bounds/);
    expect(() => (np.intersect1d as (...a: unknown[]) => unknown)([1], [1], { unknown: 1 })).toThrow(
      /intersect1d.*unknown/,
    );
    expect(() => (np.unique_all as (...a: unknown[]) => unknown)([1], { x: 1 })).toThrow(/unique_all/);
    expect(() => (np.bitwise_or as (...a: unknown[]) => unknown)(1)).toThrow(/bitwise_or.*x2/);
  });

  it('takes Python signatures both ways and honours out and dtype', () => {
    configure({ workers: 1 });
    expect(np.partition([3, 1, 2], { kth: 1 } as never).tolist()).toEqual([1, 2, 3]);
    expect(
      np
        .partition(
          [
            [3, 1],
            [0, 2],
          ],
          0,
          null,
        )
        .tolist(),
    ).toEqual([0, 1, 2, 3]);
    expect(np.lexsort({ keys: [[2, 1]] } as never).tolist()).toEqual([1, 0]);
    expect((np.setdiff1d([3, 1], [1], { assume_unique: true }) as np.ndarray).tolist()).toEqual([3]);
    const out = np.zeros([2], 'int32');
    np.left_shift(np.array([1, 2]), 3, { out });
    expect(out.tolist()).toEqual([8, 16]);
    expect(np.bitwise_and(np.array([255, 256]), 7, { dtype: 'uint8' }).tolist()).toEqual([7, 0]);
    const e = np.frexp(np.array([6], { dtype: 'float32' }));
    expect([e[0].dtype, e[0].tolist(), e[1].dtype, e[1].tolist()]).toEqual(['float32', [0.75], 'int32', [3]]);
    expect(np.i0(np.array([0], { dtype: 'uint8' })).dtype).toBe('float64');
  });

  it('polynomials, correlate, windows, vector products: errors and options', () => {
    configure({ workers: 2 });
    expect(() => np.poly([[1, 2, 3]])).toThrow(/poly: argument 'seq_of_zeros'.*non-empty square matrix/);
    expect(() => np.polyder([1, 2], -1)).toThrow(/polyder: Order of derivative must be positive/);
    expect(() => np.polyint([1, 2], -1)).toThrow(/polyint: Order of integral must be positive/);
    expect(() => np.polyint([1, 2], 3, [1, 2])).toThrow(/polyint: k must be a scalar/);
    expect(() => np.polyint([1, 2], 1, 'a' as never)).toThrow(/polyint: argument 'k'/);
    expect(() => np.polyfit([1, 2], [1, 2], -1)).toThrow(/polyfit: expected deg >= 0/);
    expect(() => np.polyfit([[1, 2]], [1, 2], 1)).toThrow(/polyfit: expected 1D vector for x/);
    expect(() => np.polyfit([], [], 1)).toThrow(/polyfit: expected non-empty vector for x/);
    expect(() => np.polyfit([1, 2], [1, 2, 3], 1)).toThrow(/polyfit: expected x and y to have same length/);
    expect(() => np.polyfit([1, 2], [[[1]], [[2]]], 1)).toThrow(/polyfit: expected 1D or 2D array for y/);
    expect(() => np.polyfit([1, 2], [1, 2], 1, { w: [1] })).toThrow(
      /polyfit: expected w and y to have the same length/,
    );
    expect(() => np.polyfit([1, 2], [1, 2], 1, { w: [[1, 2]] })).toThrow(
      /polyfit: expected a 1-d array for weights/,
    );
    expect(() => np.polyfit([1, 2], [1, 2], 1, { cov: 'x' as never })).toThrow(/polyfit: argument 'cov'/);
    expect(() => np.polyfit([1, 2, 3], [1, 2, 3], 2, { cov: true })).toThrow(
      /number of data points must exceed order/,
    );
    expect(() => (np.polyfit as (...a: unknown[]) => unknown)([1, 2], [1, 2], 1, { deg2: 1 })).toThrow(
      /polyfit.*deg2/,
    );
    expect(() => np.correlate([1, 2], [1], 'middle' as never)).toThrow(/correlate: argument 'mode'/);
    expect(() => np.correlate([[1, 2]], [1])).toThrow(/correlate: object too deep/);
    expect(() => np.vecdot([1, 2], [1, 2, 3])).toThrow(
      /vecdot: vectors of x1 \(length 2\) and x2 \(length 3\) differ/,
    );
    expect(() => np.vecdot(3, [1])).toThrow(/vecdot: x1 and x2 must be at least 1-D/);
    expect(() => np.vecdot([1], [1], { axis: 2 })).toThrow(/vecdot: axis 2 is out of bounds/);
    expect(() => np.matvec([1, 2], [1, 2])).toThrow(/matvec: x1 must be at least 2-D/);
    expect(() => np.matvec([[1, 2]], [1, 2, 3])).toThrow(/matvec: x1 has 2 columns/);
    expect(() => np.vecmat([1, 2], [1, 2])).toThrow(/vecmat: x1 must be at least 1-D and x2 at least 2-D/);
    expect(() => np.vecmat([1, 2], [[1, 2]])).toThrow(/vecmat: x1 vectors of length 2, x2 has 1 rows/);
    expect(() => np.unwrap(3)).toThrow(/unwrap: argument 'p' must be at least one dimensional/);
    expect(() => (np.hamming as (...a: unknown[]) => unknown)(2.5)).toThrow(/hamming: argument 'M'/);
    expect(() => (np.kaiser as (...a: unknown[]) => unknown)(3)).toThrow(/kaiser.*beta/);
    // Both ways: positional and by name.
    expect(np.polyder({ p: [1, 1, 1], m: 2 } as never).tolist()).toEqual([2]);
    expect(np.correlate([1, 2, 3], [1, 1], { mode: 'full' }).tolist()).toEqual([1, 3, 5, 3]);
    const [p, V] = np.polyfit([0, 1, 2, 3], [1, 2, 2, 4], 1, { cov: 'unscaled' }) as np.ndarray[];
    expect(p!.shape).toEqual([2]);
    expect(V!.shape).toEqual([2, 2]);
    expect(np.polyadd(np.array([1], 'float32'), [1, 2]).dtype).toBe('float64');
  });
});
