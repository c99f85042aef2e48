/**
 * Rank-1 element-wise values over strided views — a column `X[:, j]`, a diagonal, a stepped or a
 * reversed view — run the strided Wasm form of their fused kernel (codegen `fuseWasmStrided`),
 * stored or folded into a sum: the stored values equal naive loops bit for bit, the folded sum
 * equals the sum of the stored values (the bits of storing, then reducing), at pool sizes 0, 1
 * and 2, and equal the JavaScript kernel's on buffers outside the heap; a fused sum or product
 * over strided views equals reducing the stored values; a strided kernel on the issuing thread
 * compiles its own module (the Wasm form ran); and a big launch warms the strided module (its
 * warm-up call with strides succeeded).
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { WARM_WASM_ELEMENTS, warmedWasmKernels } from '../../dense/wasm-warm.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const F = 3;

/** Rows of X (F columns, element i·F + j = v(i, j)) with NaN, ±Inf and ±0 among the values. */
function data(n: number, seed: number): Float64Array {
  const out = new Float64Array(n * F);
  const special = [0, -0, Number.NaN, Infinity, -Infinity, 1e-310];
  for (let i = 0; i < out.length; i++)
    out[i] = i % 97 === 5 ? special[((i / 97) % special.length) | 0]! : Math.sin(i * 0.37 + seed) * 3;
  return out;
}

describe('strided Wasm kernels on the issuing thread', () => {
  it('compile a module of their own: the Wasm form runs, not the JavaScript kernel', () => {
    configure({ workers: 0 });
    const g = globalThis as { __cohortWasmModule?: (b: Uint8Array, n: number) => object };
    const mk = g.__cohortWasmModule;
    expect(typeof mk).toBe('function');
    let made = 0;
    g.__cohortWasmModule = (b, n) => {
      made++;
      return mk!(b, n);
    };
    try {
      const X = np.array(data(64, 11)).reshape(64, F);
      // Seven negations and a square root: a tree no other test here makes, so a fresh kernel.
      let a = np.sqrt(np.abs(X.get(':, 2')));
      for (let k = 0; k < 7; k++) a = np.negative(a);
      const r = a.toArray() as Float64Array;
      expect(made).toBe(1);
      expect(Object.is(r[1], -Math.sqrt(Math.abs(data(64, 11)[F + 2]!)))).toBe(true);
      // A transposed 2-D view: the strided rows form, its own module too.
      let b = np.sqrt(np.abs(X.T));
      for (let k = 0; k < 9; k++) b = np.negative(b);
      const bv = b.toArray() as Float64Array;
      expect(made).toBe(2);
      expect(Object.is(bv[64 + 1], -Math.sqrt(Math.abs(data(64, 11)[F + 1]!)))).toBe(true);
    } finally {
      g.__cohortWasmModule = mk;
    }
  });
});

