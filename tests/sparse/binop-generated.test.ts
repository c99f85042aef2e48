/**
 * Sparse ⊕ sparse (`A + B`, `A - B`, `A.multiply(B)`) runs codegen's zero-dropping merge kernels:
 * results follow SciPy's rule (the dense result, no explicit zeros, sorted indices) for CSR, CSC
 * and COO operands — non-canonical ones included (duplicates, explicit zeros, unsorted) — with
 * NaN/±Inf, mixed dtypes and cancellations, at pool sizes 0, 1 and 2; and the generated kernels
 * (`.gen`, `.gen.wasm.guard`) are the ones that ran, not the hand loop.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { heapMemory } from '../../runtime/heap.js';
import { configure, type DType, getKernel } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { build, type Mat, matArb, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const registered = (name: string) => {
  try {
    getKernel(name);
    return true;
  } catch {
    return false;
  }
};

const SPECIAL = [Number.NaN, Infinity, -Infinity];
/** A matrix from `matArb` with some values replaced by NaN or ±Inf. */
const withSpecials = (m: Mat, picks: readonly number[]): Mat => ({
  ...m,
  v: m.v.map((x, k) => (picks[k] !== undefined && picks[k]! < 3 ? SPECIAL[picks[k]!]! : x)),
});
const specialsArb = fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 100 });

type Op = 'add' | 'subtract' | 'multiply';
const OPS: readonly Op[] = ['add', 'subtract', 'multiply'];

/** Per stored cell (duplicates summed in float64, rounded to `dt`), the value. */
function cells(a: Mat, dt: DType): Map<number, number> {
  const c = new Map<number, number>();
  for (let k = 0; k < a.v.length; k++) {
    const key = a.i[k]! * a.n + a.j[k]!;
    c.set(key, (c.get(key) ?? 0) + a.v[k]!);
  }
  if (dt === 'float32') for (const [key, x] of c) c.set(key, Math.fround(x));
  return c;
}

/** SciPy's rule: union (add, subtract) or intersection (multiply) of stored cells, nonzero results. */
function expected(op: Op, a: Mat, b: Mat, da: DType, db: DType, out: DType): Map<number, number> {
  const ca = cells(a, da);
  const cb = cells(b, db);
  const keys = new Set(
    op === 'multiply' ? [...ca.keys()].filter((k) => cb.has(k)) : [...ca.keys(), ...cb.keys()],
  );
  const r = new Map<number, number>();
  for (const k of keys) {
    const x = ca.get(k) ?? 0;
    const y = cb.get(k) ?? 0;
    const v = op === 'add' ? x + y : op === 'subtract' ? x - y : x * y;
    if (v !== 0) r.set(k, out === 'float32' ? Math.fround(v) : v);
  }
  return r;
}

/** Checks R against the expected cells: shape, format, sorted unique indices, no stored zeros, values. */
function check(R: sp.sparray, want: Map<number, number>, m: number, n: number, csc: boolean, what: string) {
  expect(R.format, what).toBe(csc ? 'csc' : 'csr');
  expect(R.shape, what).toEqual([m, n]);
  expect(R.has_canonical_format, what).toBe(true);
  const C = R as sp.csr_array | sp.csc_array;
  const ptr = C.indptr.toArray() as Int32Array;
  const idx = C.indices.toArray() as Int32Array;
  const data = C.data.toArray() as ArrayLike<number>;
  expect(R.nnz, `${what} nnz`).toBe(want.size);
  const got = new Map<number, number>();
  const outer = csc ? n : m;
  for (let r = 0; r < outer; r++) {
    for (let p = ptr[r]!; p < ptr[r + 1]!; p++) {
      if (p > ptr[r]!) expect(idx[p]! > idx[p - 1]!, `${what} sorted indices`).toBe(true);
      expect(data[p], `${what} explicit zero`).not.toBe(0);
      got.set(csc ? idx[p]! * n + r : r * n + idx[p]!, data[p]!);
    }
  }
  for (const [k, v] of want)
    expect(Object.is(got.get(k), v), `${what} [${k}] ${got.get(k)} vs ${v}`).toBe(true);
}

