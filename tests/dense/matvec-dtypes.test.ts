/**
 * Matrix × vector products of every dtype pair — `A @ x`, `x @ A`, `A.T @ x`, `dot(A, x)`,
 * `dot(x, A)` — on random shapes (empty, 1 × n, n × 1, k across the 256-wide k slices), on
 * contiguous, transposed, strided and reversed views, against a naive loop, at pool sizes 0, 1 and
 * 2 with pieces forced small (rows split across workers); then the same cases at every pool size
 * give the same bits. (tests/dense/gemv.test.ts checks the float64 GEMV sweeps' own summation
 * order exactly; this file checks the forms and dtypes around them.)
 *
 * Integer and bool results must equal NumPy's exactly (sums wrap to the result type; checked with
 * BigInt, values small enough that the float64 sums are exact). Float results are within the
 * summation error bound of the naive sum: |got − want| ≤ (k + 2)·ε·Σ|aᵢ·xᵢ| (ε of the result
 * dtype), as any summation order gives (float32: plus the final rounding and underflow).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, type DType } from '../../runtime/index.js';
import { DTYPES, POOLS, promoteRef } from './ref.js';

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

type Layout = 'c' | 'T' | 'step' | 'rev';
type VLayout = 'c' | 'step' | 'rev';
type Form = 'A@x' | 'x@A' | 'A.T@x' | 'dot(A,x)' | 'dot(x,A)';

/** An r×c array holding v (row-major) as a contiguous, transposed, strided or reversed view. */
function mat(v: number[], r: number, c: number, dt: DType, layout: Layout): np.ndarray {
  if (layout === 'c') return np.array(v, { dtype: dt }).reshape(r, c);
  if (layout === 'T') {
    const t = new Array<number>(r * c);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[j * r + i] = v[i * c + j]!;
    return np.array(t, { dtype: dt }).reshape(c, r).T;
  }
  if (layout === 'step') {
    const t = new Array<number>(4 * r * c).fill(3);
    for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[4 * i * c + 2 * j] = v[i * c + j]!;
    return np
      .array(t, { dtype: dt })
      .reshape(2 * r, 2 * c)
      .get('::2, ::2');
  }
  const t = new Array<number>(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) t[(r - 1 - i) * c + (c - 1 - j)] = v[i * c + j]!;
  return np.array(t, { dtype: dt }).reshape(r, c).get('::-1, ::-1');
}

/** A vector holding v: contiguous, every other element of a longer one, or reversed. */
function vec(v: number[], dt: DType, layout: VLayout): np.ndarray {
  if (layout === 'c') return np.array(v, { dtype: dt });
  if (layout === 'rev') return np.array([...v].reverse(), { dtype: dt }).get('::-1');
  return np
    .array(
      v.flatMap((e) => [e, 1]),
      { dtype: dt },
    )
    .get('::2');
}

/** Values of a dtype kept small enough that integer sums are exact in float64 (k ≤ 300). */
function values(dt: DType): fc.Arbitrary<number> {
  switch (dt) {
    case 'bool':
      return fc.constantFrom(0, 1);
    case 'uint8':
      return fc.integer({ min: 0, max: 255 });
    case 'int32':
      return fc.integer({ min: -(2 ** 20), max: 2 ** 20 });
    case 'float32':
      return fc.float({ min: -1e3, max: 1e3, noNaN: true }).map(Math.fround);
    default:
      return fc.double({ min: -1e6, max: 1e6, noNaN: true });
  }
}

const caseArb = fc
  .record({
    m: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(1, 17, 300)),
    k: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(1, 255, 257)),
    da: fc.constantFrom(...DTYPES),
    dx: fc.constantFrom(...DTYPES),
    la: fc.constantFrom<Layout>('c', 'T', 'step', 'rev'),
    lx: fc.constantFrom<VLayout>('c', 'step', 'rev'),
    form: fc.constantFrom<Form>('A@x', 'x@A', 'A.T@x', 'dot(A,x)', 'dot(x,A)'),
  })
  .filter((c) => c.m * c.k <= 20_000)
  .chain((c) =>
    fc.record({
      c: fc.constant(c),
      va: fc.array(values(c.da), { minLength: c.m * c.k, maxLength: c.m * c.k }),
      vx: fc.array(values(c.dx), { minLength: c.k, maxLength: c.k }),
    }),
  );
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Runs one case. The product is always y[i] = Σ_j M[i][j]·x[j] with M m×k held row-major in
 * `va`: for `x@A` and `A.T@x` the array built is A = Mᵀ (k×m).
 */
