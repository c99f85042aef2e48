/**
 * A full reduction of a pending 1-D element-wise value (`sum(y * y)`, `sum(power(y, 2))`,
 * `max(abs(x - y))`) runs as one launch with the element-wise kernel, block by block: a float
 * `sum` or `prod` of contiguous (or 1-D strided) operands as one kernel that computes, stores and
 * folds each block (dense/ewise-reduce.ts, Wasm or JavaScript: the value materialized) — with
 * `setFoldUnstored(true)` a cheap value is folded without being stored and stays pending —, the others by
 * runtime launch-pair fusion. The trace shows one launch, the result has the bits of the unfused
 * evaluation (the values materialized first, then reduced) and the array still reads its values
 * (also after an operand is overwritten), at pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { setFoldUnstored } from '../../dense/lazy.js';
import { configure, fence, traceStart, traceStop } from '../../runtime/index.js';
import { POOLS } from './ref.js';

function shared(v: Float64Array): Float64Array {
  const out = new Float64Array(new SharedArrayBuffer(v.byteLength));
  out.set(v);
  return out;
}

const REDUCE = { sum: np.sum, max: np.max, min: np.min, prod: np.prod };
const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));

describe.each(POOLS)('reductions of pending element-wise values at pool size %i', (workers) => {
  it('equal the unfused bits; a pool runs each as one launch', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        // Lengths drawn uniformly up to five blocks (fast-check's default size alone keeps arrays
        // to ~10 elements); special values rare enough that long sums stay finite.
        fc
          .integer({ min: 1, max: 20000 })
          .chain((n) =>
            fc.array(
              fc.oneof(
                { weight: 400, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
                { weight: 1, arbitrary: fc.constantFrom(0, -0, Number.NaN) },
              ),
              { minLength: n, maxLength: n },
            ),
          ),
        fc.constantFrom('sum', 'max', 'min', 'prod') as fc.Arbitrary<'sum' | 'max' | 'min' | 'prod'>,
        (vals, kind) => {
          const y = np.array(vals, { dtype: 'float64' }); // all-integer values would infer int32
          const x = np.array(
            vals.map((v) => v * 0.5),
            { dtype: 'float64' },
          );
          const exprs = [() => np.multiply(y, y), () => np.power(y, 2), () => np.abs(np.subtract(x, y))];
          for (const e of exprs) {
            const unfused = e();
            unfused.get('0').item(); // materialized on its own first
            const ref = REDUCE[kind](unfused).item() as number;
            const got = REDUCE[kind](e()).item() as number;
            if (!same(got, ref)) expect([kind, got]).toEqual([kind, ref]);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('is one launch (the trace names the pair)', () => {
    configure({ workers });
    const y = np.linspace(0, 1, 200_000);
    y.sum().item();
    fence();
    traceStart();
    const s = np.sum(np.multiply(y, y)).item();
    fence();
    const ops = new Set(traceStop().map((r) => r.op));
    if (workers > 0) expect([...ops].some((o) => o.includes('+'))).toBe(true);
    let ref = 0;
    const v = y.toArray() as Float64Array;
    for (const t of v) ref += t * t;
    expect(Math.abs(s - ref)).toBeLessThan(1e-9 * ref);
  });

  it.each([false, true])(
    'sum and prod fold in one kernel (unstored: %s): unfused bits, the value readable, float32, n-D, strided, broadcast',
    (unstored) => {
      configure({ workers });
      const was = setFoldUnstored(unstored);
      try {
        foldChecks();
      } finally {
        setFoldUnstored(was);
      }
    },
  );
});

/** The fold's checks at the current pool size and switch. */
function foldChecks(): void {
  fc.assert(
    fc.property(
      // Lengths drawn uniformly (fast-check's default size alone keeps arrays to ~10 elements).
      fc
        .integer({ min: 2, max: 13_000 })
        .chain((n) =>
          fc.array(
            fc.oneof(
              { weight: 400, arbitrary: fc.double({ min: -3, max: 3, noNaN: true }) },
              { weight: 1, arbitrary: fc.constantFrom(0, -0, Number.NaN, Infinity, 1e-310) },
            ),
            { minLength: n, maxLength: n },
          ),
        ),
      fc.constantFrom('sum', 'prod') as fc.Arbitrary<'sum' | 'prod'>,
      fc.boolean(),
      (vals, kind, own) => {
        const n = vals.length;
        const xv = Float64Array.from(vals);
        const zv = Float64Array.from(vals, (v, i) => (i % 7) * 0.25 - v);
        // Heap operands run the Wasm form, own buffers the JavaScript one.
        const x = own ? np.asarray(shared(xv)) : np.array(xv);
        const z = own ? np.asarray(shared(zv)) : np.array(zv);
        const alpha = np.array(1.5); // a 0-d operand, broadcast
        const even = n - (n % 2);
        // Strided 1-D operands (a column, a reversed view): the JavaScript form, strided.
        const cols = np
          .array(Float64Array.from({ length: 3 * n }, (_, i) => xv[i % n]! - (i % 5)))
          .reshape([n, 3]);
        const exprs: (() => np.ndarray)[] = [
          () => np.power(x, 2),
          () => np.add(np.multiply(x, alpha), z),
          () => np.sqrt(np.abs(np.subtract(x, 0.5))),
          () => np.multiply(np.array(xv, { dtype: 'float32' }), 1.25),
          () => np.multiply(x.get(`:${even}`).reshape([2, even / 2]), 2),
          () => np.multiply(cols.get(':, 1'), np.subtract(x, 0.25)),
          () => np.add(x.get('::-1'), cols.get(':, 2')),
          // Expensive to recompute: materialized by the pass that folds it.
          () => np.add(np.exp(np.multiply(x, 0.01)), z),
          () => np.log(np.add(np.abs(x), alpha)),
        ];
        for (const e of exprs) {
          const unfused = e();
          const b = unfused.toArray() as Float64Array; // materialized on its own first
          const ref = (kind === 'sum' ? np.sum : np.prod)(unfused).item() as number;
          const lazy = e();
          const got = (kind === 'sum' ? np.sum : np.prod)(lazy).item() as number;
          if (!same(got, ref)) expect([kind, own, got]).toEqual([kind, own, ref]);
          const a = lazy.toArray() as Float64Array;
          for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) expect([i, a[i]]).toEqual([i, b[i]]);
        }
      },
    ),
    { numRuns: 25 },
  );
  // The value stays pending: a later write to an operand computes it first (old contents).
  const w = np.array([1.5, -2, 3, 0.25, 7, 9]);
  const sq = np.power(w, 2);
  expect(np.sum(sq).item()).toBe(2.25 + 4 + 9 + 0.0625 + 49 + 81);
  w.set(':', 0);
  np.multiply(w, 2, w);
  expect(sq.tolist()).toEqual([2.25, 4, 9, 0.0625, 49, 81]);
  expect(np.sum(np.power(w, 2)).item()).toBe(0);
  // An expensive value is materialized by the folding pass: no second launch when read.
  const ex = np.exp(np.multiply(np.linspace(0, 1, 20_000), 0.5));
  fence();
  traceStart();
  const es = np.sum(ex).item() as number;
  ex.tolist();
  fence();
  const eops = traceStop().map((r) => r.op);
  expect(eops.filter((o) => o === 'exp+sum').length).toBeGreaterThan(0);
  expect(eops.filter((o) => o === 'exp')).toEqual([]);
  let eref = 0;
  for (const v of np.linspace(0, 1, 20_000).toArray() as Float64Array) eref += Math.exp(v * 0.5);
  expect(Math.abs(es - eref)).toBeLessThan(1e-12 * eref);
  // One launch, named after the element-wise operation and the reduction, even inline.
  const y = np.linspace(0, 1, 50_000);
  fence();
  traceStart();
  np.sum(np.power(y, 2)).item();
  fence();
  const ops = traceStop().map((r) => r.op);
  expect(ops.filter((o) => o === 'power+sum').length).toBeGreaterThan(0);
  expect(ops.filter((o) => o === 'power')).toEqual([]);
}
