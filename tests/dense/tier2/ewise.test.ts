/**
 * Tier 2 element-wise functions (`round`, `mod`, `log10`, `log2`, `isinf`) against naive
 * references on every dtype, including NaN/±Inf and 0-size arrays, at pool sizes 0, 1 and 2; they
 * fuse with their neighbours (one lazy expression).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mathJS } from '../../../codegen/wasm-math.js';
import * as np from '../../../dense/index.js';
import { configure, type DType } from '../../../runtime/index.js';
import { castRef, DTYPES, POOLS, same, valueArb } from '../ref.js';

/** Half to even, written independently of the kernel's helper. */
function rintRef(x: number): number {
  if (!Number.isFinite(x)) return x;
  const fl = Math.floor(x);
  const d = x - fl;
  const r = d > 0.5 ? fl + 1 : d < 0.5 ? fl : fl % 2 === 0 ? fl : fl + 1;
  return r === 0 && (x < 0 || Object.is(x, -0)) ? -0 : r;
}
function modRef(x: number, y: number, int: boolean): number {
  if (y === 0) return int ? 0 : Number.NaN;
  let m = x % y;
  if (m !== 0 && Math.sign(m) !== Math.sign(y)) m += y;
  return m === 0 ? (y < 0 && !int ? -0 : 0) : m;
}
const isFloat = (d: DType) => d === 'float32' || d === 'float64';

for (const workers of POOLS) {
  describe(`tier 2 element-wise (workers=${workers})`, () => {
    it('round(decimals=0), log10, log2, isinf match references on every dtype', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.constantFrom(...DTYPES),
          fc.integer({ min: 0, max: 30 }),
          fc.constantFrom('round', 'log10', 'log2', 'isinf'),
          fc.context(),
          (dt, n, op, ctx) => {
            const vals = fc.sample(valueArb(dt), { numRuns: n, seed: n * 7 + 1 }).map((v) => castRef(v, dt));
            const a = np.array(vals, { dtype: dt });
            const r = (np as unknown as Record<string, (x: np.ndarray) => np.ndarray>)[op]!(a);
            const rdt: DType = op === 'isinf' ? 'bool' : op === 'round' ? dt : isFloat(dt) ? dt : 'float64';
            expect(r.dtype).toBe(rdt);
            expect(r.shape).toEqual([n]);
            const got = r.toArray();
            vals.forEach((v, k) => {
              const want = castRef(
                op === 'isinf'
                  ? Number(v === Infinity || v === -Infinity)
                  : op === 'round'
                    ? rintRef(v)
                    : op === 'log10'
                      ? mathJS.flog10!(v)
                      : mathJS.flog2!(v),
                rdt,
              );
              // log10/log2 are codegen's fixed algorithms (correctly rounded but for near-ties,
              // tests/codegen/wasm-math-more.test.ts); V8's Math.log10/log2 are within 1 ulp of them.
              if (op === 'log10' || op === 'log2') {
                const m = (op === 'log10' ? Math.log10 : Math.log2)(v);
                const h = (op === 'log10' ? mathJS.flog10! : mathJS.flog2!)(v);
                if (Number.isFinite(m)) expect(Math.abs(m - h)).toBeLessThanOrEqual(Math.abs(m) * 2 ** -52);
              }
              ctx.log(`${op}(${v})`);
              if (!same(got[k]!, want)) throw new Error(`${op}(${v}) [${dt}] = ${got[k]}, want ${want}`);
            });
          },
        ),
        { numRuns: 120 },
      );
    });

    it('mod follows Python: the sign of the divisor, on every dtype', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.constantFrom<DType>('uint8', 'int32', 'float32', 'float64'),
          fc.array(fc.tuple(fc.double(), fc.double()), { maxLength: 25 }),
          (dt, pairs) => {
            const cast = (v: number) =>
              castRef(dt === 'uint8' ? Math.abs(v) % 256 : dt === 'int32' ? Math.trunc(v % 1e4) : v, dt);
            const xs = pairs.map(([x]) => cast(x));
            const ys = pairs.map(([, y]) => cast(y));
            const r = np.mod(np.array(xs, { dtype: dt }), np.array(ys, { dtype: dt }));
            expect(r.dtype).toBe(dt);
            const got = r.toArray();
            xs.forEach((x, k) => {
              const want = castRef(modRef(x, ys[k]!, !isFloat(dt)), dt);
              if (!same(got[k]!, want))
                throw new Error(`mod(${x}, ${ys[k]}) [${dt}] = ${got[k]}, want ${want}`);
            });
          },
        ),
        { numRuns: 120 },
      );
    });

    it('round with decimals scales, rints and unscales as NumPy (float and int, both signs)', () => {
      configure({ workers });
      const x = np.array([1.2345, -2.5, 2.675, 125, 135, -0.04]);
      // NumPy 2.4: [1.23, -2.5, 2.68, 125, 135, -0.04]
      expect(np.round(x, 2).tolist()).toEqual([1.23, -2.5, 2.68, 125, 135, -0.04]);
      expect(np.round(x, -1).tolist()).toEqual([0, -0, 0, 120, 140, -0]);
      expect(np.round(np.array([15, 25, -35], { dtype: 'int32' }), -1).tolist()).toEqual([20, 20, -40]);
      expect(np.round(np.array([15, 25], { dtype: 'int32' }), 1).dtype).toBe('int32');
      expect(np.array([0.5, 1.5]).round().tolist()).toEqual([0, 2]);
      const f = np.round(np.array([0.125], { dtype: 'float32' }), 2);
      expect(f.dtype).toBe('float32');
    });
  });
}

describe('tier 2 element-wise details', () => {
  it('fuse with neighbours: one lazy expression, NumPy results', () => {
    const t = np.arange(10).multiply(0.75);
    const r = np.round(np.mod(t.subtract(3), 2.5).add(np.log2(t.add(1))), 3);
    const ref = Array.from({ length: 10 }, (_, i) => {
      const v = i * 0.75;
      return rintRef((modRef(v - 3, 2.5, false) + Math.log2(v + 1)) * 1000) / 1000;
    });
    expect(r.tolist()).toEqual(ref);
  });
  it('scalars, {out} and 0-size arrays', () => {
    expect(np.mod(-7, 3).item()).toBe(2);
    expect(np.isinf(np.zeros([0, 3])).shape).toEqual([0, 3]);
    const out = np.zeros([2]);
    np.log10(np.array([100, 1e-3]), { out });
    expect(out.tolist()).toEqual([2, -3]);
  });
  it('rejects bad decimals with a message naming the function and argument', () => {
    expect(() => np.round(np.ones([2]), 1.5)).toThrow(/round.*decimals/);
    expect(() => np.round(np.ones([2]), { decimal: 1 } as never)).toThrow(/round.*decimal/);
  });
});
