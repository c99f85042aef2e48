/**
 * `dot(a, b, out)` and `matmul(a, b, {out})` on float64 matrices: the product written into `out`
 * by the matrix-product launch itself when `out` is C-contiguous and no operand reads its region
 * (linalg.ts `matmulInto`), through a temporary otherwise (an aliased or strided `out`, another
 * dtype). Either way `out` is returned and holds the kernel's blocked order bit for bit
 * (`((0 + Σ_{k<256}) + Σ_{256≤k<512}) + …`, each Σ in k order), at pool sizes 0, 1 and 2, on
 * random shapes across the register block (4), the k slice (256) and the panel widths, with
 * operands as contiguous, transposed or strided views.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { matmulInto } from '../../dense/linalg.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

/** C[i][j] in the kernel's order: flat row-major a (m×k) and b (k×n). */
function blockedRef(a: Float64Array, b: Float64Array, m: number, k: number, n: number): Float64Array {
  const c = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let p0 = 0; p0 < k; p0 += 256) {
        let acc = 0;
        for (let p = p0; p < Math.min(k, p0 + 256); p++) acc += a[i * k + p]! * b[p * n + j]!;
        s = p0 === 0 ? acc : s + acc;
      }
      c[i * n + j] = s;
    }
  }
  return c;
}

type Layout = 'c' | 'T' | 'step';

/** An r×c float64 array holding `v` (row-major) as a contiguous, transposed or strided view. */
function make(v: Float64Array, r: number, c: number, layout: Layout): np.ndarray {
  if (layout === 'c') return np.array(Array.from(v)).reshape(r, c);
  if (layout === 'T') {
    const t = new Array<number>(r * c);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = v[i * c + j]!;
    return np.array(t).reshape(c, r).T;
  }
  const t = new Array<number>(4 * r * c).fill(7);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[2 * i * 2 * c + 2 * j] = v[i * c + j]!;
  return np
    .array(t)
    .reshape(2 * r, 2 * c)
    .get('::2, ::2');
}

const values = (len: number, seed: number) => {
  const v = new Float64Array(len);
  for (let i = 0; i < len; i++) v[i] = (((i + 1) * (seed * 2 + 7919)) % 1009) / 97 - 5;
  return v;
};

const caseArb = fc.record({
  m: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(63, 64, 65)),
  k: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(255, 256, 257)),
  n: fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(17, 33)),
  la: fc.constantFrom<Layout>('c', 'T', 'step'),
  lb: fc.constantFrom<Layout>('c', 'T', 'step'),
  seed: fc.integer({ min: 0, max: 1000 }),
  viaMatmul: fc.boolean(),
});

describe.each(POOLS)('products into out, pool size %i', (workers) => {
  it('writes the blocked order into a C-contiguous out and returns it', () => {
    configure({ workers });
    fc.assert(
      fc.property(caseArb, ({ m, k, n, la, lb, seed, viaMatmul }) => {
        const va = values(m * k, seed);
        const vb = values(k * n, seed + 1);
        const a = make(va, m, k, la);
        const b = make(vb, k, n, lb);
        const out = np.full([m, n], Number.NaN);
        const r = viaMatmul ? np.matmul(a, b, { out }) : np.dot(a, b, out);
        expect(r).toBe(out);
        expect(Array.from(out.toArray() as Float64Array)).toEqual(Array.from(blockedRef(va, vb, m, k, n)));
      }),
      { numRuns: 25 },
    );
  });

  it('an out that an operand reads, a strided out and a float32 out go through a temporary', () => {
    configure({ workers });
    const [m, k] = [37, 300];
    const va = values(m * m, 3);
    const vb = values(m * m, 4);
    const want = blockedRef(va, vb, m, m, m);
    // out is a: the product is computed before a is overwritten.
    const a = np.array(Array.from(va)).reshape(m, m);
    const b = np.array(Array.from(vb)).reshape(m, m);
    expect(matmulInto('dot', a, b, a)).toBe(false);
    expect(np.dot(a, b, a)).toBe(a);
    expect(Array.from(a.toArray() as Float64Array)).toEqual(Array.from(want));
    // out is the other half of b's region.
    const both = np.array([...vb, ...new Array<number>(m * m).fill(0)]).reshape(2 * m, m);
    const b2 = both.get(`0:${m}, :`);
    const out2 = both.get(`${m}:, :`);
    const a2 = np.array(Array.from(va)).reshape(m, m);
    expect(matmulInto('matmul', a2, b2, out2)).toBe(false);
    expect(np.matmul(a2, b2, { out: out2 })).toBe(out2);
    expect(Array.from(out2.toArray() as Float64Array)).toEqual(Array.from(want));
    expect(Array.from(b2.toArray() as Float64Array)).toEqual(Array.from(vb));
    // A transposed out (strides [1, m]) and a float32 out.
    const vk = values(m * k, 5);
    const vl = values(k * m, 6);
    const wantK = blockedRef(vk, vl, m, k, m);
    const ak = np.array(Array.from(vk)).reshape(m, k);
    const bk = np.array(Array.from(vl)).reshape(k, m);
    const outT = np.zeros([m, m]).T;
    expect(matmulInto('dot', ak, bk, outT)).toBe(false);
    expect(np.dot(ak, bk, outT)).toBe(outT);
    expect(Array.from(outT.toArray() as Float64Array)).toEqual(Array.from(wantK));
    const out32 = np.zeros([m, m], { dtype: 'float32' });
    expect(np.dot(ak, bk, out32)).toBe(out32);
    expect(Array.from(out32.toArray() as Float32Array)).toEqual(Array.from(Float32Array.from(wantK)));
    // The direct path: a fresh C-contiguous out.
    const outC = np.zeros([m, m]);
    expect(matmulInto('dot', ak, bk, outC)).toBe(true);
    expect(Array.from(outC.toArray() as Float64Array)).toEqual(Array.from(wantK));
  });
});
