/**
 * Issue 20, sparse Tier 2: math on stored values, maximum/minimum, max/min/argmax/argmin (axis,
 * explicit), trace, nonzero, find, reshape and the constructors SciPy now recommends — against
 * SciPy fixtures (scripts/fixtures_sparse_tier2.py) in every format and against a naive dense
 * reference on random structures (duplicates, explicit zeros, empty rows), pool sizes 0, 1, 2.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, ShapeError, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { build, close, dense, FORMATS, type Mat, matArb, nested, POOLS, pairArb, RUNS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

type Num = number | 'nan' | 'inf' | '-inf';
const num = (x: Num): number =>
  x === 'nan'
    ? Number.NaN
    : x === 'inf'
      ? Number.POSITIVE_INFINITY
      : x === '-inf'
        ? Number.NEGATIVE_INFINITY
        : x;
const flat = (rows: Num[][]): number[] => rows.flat().map(num);
const FIX = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/sparse/tier2.json'), 'utf8')) as {
  cases: { input: Mat; out: Record<string, unknown> }[];
  constructors: {
    T: Num[][];
    S: Num[][];
    cases: { fn: string; args: unknown[]; opts: object; dense: Num[][]; format: string }[];
  };
};
const MATH = [
  'sqrt',
  'sin',
  'tan',
  'expm1',
  'log1p',
  'sign',
  'floor',
  'ceil',
  'rint',
  'trunc',
  'deg2rad',
  'rad2deg',
  'arcsin',
  'arcsinh',
  'arctan',
  'arctanh',
  'sinh',
  'tanh',
] as const;
const values = (x: np.ndarray | number): number[] =>
  typeof x === 'number' ? [x] : Array.from(x.toArray() as ArrayLike<number>, Number);
/** Libm functions may differ from NumPy's in the last bit or two. */
const near = (a: ArrayLike<number>, e: ArrayLike<number>, msg: string) => close(a, e, 'float64', msg);
const nearUlp = (a: ArrayLike<number>, e: ArrayLike<number>, msg: string) => {
  expect(a.length, msg).toBe(e.length);
  for (let k = 0; k < e.length; k++) {
    if (Number.isNaN(e[k]!)) expect(Number.isNaN(a[k]!), `${msg}[${k}]`).toBe(true);
    else if (!Number.isFinite(e[k]!)) expect(a[k], `${msg}[${k}]`).toBe(e[k]);
    else expect(Math.abs(a[k]! - e[k]!), `${msg}[${k}]`).toBeLessThanOrEqual(4e-16 * Math.abs(e[k]!));
  }
};

