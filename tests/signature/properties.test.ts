/**
 * Issue #19 properties (fast-check): the positional form, the options form and the array_like
 * forms of one call give bitwise the same result; an unknown option key and a parameter given
 * twice always raise ArgumentTypeError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { ArgumentTypeError } from '../../runtime/index.js';
import { signatureOf } from '../../signature/index.js';
import * as sp from '../../sparse/index.js';
import * as spla from '../../sparse/linalg/index.js';

/** The bytes of an array's C-order values (NaN payloads and -0 included), with its shape and dtype. */
const bits = (a: np.ndarray): string =>
  `${a.dtype} [${a.shape}] ${Array.from(new Uint8Array(a.toArray().slice().buffer)).join(',')}`;

/** Non-integer doubles (so that nested JS arrays infer float64, as the ndarray they came from). */
const value = fc
  .double({ min: -1e6, max: 1e6, noDefaultInfinity: true })
  .map((v) => (Number.isInteger(v) ? v + 0.25 : v));
const matrix = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }))
  .chain(([m, n]) =>
    fc.array(fc.array(value, { minLength: n, maxLength: n }), { minLength: m, maxLength: m }),
  );

describe('positional, options and array_like forms agree bitwise', () => {
  it('reductions (sum, mean, max, cumsum) with axis and keepdims', () => {
    fc.assert(
      fc.property(matrix, fc.constantFrom(null, 0, 1, -1), fc.boolean(), (rows, axis, keepdims) => {
        const a = np.array(rows);
        for (const f of [np.sum, np.mean, np.max] as ((...x: unknown[]) => np.ndarray)[]) {
          const ref = bits(f(a, { axis, keepdims }));
          expect(bits(f(rows, { axis, keepdims }))).toBe(ref);
          expect(bits(f(a, axis, { keepdims }))).toBe(ref);
          expect(bits(f(rows, { keepdims, axis }))).toBe(ref);
        }
        const ref = bits(np.sum(a, axis, null, null, keepdims));
        expect(bits(np.sum(a, { axis, keepdims }))).toBe(ref);
        expect(bits(a.sum(axis, { keepdims }))).toBe(ref);
        const c = bits(np.cumsum(a, axis === null ? null : axis));
        expect(bits(np.cumsum(rows, { axis }))).toBe(c);
        expect(bits(a.cumsum({ axis }))).toBe(c);
      }),
      { numRuns: 40 },
    );
  });

  it('ufuncs: operands as ndarrays, nested arrays or typed arrays; out positional or by key', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 8 }), value, (xs, s) => {
        const a = np.array(xs);
        const typed = Float64Array.from(xs);
        for (const f of [np.add, np.multiply, np.maximum, np.power] as np.Bin[]) {
          const ref = bits(f(a, s));
          expect(bits(f(xs, s))).toBe(ref);
          expect(bits(f(typed, s))).toBe(ref);
          const o1 = np.zeros([xs.length]);
          const o2 = np.zeros([xs.length]);
          f(a, s, o1);
          f(a, s, { out: o2 });
          expect(bits(o1)).toBe(ref);
          expect(bits(o2)).toBe(ref);
        }
        expect(bits(a.add(xs))).toBe(bits(np.add(a, a)));
        const lo = Math.min(s, 0);
        expect(bits(np.clip(xs, lo, { a_max: 1 }))).toBe(bits(np.clip(a, lo, 1)));
        expect(bits(np.clip(typed, { min: lo, max: 1 }))).toBe(bits(np.clip(a, lo, 1)));
      }),
      { numRuns: 40 },
    );
  });

  it('creation and shape functions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: -3, max: 3 }),
        (n, m, k) => {
          expect(bits(np.eye(n, m, k))).toBe(bits(np.eye(n, { M: m, k })));
          expect(bits(np.eye(n, m, k, 'float32'))).toBe(bits(np.eye(n, m, { k, dtype: np.float32 })));
          expect(bits(np.linspace(k, n, m))).toBe(bits(np.linspace(k, n, { num: m })));
          expect(bits(np.arange(k, n + k, 1, 'float64'))).toBe(
            bits(np.arange(k, n + k, { dtype: 'float64' })),
          );
          const a = np.arange(n * m);
          expect(bits(np.reshape(a, [n, m], 'F'))).toBe(bits(a.reshape(n, m, { order: 'F' })));
          expect(bits(np.reshape(a.tolist(), [n, m], { order: 'F' }))).toBe(bits(np.reshape(a, [n, m], 'F')));
          if (k <= -n || k >= m) return; // SciPy's eye raises for a diagonal outside the shape
          const S = sp.eye(n, m, k);
          expect(bits(S.toarray())).toBe(bits(sp.eye(n, { n: m, k }).toarray()));
          expect(bits(sp.triu(S, k, 'csr').toarray())).toBe(bits(sp.triu(S, { k, format: 'csr' }).toarray()));
        },
      ),
      { numRuns: 30 },
    );
  });
});