describe.each(POOLS)('strided Wasm kernels at pool size %i', (workers) => {
  it('columns, diagonals, stepped and reversed views: stored values and folded sums', () => {
    configure({ workers });
    for (const n of [1, 2, 7, 1001, 20_003]) {
      const xv = data(n, workers);
      const yv = data(n, 7).subarray(0, n);
      const X = np.array(xv).reshape(n, F);
      const y = np.array(yv);
      const c = 0.75 + workers;
      for (let j = 0; j < F; j++) {
        const Xj = X.get(`:, ${j}`);
        // Xj · ((y − c) + c·Xj): lasso's residual product, with a fresh scalar per pool size.
        const e = np.multiply(Xj, np.add(np.subtract(y, c), np.multiply(c, Xj)));
        const ev = e.toArray() as Float64Array;
        for (let i = 0; i < n; i++) {
          const xij = xv[i * F + j]!;
          const want = xij * (yv[i]! - c + c * xij);
          if (!Object.is(ev[i], want)) expect([n, j, i, ev[i]]).toEqual([n, j, i, want]);
        }
        // The fused sum over the strided operands: the bits of summing the stored values (NaN when
        // a NaN is among them, which this data has from n = 199 on; see the NaN-free test below).
        const folded = np
          .sum(np.multiply(Xj, np.add(np.subtract(y, c), np.multiply(c, Xj))))
          .item() as number;
        const stored = np.sum(np.array(ev)).item() as number;
        if (!(Object.is(folded, stored) || (Number.isNaN(folded) && Number.isNaN(stored))))
          expect([n, j, folded]).toEqual([n, j, stored]);
      }
      // Stepped (::2) and reversed (::-1) views of y; a stride-(F+1) diagonal of a square block.
      const m = Math.min(n, F);
      const sq = np.array(xv.subarray(0, m * m)).reshape(m, m);
      const cases: [np.ndarray, (i: number) => number, number][] = [
        [y.get('::2'), (i) => yv[2 * i]!, Math.ceil(n / 2)],
        [y.get('::-1'), (i) => yv[n - 1 - i]!, n],
        [np.diagonal(sq), (i) => xv[i * m + i]!, m],
      ];
      for (const [v, at, len] of cases) {
        const r = np.divide(np.subtract(v, c), np.add(np.abs(v), 1)).toArray() as Float64Array;
        expect(r.length).toBe(len);
        for (let i = 0; i < len; i++) {
          const want = (at(i) - c) / (Math.abs(at(i)) + 1);
          if (!Object.is(r[i], want)) expect([len, i, r[i]]).toEqual([len, i, want]);
        }
      }
    }
  });

  it('folded sums and products over strided views: the bits of storing, then reducing; own buffers alike', () => {
    configure({ workers });
    for (const n of [16, 1001, 20_003]) {
      // NaN-free values near 1 (products stay finite), in the heap and in a buffer of their own.
      const xv = Float64Array.from({ length: n * F }, (_, i) => 1 + Math.sin(i * 0.61 + workers) * 1e-3);
      const own = new Float64Array(new SharedArrayBuffer(xv.byteLength));
      own.set(xv);
      for (const [X, where] of [
        [np.array(xv).reshape(n, F), 'heap'],
        [np.asarray(own).reshape(n, F), 'own'],
      ] as const) {
        for (let j = 0; j < F; j++) {
          const Xj = X.get(`:, ${j}`);
          const back = X.get(`::-1, ${j}`);
          const make = () => np.add(np.multiply(Xj, 0.5), np.multiply(back, 0.5));
          const ev = make().toArray() as Float64Array;
          for (let i = 0; i < n; i++) {
            const want = xv[i * F + j]! * 0.5 + xv[(n - 1 - i) * F + j]! * 0.5;
            if (!Object.is(ev[i], want)) expect([where, n, j, i, ev[i]]).toEqual([where, n, j, i, want]);
          }
          const sum = np.sum(make()).item();
          const prod = np.prod(make()).item();
          expect([where, n, j, sum, prod]).toEqual([
            where,
            n,
            j,
            np.sum(np.array(ev)).item(),
            np.prod(np.array(ev)).item(),
          ]);
        }
      }
    }
  });

  it('2-D views with strided rows (transposes, stepped columns): naive values, own buffers alike', () => {
    configure({ workers });
    for (const [r, c] of [
      [1, 1],
      [3, 5],
      [67, 129],
      [300, 250],
    ] as const) {
      const v = data(r * c, 5 + workers)
        .slice(0, r * c)
        .map((x) => (Number.isNaN(x) ? 0.5 : x));
      const own = new Float64Array(new SharedArrayBuffer(v.byteLength));
      own.set(v);
      for (const [A, where] of [
        [np.array(v).reshape(r, c), 'heap'],
        [np.asarray(own).reshape(r, c), 'own'],
      ] as const) {
        // A transposed copy, and an expression over the transpose and a stepped view of it.
        const t = A.T.copy().toArray() as Float64Array;
        for (let j = 0; j < c; j++)
          for (let i = 0; i < r; i++)
            if (!Object.is(t[j * r + i], v[i * c + j])) expect([where, r, c, i, j]).toEqual(['equal']);
        // Negative strides both ways, transposed: A[::-1, ::-2].T.
        const cn = Math.ceil(c / 2);
        const nv = A.get('::-1, ::-2').T.copy().toArray() as Float64Array;
        for (let j = 0; j < cn; j++)
          for (let i = 0; i < r; i++)
            if (!Object.is(nv[j * r + i], v[(r - 1 - i) * c + (c - 1 - 2 * j)]))
              expect([where, 'negative strides', r, c, i, j]).toEqual(['equal']);
        const cs = Math.ceil(c / 2);
        const e = np
          .add(np.multiply(A.T.get('::2'), 1.5), np.sqrt(np.abs(A.T.get('::2'))))
          .toArray() as Float64Array;
        expect(e.length).toBe(cs * r);
        for (let j = 0; j < cs; j++)
          for (let i = 0; i < r; i++) {
            const x = v[i * c + 2 * j]!;
            const want = x * 1.5 + Math.sqrt(Math.abs(x));
            if (!Object.is(e[j * r + i], want))
              expect([where, r, c, i, j, e[j * r + i]]).toEqual([where, r, c, i, j, want]);
          }
      }
    }
  });

  it('a big transposed copy warms the strided rows module; int32 keeps the JavaScript kernel', () => {
    configure({ workers });
    const [r, c] = [600, 450]; // 270,000 elements
    const v = Float64Array.from({ length: r * c }, (_, k) => k * 0.5 - 7);
    const before = warmedWasmKernels();
    // 10 + workers negations: a tree of its own at each pool size (kernels are cached by tree).
    let t = np.array(v).reshape(r, c).T;
    for (let k = 0; k < 10 + workers; k++) t = np.negative(t);
    const sign = workers % 2 === 0 ? 1 : -1;
    const tv = t.toArray() as Float64Array;
    expect(warmedWasmKernels()).toBe(before + 1);
    for (let k = 0; k < r * c; k += 101) {
      const [j, i] = [Math.floor(k / r), k % r];
      expect(tv[k]).toBe(sign * v[i * c + j]!);
    }
    const iv = Int32Array.from({ length: 12 }, (_, k) => k - 5);
    const it32 = np.array(iv, { dtype: 'int32' }).reshape(3, 4).T.copy().toArray() as Int32Array;
    expect(Array.from(it32)).toEqual([-5, -1, 3, -4, 0, 4, -3, 1, 5, -2, 2, 6]);
  });

  it('a big strided launch warms the strided module, and its values are exact', () => {
    configure({ workers });
    const n = WARM_WASM_ELEMENTS + 3;
    const xv = data(n, 3 + workers);
    const X = np.array(xv).reshape(n, F);
    // workers + 2 negations: a tree unlike the other pool sizes', so a fresh kernel here.
    let a = X.get(':, 1');
    for (let k = 0; k < workers + 2; k++) a = np.negative(a);
    const before = warmedWasmKernels();
    const r = np.multiply(a, 1.5).toArray() as Float64Array;
    expect(warmedWasmKernels()).toBe(before + 1);
    const sign = workers % 2 === 0 ? 1 : -1;
    for (let i = 0; i < n; i++) {
      const want = sign * xv[i * F + 1]! * 1.5;
      if (!Object.is(r[i], want)) expect([i, r[i]]).toEqual([i, want]);
    }
  });
});
