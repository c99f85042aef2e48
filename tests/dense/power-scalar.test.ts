/**
 * NumPy's scalar-exponent fast paths of `power` (dense/power.ts): exponents 2, -1, 0.5 and 1 are
 * `x * x`, `1 / x`, `sqrt(x)` and a copy. Checked against NumPy's own results
 * (tests/fixtures/dense/power-scalar.json, scripts/fixtures_power.py: special values, subnormals,
 * the square's overflow edges, random values and bit patterns, every dtype; `float_power`, which
 * has no fast path in NumPy) bit for bit, and against the old path, C's `pow` as `Math.pow`, bit for
 * bit where NumPy's fast path keeps `pow`'s bits (all but the square root of -0 and -inf); heap
 * operands (the fused kernel's Wasm form) against own-buffer ones (JavaScript), plain, fused into a
 * larger expression and with `out`, at pool sizes 0, 1, 2.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fuseWasm, fx } from '../../codegen/index.js';
import { mathJS } from '../../codegen/wasm-math.js';
import * as np from '../../dense/index.js';
import { configure, type DType } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

interface Case {
  op: 'power' | 'float_power';
  exponent: number;
  a: { dtype: DType; values: (number | string | boolean)[] };
  result: { dtype: string; values: (number | string)[] };
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/dense/power-scalar.json', import.meta.url), 'utf8'),
) as { numpy: string; cases: Case[] };

const dec = (v: number | string | boolean): number =>
  typeof v === 'boolean'
    ? Number(v)
    : v === 'nan'
      ? Number.NaN
      : v === 'inf'
        ? Infinity
        : v === '-inf'
          ? -Infinity
          : v === '-0'
            ? -0
            : (v as number);
/** Bitwise, but any NaN equals any NaN (IEEE 754 leaves NaN payloads open). */
const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const bits = new Float64Array(1);
const ord = new BigInt64Array(bits.buffer);
/** Position of a double on the number line (ulps from +0; negative below). */
const rank = (x: number): bigint => {
  bits[0] = x;
  const b = ord[0]!;
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
};
/** Within `n` ulps (float64), NaN equal to NaN, infinities exact. */
const near = (a: number, b: number, n: bigint) =>
  same(a, b) ||
  (Number.isFinite(a) && Number.isFinite(b) && rank(a) - rank(b) <= n && rank(b) - rank(a) <= n);
/** NumPy's fast paths (exact operations): power with these exponents. */
const FAST = new Set([2, -1, 0.5, 1, 0]);

function shared(v: Float64Array): Float64Array {
  const out = new Float64Array(new SharedArrayBuffer(v.byteLength));
  out.set(v);
  return out;
}

/** The old path: C's pow (NumPy's npy_pow), which the generic kernel calls as Math.pow. */
const cpow = (x: number, e: number) => (x === 1 ? 1 : x ** e);
/** NumPy's fast path of `power(x, e)` for a float64 x. */
const fast = (x: number, e: number) => (e === 0.5 ? Math.sqrt(x) : cpow(x, e));

