/**
 * The element-wise math of dense/ufuncs-math.ts against NumPy's own results
 * (tests/fixtures/dense/ufuncs-math.json, written by scripts/fixtures_ufuncs_math.py: special values,
 * domain edges, every dtype, mixed dtypes) — dtypes exactly, exact operations bitwise (signed zeros
 * included), transcendentals within 2 ulp of NumPy's libm — and against naive per-element loops on
 * random broadcast shapes at pool sizes 0, 1 and 2, fused into larger expressions.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, type DType } from '../../runtime/index.js';
import { bget, broadcastPairArb, bshape, castRef, indices, POOLS, same, size, valueArb } from './ref.js';

interface Arr {
  dtype: string;
  values: (number | string | boolean)[];
}
interface Case {
  op: string;
  args: Arr[];
  expected: Arr;
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/dense/ufuncs-math.json', import.meta.url), 'utf8'),
) as { numpy: string; cases: Case[] };

const negNaN = new Float64Array([Number.NaN]);
new Uint32Array(negNaN.buffer)[1]! |= 0x80000000;
const dec = (v: number | string | boolean): number =>
  v === '-nan'
    ? negNaN[0]!
    : v === 'nan'
      ? Number.NaN
      : v === 'inf'
        ? Infinity
        : v === '-inf'
          ? -Infinity
          : v === '-0'
            ? -0
            : typeof v === 'boolean'
              ? Number(v)
              : (v as number);

/** Operations whose results NumPy and cohort compute exactly (no libm): compared bitwise. */
const EXACT = new Set([
  'fabs',
  'square',
  'reciprocal',
  'trunc',
  'positive',
  'signbit',
  'copysign',
  'heaviside',
  'floor_divide',
  'fmod',
  'fmax',
  'fmin',
  'deg2rad',
  'rad2deg',
]);

const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);
const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
/** Distance in units in the last place (of the dtype), signs handled through the ordered integers. */
function ulps(a: number, b: number, dt: string): number {
  if (dt === 'float32') {
    f32[0] = a;
    let x = i32[0]!;
    f32[0] = b;
    let y = i32[0]!;
    if (x < 0) x = -2147483648 - x;
    if (y < 0) y = -2147483648 - y;
    return Math.abs(x - y);
  }
  f64[0] = a;
  let x = i64[0]!;
  f64[0] = b;
  let y = i64[0]!;
  if (x < 0n) x = -9223372036854775808n - x;
  if (y < 0n) y = -9223372036854775808n - y;
  const d = x - y;
  return Number(d < 0n ? -d : d);
}

type Fn = (...a: np.ndarray[]) => np.ndarray;
const fn = (op: string): Fn => (np as unknown as Record<string, Fn>)[op]!;

describe('element-wise math against NumPy', () => {
  it(`matches NumPy ${fixture.numpy} on ${fixture.cases.length} cases (dtypes exactly, values to 2 ulp)`, () => {
    configure({ workers: 0 });
    const bad: string[] = [];
    for (const c of fixture.cases) {
      const args = c.args.map((a) => np.array(a.values.map(dec), { dtype: a.dtype as DType }));
      const r = fn(c.op)(...args);
      const tag = `${c.op}(${c.args.map((a) => a.dtype).join(', ')})`;
      if (r.dtype !== c.expected.dtype) {
        bad.push(`${tag}: dtype ${r.dtype}, NumPy ${c.expected.dtype}`);
        continue;
      }
      const got = Array.from(r.toArray() as ArrayLike<number>, Number);
      const want = c.expected.values.map(dec);
      got.forEach((g, k) => {
        const w = want[k]!;
        const ok = EXACT.has(c.op)
          ? Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w))
          : same(g, w) ||
            (Number.isFinite(g) &&
              Number.isFinite(w) &&
              (ulps(g, w, r.dtype) <= 2 ||
                // NumPy's float32 logaddexp runs in float32 (expf, log1pf) and loses a few bits
                // to cancellation where the result is near 0; cohort computes in double.
                (r.dtype === 'float32' && c.op.startsWith('logaddexp') && Math.abs(g - w) <= 2 ** -20)));
        if (!ok)
          bad.push(`${tag}[${k}] (${c.args.map((a) => dec(a.values[k]!)).join(', ')}) = ${g}, NumPy ${w}`);
      });
    }
    expect(bad.slice(0, 40)).toEqual([]);
  });
});

