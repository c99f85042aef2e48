/**
 * Pending expressions that the program dropped are forgotten once collected (dense/lazy.ts
 * `LazyWatch`): a temporary inlined into another expression and never computed stayed registered
 * with its operands' reader groups, holding its own operands — black_scholes' repeated runs kept
 * every run's temporaries and the heap grew by them at each run. Here a Black–Scholes-like body
 * (shared expensive values, `where`, a concatenation) runs six times over the same inputs with a
 * collection after each: the live heap and the pending readers of the inputs stop growing after
 * the first runs, and every result is exact, at pool sizes 0, 1, 2.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { pendingOn } from '../../dense/lazy.js';
import { heapStats } from '../../runtime/heap.js';
import { configure } from '../../runtime/index.js';
import { collectNow } from '../../runtime/memory.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const N = 200_000;

function cnd(d: np.ndarray): np.ndarray {
  const K = np.divide(1.0, np.add(1.0, np.multiply(0.2316419, np.absolute(d))));
  const poly = np.multiply(K, np.add(0.31938153, np.multiply(K, np.add(-0.356563782, np.multiply(K, 1.78)))));
  const c = np.multiply(np.multiply(0.3989422804014327, np.exp(np.multiply(np.multiply(-0.5, d), d))), poly);
  return np.where(np.greater(d, 0), np.subtract(1.0, c), c);
}

function body(S: np.ndarray, X: np.ndarray, T: np.ndarray): np.ndarray {
  const sqrtT = np.sqrt(T);
  const d1 = np.add(np.log(np.divide(S, X)), np.divide(np.multiply(0.065, T), np.multiply(0.3, sqrtT)));
  const d2 = np.subtract(d1, np.multiply(0.3, sqrtT));
  const c1 = cnd(d1);
  const c2 = cnd(d2);
  const e = np.exp(np.multiply(-0.02, T));
  const call = np.subtract(np.multiply(S, c1), np.multiply(np.multiply(X, e), c2));
  const put = np.subtract(
    np.multiply(np.multiply(X, e), np.subtract(1.0, c2)),
    np.multiply(S, np.subtract(1.0, c1)),
  );
  return np.concatenate([call, put]);
}

describe.each(POOLS)('dropped pending expressions at pool size %i', (workers) => {
  it('are forgotten once collected: repeated runs keep neither memory nor readers', () => {
    configure({ workers });
    const rng = np.random.default_rng(7 + workers);
    const S = np.add(np.multiply(rng.random([N]), 25), 5);
    const X = np.add(np.multiply(rng.random([N]), 99), 1);
    const T = np.add(np.multiply(rng.random([N]), 9.75), 0.25);
    for (const a of [S, X, T]) a.toArray(); // materialized: the runs' operands
    const live: number[] = [];
    const readers: number[] = [];
    let first: Float64Array | null = null;
    for (let r = 0; r < 6; r++) {
      const v = body(S, X, T).toArray() as Float64Array;
      if (first === null) first = v.slice();
      else expect(Buffer.compare(Buffer.from(v.buffer), Buffer.from(first.buffer))).toBe(0);
      collectNow();
      // A lazy array made and dropped: its making drops the collected ones' states.
      np.add(S, 1);
      const h = heapStats();
      live.push(h.top - h.free - h.quarantined);
      readers.push(pendingOn(S).states + pendingOn(X).states + pendingOn(T).states);
    }
    const bytes = 8 * N;
    // Before: each run left ~2 arrays' worth more live and its temporaries registered.
    expect(live[5]! - live[1]!, `live bytes per run ${live}`).toBeLessThan(bytes);
    expect(readers[5]!, `pending readers per run ${readers}`).toBeLessThanOrEqual(readers[1]! + 3);
  });

  it('a disposed lazy array that pending expressions use as an expensive part still computes for them', () => {
    configure({ workers });
    const xv = [0.5, 1, 2, 3, -1.25];
    const x = np.array(xv);
    const A = np.exp(np.multiply(x, 2)); // expensive: recorded as a part by B and C
    const B = np.add(A, 1);
    const C = np.multiply(A, 2);
    A.dispose();
    const e = np.exp(np.multiply(np.array(xv), 2)).toArray() as Float64Array;
    expect(Array.from(B.toArray() as Float64Array)).toEqual(Array.from(e, (v) => v + 1));
    expect(Array.from(C.toArray() as Float64Array)).toEqual(Array.from(e, (v) => v * 2));
  });
});
