/**
 * NumPy's module-level random functions (dense/random-legacy.ts), at pool sizes 0, 1, 2: seeding
 * reproduces; after `seed(s)` they give what `default_rng(s)` gives (the global generator is
 * exactly that); bitwise the same at every pool size; distributions on 1e5 draws (fixed seeds,
 * 6-sigma bounds); argument forms (positional, keyword object, number/array/None size) as
 * fast-check properties; every validation branch by its message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError, configure, DTypeError, ValueError } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const R = np.random;
type Arr = ReturnType<typeof R.random>;
const n = 100_000;
const within = (x: number, want: number, sd: number) => Math.abs(x - want) <= 6 * sd;
/** A function called with arguments its type rejects (to test the run-time checks). */
type Loose = (...a: unknown[]) => unknown;
const num = (a: Arr) => Number(a.item());
const bits = (a: Arr) => Buffer.from(a.toArray().buffer.slice(0)).toString('base64');

/** One draw of every function (each module function, then what the same Generator call gives). */
const CALLS: [string, () => Arr, (g: np.random.Generator) => Arr][] = [
  ['random', () => R.random([50]), (g) => g.random([50])],
  ['random_sample', () => R.random_sample([2, 3]), (g) => g.random([2, 3])],
  ['sample', () => R.sample(7), (g) => g.random([7])],
  ['ranf', () => R.ranf({ size: [3, 1] }), (g) => g.random([3, 1])],
  ['uniform', () => R.uniform(-1, 4, [40]), (g) => g.uniform(-1, 4, [40])],
  ['uniform kw', () => R.uniform({ high: 9, size: 5 }), (g) => g.uniform(0, 9, [5])],
  ['normal', () => R.normal(2, 3, [40]), (g) => g.normal(2, 3, [40])],
  ['normal kw', () => R.normal({ scale: 0.5, size: [4] }), (g) => g.normal(0, 0.5, [4])],
  ['standard_normal', () => R.standard_normal([6, 2]), (g) => g.standard_normal([6, 2])],
  ['exponential', () => R.exponential(2, [30]), (g) => g.exponential(2, [30])],
  ['exponential default', () => R.exponential({ size: 3 }), (g) => g.exponential(1, [3])],
  ['poisson', () => R.poisson(3, [30]), (g) => g.poisson(3, [30])],
  ['poisson large', () => R.poisson({ lam: 40, size: 30 }), (g) => g.poisson(40, [30])],
  ['randint', () => R.randint(-5, 5, [40]), (g) => g.integers(-5, 5, [40])],
  ['randint one bound', () => R.randint(7, { size: 9 }), (g) => g.integers(0, 7, [9])],
  ['choice', () => R.choice(10, [12]), (g) => g.choice(10, [12])],
  [
    'choice p',
    () => R.choice([1, 2, 3], 20, true, [0.2, 0.3, 0.5]),
    (g) => g.choice([1, 2, 3], 20, true, [0.2, 0.3, 0.5]),
  ],
  ['choice no replace', () => R.choice(9, { size: 4, replace: false }), (g) => g.choice(9, [4], false)],
  ['permutation', () => R.permutation(25), (g) => g.permutation(25)],
  [
    'permutation array',
    () => R.permutation(np.arange(12).reshape([4, 3])),
    (g) => g.permutation(np.arange(12).reshape([4, 3])),
  ],
  [
    'shuffle',
    () => {
      const a = np.arange(20);
      R.shuffle(a);
      return a;
    },
    (g) => {
      const a = np.arange(20);
      g.shuffle(a);
      return a;
    },
  ],
];

/** A draw as data: its dtype, shape and bits. */
const describeDraw = (a: Arr) => `${a.dtype}[${a.shape}]:${bits(a)}`;

/** All of CALLS' module draws after `seed(s)`. */
function drawAll(s: number): string[] {
  R.seed(s);
  return CALLS.map(([, f]) => describeDraw(f()));
}