function run({ c, va, vx }: Case): np.ndarray {
  const x = vec(vx, c.dx, c.lx);
  if (c.form === 'A@x' || c.form === 'dot(A,x)') {
    const A = mat(va, c.m, c.k, c.da, c.la);
    return c.form === 'A@x' ? np.matmul(A, x) : np.dot(A, x);
  }
  const t = new Array<number>(c.m * c.k);
  for (let i = 0; i < c.m; i++) for (let j = 0; j < c.k; j++) t[j * c.m + i] = va[i * c.k + j]!;
  const A = mat(t, c.k, c.m, c.da, c.la);
  if (c.form === 'A.T@x') return np.matmul(A.T, x);
  return c.form === 'x@A' ? np.matmul(x, A) : np.dot(x, A);
}

/** Checks y against the naive loop: exact (wrapped) for integers and bool, bounded for floats. */
function check(got: np.ndarray, { c, va, vx }: Case): void {
  const dt = promoteRef(c.da, c.dx);
  expect(got.shape).toEqual([c.m]);
  expect(got.dtype).toBe(dt);
  const y = Array.from(got.toArray() as ArrayLike<number | boolean>, Number);
  for (let i = 0; i < c.m; i++) {
    if (dt === 'float32' || dt === 'float64') {
      let s = 0;
      let bound = 0;
      for (let j = 0; j < c.k; j++) {
        const p = va[i * c.k + j]! * vx[j]!;
        s += p;
        bound += Math.abs(p);
      }
      const eps = dt === 'float32' ? 2 ** -23 : 2 ** -52;
      // float32: the cast of the sum rounds once more, and products may underflow (NumPy multiplies
      // in float32): below the smallest normal, an absolute allowance per product.
      const tol =
        (c.k + 2) * eps * bound + (dt === 'float32' ? Math.abs(s) * eps + (c.k + 1) * 2 ** -126 : 0);
      if (!(Math.abs(y[i]! - s) <= tol)) expect([c, i, y[i]]).toEqual([c, i, s]);
    } else {
      let s = 0n;
      for (let j = 0; j < c.k; j++) s += BigInt(va[i * c.k + j]!) * BigInt(vx[j]!);
      const want =
        dt === 'bool'
          ? s !== 0n
            ? 1
            : 0
          : Number(dt === 'int32' ? BigInt.asIntN(32, s) : BigInt.asUintN(8, s));
      if (y[i] !== want) expect([c, i, y[i]]).toEqual([c, i, want]);
    }
  }
}

/** Pieces of a few rows: the products are split across the workers even at these sizes. */
const smallPieces = () => new DefaultMapper({ minPieceBytes: 64, inlineBytes: 0 });

describe.each(POOLS)('matrix × vector, every dtype pair, at pool size %i', (workers) => {
  it('equals the naive loop on random shapes (empty, 1×n, n×1), views and forms', () => {
    configure({ workers, mapper: smallPieces() });
    fc.assert(
      fc.property(caseArb, (cs) => check(run(cs), cs)),
      { numRuns: 120 },
    );
  });
});

describe('matrix × vector across pool sizes', () => {
  it('gives the same bits at pool sizes 0, 1 and 2 for the same cases', () => {
    const cases = fc.sample(caseArb, { numRuns: 60, seed: 24 });
    const bits: Uint8Array[][] = [];
    for (const workers of POOLS) {
      configure({ workers, mapper: smallPieces() });
      bits.push(
        cases.map((cs) => {
          const y = run(cs);
          const a = y.toArray() as ArrayLike<number | boolean>;
          return new Uint8Array(Float64Array.from(a, Number).buffer);
        }),
      );
    }
    for (let p = 1; p < bits.length; p++) {
      for (let q = 0; q < cases.length; q++) {
        if (!Buffer.from(bits[p]![q]!).equals(Buffer.from(bits[0]![q]!)))
          expect([POOLS[p], cases[q]!.c, Array.from(bits[p]![q]!)]).toEqual([
            POOLS[p],
            cases[q]!.c,
            Array.from(bits[0]![q]!),
          ]);
      }
    }
  });
});