describe.each(POOLS)('sparse ⊕ sparse through generated merges, pool size %i', (workers) => {
  it('CSR, CSC, COO operands (non-canonical, NaN/±Inf), float64, float32 and mixed', () => {
    configure({ workers });
    const dtypes = fc.constantFrom<[DType, DType]>(
      ['float64', 'float64'],
      ['float32', 'float32'],
      ['float32', 'float64'],
      ['float64', 'float32'],
    );
    const fmt = fc.constantFrom('csr', 'csc', 'coo' as const);
    const pair = fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
      .chain(([m, n]) => fc.tuple(matArb(6, { mn: [m, n] }), matArb(6, { mn: [m, n] })));
    fc.assert(
      fc.property(pair, specialsArb, specialsArb, fmt, fmt, dtypes, ([a0, b0], sa, sb, fa, fb, [da, db]) => {
        const a = withSpecials(a0, sa);
        const b = withSpecials(b0, sb);
        const A = build(a, fa, da);
        const B = build(b, fb, db);
        const out: DType = da === 'float64' || db === 'float64' ? 'float64' : 'float32';
        const csc = fa === 'csc' && fb === 'csc';
        const R = { add: A.add(B), subtract: A.subtract(B), multiply: A.multiply(B) } as const;
        for (const op of OPS) {
          expect(R[op].dtype).toBe(out);
          check(R[op], expected(op, a, b, da, db, out), a.m, a.n, csc, `${fa} ${op} ${fb} (${da}, ${db})`);
        }
      }),
      { numRuns: 30 },
    );
    // The generated kernels ran (the hand loop's names carry no op and no `.gen`).
    for (const op of OPS) {
      const base = `${op}.float64.float64.float64.gen`;
      expect(
        registered(`sparse.binop.count.${base}`) || registered(`sparse.binop.count.${base}.wasm.guard`),
        op,
      ).toBe(true);
      expect(
        registered(`sparse.binop.fill.${base}`) || registered(`sparse.binop.fill.${base}.wasm.guard`),
        op,
      ).toBe(true);
    }
    expect(registered('sparse.binop.count.float64.float64')).toBe(false);
    expect(registered('sparse.binop.fill.float64.float64.float64')).toBe(false);
  });

  it('cancellations store nothing: A - A, A + (-A), disjoint products; the Wasm form runs on heap arrays', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(7), fc.constantFrom('csr', 'csc', 'coo' as const), (a, f) => {
        const A = build(a, f);
        const negA = build({ ...a, v: a.v.map((x) => -x) }, f);
        expect(A.subtract(A).nnz).toBe(0);
        expect(A.add(negA).nnz).toBe(0);
        const even = build({ ...a, v: a.v.map((x, k) => (a.j[k]! % 2 === 0 ? x : 0)) }, f);
        const odd = build({ ...a, v: a.v.map((x, k) => (a.j[k]! % 2 === 1 ? x : 0)) }, f);
        expect(even.multiply(odd).nnz).toBe(0);
      }),
      { numRuns: 25 },
    );
    if (heapMemory() !== null && process.env.COHORT_WASM !== '0') {
      expect(registered('sparse.binop.count.subtract.float64.float64.float64.gen.wasm.guard')).toBe(true);
      expect(registered('sparse.binop.fill.add.float64.float64.float64.gen.wasm.guard')).toBe(true);
    }
  });

  it('int32 operands run the generated JavaScript kernels (no Wasm for integer values)', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        fc
          .tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }))
          .chain(([m, n]) => fc.tuple(matArb(6, { mn: [m, n] }), matArb(6, { mn: [m, n] }))),
        ([a0, b0]) => {
          const ints = (x: Mat): Mat => ({ ...x, v: x.v.map((t) => Math.trunc(t * 2)) });
          const [a, b] = [ints(a0), ints(b0)];
          const coo = (x: Mat) =>
            sp.coo_array([Int32Array.from(x.v), [Int32Array.from(x.i), Int32Array.from(x.j)]], {
              shape: [x.m, x.n],
            });
          const A = coo(a).tocsr();
          const B = coo(b);
          for (const op of OPS) {
            const R = op === 'add' ? A.add(B) : op === 'subtract' ? A.subtract(B) : A.multiply(B);
            expect(R.dtype).toBe('int32');
            check(R, expected(op, a, b, 'int32', 'int32', 'int32'), a.m, a.n, false, `int32 ${op}`);
          }
        },
      ),
      { numRuns: 15 },
    );
    expect(registered('sparse.binop.fill.multiply.int32.int32.int32.gen')).toBe(true);
    expect(registered('sparse.binop.fill.multiply.int32.int32.int32.gen.wasm.guard')).toBe(false);
  });
});
