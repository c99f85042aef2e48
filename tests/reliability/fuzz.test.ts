/**
 * Fuzzing the public API: every Tier 1 function called with arbitrary arguments (fc.anything(),
 * wrong-typed values, weird shapes, strings, NaN, huge and negative numbers, null/undefined, nested
 * arrays of the wrong depth). Every failure must be a CohortError — never a TypeError or RangeError
 * from deep inside — and afterwards the pool still computes right and an earlier result is intact.
 * Results that are returned are read (toArray), so a deferred failure would surface here too.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { CohortError, configure } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { load, load_npz, mmread } from '../../sparse/io/index.js';
import * as la from '../../sparse/linalg/index.js';

type Fn = (...args: unknown[]) => unknown;

/** The callables under test: module functions and the methods of an ndarray and a sparse array. */
function targets(A: np.ndarray, S: sp.sparray): [string, Fn][] {
  const out: [string, Fn][] = [];
  const add = (prefix: string, mod: object) => {
    for (const [k, f] of Object.entries(mod)) {
      // Classes (ndarray, Slice, Generator, LinearOperator, sparray) need `new`: not fuzzed here.
      if (typeof f === 'function' && !/^[A-Z]/.test(k) && !/^(ndarray|sparray)$/.test(k))
        out.push([`${prefix}${k}`, f as Fn]);
    }
  };
  add('np.', np);
  add('np.linalg.', np.linalg);
  add('np.random.', np.random);
  add('sp.', sp);
  add('linalg.', la);
  add('io.', { load, load_npz, mmread }); // readers only: the fuzzer must not write files
  for (const m of [
    'get',
    'set',
    'reshape',
    'sum',
    'mean',
    'astype',
    'transpose',
    'dot',
    'add',
    'iadd',
    'clip',
    'max',
    'argmax',
    'cumsum',
    'item',
    'squeeze',
  ])
    out.push([`ndarray.${m}`, (...a) => (A as unknown as Record<string, Fn>)[m]!(...a)]);
  for (const m of [
    'dot',
    'add',
    'subtract',
    'multiply',
    'divide',
    'power',
    'sum',
    'mean',
    'diagonal',
    'get',
    'astype',
    'asformat',
    'check_format',
    'transpose',
  ])
    out.push([`sparse.${m}`, (...a) => (S as unknown as Record<string, Fn>)[m]!(...a)]);
  const rng = np.random.default_rng(3);
  for (const m of ['integers', 'uniform', 'random', 'standard_normal', 'normal'])
    out.push([`rng.${m}`, (...a) => (rng as unknown as Record<string, Fn>)[m]!(...a)]);
  return out;
}

/** Arguments: anything, plus the values that most often reach deep code unchecked. */
function argArb(A: np.ndarray, S: sp.sparray): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.anything({ maxDepth: 2 }),
    fc.constantFrom(
      null,
      undefined,
      Number.NaN,
      Infinity,
      -Infinity,
      -1,
      0,
      1.5,
      2 ** 31,
      1e300,
      -0,
      '',
      'x',
      ':',
      '0,0',
      true,
    ),
    fc.constantFrom([], [[]], [[1], [1, 2]], [1, [2]], [[[1]]], {}, { axis: 7 }, { dtype: 'x' }, { out: 1 }),
    fc.array(fc.oneof(fc.integer({ min: -3, max: 5 }), fc.double(), fc.constant(null)), { maxLength: 4 }),
    fc.constantFrom(
      A,
      S,
      np.zeros([0]),
      np.ones([2, 2, 2]),
      np.array([true, false]),
      np.arange(3),
      sp.coo_array(np.eye(2)),
    ),
  );
}

/** Calls `f`, reads an array result; returns the error thrown, if any. */
function attempt(f: Fn, args: unknown[]): unknown {
  try {
    const r = f(...args);
    if (r instanceof np.ndarray && r.size <= 1 << 16) r.toArray();
    if (Array.isArray(r) && r[0] instanceof np.ndarray) r[0].toArray();
    return undefined;
  } catch (e) {
    return e;
  }
}

describe.each([0, 1, 2])('fuzzing the public API at pool size %i', (workers) => {
  afterAll(() => configure({ workers: 2 }));

  it('every failure is a CohortError; the pool and earlier results survive', () => {
    configure({ workers });
    const A = np.reshape(np.arange(9), [3, 3]).astype('float64');
    const S = sp.csr_array(np.eye(3));
    const earlier = np.multiply(np.arange(4096), 2); // computed before the fuzzing
    const earlierSum = np.sum(earlier);
    const fns = targets(A, S);
    expect(fns.length).toBeGreaterThan(100);
    const raw: string[] = [];
    let ok = 0;
    let typed = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: fns.length - 1 }),
        fc.array(argArb(A, S), { maxLength: 4 }),
        (i, args) => {
          const [name, f] = fns[i]!;
          const e = attempt(f, args);
          if (e === undefined) ok++;
          else typed++;
          if (e !== undefined && !(e instanceof CohortError)) {
            raw.push(`${name}: ${(e as Error)?.name}: ${(e as Error)?.message}`);
            return false;
          }
          return true;
        },
      ),
      { numRuns: 1500, seed: 20_250_000 + workers },
    );
    expect(raw).toEqual([]);
    // Not vacuous: both accepted calls and typed rejections happened.
    expect(ok).toBeGreaterThan(20);
    expect(typed).toBeGreaterThan(500);
    // Unrelated work still gives the right answer on this pool, and the earlier result is intact.
    expect(np.sum(np.arange(100_000).astype('float64')).item()).toBe(4_999_950_000);
    expect(np.dot(np.ones([5000]), np.full([5000], 2)).item()).toBe(10_000);
    expect(earlierSum.item()).toBe((2 * (4095 * 4096)) / 2);
    const e = earlier.toArray();
    expect(e[0]).toBe(0);
    expect(e[4095]).toBe(8190);
    expect(np.sum(earlier).item()).toBe(earlierSum.item());
    // The operands the fuzzer was handed are unchanged unless an in-place call succeeded on them,
    // so check only what no call may change: S's identity structure.
    expect(S.toarray().tolist()).toEqual(np.eye(3).tolist());
  });
});
