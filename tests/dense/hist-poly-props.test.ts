/**
 * Properties with naive references, at pool sizes 0, 1, 2: histogram's bin estimators against
 * NumPy's formulas written out in plain JavaScript ('sqrt', 'sturges', 'rice', 'fd' with NumPy's
 * linear percentile, 'auto') and invariants for all eight (edges strictly increasing over the range,
 * every value in range counted once, integer widths of at least 1, `histogram_bin_edges` the same
 * edges); `poly` of a matrix against the exact characteristic polynomial of small integer matrices
 * (Faddeev–LeVerrier, exact in doubles there), triangular matrices against their diagonal, and
 * similarity invariance; `polyfit`'s 2-D `cov` against the 1-D fit of each column. Then every new
 * error path with its message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, OverflowError } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const EPS = 2.220446049250313e-16;
const EST = ['auto', 'fd', 'doane', 'scott', 'stone', 'rice', 'sturges', 'sqrt'] as const;
type Est = (typeof EST)[number];
const list = (a: np.ndarray): number[] => Array.from(a.toArray() as ArrayLike<number>, Number);

/** NumPy's linear percentile of sorted values (its `_lerp`). */
function pct(s: number[], q: number): number {
  const vi = (s.length - 1) * (q / 100);
  const lo = Math.floor(vi);
  const hi = Math.min(lo + 1, s.length - 1);
  const t = vi - lo;
  const a = s[lo]!;
  const b = s[hi]!;
  const d = b - a;
  return t >= 0.5 ? b - d * (1 - t) : a + d * t;
}

/** NumPy's bin count for the simple estimators, float64 or integer data, no range. */
function refCount(est: 'sqrt' | 'sturges' | 'rice' | 'fd' | 'auto', v: number[], int: boolean): number {
  const n = v.length;
  if (n === 0) return 1;
  const s = [...v].sort((x, y) => x - y);
  let lo = s[0]!;
  let hi = s[n - 1]!;
  const ptp = hi - lo;
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const sqrt = ptp / Math.sqrt(n);
  const sturges = ptp / (Math.log2(n) + 1);
  const fd = 2 * (pct(s, 75) - pct(s, 25)) * n ** (-1 / 3);
  const fdc = sqrt / 2 > fd ? sqrt / 2 : fd;
  const w = { sqrt, sturges, rice: ptp / (2 * n ** (1 / 3)), fd, auto: sturges < fdc ? sturges : fdc }[est];
  if (w === 0) return 1;
  return Math.ceil((hi - lo) / (int && w < 1 ? 1 : w));
}

const dataArb = fc.oneof(
  fc.array(
    fc.integer({ min: -400, max: 400 }).map((k) => k / 8),
    { maxLength: 60 },
  ),
  fc.array(fc.constantFrom(-1, 0, 0, 0, 2.5), { maxLength: 30 }),
);