describe.each(POOLS)('sparse Tier 2 against SciPy, pool size %i', (workers) => {
  it.each(FORMATS)('%s: every method of the fixtures', (fmt) => {
    configure({ workers });
    for (const { input, out } of FIX.cases) {
      const A = build(input, fmt);
      const tag = `${fmt} ${input.m}x${input.n}`;
      for (const f of MATH) nearUlp(values(A[f]().toarray()), flat(out[f] as Num[][]), `${tag} ${f}`);
      for (const fn of ['max', 'min'] as const) {
        near(values(A[fn]()), [num(out[fn] as Num)], `${tag} ${fn}`);
        for (const ax of [0, 1])
          near(values(A[fn](ax)), (out[`${fn}_axis${ax}`] as Num[]).map(num), `${tag} ${fn} axis ${ax}`);
        if (fmt === 'dia') continue; // DIA stores whole diagonals: another set of explicit entries
        near(values(A[fn]({ explicit: true })), [num(out[`${fn}_explicit`] as Num)], `${tag} ${fn} explicit`);
        for (const ax of [0, 1])
          near(
            values(A[fn](ax, null, { explicit: true })),
            (out[`${fn}_explicit_axis${ax}`] as Num[]).map(num),
            `${tag} ${fn} explicit axis ${ax}`,
          );
      }
      for (const fn of ['argmax', 'argmin'] as const) {
        expect(A[fn](), `${tag} ${fn}`).toBe(out[fn]);
        for (const ax of [0, 1]) {
          expect(values(A[fn](ax) as np.ndarray), `${tag} ${fn} axis ${ax}`).toEqual(out[`${fn}_axis${ax}`]);
          if (fmt !== 'dia')
            expect(
              values(A[fn]({ axis: ax, explicit: true }) as np.ndarray),
              `${tag} ${fn} explicit ${ax}`,
            ).toEqual(out[`${fn}_explicit_axis${ax}`]);
        }
      }
      near(
        [-1, 0, 1].map((k) => A.trace(k).item() as number),
        (out.trace as Num[]).map(num),
        `${tag} trace`,
      );
      const [r, c, v] = sp.find(A);
      const fr = out.find as [number[], number[], Num[]];
      expect([values(r), values(c)], `${tag} find`).toEqual([fr[0], fr[1]]);
      near(values(v), fr[2].map(num), `${tag} find values`);
      const rs = out.reshape as { shape: number[]; C: Num[][]; F: Num[][] };
      near(values(A.reshape(rs.shape).toarray()), flat(rs.C), `${tag} reshape C`);
      near(
        values(A.reshape(rs.shape[0]!, rs.shape[1]!, { order: 'F' }).toarray()),
        flat(rs.F),
        `${tag} reshape F`,
      );
      near(values(A.reshape(1, -1).toarray()), flat(out.reshape_flat as Num[][]), `${tag} reshape -1`);
      const B = sp.csr_array(np.array(out.other as number[][]), { shape: [input.m, input.n] }).asformat(fmt);
      near(values((A.maximum(B) as sp.sparray).toarray()), flat(out.maximum as Num[][]), `${tag} maximum`);
      near(values((A.minimum(B) as sp.sparray).toarray()), flat(out.minimum as Num[][]), `${tag} minimum`);
      near(
        values((A.maximum(-1) as sp.sparray).toarray()),
        flat(out.maximum_scalar as Num[][]),
        `${tag} max(-1)`,
      );
      near(
        values((A.minimum(0.5) as sp.sparray).toarray()),
        flat(out.minimum_scalar as Num[][]),
        `${tag} min(.5)`,
      );
      const P = A.maximum(1) as sp.sparray;
      expect(P.format, `${tag} maximum(1) keeps the format`).toBe(fmt);
      near(values(P.toarray()), flat(out.maximum_scalar_pos as Num[][]), `${tag} max(1)`);
    }
  });

  it('the constructors SciPy recommends', () => {
    configure({ workers });
    const { T, S, cases } = FIX.constructors;
    const named: Record<string, sp.sparray> = {
      T: sp.csr_array(T as number[][]),
      S: sp.csr_array(S as number[][]),
    };
    const arg = (a: unknown): unknown =>
      typeof a === 'string' ? named[a] : Array.isArray(a) ? a.map(arg) : a;
    const fns = sp as unknown as Record<string, (...a: unknown[]) => sp.sparray>;
    for (const c of cases) {
      const args = c.fn === 'kronsum' || c.fn === 'eye_array' ? c.args.map(arg) : [arg(c.args[0])];
      const R = fns[c.fn]!(...args, c.opts);
      expect(R.format, c.fn).toBe(c.format);
      expect(R.toarray().tolist(), c.fn).toEqual(c.dense);
    }
  });
});

/** The value of a dense reference at each position, or null where no entry is stored. */
function storedDense(a: Mat): (number | null)[] {
  const d = dense(a);
  const s: (number | null)[] = new Array(a.m * a.n).fill(null);
  for (let k = 0; k < a.i.length; k++) s[a.i[k]! * a.n + a.j[k]!] = d[a.i[k]! * a.n + a.j[k]!]!;
  return s;
}