const f64 = fc.oneof(
  { weight: 12, arbitrary: fc.double() },
  { weight: 4, arbitrary: fc.double({ min: -8, max: 8 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      -0,
      0,
      Number.NaN,
      Infinity,
      -Infinity,
      5e-324,
      -1e-310,
      1.4916681462400413e-154,
      1.3407807929942597e154,
      -1.7976931348623157e308,
    ),
  },
);

describe.each(POOLS)('power with a scalar exponent at pool size %i', (workers) => {
  it("equals NumPy's results (fixtures) bit for bit, dtypes included", () => {
    configure({ workers });
    for (const c of fixture.cases) {
      const a = np.array(c.a.values.map(dec), { dtype: c.a.dtype });
      const r = (c.op === 'power' ? np.power : np.float_power)(a, c.exponent);
      // cohort has no int64: NumPy's int64 (bool ** int) is int32 here, with the same values.
      expect([c.op, c.a.dtype, c.exponent, r.dtype]).toEqual([
        c.op,
        c.a.dtype,
        c.exponent,
        c.result.dtype === 'int64' ? 'int32' : c.result.dtype,
      ]);
      const got = Array.from(r.toArray() as ArrayLike<number>);
      // Through a pending operand (fused) and the method form too.
      const fused = Array.from(
        (c.op === 'power'
          ? a.copy().power(c.exponent)
          : np.float_power(a.copy(), c.exponent)
        ).toArray() as ArrayLike<number>,
      );
      const want = c.result.values.map(dec);
      // Exact where NumPy takes a fast path (and for integers); C's pow (NumPy's libm, here
      // V8's) agrees within 1 ulp elsewhere (float_power(x, -1) is 1 / x here, glibc's pow is
      // 1 ulp off at x = 1.4916681462400413e-154).
      const exact = (c.op === 'power' && FAST.has(c.exponent)) || !c.result.dtype.startsWith('float');
      for (let i = 0; i < want.length; i++) {
        if (!exact && near(got[i]!, want[i]!, 1n) && near(fused[i]!, want[i]!, 1n)) continue;
        if (!same(got[i]!, want[i]!))
          expect([c.op, c.a.dtype, c.exponent, i, got[i]]).toEqual([c.op, c.a.dtype, c.exponent, i, want[i]]);
        if (!same(fused[i]!, want[i]!))
          expect(['fused', c.op, c.exponent, i, fused[i]]).toEqual(['fused', c.op, c.exponent, i, want[i]]);
      }
    }
  });

  it('gives the old pow bits (but sqrt at -0, -inf), in Wasm and JavaScript alike, fused and with out', () => {
    configure({ workers });
    fc.assert(
      fc.property(fc.array(f64, { minLength: 1, maxLength: 700 }), fc.constantFrom(2, -1, 0.5, 1), (v, e) => {
        const xv = Float64Array.from(v);
        const heap = np.array(xv);
        const own = np.asarray(shared(xv));
        const z = np.array(xv.map((x) => x * 0.25));
        const outs = {
          heap: np.power(heap, e).toArray() as Float64Array,
          own: np.power(own, e).toArray() as Float64Array,
          pow: np.pow(heap, e).toArray() as Float64Array,
          fp: np.float_power(heap, e).toArray() as Float64Array,
          // Fused: (x ** e) * z + x, one kernel.
          fusedHeap: np.add(np.multiply(np.power(heap, e), z), heap).toArray() as Float64Array,
          fusedOwn: np.add(np.multiply(np.power(own, e), z), own).toArray() as Float64Array,
        };
        const out = np.zeros([v.length]);
        np.power(heap, e, out);
        const outv = out.toArray() as Float64Array;
        for (let i = 0; i < v.length; i++) {
          const x = xv[i]!;
          const want = fast(x, e);
          // Where the square root and pow differ, NumPy's power takes the root (fixtures).
          if (!(e === 0.5 && (Object.is(x, -0) || x === -Infinity)))
            expect(same(want, cpow(x, e)) || [x, e]).toBe(true);
          const fw = want * (x * 0.25) + x;
          const chk = (name: string, g: number, w: number) => {
            if (!same(g, w)) expect([name, x, e, g]).toEqual([name, x, e, w]);
          };
          chk('heap', outs.heap[i]!, want);
          chk('own', outs.own[i]!, want);
          chk('pow', outs.pow[i]!, want);
          // float_power has no fast path: pow, codegen's fixed algorithm (1 ulp from V8's Math.pow
          // at most; tests/codegen/wasm-math-more.test.ts measures it against mpmath).
          chk('float_power', outs.fp[i]!, e === 0.5 ? mathJS.fpow!(x, e) : cpow(x, e));
          if (!near(mathJS.fpow!(x, e), cpow(x, e), 1n))
            expect([x, e, mathJS.fpow!(x, e)]).toEqual([x, e, cpow(x, e)]);
          chk('fused heap', outs.fusedHeap[i]!, fw);
          chk('fused own', outs.fusedOwn[i]!, fw);
          chk('out', outv[i]!, want);
        }
        // float32: one rounding of the double result.
        const a32 = np.array(xv, { dtype: 'float32' });
        const s32 = a32.toArray() as Float32Array;
        const r32 = np.power(a32, e);
        expect(r32.dtype).toBe('float32');
        const g32 = r32.toArray() as Float32Array;
        for (let i = 0; i < v.length; i++) {
          const w = Math.fround(fast(s32[i]!, e));
          if (!same(g32[i]!, w)) expect(['f32', s32[i], e, g32[i]]).toEqual(['f32', s32[i], e, w]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('keeps the generic path for other exponents and array exponents', () => {
    configure({ workers });
    const a = np.array([-0, -Infinity, 4, 1.5]);
    // An array exponent is pow, as in NumPy with a non-broadcast exponent.
    expect(Array.from(np.power(a, np.array([0.5, 0.5, 0.5, 0.5])).toArray() as Float64Array)).toEqual([
      0,
      Infinity,
      2,
      1.5 ** 0.5,
    ]);
    expect(Object.is((np.power(a, 0.5).toArray() as Float64Array)[0], -0)).toBe(true);
    expect(np.power(a, 3).tolist()).toEqual([-0, -Infinity, 64, 3.375]);
    expect(np.power(np.array([1, 2, 3]), 2).dtype).toBe('int32');
    expect(() => np.power(np.array([1, 2]), -1)).toThrow(/negative integer powers/);
    expect(() => np.pow(np.array([1, 2]), -1)).toThrow(/negative integer powers/);
    expect(np.power(np.array([1.5, -2]), 2, { dtype: 'float32' }).dtype).toBe('float32');
    // A float dtype= computes in floats, where negative powers are allowed (as NumPy).
    expect(np.power(np.array([2, 4]), -1, { dtype: 'float64' }).tolist()).toEqual([0.5, 0.25]);
    expect(np.power(np.array([2, 4]), np.array([-1, 2]), { dtype: 'float32' }).tolist()).toEqual([0.5, 16]);
  });
});

const wasmApi = (globalThis as any).WebAssembly;

describe('the fast paths have a Wasm form (and so has pow)', () => {
  it('square, reciprocal, sqrt, the copy and power assemble', () => {
    for (const t of [
      fx.multiply(fx.input(0), fx.input(0)),
      fx.square(fx.input(0)),
      fx.reciprocal(fx.input(0)),
      fx.sqrt(fx.input(0)),
      fx.add(fx.reciprocal(fx.square(fx.input(0))), fx.input(1)),
    ])
      expect(wasmApi.validate(fuseWasm(t, 2, 0))).toBe(true);
    expect(wasmApi.validate(fuseWasm(fx.power(fx.input(0), fx.scalar(0)), 1, 1))).toBe(true);
  });
});
