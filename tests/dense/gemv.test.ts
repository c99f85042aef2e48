/**
 * GEMV — `A @ x`, `x @ A`, `A.T @ x` and `dot` of float64 matrices and vectors — against naive
 * references in the kernel's own summation order (so the comparison is exact, NaN and ±Inf
 * included), on random shapes and on contiguous, transposed, strided and reversed views, at pool
 * sizes 0, 1 and 2 with pieces forced small (so rows split across workers): every result equals
 * the same bits at every worker count. Heap operands (the Wasm SIMD sweeps) give the bits of
 * own-buffer operands (JavaScript).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { gemvSplitBlock } from '../../dense/kernels-gemv-split.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

/**
 * y = M·x in the kernel's order; M[i][j] = m[i * k + j]; `cols`: the column sweep's order, over
 * blocks of `kb` columns summed in block order when given (the split along k).
 */
function ref(m: number[], x: number[], rows: number, k: number, cols: boolean, kb = k): number[] {
  const y: number[] = [];
  for (let i = 0; i < rows; i++) {
    const a = (j: number) => m[i * k + j]! * x[j]!;
    if (cols && k > 0) {
      let total = 0;
      for (let j0 = 0; j0 < k; j0 += kb) {
        const j1 = Math.min(k, j0 + kb);
        let s = 0;
        let j = j0;
        for (; j + 3 < j1; j += 4) s += a(j) + a(j + 1) + (a(j + 2) + a(j + 3));
        for (; j < j1; j++) s += a(j);
        total = j0 === 0 ? s : total + s;
      }
      y.push(total);
    } else {
      const s = [0, 0, 0, 0];
      let j = 0;
      for (; j + 3 < k; j += 4) for (let q = 0; q < 4; q++) s[q] += a(j + q);
      for (; j < k; j++) s[0] += a(j);
      y.push(s[0]! + s[1]! + (s[2]! + s[3]!));
    }
  }
  return y;
}

type Layout = 'c' | 'T' | 'step' | 'rev';
/** An r×c float64 array holding v (row-major) as a contiguous, transposed, strided or reversed view. */
function make(v: number[], r: number, c: number, layout: Layout, own: boolean): np.ndarray {
  const arr = (t: number[]) => {
    if (!own) return np.array(t, { dtype: 'float64' });
    const b = new Float64Array(new SharedArrayBuffer(8 * Math.max(t.length, 1)), 0, t.length);
    b.set(t);
    return np.asarray(b);
  };
  if (layout === 'c') return arr(v).reshape(r, c);
  if (layout === 'T') {
    const t = new Array<number>(r * c);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = v[i * c + j]!;
    return arr(t).reshape(c, r).T;
  }
  if (layout === 'step') {
    const t = new Array<number>(4 * r * c).fill(7);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[4 * i * c + 2 * j] = v[i * c + j]!;
    return arr(t)
      .reshape(2 * r, 2 * c)
      .get('::2, ::2');
  }
  const t = new Array<number>(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[(r - 1 - i) * c + (c - 1 - j)] = v[i * c + j]!;
  return arr(t).reshape(r, c).get('::-1, ::-1');
}

/** A vector holding v, contiguous, every other element of a longer one, or reversed. */
function vec(v: number[], layout: 'c' | 'step' | 'rev', own: boolean): np.ndarray {
  const t = layout === 'c' ? v : layout === 'rev' ? [...v].reverse() : v.flatMap((e) => [e, 5]);
  const b = own ? new Float64Array(new SharedArrayBuffer(8 * Math.max(t.length, 1)), 0, t.length) : null;
  b?.set(t);
  const a = b ? np.asarray(b) : np.array(t, { dtype: 'float64' });
  return layout === 'c' ? a : layout === 'rev' ? a.get('::-1') : a.get('::2');
}

/** Whether the kernel sweeps columns for M: strides (1, s≠1) in elements. */
function sweepsColumns(M: np.ndarray): boolean {
  const [s0, s1] = M.store.strides as [number, number];
  return s0 === 1 && s1 !== 1 && M.shape[1]! > 0;
}

const valueArb = fc.oneof(
  { weight: 300, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e300),
  },
);
const caseArb = fc
  .record({
    m: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(1, 2, 17, 1030)),
    k: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom(255, 257)),
    la: fc.constantFrom<Layout>('c', 'T', 'step', 'rev'),
    lx: fc.constantFrom<'c' | 'step' | 'rev'>('c', 'step', 'rev'),
    form: fc.constantFrom('A@x', 'x@A', 'A.T@x', 'dot(A,x)', 'dot(x,A)'),
    own: fc.boolean(),
  })
  .filter((c) => c.m * c.k <= 20_000)
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      va: fc.array(valueArb, { minLength: c.m * c.k, maxLength: c.m * c.k }),
      vx: fc.array(valueArb, { minLength: Math.max(c.m, c.k), maxLength: Math.max(c.m, c.k) }),
    }),
  );