for (const workers of POOLS) {
  describe(`histogram estimators, poly, polyfit cov against naive references (workers=${workers})`, () => {
    it('sqrt, sturges, rice, fd, auto give NumPy-formula bin counts and linspace edges', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          dataArb,
          fc.constantFrom('sqrt', 'sturges', 'rice', 'fd', 'auto' as const),
          fc.boolean(),
          (vals, est, asInt) => {
            const v = asInt ? vals.map((x) => Math.round(x) + 0) : vals; // + 0: no -0 in int32
            const a = np.array(v, asInt ? 'int32' : 'float64');
            const [h, e] = np.histogram(a, est) as [np.ndarray, np.ndarray];
            const nb = refCount(est, v, asInt);
            expect(h.shape).toEqual([nb]);
            const lo = v.length ? Math.min(...v) : 0;
            const hi = v.length ? Math.max(...v) : 1;
            const [l, u] = lo === hi ? [lo - 0.5, hi + 0.5] : [lo, hi];
            expect(list(e)).toEqual(list(np.linspace(l, u, nb + 1)));
            expect(list(np.sum(h) as np.ndarray)).toEqual([v.length]);
          },
        ),
        { numRuns: 60 },
      );
    });

    it('every estimator: increasing edges over the range, each value in range counted once', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          dataArb,
          fc.constantFrom(...EST),
          fc.constantFrom('float64', 'float32', 'int32', 'uint8' as const),
          fc.option(fc.tuple(fc.integer({ min: -40, max: 10 }), fc.integer({ min: 0, max: 40 }))),
          (vals, est: Est, dt, r) => {
            const v = dt === 'int32' || dt === 'uint8' ? vals.map((x) => Math.abs(Math.round(x))) : vals;
            const a = np.array(v, dt);
            const stored = list(a);
            const range = r === null ? null : ([r[0] / 4, r[0] / 4 + r[1] / 4] as [number, number]);
            const [h, e] = np.histogram(a, { bins: est, range }) as [np.ndarray, np.ndarray];
            const edges = list(e);
            const nb = h.shape[0]!;
            expect(edges.length).toBe(nb + 1);
            for (let k = 0; k < nb; k++) expect(edges[k]! < edges[k + 1]!).toBe(true);
            const first = edges[0]!;
            const last = edges[nb]!;
            const inside = stored.filter((x) => x >= first && x <= last).length;
            expect(list(np.sum(h) as np.ndarray)).toEqual([inside]);
            if (dt === 'int32' || dt === 'uint8') {
              // widths of at least 1: no more bins than the (widened) range is long
              expect(nb).toBeLessThanOrEqual(Math.max(1, Math.ceil(last - first)));
            }
            // Stone tries at most max(100, √n) bins over the data's spread; a wider range holds more.
            if (est === 'stone' && range === null)
              expect(nb).toBeLessThanOrEqual(Math.max(100, Math.floor(Math.sqrt(v.length))) + 1);
            expect(list(np.histogram_bin_edges(a, est as never, range))).toEqual(edges);
          },
        ),
        { numRuns: 60 },
      );
    });

    it('poly of small integer matrices is their exact characteristic polynomial (to rounding)', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc
            .integer({ min: 1, max: 6 })
            .chain((n) =>
              fc
                .array(fc.integer({ min: -4, max: 4 }), { minLength: n * n, maxLength: n * n })
                .map((v) => ({ n, v })),
            ),
          ({ n, v }) => {
            const got = list(np.poly(np.array(v, 'int32').reshape([n, n])));
            const want = faddeevLeVerrier(v, n);
            const fro = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
            expect(got.length).toBe(n + 1);
            for (let k = 0; k <= n; k++)
              expect(Math.abs(got[k]! - want[k]!)).toBeLessThanOrEqual(16 * EPS * binom(n, k) * fro ** k);
          },
        ),
        { numRuns: 60 },
      );
    });

    it('poly of an upper triangular matrix is the product of (λ − aᵢᵢ); similar matrices share it', () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 7 }).chain((n) =>
            fc
              .array(
                fc.integer({ min: -2000, max: 2000 }).map((k) => k / 128),
                { minLength: n * n, maxLength: n * n },
              )
              .map((v) => ({ n, v })),
          ),
          ({ n, v }) => {
            const A = np.array(v).reshape([n, n]);
            const d = list(np.diagonal(A));
            // Upper triangular: already Hessenberg with a zero subdiagonal, so exactly NumPy's
            // product of the roots; lower triangular: to rounding.
            const got = list(np.poly(np.triu(A)));
            const want = list(np.poly(d));
            for (let k = 0; k <= n; k++) expect(got[k] === want[k]).toBe(true);
            const fro = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
            const tol = (k: number) => 32 * EPS * binom(n, k) * fro ** k;
            const lower = list(np.poly(np.tril(A)));
            for (let k = 0; k <= n; k++) expect(Math.abs(lower[k]! - want[k]!)).toBeLessThanOrEqual(tol(k));
            // A permutation similarity and the transpose keep the polynomial (to rounding).
            const perm = [...Array(n).keys()].reverse();
            const P = np.take(np.take(A, perm, 0), perm, 1);
            const pa = list(np.poly(A));
            for (const B of [P, np.transpose(A)]) {
              const pb = list(np.poly(B));
              for (let k = 0; k <= n; k++) expect(Math.abs(pb[k]! - pa[k]!)).toBeLessThanOrEqual(tol(k));
            }
          },
        ),
        { numRuns: 40 },
      );
    });

    it("polyfit's cov for 2-D y is the 1-D cov of each column", () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 3 }),
          fc.integer({ min: 1, max: 3 }),
          fc.integer({ min: 0, max: 1000 }),
          (deg, K, seed) => {
            const n = deg + 3;
            const x = np.linspace(-1, 2, n);
            np.random.seed(seed);
            const Y = np.random.randn(n, K) as np.ndarray;
            const [c, V] = np.polyfit(x, Y, deg, { cov: true }) as np.ndarray[];
            const [, U] = np.polyfit(x, Y, deg, { cov: 'unscaled' }) as np.ndarray[];
            const o = deg + 1;
            expect(c!.shape).toEqual([o, K]);
            expect(V!.shape).toEqual([o, o, K]);
            expect(U!.shape).toEqual([o, o, 1]);
            for (let k = 0; k < K; k++) {
              const yk = np.copy(Y.get([':', k]));
              const [, v1] = np.polyfit(x, yk, deg, { cov: true }) as np.ndarray[];
              const [, u1] = np.polyfit(x, yk, deg, { cov: 'unscaled' }) as np.ndarray[];
              const vk = list(np.copy(V!.get([':', ':', k])));
              list(v1!).forEach((w, j) => {
                expect(Math.abs(vk[j]! - w)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(w)));
              });
              expect(list(np.copy(U!.get([':', ':', 0])))).toEqual(list(u1!));
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  });
}