/** Bound functions with valid positional arguments (each a parameter of the signature, in order). */
const A = () => sp.diags([-1, 2, -1], [-1, 0, 1], { shape: [3, 3] });
const TABLE: [string, (...a: unknown[]) => unknown, () => unknown[]][] = [
  ['np.sum', np.sum as never, () => [[1, 2], 0, 'float64']],
  ['np.mean', np.mean as never, () => [[1, 2], 0]],
  ['np.zeros', np.zeros as never, () => [[2], 'float64']],
  ['np.arange', np.arange as never, () => [1, 5, 1, 'int32']],
  ['np.linspace', np.linspace as never, () => [0, 1, 5, true]],
  ['np.eye', np.eye as never, () => [2, 2, 0, 'float64']],
  ['np.clip', np.clip as never, () => [[1, 2], 0, 1]],
  ['np.reshape', np.reshape as never, () => [[1, 2], [2], 'C']],
  ['np.concatenate', np.concatenate as never, () => [[[1], [2]], 0]],
  ['np.linalg.norm', np.linalg.norm as never, () => [[3, 4], 2, 0]],
  ['np.isclose', np.isclose as never, () => [[1], [1], 1e-5, 1e-8]],
  ['sp.eye', sp.eye as never, () => [2, 2, 0, 'float64', 'csr']],
  ['sp.diags', sp.diags as never, () => [[[1, 2]], 0, [2, 2]]],
  ['sp.triu', sp.triu as never, () => [A(), 0, 'csr']],
  ['spla.cg', spla.cg as never, () => [A(), np.ones([3]), np.zeros([3])]],
  ['spla.norm', spla.norm as never, () => [A(), 1]],
];

describe('bad calls always raise ArgumentTypeError', () => {
  it('an unknown option key, naming it and the accepted keys', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TABLE), fc.string({ maxLength: 8 }), ([, f, args], key) => {
        const accepted = [...signatureOf(f)!.keywords.keys()];
        fc.pre(!accepted.includes(key) && !signatureOf(f)!.params.some((p) => p.name === key));
        let err: unknown;
        try {
          f(...args(), { [key]: 1 });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(ArgumentTypeError);
        expect((err as Error).message).toContain(
          `unknown option '${key}' (accepted keys: ${accepted.join(', ')})`,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('a parameter given by position and by key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TABLE), fc.nat(), ([, f, args], pick) => {
        const sig = signatureOf(f)!;
        const a = args();
        const either = a.map((_, i) => i).filter((i) => sig.params[i]!.mode === 'either');
        fc.pre(either.length > 0);
        const i = either[pick % either.length]!;
        const name = sig.params[i]!.name;
        expect(() => f(...a.slice(0, i + 1), { [name]: a[i] })).toThrow(ArgumentTypeError);
        expect(() => f(...a.slice(0, i + 1), { [name]: a[i] })).toThrow(`argument '${name}' given twice`);
      }),
      { numRuns: 100 },
    );
  });
});