/** NumPy's (arg)max/(arg)min over the cells `idx` of `vals` (null cells skipped), first wins. */
function extreme(vals: (number | null)[], idx: number[], isMax: boolean): [number, number] {
  let best = -1;
  for (const k of idx) {
    const v = vals[k];
    if (v === null || v === undefined) continue;
    if (best < 0 || (isMax ? v > vals[best]! : v < vals[best]!)) best = k;
  }
  return best < 0 ? [0, -1] : [vals[best]!, best];
}

describe.each(POOLS)('sparse Tier 2 against a dense reference, pool size %i', (workers) => {
  it('max/min/argmax/argmin, with and without explicit, every axis', () => {
    configure({ workers });
    fc.assert(
      fc.property(matArb(6), fc.constantFrom('csr', 'csc', 'coo'), fc.boolean(), (a, fmt, explicit) => {
        const A = build(a, fmt);
        const all = Array.from(dense(a)) as (number | null)[];
        const vals = explicit ? storedDense(a) : all;
        for (const isMax of [true, false]) {
          const fn = isMax ? 'max' : 'min';
          const arg = isMax ? 'argmax' : 'argmin';
          if (a.m === 0 || a.n === 0) {
            expect(() => A[fn]()).toThrow(ValueError);
            continue;
          }
          const every = Array.from({ length: a.m * a.n }, (_, k) => k);
          const [v, at] = extreme(vals, every, isMax);
          expect(A[fn]({ explicit }).item(), `${fn}`).toBe(v);
          if (at >= 0) expect(A[arg]({ explicit }), `${arg}`).toBe(at);
          else if (explicit) expect(() => A[arg]({ explicit })).toThrow(ValueError);
          const rows = Array.from({ length: a.m }, (_, i) =>
            extreme(
              vals,
              Array.from({ length: a.n }, (_, j) => i * a.n + j),
              isMax,
            ),
          );
          expect(values(A[fn](1, null, { explicit })), `${fn} axis 1`).toEqual(rows.map((r) => r[0]));
          expect(values(A[arg](1, null, { explicit }) as np.ndarray), `${arg} axis 1`).toEqual(
            rows.map((r) => (r[1] < 0 ? 0 : r[1] % a.n)),
          );
          const cols = Array.from({ length: a.n }, (_, j) =>
            extreme(
              vals,
              Array.from({ length: a.m }, (_, i) => i * a.n + j),
              isMax,
            ),
          );
          expect(values(A[fn](0, null, { explicit })), `${fn} axis 0`).toEqual(cols.map((r) => r[0]));
          expect(values(A[arg](0, null, { explicit }) as np.ndarray), `${arg} axis 0`).toEqual(
            cols.map((r) => (r[1] < 0 ? 0 : Math.floor(r[1] / a.n))),
          );
        }
      }),
      RUNS,
    );
  });

  it('math on stored values keeps the structure; reshape, trace and maximum/minimum match the dense reference', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        pairArb(6),
        fc.constantFrom(...FORMATS),
        fc.constantFrom(...MATH),
        fc.constantFrom('float64', 'float32'),
        ([a, b], fmt, f, dtype) => {
          const A = build(a, fmt, dtype);
          const R = A[f]();
          expect(R.format).toBe(fmt);
          expect(R.dtype).toBe(dtype);
          const d = dense(a, dtype);
          // The reference is the kernel's formula applied to every dense value (f(0) = 0).
          const expected = Float64Array.from(d, (x) => JS_MATH[f](x));
          if (dtype === 'float32')
            for (let k = 0; k < expected.length; k++) expected[k] = Math.fround(expected[k]!);
          close(values(R.toarray()), expected, dtype, f);
          // reshape in both orders against the dense reshape
          if (a.m * a.n > 0) {
            expect(values(A.reshape(a.n, a.m).toarray())).toEqual(Array.from(d));
            const F = values(A.reshape([a.n, a.m], { order: 'F' }).toarray());
            const fref = new Array<number>(a.m * a.n);
            for (let i = 0; i < a.m; i++)
              for (let j = 0; j < a.n; j++) {
                const l = j * a.m + i; // F-order position in the old shape
                fref[(l % a.n) * a.m + Math.floor(l / a.n)] = d[i * a.n + j]!;
              }
            expect(F).toEqual(fref);
          }
          let tr = 0;
          for (let i = 0; i < Math.min(a.m, a.n); i++) tr += d[i * a.n + i]!;
          close([A.trace().item() as number], [tr], dtype, 'trace');
          const B = build(b, 'csr', dtype);
          const db = dense(b, dtype);
          close(
            values((A.maximum(B) as sp.sparray).toarray()),
            Array.from(d, (x, k) => Math.max(x, db[k]!)),
            dtype,
            'max',
          );
          close(
            values((A.minimum(B) as sp.sparray).toarray()),
            Array.from(d, (x, k) => Math.min(x, db[k]!)),
            dtype,
            'min',
          );
          close(
            values((A.maximum(-1) as sp.sparray).toarray()),
            Array.from(d, (x) => Math.max(x, -1)),
            dtype,
            'max -1',
          );
        },
      ),
      RUNS,
    );
  });
});

