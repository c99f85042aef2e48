/**
 * Fusion as a DAG at the array level (dense/lazy.ts, dense/lazy-share.ts): lazy values used
 * several times give equal subtrees (one computation per element in the kernel), an expensive
 * value used by two launches is materialized once (the cost rule), and every result equals
 * op-by-op evaluation bit for bit at pool sizes 0, 1 and 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, partitionStats, resetPartitionStats } from '../../runtime/index.js';
import { POOLS } from './ref.js';

/** Multi-piece launches planned: solved, or replayed from the trace (runtime/plan-memo.ts). */
const launched = (): number => {
  const s = partitionStats();
  return s.solves + s.replays;
};

type A = np.ndarray;

/** Black–Scholes as cuNumeric's example writes it (op by op when `eager`). */
function blackScholes(S: A, X: A, T: A, R: number, V: number, eager: boolean): [A, A] {
  const e = (a: A) => {
    if (eager) void a.store;
    return a;
  };
  const cnd = (d: A): A => {
    const K = e(np.divide(1, e(np.add(1, e(np.multiply(0.2316419, e(np.abs(d))))))));
    let poly = e(np.multiply(K, 1.330274429));
    for (const c of [-1.821255978, 1.781477937, -0.356563782, 0.31938153])
      poly = e(np.multiply(K, e(np.add(c, poly))));
    const g = e(
      np.multiply(
        e(np.multiply(0.3989422804014327, e(np.exp(e(np.multiply(e(np.multiply(-0.5, d)), d)))))),
        poly,
      ),
    );
    return e(np.where(e(np.greater(d, 0)), e(np.subtract(1, g)), g));
  };
  const sqrtT = e(np.sqrt(T));
  const d1 = e(
    np.add(
      e(np.log(e(np.divide(S, X)))),
      e(np.divide(e(np.multiply(e(np.add(R, 0.5 * V * V)), T)), e(np.multiply(V, sqrtT)))),
    ),
  );
  const d2 = e(np.subtract(d1, e(np.multiply(V, sqrtT))));
  const c1 = cnd(d1);
  const c2 = cnd(d2);
  const expRT = e(np.exp(e(np.multiply(-R, T))));
  const call = e(np.subtract(e(np.multiply(S, c1)), e(np.multiply(e(np.multiply(X, expRT)), c2))));
  const put = e(
    np.subtract(
      e(np.multiply(e(np.multiply(X, expRT)), e(np.subtract(1, c2)))),
      e(np.multiply(S, e(np.subtract(1, c1)))),
    ),
  );
  return [call, put];
}

const vals = (a: A): number[] => Array.from(a.toArray() as ArrayLike<number>);
const same = (a: number[], b: number[]) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) expect([i, a[i]]).toEqual([i, b[i]]);
};

describe('fusion as a DAG', () => {
  it('an expensive value used by two launches is computed once; used twice in one, inlined', () => {
    configure({ workers: 2 });
    const n = 50_000;
    const a = np.arange(1, n + 1);
    const b = np.full([n], 3);
    const probe = () => np.empty([1]).store.region.id;
    // d used twice in one expression: one launch, one region.
    resetPartitionStats();
    let r0 = probe();
    const d = np.log(np.divide(a, b));
    const one = np.add(np.multiply(d, d), d);
    void one.store;
    expect(probe() - r0).toBe(2); // the result's region and the probe's
    // d used by two pending expressions: d is materialized once, then both read it.
    r0 = probe();
    const e = np.log(np.divide(a, b));
    const c1 = np.add(np.multiply(e, e), 1);
    const c2 = np.multiply(e, 3);
    resetPartitionStats();
    void c1.store;
    expect(launched()).toBe(2); // e, then c1 reading it
    void c2.store;
    expect(launched()).toBe(3); // c2 reads e's store: no recomputation
    expect(probe() - r0).toBe(4);
    const ref = vals(np.log(np.divide(a, b)));
    same(
      vals(c2),
      ref.map((v) => v * 3),
    );
    same(
      vals(c1),
      ref.map((v) => v * v + 1),
    );
    // A cheap value used by two launches is recomputed (no extra pass over memory).
    r0 = probe();
    const f = np.multiply(a, 2);
    const g1 = np.add(f, 1);
    const g2 = np.subtract(f, 1);
    resetPartitionStats();
    void g1.store;
    void g2.store;
    expect(probe() - r0).toBe(3);
  });

  for (const workers of POOLS) {
    it(`Black–Scholes lazily equals op by op, bit for bit (workers=${workers})`, () => {
      configure({ workers });
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 3000 }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.boolean(),
          (n, seed, putFirst) => {
            const rng = np.random.default_rng(seed);
            const S = rng.uniform(5, 30, [n]);
            const X = rng.uniform(1, 100, [n]);
            const T = rng.uniform(0.25, 10, [n]);
            const [ce, pe] = blackScholes(S, X, T, 0.02, 0.3, true);
            const [cl, pl] = blackScholes(S, X, T, 0.02, 0.3, false);
            const order = putFirst ? [pl, cl] : [cl, pl];
            for (const o of order) void o.store;
            same(vals(cl), vals(ce));
            same(vals(pl), vals(pe));
          },
        ),
        { numRuns: 8 },
      );
    });

    it(`random DAGs of lazy values with writes between equal op by op (workers=${workers})`, () => {
      configure({ workers });
      const UN = [np.exp, np.log, np.sqrt, np.abs, np.negative, np.tanh];
      const BIN = [np.add, np.subtract, np.multiply, np.divide, np.maximum];
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 200 }),
          fc.array(fc.tuple(fc.nat(20), fc.nat(100), fc.nat(100)), { minLength: 1, maxLength: 25 }),
          fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 3, maxLength: 3 }),
          (n, steps, seeds) => {
            const runProgram = (eager: boolean): number[][] => {
              const vs: A[] = seeds.map((s, i) => np.add(np.multiply(np.arange(n), s / 100), i + 0.5));
              for (const v of vs) void v.store;
              const base = vs.slice();
              for (const [kind, i, j] of steps) {
                const x = vs[i % vs.length]!;
                const y = vs[j % vs.length]!;
                let r: A | null;
                if (kind < UN.length) r = UN[kind]!(x);
                else if (kind < UN.length + BIN.length) r = BIN[kind - UN.length]!(x, y);
                else if (kind < 15) r = np.where(np.greater(x, 0), x, y);
                else if (kind < 18) {
                  // Writes a leaf some pending values read: they keep the values from before.
                  base[i % base.length]!.iadd(np.multiply(y.copy(), 0.5));
                  r = null;
                } else r = BIN[i % BIN.length]!(x, x);
                if (r === null) continue;
                if (eager) void r.store;
                vs.push(r);
              }
              return vs.map((v) => vals(v));
            };
            const lazy = runProgram(false);
            const eager = runProgram(true);
            for (let k = 0; k < lazy.length; k++) same(lazy[k]!, eager[k]!);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