function transposeFlat(v: number[], r: number, c: number): number[] {
  const t = new Array<number>(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = v[i * c + j]!;
  return t;
}

describe.each(POOLS)('GEMV at pool size %i (pieces of any size)', (workers) => {
  it('equals the naive reference in the kernel order on random shapes, views and forms', () => {
    configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
    fc.assert(
      fc.property(caseArb, ({ c, va, vx }) => {
        // The matrix M of y = M·x as the kernel sees it, and the numbers it holds (row-major).
        let got: np.ndarray;
        let M: np.ndarray;
        let mv: number[];
        let rows: number;
        let k: number;
        if (c.form === 'A@x' || c.form === 'dot(A,x)') {
          // A is m×k, x has k elements.
          M = make(va, c.m, c.k, c.la, c.own);
          const x = vec(vx.slice(0, c.k), c.lx, c.own);
          got = c.form === 'A@x' ? np.matmul(M, x) : np.dot(M, x);
          [mv, rows, k] = [va, c.m, c.k];
        } else if (c.form === 'A.T@x') {
          // A is k×m (va read as such), A.T is m×k.
          const A = make(va, c.k, c.m, c.la, c.own);
          M = A.T;
          got = np.matmul(A.T, vec(vx.slice(0, c.k), c.lx, c.own));
          [mv, rows, k] = [transposeFlat(va, c.k, c.m), c.m, c.k];
        } else {
          // x @ A with A k×m: M = A.T.
          const A = make(va, c.k, c.m, c.la, c.own);
          M = A.T;
          const x = vec(vx.slice(0, c.k), c.lx, c.own);
          got = c.form === 'x@A' ? np.matmul(x, A) : np.dot(x, A);
          [mv, rows, k] = [transposeFlat(va, c.k, c.m), c.m, c.k];
        }
        expect(got.shape).toEqual([rows]);
        expect(got.dtype).toBe('float64');
        const want = ref(mv, vx.slice(0, k), rows, k, sweepsColumns(M));
        const flat = got.toArray() as Float64Array;
        for (let i = 0; i < rows; i++) {
          if (!Object.is(flat[i], want[i]) && !(Number.isNaN(flat[i]!) && Number.isNaN(want[i]!)))
            expect([c, i, flat[i]]).toEqual([c, i, want[i]]);
        }
      }),
      { numRuns: 80 },
    );
  });
});

describe.each(POOLS)(
  'GEMV split along k at pool size %i (short y, long k, columns contiguous)',
  (workers) => {
    it('sums block partials in block order, equal to the naive reference in that order', () => {
      configure({ workers, mapper: new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 }) });
      fc.assert(
        fc.property(
          fc.record({
            m: fc.integer({ min: 1, max: 7 }),
            k: fc.oneof(fc.integer({ min: 8192, max: 40_000 }), fc.constantFrom(8192, 8193, 16_391)),
            lx: fc.constantFrom<'c' | 'step' | 'rev'>('c', 'step', 'rev'),
            form: fc.constantFrom('x@A', 'A.T@x', 'dot(x,A)'),
            own: fc.boolean(),
            seed: fc.array(valueArb, { minLength: 1, maxLength: 50 }),
          }),
          ({ m, k, lx, form, own, seed }) => {
            // A is k×m (row-major), M = A.T (m×k, columns contiguous).
            const va = Array.from({ length: k * m }, (_, i) => seed[(i * 7) % seed.length]! * (1 + (i % 11)));
            const vx = Array.from({ length: k }, (_, j) => seed[(j * 3 + 1) % seed.length]! - (j % 5));
            const A = make(va, k, m, 'c', own);
            const x = vec(vx, lx, own);
            const got =
              form === 'x@A' ? np.matmul(x, A) : form === 'A.T@x' ? np.matmul(A.T, x) : np.dot(x, A);
            // A k×1 A.T has unit strides both ways: the row dot, not the split.
            const cols = sweepsColumns(A.T);
            const want = ref(transposeFlat(va, k, m), vx, m, k, cols, gemvSplitBlock(k));
            const flat = got.toArray() as Float64Array;
            for (let i = 0; i < m; i++) {
              if (!Object.is(flat[i], want[i]) && !(Number.isNaN(flat[i]!) && Number.isNaN(want[i]!)))
                expect([m, k, form, i, flat[i]]).toEqual([m, k, form, i, want[i]]);
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  },
);

describe('GEMV across worker counts (default mapper, 2 pieces at 2 workers)', () => {
  it('gives the same bits at pool sizes 0, 1, 2 for 1200 × 700, 700 × 1200, 40000 × 20 (split along k), every form', () => {
    const results = new Map<string, Float64Array>();
    for (const workers of POOLS) {
      configure({ workers, mapper: new DefaultMapper() });
      for (const [m, k] of [
        [1200, 700],
        [700, 1200],
        [40_000, 20],
      ] as const) {
        const rng = np.random.default_rng(m);
        const A = rng.standard_normal([m, k]);
        const x = rng.standard_normal([k]);
        const z = rng.standard_normal([m]);
        const forms: [string, np.ndarray][] = [
          ['A@x', np.matmul(A, x)],
          ['z@A', np.matmul(z, A)],
          ['A.T@z', np.matmul(A.T, z)],
        ];
        for (const [name, r] of forms) {
          const key = `${m}x${k} ${name}`;
          const bits = Float64Array.from(r.toArray() as Float64Array);
          const first = results.get(key);
          if (first === undefined) results.set(key, bits);
          else
            expect([key, workers, Buffer.from(bits.buffer).equals(Buffer.from(first.buffer))]).toEqual([
              key,
              workers,
              true,
            ]);
        }
        // z@A and A.T@z are the same product, the same bits.
        expect(
          Buffer.from(results.get(`${m}x${k} z@A`)!.buffer).equals(
            Buffer.from(results.get(`${m}x${k} A.T@z`)!.buffer),
          ),
        ).toBe(true);
      }
    }
  });

  it('rejects mismatched inner dimensions, naming both arguments', () => {
    configure({ workers: 0 });
    expect(() => np.matmul(np.ones([3, 4]), np.ones([5]))).toThrow(
      "matmul: argument 'b' with shape [5] does not match argument 'a' with shape [3,4] (inner dimensions 4 and 5)",
    );
    expect(() => np.matmul(np.ones([5]), np.ones([3, 4]))).toThrow(
      "matmul: argument 'b' with shape [3,4] does not match argument 'a' with shape [5] (inner dimensions 5 and 3)",
    );
  });
});

describe.each(POOLS)('GEMV column sweep over chunks at pool size %i (default mapper)', (workers) => {
  it('equals the reference for y longer than a column chunk (8192 rows), odd length, K not a multiple of 4', () => {
    configure({ workers, mapper: new DefaultMapper() });
    // A is k×m, M = A.T (m×k, columns contiguous): y of m = 2·8192 + 3 rows crosses two chunk
    // boundaries in one piece at pool size 0, and an odd last row goes to the JavaScript loop.
    const [k, m] = [7, 2 * 8192 + 3];
    const va = Array.from({ length: k * m }, (_, i) => Math.sin(i * 0.37) * (1 + (i % 13)));
    const vx = Array.from({ length: k }, (_, j) => Math.cos(j + 0.5) - 0.25 * j);
    const A = np.array(va).reshape(k, m);
    const want = ref(transposeFlat(va, k, m), vx, m, k, true);
    for (const got of [np.matmul(A.T, np.array(vx)), np.matmul(np.array(vx), A)]) {
      const flat = got.toArray() as Float64Array;
      for (let i = 0; i < m; i++)
        if (!Object.is(flat[i], want[i])) expect([i, flat[i]]).toEqual([i, want[i]]);
    }
  });
});