for (const workers of POOLS) {
  describe(`np.random module functions (workers=${workers})`, () => {
    it('seeding reproduces every function', () => {
      configure({ workers });
      const a = drawAll(1234);
      expect(drawAll(1234)).toEqual(a);
      expect(drawAll(1235)[0]).not.toBe(a[0]);
    });

    it('after seed(s) each call gives what default_rng(s) gives for the same sequence of calls', () => {
      configure({ workers });
      for (const s of [0, 17, 2 ** 32 + 5]) {
        const mod = drawAll(s);
        const g = R.default_rng(s);
        const gen = CALLS.map(([, , h]) => describeDraw(h(g)));
        for (const [i, [name]] of CALLS.entries()) expect(mod[i], name).toBe(gen[i]);
      }
      // rand/randn share the generator: interleaving keeps the sequence.
      R.seed(8);
      const mixed = [R.rand(3), R.random([3]), R.randn(2), R.standard_normal([2])].map(bits);
      const g = R.default_rng(8);
      expect(mixed).toEqual(
        [g.random([3]), g.random([3]), g.standard_normal([2]), g.standard_normal([2])].map(bits),
      );
    });

    it('random, random_sample, sample, ranf and uniform: range, mean, variance', () => {
      configure({ workers });
      R.seed(21);
      for (const f of [R.random, R.random_sample, R.sample, R.ranf]) {
        const x = f([n]);
        expect(x.dtype).toBe('float64');
        expect(num(x.min())).toBeGreaterThanOrEqual(0);
        expect(num(x.max())).toBeLessThan(1);
        expect(within(num(x.mean()), 0.5, Math.sqrt(1 / 12 / n))).toBe(true);
        expect(within(num(x.var()), 1 / 12, (1 / 12) * Math.sqrt(0.8 / n))).toBe(true);
      }
      const u = R.uniform(-2, 3, [n]);
      expect(num(u.min())).toBeGreaterThanOrEqual(-2);
      expect(num(u.max())).toBeLessThan(3);
      expect(within(num(u.mean()), 0.5, Math.sqrt(25 / 12 / n))).toBe(true);
      expect(within(num(u.var()), 25 / 12, (25 / 12) * Math.sqrt(0.8 / n))).toBe(true);
    });

    it('normal, standard_normal, exponential, poisson: mean and variance', () => {
      configure({ workers });
      R.seed(22);
      const z = R.standard_normal([n]);
      expect(within(num(z.mean()), 0, Math.sqrt(1 / n))).toBe(true);
      expect(within(num(z.var()), 1, Math.sqrt(2 / n))).toBe(true);
      const x = R.normal(5, 2, [n]);
      expect(within(num(x.mean()), 5, 2 / Math.sqrt(n))).toBe(true);
      expect(within(num(x.var()), 4, 4 * Math.sqrt(2 / n))).toBe(true);
      const e = R.exponential(3, [n]);
      expect(num(e.min())).toBeGreaterThanOrEqual(0);
      expect(within(num(e.mean()), 3, 3 / Math.sqrt(n))).toBe(true);
      expect(within(num(e.var()), 9, 9 * Math.sqrt(8 / n))).toBe(true);
      for (const lam of [1, 4, 30]) {
        const p = lam === 1 ? R.poisson({ size: n }) : R.poisson(lam, [n]);
        expect(p.dtype).toBe('int32');
        expect(num(p.min())).toBeGreaterThanOrEqual(0);
        expect(within(num(p.mean()), lam, Math.sqrt(lam / n))).toBe(true);
        expect(within(num(p.var()), lam, lam * Math.sqrt((2 + 1 / lam) / n))).toBe(true);
      }
    });

    it('randint: high excluded, one bound is [0, low), every value about equally often, dtypes', () => {
      configure({ workers });
      R.seed(23);
      const r = R.randint(-3, 7, [n]);
      expect(r.dtype).toBe('int32');
      expect(num(r.min())).toBe(-3);
      expect(num(r.max())).toBe(6);
      const counts = np.bincount(r.add(3)).toArray();
      expect(counts.length).toBe(10);
      for (const c of counts) expect(within(c / n, 0.1, Math.sqrt(0.09 / n))).toBe(true);
      const one = R.randint(4, { size: n });
      expect([num(one.min()), num(one.max())]).toEqual([0, 3]);
      expect(within(num(one.mean()), 1.5, Math.sqrt(1.25 / n))).toBe(true);
      // The int32 extremes are reachable bounds.
      const wide = R.randint(-(2 ** 31), 2 ** 31, [n]);
      expect(within(num(wide.astype('float64').mean()), -0.5, 2 ** 31 / Math.sqrt(3 * n))).toBe(true);
      expect(R.randint(2 ** 31 - 1, 2 ** 31, [3]).tolist()).toEqual([2 ** 31 - 1, 2 ** 31 - 1, 2 ** 31 - 1]);
      const u8 = R.randint(250, 256, [1000], np.uint8);
      expect(u8.dtype).toBe('uint8');
      expect([num(u8.min()), num(u8.max())]).toEqual([250, 255]);
      const b = R.randint(2, { size: 1000, dtype: 'bool' });
      expect(b.dtype).toBe('bool');
      expect(within(num(b.astype('float64').mean()), 0.5, Math.sqrt(0.25 / 1000))).toBe(true);
    });

    it('choice, permutation and shuffle: frequencies and permutations', () => {
      configure({ workers });
      R.seed(24);
      const p = [0.1, 0, 0.2, 0.3, 0.4];
      const counts = np.bincount(R.choice(5, [n], { p }), { minlength: 5 }).toArray();
      for (const [i, q] of p.entries())
        expect(within(counts[i]! / n, q, Math.sqrt((q * (1 - q)) / n) + 1e-9)).toBe(true);
      const uni = np.bincount(R.choice(4, n)).toArray();
      for (const c of uni) expect(within(c / n, 0.25, Math.sqrt(0.1875 / n))).toBe(true);
      expect(Array.from(R.choice([7, 8, 9], 2, false, [0.5, 0, 0.5]).toArray()).sort()).toEqual([7, 9]);
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 200 }), fc.nat(1000), (m, s) => {
          R.seed(s);
          const sorted = [...Array(m).keys()];
          expect(Array.from(R.permutation(m).toArray()).sort((x, y) => x - y)).toEqual(sorted);
          const a = np.arange(m);
          R.shuffle(a);
          expect(Array.from(a.toArray()).sort((x, y) => x - y)).toEqual(sorted);
          const k = Math.floor(m / 2);
          const c = Array.from(R.choice(m, [k], { replace: false }).toArray());
          expect(new Set(c).size).toBe(k);
          for (const x of c) expect(x >= 0 && x < m).toBe(true);
        }),
        { numRuns: 30 },
      );
    });

    it('shuffle reorders a JavaScript array or a typed array as it would np.array(x)', () => {
      configure({ workers });
      fc.assert(
        fc.property(fc.array(fc.integer({ min: -99, max: 99 }), { maxLength: 40 }), fc.nat(1000), (xs, s) => {
          const list = xs.slice();
          R.seed(s);
          R.shuffle(list);
          const typed = Float64Array.from(xs);
          R.seed(s);
          R.shuffle(typed);
          const arr = np.array(xs, { dtype: 'float64' });
          R.seed(s);
          R.shuffle(arr);
          expect(list).toEqual(Array.from(arr.toArray()));
          expect(Array.from(typed)).toEqual(list);
        }),
        { numRuns: 30 },
      );
      // Rows of a nested list move whole (NumPy's first axis).
      const rows = [
        [1, 2],
        [3, 4],
        [5, 6],
      ];
      R.seed(3);
      R.shuffle(rows);
      expect(rows.map((r) => r[0]! + 1)).toEqual(rows.map((r) => r[1]));
      expect(rows.map((r) => r[0]).sort()).toEqual([1, 3, 5]);
    });
  });
}

