/**
 * np.expm1, np.log1p, np.log2, np.log10 and np.power / np.float_power (general exponents, array
 * and scalar) through the dense API at pool sizes 0, 1, 2: every element equals codegen's fixed
 * algorithm (codegen/wasm-expm1.ts, wasm-logs.ts, wasm-pow.ts; their accuracy against mpmath is
 * tests/codegen/wasm-math-more.test.ts) bit for bit, whether the kernel ran as Wasm (heap operands)
 * or JavaScript (operands in their own buffers), plain or fused into a larger expression — so the
 * results are the same at every worker count — and is within 2 ulp of V8's Math.* (float64).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { mathJS } from '../../codegen/wasm-math.js';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const bits = new Float64Array(1);
const ord = new BigInt64Array(bits.buffer);
const rank = (x: number): bigint => {
  bits[0] = x;
  const b = ord[0]!;
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
};
const near = (a: number, b: number) =>
  same(a, b) ||
  (Number.isFinite(a) && Number.isFinite(b) && rank(a) - rank(b) <= 2n && rank(b) - rank(a) <= 2n);

const UNARY = [
  { name: 'expm1', f: mathJS.fexpm1!, ref: Math.expm1 },
  { name: 'log1p', f: mathJS.flog1p!, ref: Math.log1p },
  { name: 'log2', f: mathJS.flog2!, ref: Math.log2 },
  { name: 'log10', f: mathJS.flog10!, ref: Math.log10 },
] as const;
const f64 = fc.oneof(
  { weight: 6, arbitrary: fc.double() },
  { weight: 6, arbitrary: fc.double({ min: -4, max: 4 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -0, 1, -1, 2, 0.5, Infinity, -Infinity, Number.NaN, 5e-324, 710, -745),
  },
);
/** An array in the runtime's heap (the Wasm form runs) and the same values in their own buffer. */
function both(v: number[]): [np.ndarray, np.ndarray] {
  const own = new Float64Array(new SharedArrayBuffer(8 * v.length));
  own.set(v);
  return [np.array(v, { dtype: 'float64' }), np.asarray(own)];
}

describe.each(POOLS)('expm1, log1p, log2, log10, power at pool size %i', (workers) => {
  it('equal the fixed algorithms bit for bit (Wasm and JavaScript forms, plain and fused)', () => {
    configure({ workers });
    fc.assert(
      fc.property(fc.array(fc.tuple(f64, f64), { minLength: 1, maxLength: 600 }), (pairs) => {
        const xs = pairs.map((p) => p[0]);
        const ys = pairs.map((p) => p[1]);
        const [xh, xo] = both(xs);
        const [yh, yo] = both(ys);
        for (const { name, f, ref } of UNARY) {
          const fn = (np as unknown as Record<string, (a: np.ndarray) => np.ndarray>)[name]!;
          const got = [fn(xh), fn(xo), np.multiply(fn(xh.multiply(1)), 1)].map(
            (r) => r.toArray() as Float64Array,
          );
          xs.forEach((x, i) => {
            const want = f(x);
            for (const g of got) if (!same(g[i]!, want)) expect([name, x, g[i]]).toEqual([name, x, want]);
            if (!near(want, ref(x))) expect([name, x, want]).toEqual([name, x, ref(x)]);
          });
        }
        const pw = [
          np.power(xh, yh),
          np.power(xo, yo),
          np.float_power(xh, yh),
          np.multiply(np.power(xh.multiply(1), yh), 1),
        ];
        const sc = [np.power(xh, 2.5), np.power(xo, 2.5), np.power(xh, -3)];
        const [p0, p1, p2, p3] = pw.map((r) => r.toArray() as Float64Array);
        const [s0, s1, s2] = sc.map((r) => r.toArray() as Float64Array);
        xs.forEach((x, i) => {
          const y = ys[i]!;
          const want = mathJS.fpow!(x, y);
          for (const g of [p0, p1, p2, p3])
            if (!same(g![i]!, want)) expect(['power', x, y, g![i]]).toEqual(['power', x, y, want]);
          if (!near(want, x === 1 ? 1 : x ** y))
            expect(['power', x, y, want]).toEqual(['power', x, y, x ** y]);
          for (const [g, e] of [
            [s0, 2.5],
            [s1, 2.5],
            [s2, -3],
          ] as const)
            if (!same(g![i]!, mathJS.fpow!(x, e)))
              expect(['power', x, e, g![i]]).toEqual(['power', x, e, mathJS.fpow!(x, e)]);
        });
      }),
      { numRuns: 25 },
    );
  });
});