/** Naive references: JavaScript's Math (the kernels' own functions) and NumPy's formulas, written out. */
const UN_REF: Record<string, (x: number, dt: DType) => number> = {
  arcsin: Math.asin,
  arccosh: Math.acosh,
  expm1: Math.expm1,
  cbrt: Math.cbrt,
  exp2: (x) => 2 ** x,
  // NumPy's float32 constant is the float32 quotient of float32 π.
  deg2rad: (x, dt) => x * (dt === 'float32' ? Math.fround(Math.fround(Math.PI) / 180) : Math.PI / 180),
  trunc: Math.trunc,
  fabs: Math.abs,
};
const BIN_REF: Record<string, (x: number, y: number) => number> = {
  arctan2: Math.atan2,
  hypot: Math.hypot,
  fmod: (x, y) => x % y,
  fmax: (x, y) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.max(x, y)),
  heaviside: (x, y) => (Number.isNaN(x) ? x : x < 0 ? 0 : x > 0 ? 1 : y),
  logaddexp: (x, y) => {
    if (x === y) return x + Math.LN2;
    const m = Math.max(x, y);
    const d = Math.abs(x - y);
    return Number.isNaN(d) ? d : m + Math.log1p(Math.exp(-d));
  },
};

for (const workers of POOLS) {
  describe(`element-wise math on broadcast shapes (workers=${workers})`, () => {
    it('unary and binary functions, alone and fused, equal per-element references', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          broadcastPairArb,
          fc.constantFrom<DType>('float64', 'float32'),
          fc.constantFrom(...Object.keys(UN_REF)),
          fc.constantFrom(...Object.keys(BIN_REF)),
          fc.integer({ min: 0, max: 1000 }),
          ([sa, sb], dt, u, b, seed) => {
            const va = fc.sample(valueArb(dt), { numRuns: size(sa), seed }).map((v) => castRef(v, dt));
            const vb = fc
              .sample(valueArb(dt), { numRuns: size(sb), seed: seed + 1 })
              .map((v) => castRef(v, dt));
            const A = np.array(va, { dtype: dt }).reshape(sa);
            const B = np.array(vb, { dtype: dt }).reshape(sb);
            // u(b(A, B)) * 2: three operations, one fused kernel.
            const R = np.multiply(fn(u)(fn(b)(A, B)), 2);
            const shape = bshape(sa, sb);
            expect(R.shape).toEqual(shape);
            expect(R.dtype).toBe(dt);
            const got = R.toArray() as ArrayLike<number>;
            let k = 0;
            for (const idx of indices(shape)) {
              const inner = castRef(BIN_REF[b]!(bget(va, sa, idx), bget(vb, sb, idx)), dt);
              const want = castRef(castRef(UN_REF[u]!(inner, dt), dt) * 2, dt);
              if (!same(got[k]!, want))
                throw new Error(
                  `${u}(${b}(${bget(va, sa, idx)}, ${bget(vb, sb, idx)})) * 2 = ${got[k]}, want ${want}`,
                );
              k++;
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}

describe('element-wise math: errors and options', () => {
  it('refuses booleans for positive and unknown options, honours out and dtype', () => {
    configure({ workers: 0 });
    expect(() => np.positive(np.array([true]))).toThrow(/positive/);
    expect(() =>
      (np.arcsin as unknown as (x: unknown, o: unknown) => unknown)(np.ones([2]), { where: 1 }),
    ).toThrow(/arcsin.*where/);
    const out = np.zeros([3]);
    np.hypot(np.array([3, 5, 8]), np.array([4, 12, 15]), { out });
    expect(out.tolist()).toEqual([5, 13, 17]);
    expect(np.square(np.array([3]), { dtype: 'float32' }).dtype).toBe('float32');
    expect(np.floor_divide(np.array([-2147483648], { dtype: 'int32' }), -1).tolist()).toEqual([-2147483648]);
  });
});