describe('np.random module functions: details', () => {
  it('draws are bitwise the same at pool sizes 0, 1 and 2', () => {
    const seen = new Set<string>();
    for (const w of POOLS) {
      configure({ workers: w });
      R.seed(99);
      const big = [
        R.random([70000]),
        R.normal(1, 2, [70000]),
        R.randint(0, 1000, [70000]),
        R.poisson(12, [5000]),
      ];
      seen.add([...drawAll(99), ...big.map(bits)].join('|'));
    }
    expect(seen.size).toBe(1);
  });

  it('size omitted or None gives a 0-d array, as the Generator (NumPy: a Python scalar)', () => {
    configure({ workers: 0 });
    const zeroD: [string, Arr][] = [
      ['random', R.random()],
      ['random_sample', R.random_sample(null)],
      ['sample', R.sample({ size: null })],
      ['ranf', R.ranf()],
      ['uniform', R.uniform(3, 4)],
      ['normal', R.normal()],
      ['standard_normal', R.standard_normal()],
      ['exponential', R.exponential()],
      ['poisson', R.poisson()],
      ['randint', R.randint(5)],
      ['choice', R.choice(5)],
    ];
    for (const [name, a] of zeroD) {
      expect(a.shape, name).toEqual([]);
      expect(typeof a.item(), name).toBe('number');
    }
    expect(R.default_rng(0).random().shape).toEqual([]);
    const u = num(R.uniform(3, 4));
    expect(u >= 3 && u < 4).toBe(true);
    expect(R.randint(5, null, null).shape).toEqual([]);
  });

  it('property: positional, keyword and mixed forms agree and give the shape and dtype asked for', () => {
    configure({ workers: 0 });
    const shapeArb = fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 });
    fc.assert(
      fc.property(shapeArb, fc.nat(2 ** 32 - 1), fc.boolean(), (shape, s, asNumber) => {
        // A 1-D size may be a plain number, as in NumPy.
        const size = asNumber && shape.length === 1 ? shape[0]! : shape;
        const forms: [string, () => Arr, () => Arr, string][] = [
          ['random', () => R.random(size), () => R.random({ size }), 'float64'],
          ['random_sample', () => R.random_sample(size), () => R.random_sample({ size }), 'float64'],
          ['uniform', () => R.uniform(1, 2, size), () => R.uniform(1, { high: 2, size }), 'float64'],
          ['normal', () => R.normal(0, 2, size), () => R.normal({ scale: 2, size }), 'float64'],
          ['standard_normal', () => R.standard_normal(size), () => R.standard_normal({ size }), 'float64'],
          ['exponential', () => R.exponential(1, size), () => R.exponential({ size }), 'float64'],
          ['poisson', () => R.poisson(2, size), () => R.poisson(2, { size }), 'int32'],
          ['randint', () => R.randint(0, 9, size), () => R.randint({ low: 9, size }), 'int32'],
          [
            'randint uint8',
            () => R.randint(9, null, size, 'uint8'),
            () => R.randint(9, { size, dtype: np.uint8 }),
            'uint8',
          ],
          [
            'choice',
            () => R.choice(6, size, true),
            () => R.choice([0, 1, 2, 3, 4, 5], { size, p: null }),
            'int32',
          ],
        ];
        for (const [name, pos, kw, dtype] of forms) {
          R.seed(s);
          const a = pos();
          R.seed(s);
          const b = kw();
          expect(a.shape, name).toEqual(shape);
          expect(a.dtype, name).toBe(dtype);
          expect(b.dtype, name).toBe(dtype);
          expect(bits(a), name).toBe(bits(b));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('property: any seed reproduces and matches default_rng(seed)', () => {
    configure({ workers: 0 });
    fc.assert(
      fc.property(
        fc.nat(2 ** 40),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 1, max: 60 }),
        (s, lo, span) => {
          R.seed(s);
          const a = [R.random([5]), R.randint(lo, lo + span, [8]), R.uniform(lo, lo + span, [3])];
          R.seed({ seed: s });
          const b = [
            R.random_sample([5]),
            R.randint({ low: lo, high: lo + span, size: 8 }),
            R.uniform({ low: lo, high: lo + span, size: 3 }),
          ];
          const g = R.default_rng(s);
          const c = [g.random([5]), g.integers(lo, lo + span, [8]), g.uniform(lo, lo + span, [3])];
          expect(a.map(bits)).toEqual(b.map(bits));
          expect(a.map(bits)).toEqual(c.map(bits));
          const ints = Array.from(a[1]!.toArray());
          for (const v of ints) expect(v >= lo && v < lo + span).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a call that raises consumes no draw', () => {
    configure({ workers: 0 });
    R.seed(5);
    expect(() => R.randint(3, 3)).toThrow(ValueError);
    expect(() => R.normal(0, -1, [2])).toThrow(ValueError);
    expect(() => R.random(-1)).toThrow(ValueError);
    expect(() => R.choice(3, [5], false)).toThrow(ValueError);
    expect(bits(R.random([4]))).toBe(bits(R.default_rng(5).random([4])));
  });

  it('randint errors name the function, the argument, what was expected and what was received', () => {
    configure({ workers: 0 });
    const cases: [() => unknown, new (...a: never[]) => Error, RegExp][] = [
      [
        () => R.randint(3, 3),
        ValueError,
        /^randint: argument 'high' expected an integer greater than low \(3\), received 3$/,
      ],
      [
        () => R.randint(5, 2),
        ValueError,
        /^randint: argument 'high' expected an integer greater than low \(5\), received 2$/,
      ],
      [
        () => R.randint(0),
        ValueError,
        /^randint: argument 'low' expected a positive integer \(the upper bound when high is omitted\), received 0$/,
      ],
      [
        () => R.randint(-4, { size: 2 }),
        ValueError,
        /^randint: argument 'low' expected a positive integer .*received -4$/,
      ],
      [
        () => R.randint(-(2 ** 31) - 1, 0),
        ValueError,
        /^randint: argument 'low' expected a value >= -2147483648 \(int32\), received -2147483649$/,
      ],
      [
        () => R.randint(0, 2 ** 31 + 1),
        ValueError,
        /^randint: argument 'high' expected a value <= 2147483648 \(int32\), received 2147483649$/,
      ],
      [
        () => R.randint(2 ** 32),
        ValueError,
        /^randint: argument 'low' expected a value <= 2147483648 \(int32\), received 4294967296$/,
      ],
      [
        () => R.randint(-1, 5, 2, 'uint8'),
        ValueError,
        /^randint: argument 'low' expected a value >= 0 \(uint8\), received -1$/,
      ],
      [
        () => R.randint(0, 257, { dtype: 'uint8' }),
        ValueError,
        /^randint: argument 'high' expected a value <= 256 \(uint8\), received 257$/,
      ],
      [
        () => R.randint(3, { dtype: 'bool' }),
        ValueError,
        /^randint: argument 'low' expected a value <= 2 \(bool\), received 3$/,
      ],
      [
        () => R.randint(0, 3, 2, 'float64' as never),
        DTypeError,
        /^randint: argument 'dtype' expected 'int32', 'uint8' or 'bool', received "float64"$/,
      ],
      [
        () => R.randint(0, 3, 2, 'int64' as never),
        DTypeError,
        /^randint: argument 'dtype' expected one of .*received "int64"$/,
      ],
      [
        () => R.randint(1.5),
        ArgumentTypeError,
        /^randint: argument 'low' expected an integer, received 1\.5$/,
      ],
      [
        () => R.randint(0, 2.5),
        ArgumentTypeError,
        /^randint: argument 'high' expected an integer, received 2\.5$/,
      ],
      [
        () => R.randint({ size: 3 } as never),
        ArgumentTypeError,
        /^randint: missing required argument 'low'$/,
      ],
      [
        () => R.randint(0, 3, -1),
        ValueError,
        /^randint: argument 'size' expected non-negative integers, received -1$/,
      ],
    ];
    for (const [f, cls, re] of cases) {
      expect(f).toThrow(cls);
      expect(f).toThrow(re);
    }
  });

  it('other errors name the function called and its argument', () => {
    configure({ workers: 0 });
    const cases: [() => unknown, new (...a: never[]) => Error, RegExp][] = [
      [
        () => R.random(-1),
        ValueError,
        /^random: argument 'size' expected non-negative integers, received -1$/,
      ],
      [() => R.random_sample([2, 1.5]), ValueError, /^random_sample: argument 'size'/],
      [
        () => R.sample('3' as never),
        ValueError,
        /^sample: argument 'size' expected an integer or an array of integers/,
      ],
      [() => R.ranf([-2]), ValueError, /^ranf: argument 'size'/],
      [() => R.standard_normal([-1]), ValueError, /^standard_normal: argument 'size'/],
      [() => R.uniform(0, 1, [-1]), ValueError, /^uniform: argument 'size'/],
      [
        () => R.uniform(0, Infinity),
        ValueError,
        /^uniform: argument 'high' expected a finite number, received Infinity$/,
      ],
      [() => R.uniform(Number.NaN), ValueError, /^uniform: argument 'low' expected a finite number/],
      [
        () => R.normal(0, -1),
        ValueError,
        /^normal: argument 'scale' expected a non-negative number, received -1$/,
      ],
      [() => R.normal(0, 1, [-3]), ValueError, /^normal: argument 'size'/],
      [
        () => R.exponential(-1),
        ValueError,
        /^exponential: argument 'scale' expected a finite non-negative number/,
      ],
      [() => R.exponential(1, [-1]), ValueError, /^exponential: argument 'size'/],
      [() => R.poisson(-1), ValueError, /^poisson: argument 'lam' expected a number in \[0, 1e9\]/],
      [() => R.poisson(2e9), ValueError, /^poisson: argument 'lam'/],
      [() => R.poisson(1, [-1]), ValueError, /^poisson: argument 'size'/],
      [() => R.choice(3, [5], false), ValueError, /^choice: cannot take a larger sample than population/],
      [
        () => R.choice(3, [2], true, [0.5, 0.6, 0]),
        ValueError,
        /^choice: argument 'p' expected probabilities that sum to 1/,
      ],
      [() => R.choice(-1), ValueError, /^choice: argument 'a' expected a non-negative integer or an array/],
      [() => R.choice(3, [-1]), ValueError, /^choice: argument 'size'/],
      [
        () => R.choice(3, 2, 'yes' as never),
        ArgumentTypeError,
        /^choice: argument 'replace' expected true or false/,
      ],
      [
        () => R.choice(3, { axis: 0 } as never),
        ArgumentTypeError,
        /^choice: unknown option 'axis' \(accepted keys: a, size, replace, p\)$/,
      ],
      [
        () => R.permutation(-2),
        ValueError,
        /^permutation: argument 'x' expected a non-negative integer or an array/,
      ],
      [
        () => R.permutation(np.array(3)),
        ValueError,
        /^permutation: argument 'x' expected an array of at least one dimension/,
      ],
      [
        () => (R.permutation as Loose)(5, { axis: 1 }),
        ArgumentTypeError,
        /^permutation: unknown option 'axis' \(accepted keys: x\)$/,
      ],
      [
        () => R.shuffle(3 as never),
        ArgumentTypeError,
        /^shuffle: argument 'x' expected an ndarray, a JavaScript array or a typed array, received 3$/,
      ],
      [
        () => R.shuffle(np.array(3)),
        ValueError,
        /^shuffle: argument 'x' expected an array of at least one dimension/,
      ],
      [
        () => R.shuffle(new DataView(new ArrayBuffer(4)) as never),
        ArgumentTypeError,
        /^shuffle: argument 'x'/,
      ],
      [
        () => R.uniform({ lo: 1 } as never),
        ArgumentTypeError,
        /^uniform: unknown option 'lo' \(accepted keys: low, high, size\)$/,
      ],
      [
        () => R.random({ shape: [2] } as never),
        ArgumentTypeError,
        /^random: unknown option 'shape' \(accepted keys: size\)$/,
      ],
      [
        () => (R.random as Loose)([2], [3]),
        ArgumentTypeError,
        /^random: takes at most 1 positional argument/,
      ],
      [
        () => R.normal(0, 1, [2], { loc: 1 } as never),
        ArgumentTypeError,
        /^normal: argument 'loc' given twice/,
      ],
    ];
    for (const [f, cls, re] of cases) {
      expect(f).toThrow(cls);
      expect(f).toThrow(re);
    }
  });
});