const JS_MATH: Record<(typeof MATH)[number], (x: number) => number> = {
  sqrt: Math.sqrt,
  sin: Math.sin,
  tan: Math.tan,
  expm1: Math.expm1,
  log1p: Math.log1p,
  sign: (x) => (x > 0 ? 1 : x < 0 ? -1 : x === 0 ? 0 : x),
  floor: Math.floor,
  ceil: Math.ceil,
  rint: (x) => {
    const f = Math.floor(x);
    const r = x - f;
    return r > 0.5 || (r === 0.5 && f % 2 !== 0) ? f + 1 : f === 0 && x < 0 ? -0 : f;
  },
  trunc: Math.trunc,
  deg2rad: (x) => x * (Math.PI / 180),
  rad2deg: (x) => x * (180 / Math.PI),
  arcsin: Math.asin,
  arcsinh: Math.asinh,
  arctan: Math.atan,
  arctanh: Math.atanh,
  sinh: Math.sinh,
  tanh: Math.tanh,
};

describe('sparse Tier 2 errors and dtypes', () => {
  it('names the function and the argument', () => {
    configure({ workers: 0 });
    const A = sp.csr_array([
      [1, 0],
      [0, 2],
    ]);
    expect(() => A.max(2)).toThrow(/max: argument 'axis' expected null, 0, 1, -1 or -2, received 2/);
    expect(() => A.max(null, np.zeros([2]) as never)).toThrow(/max: argument 'out' is not supported/);
    expect(() => sp.csr_array([2, 0]).argmax()).toThrow(/argmax: cannot apply argmax to an empty array/);
    expect(() => sp.csr_array([2, 2]).argmin({ explicit: true })).toThrow(
      /no stored entries when explicit=true/,
    );
    expect(() => sp.csr_array([0, 3]).max(0)).toThrow(/max: zero-size array to reduction operation/);
    expect(() => A.reshape(3, 2)).toThrow(/reshape: cannot reshape an array of size 4 into shape \[3,2\]/);
    expect(() => A.reshape(-1, -1)).toThrow(/can only specify one unknown dimension/);
    expect(() => A.reshape([2, 2], { order: 'K' as 'C' })).toThrow(
      /reshape: argument 'order' expected 'C' or 'F'/,
    );
    expect(() => A.maximum(sp.csr_array([[1, 2, 3]]))).toThrow(ShapeError);
    expect(() => sp.csr_array([[true, false]], { dtype: 'bool' }).sign()).toThrow(
      /sign: argument 'self' expected numeric values/,
    );
    expect(() => (A.sqrt as (x: unknown) => unknown)(1)).toThrow(/sqrt/);
    expect(() => sp.kronsum(sp.csr_array([[1, 2]]), A)).toThrow(
      /kronsum: argument 'A' expected a square array/,
    );
    expect(() => sp.block_array([[A, A], [A]])).toThrow(
      /block_array: argument 'blocks\[1\]' expected 2 blocks/,
    );
    expect(() => sp.block_array([[A, sp.csr_array([[1, 2, 3]])]])).toThrow(
      /blocks\[0\]\[1\]' expected 2 rows/,
    );
    expect(() => sp.random_array([3])).toThrow(
      /random_array: argument 'shape' expected a shape \[rows, cols\]/,
    );
    expect(() => sp.diags_array([1, 2], [0] as never)).toThrow(/diags_array/);
    // diags_array's own errors name diags_array (not the diags it shares a body with).
    expect(() => sp.diags_array([[1, 2]], { offsets: [0, 1] })).toThrow(
      /^diags_array: argument 'offsets' expected 1 offsets \(one per diagonal\), received "2"$/,
    );
  });

  it("diags / diags_array: SciPy's dtype — omitted: a float type; null (None): the diagonals' own", () => {
    configure({ workers: 0 });
    expect(sp.diags_array([1, 2, 3], { offsets: 0 }).dtype).toBe('float64');
    expect(sp.diags_array(np.arange(1, 5), { offsets: 0, dtype: null }).dtype).toBe('int32');
    expect(sp.diags([1, 2, 3], 0, { dtype: null }).dtype).toBe('int32');
    expect(
      sp.diags_array(
        [
          [1, 2, 3],
          [1.5, 2],
        ],
        { offsets: [0, 1], dtype: null },
      ).dtype,
    ).toBe('float64');
    const mixed = [np.array([1, 2, 3], { dtype: 'float32' }), np.array([1, 2], { dtype: 'uint8' })];
    expect(sp.diags_array(mixed, { offsets: [0, 1], dtype: null }).dtype).toBe('float32');
    expect(sp.diags_array([[true, false]] as never, { offsets: [0], dtype: null }).dtype).toBe('bool');
    expect(sp.diags_array([1, 2], { offsets: 0, dtype: 'float32' }).dtype).toBe('float32');
    const ex = np.ones(3);
    // dia_array((data, offsets)) with data a list of 1-D arrays, as SciPy accepts it.
    expect(
      sp
        .dia_array(
          [
            [ex, ex.multiply(2)],
            [0, 1],
          ],
          { shape: [3, 3] },
        )
        .toarray()
        .tolist(),
    ).toEqual([
      [1, 2, 0],
      [0, 1, 2],
      [0, 0, 1],
    ]);
  });

  it("keeps NumPy's result dtypes", () => {
    configure({ workers: 0 });
    const I = sp.csr_array([
      [1, 0],
      [-4, 2],
    ]);
    expect(I.dtype).toBe('int32');
    expect(I.floor().dtype).toBe('int32');
    expect(I.sign().dtype).toBe('int32');
    expect(I.sign().toarray().tolist()).toEqual([
      [1, 0],
      [-1, 1],
    ]);
    expect(I.sqrt().dtype).toBe('float64');
    expect(I.astype('uint8').sin().dtype).toBe('float32');
    expect(I.astype('float32').tanh().dtype).toBe('float32');
    expect(I.maximum(0.5).dtype).toBe('float64');
    expect(I.max().dtype).toBe('int32');
    expect((I.argmax(0) as np.ndarray).dtype).toBe('int32');
    expect(I.reshape(1, 4).format).toBe('coo');
    expect(I.reshape(2, 2)).toBe(I);
    expect(I.reshape([2, 2], { copy: true })).not.toBe(I);
    expect(nested(values(I.reshape(4, 1).toarray()), 4, 1)).toEqual([[1], [0], [-4], [2]]);
    const [r, c] = sp
      .coo_array(
        [
          [1, 2, 0],
          [
            [1, 0, 1],
            [1, 1, 0],
          ],
        ],
        { shape: [2, 2] },
      )
      .nonzero();
    expect([values(r), values(c)]).toEqual([
      [1, 0],
      [1, 1],
    ]); // COO order, the zero dropped (SciPy)
    expect(
      sp
        .find([
          [0, 5],
          [3, 0],
        ])
        .map(values),
    ).toEqual([
      [0, 1],
      [1, 0],
      [5, 3],
    ]);
  });
});
