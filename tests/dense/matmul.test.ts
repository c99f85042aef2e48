/**
 * matmul / dot of 2-D arrays against a naive triple loop, at every pool size: random shapes
 * (0- and 1-size, k across the 256-wide k slices), every dtype pair, transposed, strided and
 * reversed views. The kernel sums each element as `((0 + Σ_{k<256}) + Σ_{256≤k<512}) + …`, every
 * Σ in k order, in float64, and casts to the result dtype; the reference does the same, so the
 * comparison is exact (NaN and ±Inf included). Integer results also equal NumPy's wrapping integer
 * product (checked with BigInt) while sums stay below 2^53.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import type { DType } from '../../runtime/index.js';
import { configure } from '../../runtime/index.js';
import { castRef, DTYPES, POOLS, promoteRef, same, valueArb } from './ref.js';

const KC = 256;

/** C[i][j] in the kernel's order, before the cast: flat row-major a (m×k) and b (k×n). */
function blockedRef(a: number[], b: number[], m: number, k: number, n: number): number[] {
  const c = new Array<number>(m * n).fill(0);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p0 = 0; p0 < k; p0 += KC) {
        let acc = 0;
        for (let p = p0; p < Math.min(k, p0 + KC); p++) acc += a[i * k + p]! * b[p * n + j]!;
        s += acc;
      }
      c[i * n + j] = s;
    }
  }
  return c;
}

/** NumPy's integer matmul: exact sums wrapped to the result type. */
function wrapRef(a: number[], b: number[], m: number, k: number, n: number, dt: DType): number[] {
  const bits = dt === 'int32' ? 32 : 8;
  const c: number[] = [];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0n;
      for (let p = 0; p < k; p++) s += BigInt(a[i * k + p]!) * BigInt(b[p * n + j]!);
      c.push(
        dt === 'bool' ? (s !== 0n ? 1 : 0) : Number(BigInt[bits === 32 ? 'asIntN' : 'asUintN'](bits, s)),
      );
    }
  }
  return c;
}

type Layout = 'c' | 'T' | 'step' | 'rev';

/** An r×c array holding `v` (row-major) laid out as a contiguous, transposed, strided or reversed view. */
function make(v: number[], r: number, c: number, dt: DType, layout: Layout): np.ndarray {
  if (layout === 'c') return np.array(v, { dtype: dt }).reshape(r, c);
  if (layout === 'T') {
    const t = new Array<number>(r * c);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = v[i * c + j]!;
    return np.array(t, { dtype: dt }).reshape(c, r).T;
  }
  if (layout === 'step') {
    // every other row and column of a (2r)×(2c) base
    const t = new Array<number>(4 * r * c).fill(7);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[2 * i * 2 * c + 2 * j] = v[i * c + j]!;
    return np
      .array(t, { dtype: dt })
      .reshape(2 * r, 2 * c)
      .get('::2, ::2');
  }
  const t = new Array<number>(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[(r - 1 - i) * c + (c - 1 - j)] = v[i * c + j]!;
  return np.array(t, { dtype: dt }).reshape(r, c).get('::-1, ::-1');
}

/** Values that keep integer sums exact in float64 (so the wrap check applies) and floats wild. */
function valuesArb(dt: DType): fc.Arbitrary<number> {
  return dt === 'int32' ? fc.integer({ min: -(2 ** 20), max: 2 ** 20 }) : valueArb(dt);
}

const caseArb = fc
  .record({
    m: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(1, 13)),
    k: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(255, 256, 257, 300)),
    n: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(1, 11)),
    da: fc.constantFrom(...DTYPES),
    db: fc.constantFrom(...DTYPES),
    la: fc.constantFrom<Layout>('c', 'T', 'step', 'rev'),
    lb: fc.constantFrom<Layout>('c', 'T', 'step', 'rev'),
    useDot: fc.boolean(),
    seed: fc.integer(),
  })
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      va: fc.array(valuesArb(c.da), { minLength: c.m * c.k, maxLength: c.m * c.k }),
      vb: fc.array(valuesArb(c.db), { minLength: c.k * c.n, maxLength: c.k * c.n }),
    }),
  );

function check(
  got: np.ndarray,
  va: number[],
  vb: number[],
  m: number,
  k: number,
  n: number,
  dt: DType,
): void {
  expect(got.shape).toEqual([m, n]);
  expect(got.dtype).toBe(dt);
  const flat = Array.from(got.toArray() as ArrayLike<number | boolean>, Number);
  const want = blockedRef(va, vb, m, k, n).map((x) => castRef(x, dt));
  for (let q = 0; q < want.length; q++) {
    if (!same(flat[q]!, want[q]!)) expect([q, flat[q]]).toEqual([q, want[q]]);
  }
  if (dt === 'int32' || dt === 'uint8' || dt === 'bool') {
    expect(flat).toEqual(wrapRef(va, vb, m, k, n, dt));
  }
}

for (const workers of POOLS) {
  describe(`matmul (workers=${workers})`, () => {
    it('equals a naive triple loop on random shapes, dtypes and views', () => {
      configure({ workers });
      fc.assert(
        fc.property(caseArb, ({ c, va, vb }) => {
          const a = make(va, c.m, c.k, c.da, c.la);
          const b = make(vb, c.k, c.n, c.db, c.lb);
          const r = c.useDot ? np.dot(a, b) : np.matmul(a, b);
          check(r, va, vb, c.m, c.k, c.n, promoteRef(c.da, c.db));
        }),
        { numRuns: 60 },
      );
    });

    it('is exact across the blocking boundaries (rows × k × columns of 130 × 513 × 260, 2100 × 3 × 5, 7 × 300 × 1030)', () => {
      configure({ workers });
      for (const [m, k, n] of [
        [130, 513, 260],
        [2100, 3, 5],
        [5, 64, 257],
        [7, 300, 1030],
      ] as const) {
        const rng = np.random.default_rng(m + k + n);
        const a = rng.standard_normal([m, k]);
        const bt = rng.standard_normal([n, k]);
        const va = Array.from(a.toArray() as Float64Array);
        const b = bt.T;
        const vb = (b.tolist() as number[][]).flat();
        check(np.matmul(a, b), va, vb, m, k, n, 'float64');
      }
    });
  });
}