/** C(n, k) as a double. */
function binom(n: number, k: number): number {
  let r = 1;
  for (let j = 1; j <= k; j++) r = (r * (n - k + j)) / j;
  return r;
}

/** det(λI − A) by Faddeev–LeVerrier: exact in doubles for small integer matrices. */
function faddeevLeVerrier(a: number[], n: number): number[] {
  const c = [1];
  let M = new Array<number>(n * n).fill(0); // M₀ = 0
  for (let k = 1; k <= n; k++) {
    // M_k = A·M_{k-1} + c_{k-1}·I ; c_k = −tr(A·M_k)/k
    const next = new Array<number>(n * n).fill(0);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let s = i === j ? c[k - 1]! : 0;
        for (let t = 0; t < n; t++) s += a[i * n + t]! * M[t * n + j]!;
        next[i * n + j] = s;
      }
    M = next;
    let tr = 0;
    for (let i = 0; i < n; i++) for (let t = 0; t < n; t++) tr += a[i * n + t]! * M[t * n + i]!;
    c.push(-tr / k);
  }
  return c;
}

describe('histogram estimators, poly, polyfit cov: errors and options', () => {
  it('raise typed errors that name the function, the argument, the expectation and the value', () => {
    configure({ workers: 2 });
    expect(() => np.histogram([1, 2, 3], 'mad' as never)).toThrow(
      /histogram: argument 'bins' expected an integer, an array of edges or one of auto, fd, doane, scott, stone, rice, sturges, sqrt, received "mad"/,
    );
    expect(() => np.histogram([1, 2, 3], { bins: 'auto', weights: [1, 2, 3] })).toThrow(
      /histogram: argument 'weights' expected None with the bin estimator 'auto'.*weighted data/,
    );
    expect(() => np.histogram([1, 2, 3], { bins: 'auto', weights: [1, 2, 3] })).toThrow(ArgumentTypeError);
    // The estimator is checked before the data: NumPy's order.
    expect(() => np.histogram([1, Number.NaN], { bins: 'fd', weights: [1, 1] })).toThrow(
      /argument 'weights'/,
    );
    expect(() => np.histogram([1, Number.NaN], 'fd')).toThrow(
      /histogram: autodetected range of \[NaN, NaN\] is not finite/,
    );
    expect(() => np.histogram([1, 2], 'fd', [3, 1])).toThrow(/histogram: max must be larger than min/);
    expect(() => np.histogram([1, 2], 'fd', [0, Infinity])).toThrow(
      /histogram: supplied range of \[0, Infinity\]/,
    );
    expect(() => np.histogram([1, 2], 'fd', [0] as never)).toThrow(
      /histogram: argument 'range' expected a pair/,
    );
    expect(() =>
      np.histogram(
        Array(20)
          .fill([1, 1 + 2e-16])
          .flat(),
        10,
      ),
    ).toThrow(
      /histogram: argument 'bins' expected a bin count that the range \[1, 1.0000000000000002\] can hold, received 10 \(Too many bins for data range/,
    );
    expect(() => np.histogram(np.full([10], 1e8, 'float32'), 'sturges')).toThrow(
      /Too many bins for data range/,
    );
    expect(() => np.histogram([0, 0, 1e-300, 1e-300, 1e300], 'fd')).toThrow(
      /histogram: argument 'bins' expected an estimator giving a bin count below 2\*\*31 \(fd gives Infinity\)/,
    );
    expect(() => np.histogram([0, 0, 1e-300, 1e-300, 1e300], 'fd')).toThrow(OverflowError);
    expect(() => np.poly([[1, 2, 3]])).toThrow(
      /poly: argument 'seq_of_zeros' expected a 1-D sequence of roots or a non-empty square matrix, received shape \[1,3\]/,
    );
    expect(() => np.poly(np.zeros([0, 0]))).toThrow(/poly: argument 'seq_of_zeros'.*received shape \[0,0\]/);
    expect(() => np.poly(np.zeros([2, 2, 2]))).toThrow(
      /poly: argument 'seq_of_zeros'.*received shape \[2,2,2\]/,
    );
    expect(() =>
      np.poly([
        [1, Number.NaN],
        [0, 1],
      ]),
    ).toThrow(
      /poly: argument 'seq_of_zeros' expected a matrix of finite values, received one with infs or NaNs/,
    );
    expect(() =>
      np.poly([
        [1, Infinity],
        [0, 1],
      ]),
    ).toThrow(np.linalg.LinAlgError);
    expect(() =>
      np.polyfit(
        [0, 1, 2],
        [
          [1, 2],
          [3, 1],
          [2, 2],
        ],
        2,
        { cov: true },
      ),
    ).toThrow(/polyfit: the number of data points must exceed order to scale the covariance matrix/);
  });

  it('accept the estimators positionally and by name, with the NumPy docstring results', () => {
    configure({ workers: 1 });
    const arr = [0, 0, 0, 1, 2, 3, 3, 4, 5];
    // NumPy's docstring shows [0, 0.25, 0.5, 0.75, 1] here, from before integer data got widths of
    // at least 1; NumPy 2.4 gives [0, 1] for integers and that for floats.
    expect(np.histogram_bin_edges(arr, 'auto' as never, [0, 1]).tolist()).toEqual([0, 1]);
    expect(np.histogram_bin_edges(np.array(arr, 'float64'), 'auto' as never, [0, 1]).tolist()).toEqual([
      0, 0.25, 0.5, 0.75, 1,
    ]);
    expect(np.histogram_bin_edges(arr, { bins: 'auto' as never }).tolist()).toEqual([0, 1, 2, 3, 4, 5]);
    const [h0, b0] = np.histogram([0, 1, 3], { bins: 'auto' }) as np.ndarray[];
    expect([h0!.tolist(), b0!.tolist()]).toEqual([
      [1, 1, 1],
      [0, 1, 2, 3],
    ]);
    const [h1, b1] = np.histogram([0, 0, 2, 3, 4, 5], 'auto') as np.ndarray[];
    expect([h1!.tolist(), b1!.tolist()]).toEqual([
      [2, 1, 1, 2],
      [0, 1.25, 2.5, 3.75, 5],
    ]);
    expect(np.histogram([], 'stone')[1]!.tolist()).toEqual([0, 1]);
    expect(np.histogram(np.ones([100]), 'fd')[0]!.tolist()).toEqual([100]);
    expect(np.histogram([true, false, true], 'sqrt')[1]!.dtype).toBe('float64');
    expect(np.histogram(np.array([1, 2, 4], 'float32'), 'rice')[1]!.dtype).toBe('float32');
    expect(
      np
        .poly([
          [0, 1 / 3],
          [-1 / 2, 0],
        ])
        .tolist(),
    ).toEqual([1, 0, 0.16666666666666666]);
    expect(np.poly(np.eye(3, { dtype: 'float32' })).dtype).toBe('float32');
    expect(np.poly({ seq_of_zeros: [[2]] } as never).tolist()).toEqual([1, -2]);
  });
});
