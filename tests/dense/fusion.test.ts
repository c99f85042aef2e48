/**
 * Fusion of element-wise chains (dense/lazy.ts): lazy evaluation equals op-by-op evaluation bit
 * for bit, sequential semantics hold across deferral, trees and pending readers stay bounded, and
 * a chain is one launch into one region.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { MAX_INPUTS, MAX_NODES, MAX_PENDING } from '../../dense/lazy.js';
import { configure, type DType, partitionStats, resetPartitionStats } from '../../runtime/index.js';
import { kernelById } from '../../runtime/kernels.js';
import { DTYPES, POOLS, shapeArb, valueArb } from './ref.js';

/** Multi-piece launches planned: solved, or replayed from the trace (runtime/plan-memo.ts). */
const launched = (): number => {
  const s = partitionStats();
  return s.solves + s.replays;
};

type A = np.ndarray;
const BIN = [
  'add',
  'subtract',
  'multiply',
  'divide',
  'power',
  'maximum',
  'minimum',
  'equal',
  'less',
  'logical_and',
] as const;
const UN = ['negative', 'abs', 'sqrt', 'exp', 'sign', 'floor', 'isnan', 'logical_not'] as const;
type Fn = (a: np.Operand, b?: np.Operand) => A;
const F = {
  add: np.add,
  subtract: np.subtract,
  multiply: np.multiply,
  divide: np.divide,
  power: np.power,
  maximum: np.maximum,
  minimum: np.minimum,
  equal: np.equal,
  less: np.less,
  logical_and: np.logical_and,
  negative: np.negative,
  abs: np.abs,
  sqrt: np.sqrt,
  exp: np.exp,
  sign: np.sign,
  floor: np.floor,
  isnan: np.isnan,
  logical_not: np.logical_not,
} as Record<string, Fn>;

interface Step {
  kind: 'bin' | 'un' | 'where' | 'clip' | 'astype' | 'scalar' | 'inplace' | 'setview';
  op: number;
  i: number;
  j: number;
  k: number;
  s: number;
  dt: DType;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  kind: fc.constantFrom('bin', 'bin', 'bin', 'un', 'where', 'clip', 'astype', 'scalar', 'inplace', 'setview'),
  op: fc.nat(),
  i: fc.nat(),
  j: fc.nat(),
  k: fc.nat(),
  s: fc.constantFrom(2, -1, 0.5, 3, Number.NaN, Number.POSITIVE_INFINITY, 1e10, true),
  dt: fc.constantFrom(...DTYPES),
}) as fc.Arbitrary<Step>;

/** Leaves: shapes broadcastable to a common shape (some dims 1 or dropped), random dtypes. */
const leavesArb = shapeArb.chain((s) =>
  fc.array(
    fc
      .record({
        dt: fc.constantFrom(...DTYPES),
        ones: fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }),
        drop: fc.integer({ min: 0, max: s.length }),
      })
      .chain(({ dt, ones, drop }) => {
        const shape = s.map((e, d) => (ones[d] ? 1 : e)).slice(drop);
        const n = shape.reduce((a, b) => a * b, 1);
        return fc.array(valueArb(dt), { minLength: n, maxLength: n }).map((vals) => ({ dt, shape, vals }));
      }),
    { minLength: 1, maxLength: 3 },
  ),
);

/** Applies one step to the values so far; null when NumPy refuses the dtypes (both runs agree). */
function apply(vals: A[], st: Step): A | null {
  const pick = (n: number) => vals[n % vals.length]!;
  const scalar = st.s as number | boolean;
  try {
    switch (st.kind) {
      case 'bin': {
        const op = BIN[st.op % BIN.length]!;
        return F[op]!(pick(st.i), pick(st.j));
      }
      case 'scalar': {
        const op = BIN[st.op % BIN.length]!;
        return st.op % 2 === 0 ? F[op]!(pick(st.i), scalar) : F[op]!(scalar, pick(st.i));
      }
      case 'un':
        return F[UN[st.op % UN.length]!]!(pick(st.i));
      case 'where':
        return np.where(pick(st.i), pick(st.j), st.op % 2 === 0 ? pick(st.k) : scalar);
      case 'clip':
        return np.clip(pick(st.i), pick(st.j), pick(st.k));
      case 'astype':
        return pick(st.i).astype(st.dt);
      case 'inplace': {
        // Writes an operand that pending values may read: they must keep their old values.
        const t = pick(st.i);
        const v = st.op % 2 === 0 ? pick(st.j) : np.multiply(pick(st.j), pick(st.k));
        if (st.op % 3 === 0) t.iadd(v);
        else np.subtract(v, t, { out: t });
        return null;
      }
      case 'setview': {
        // Writes through a view of the first axis (aliasing), from a pending or shifted value.
        const t = pick(st.i);
        if (t.ndim === 0 || t.shape[0]! < 2) return null;
        t.get('1:').set('...', t.get(':-1').add(st.op % 2 === 0 ? 1 : pick(st.j).get('...')));
        return null;
      }
    }
  } catch (e) {
    const name = (e as Error).name;
    // ValueError: NumPy refuses integers to negative integer powers (both runs raise alike).
    if (name === 'DTypeError' || name === 'ShapeError' || name === 'ValueError') return null;
    throw e;
  }
}

function run(leaves: { dt: DType; shape: number[]; vals: number[] }[], steps: Step[], eager: boolean): A[] {
  const vals: A[] = leaves.map((l) => np.array(l.vals, { dtype: l.dt }).reshape(l.shape));
  for (const st of steps) {
    const r = apply(vals, st);
    if (r === null) continue;
    if (eager) void r.store; // force op by op
    vals.push(r);
  }
  return vals;
}

function expectSame(a: A, b: A): void {
  expect(a.dtype).toBe(b.dtype);
  expect(a.shape).toEqual(b.shape);
  const x = a.toArray();
  const y = b.toArray();
  for (let k = 0; k < x.length; k++) {
    if (!Object.is(x[k], y[k])) expect([k, x[k]]).toEqual([k, y[k]]);
  }
}

describe.each(POOLS)('fusion, %i workers', (workers) => {
  it('random chains evaluated lazily equal the same chains forced op by op, bit for bit', () => {
    configure({ workers });
    fc.assert(
      fc.property(leavesArb, fc.array(stepArb, { minLength: 1, maxLength: 12 }), (leaves, steps) => {
        const lazy = run(leaves, steps, false);
        const eager = run(leaves, steps, true);
        expect(lazy.length).toBe(eager.length);
        // Read in reverse: later values first, so earlier ones are read after being inlined.
        for (let k = lazy.length - 1; k >= 0; k--) expectSame(lazy[k]!, eager[k]!);
      }),
      { numRuns: 60 },
    );
  });

  it('a pending expression reads the values of its operands at the call (sequential semantics)', () => {
    configure({ workers });
    const x = np.arange(6, undefined, undefined, { dtype: 'float64' });
    const y = np.ones([6]);
    const a = x.multiply(2); // pending, reads x
    const b = a.add(y); // pending, inlines a
    x.iadd(100); // in place
    expect(a.tolist()).toEqual([0, 2, 4, 6, 8, 10]);
    expect(b.tolist()).toEqual([1, 3, 5, 7, 9, 11]);
    const c = x.subtract(100); // reads the new x
    x.set('0:2', -1); // through set
    expect(c.tolist()).toEqual([0, 1, 2, 3, 4, 5]);
    const d = x.add(0);
    np.multiply(y, 7, { out: x }); // through {out}
    expect(d.tolist()).toEqual([-1, -1, 102, 103, 104, 105]);
    const v = x.get('1:4'); // an aliasing view
    const e = x.multiply(1);
    v.fill(0);
    expect(e.tolist()).toEqual([7, 7, 7, 7, 7, 7]);
    expect(x.tolist()).toEqual([7, 0, 0, 0, 7, 7]);
  });

  it('many pending readers of a written region keep their values (one copy for all)', () => {
    configure({ workers });
    const x = np.arange(4, undefined, undefined, { dtype: 'float64' });
    const held = Array.from({ length: 5 }, (_, k) => x.add(k));
    x.fill(-1);
    held.forEach((h, k) => {
      expect(h.tolist()).toEqual([k, 1 + k, 2 + k, 3 + k]);
    });
    const dropped = Array.from({ length: MAX_PENDING * 2 + 3 }, (_, k) => x.multiply(k));
    const group = x.store.region.deferred;
    let pending = 0;
    for (const g of group ?? []) pending += (g as unknown as { states: Set<unknown> }).states.size;
    expect(pending).toBeLessThanOrEqual(MAX_PENDING);
    x.fill(2);
    expect(dropped[7]!.tolist()).toEqual([-7, -7, -7, -7]);
    expect(dropped.at(-1)!.tolist()).toEqual(Array(4).fill(-(MAX_PENDING * 2 + 2)));
  });

  it('readers sharing the same large operands are not copied (held bytes count each region once)', () => {
    configure({ workers });
    // 9.2 MB each: 20 readers of x all holding y counted 184 MB per reader before (a copy of x at
    // the 9th); y counted once is 9.2 MB, under the bound.
    const n = 1_150_000;
    const x = np.arange(n, undefined, undefined, { dtype: 'float64' });
    const y = np.ones([n]);
    x.sum().item();
    y.sum().item();
    const readers = Array.from({ length: 20 }, (_, k) => x.multiply(k).add(y));
    const groupOf = (a: A) =>
      [...(a.store.region.deferred ?? [])][0] as unknown as {
        states: Set<unknown>;
        heldBytes: number;
      };
    const gx = groupOf(x);
    expect(gx.states.size).toBe(40); // each x*k (inlined, dropped) and each x*k + y
    expect(gx.heldBytes).toBe(n * 8);
    expect(groupOf(y).heldBytes).toBe(n * 8);
    // Computed readers leave the accounts (a view computes them; a sum would not with
    // COHORT_FOLD_UNSTORED=1, which folds cheap values without storing them: dense/lazy.ts).
    for (const r of readers.slice(0, 19)) r.get('0').item();
    // The last reader, and the dropped x*k that no collection has found dead yet (dense/lazy.ts
    // forgets a pending state once its arrays are collected).
    expect(gx.states.size).toBeGreaterThanOrEqual(1);
    expect(gx.states.size).toBeLessThanOrEqual(21);
    expect(gx.heldBytes).toBe(n * 8);
    readers[19]!.get('0').item();
    expect(gx.heldBytes).toBe(0);
    expect(readers[3]!.get('-1').item()).toBe(3 * (n - 1) + 1);
  });

  it('identical pending expressions share one registration, yet are distinct arrays', () => {
    configure({ workers });
    const x = np.array([1, 2, 3]);
    const a = x.multiply(2);
    const b = x.multiply(2);
    const c = x.multiply(2);
    expect((a as unknown as { _lazy: unknown })._lazy).toBe((b as unknown as { _lazy: unknown })._lazy);
    a.iadd(1); // a materializes its own store
    expect(b.tolist()).toEqual([2, 4, 6]);
    x.fill(0); // forces the shared state once; c copies that value
    b.iadd(10);
    expect(c.tolist()).toEqual([2, 4, 6]);
    expect(a.tolist()).toEqual([3, 5, 7]);
    expect(b.tolist()).toEqual([12, 14, 16]);
    const d = x.multiply(2);
    const e = x.multiply(2);
    x.fill(5); // forced, then each takes a copy
    d.iadd(1);
    expect(e.tolist()).toEqual([0, 0, 0]);
    expect(d.tolist()).toEqual([1, 1, 1]);
  });

  it('a loop re-making the same dropped intermediate keeps one pending reader', () => {
    configure({ workers });
    const x = np.ones([8]);
    const y = np.ones([8]);
    const pending = () => {
      let n = 0;
      for (const g of x.store.region.deferred ?? [])
        n += (g as unknown as { states: Set<unknown> }).states.size;
      return n;
    };
    for (let k = 0; k < 50; k++) expect(x.multiply(2.5).add(y).get('0').item()).toBe(3.5);
    expect(pending()).toBe(1); // the dropped x*2.5, shared by all iterations
    x.fill(0);
    expect(pending()).toBe(0);
  });

  it('in-place updates whose right side reads the target: aligned and shifted (NumPy semantics)', () => {
    configure({ workers });
    const x = np.array([1, 2, 3, 4]);
    x.iadd(x.multiply(2));
    expect(x.tolist()).toEqual([3, 6, 9, 12]);
    const a = np.array([1, 2, 3, 4, 5]);
    a.get('1:').iadd(a.get(':-1').multiply(2)); // right side evaluated first
    expect(a.tolist()).toEqual([1, 4, 7, 10, 13]);
    const b = np.array([1, 2, 3, 4, 5]);
    const rhs = b.get(':-1').add(b.get('1:'));
    b.get('1:').set(':', rhs);
    expect(b.tolist()).toEqual([1, 3, 5, 7, 9]);
    expect(rhs.tolist()).toEqual([3, 5, 7, 9]);
  });

  it('a loop without reads keeps trees bounded', () => {
    configure({ workers });
    let z = np.zeros([3]);
    const y = np.ones([3]);
    for (let k = 0; k < 500; k++) {
      z = z.add(y);
      const s = (z as unknown as { _lazy: { nodes: number; arrays: unknown[] } | null })._lazy;
      if (s !== null) {
        expect(s.nodes).toBeLessThanOrEqual(MAX_NODES);
        expect(s.arrays.length).toBeLessThanOrEqual(MAX_INPUTS);
      }
    }
    expect(z.tolist()).toEqual([500, 500, 500]);
  });

  it('errors stay eager: shapes and dtypes are checked at the call', () => {
    configure({ workers });
    const a = np.ones([3]).multiply(2);
    expect(() => a.add(np.ones([4]))).toThrow(/cannot broadcast|shape/);
    expect(() => np.subtract(np.logical_not(np.ones([2], { dtype: 'bool' })), true)).toThrow(/bool|subtract/);
  });
});

describe('fusion launches', () => {
  it('a*x + b*y - z is one launch and one new region, and a repeated loop reuses its kernel', () => {
    configure({ workers: 2 });
    const n = 100_000;
    const x = np.ones([n]);
    const y = np.full([n], 2);
    const z = np.full([n], 0.5);
    const probe = () => np.empty([1]).store.region.id;
    const r0 = probe();
    resetPartitionStats();
    const r = x.multiply(2.5).add(y.multiply(-1)).subtract(z);
    expect(launched()).toBe(0); // nothing launched yet
    void r.store;
    expect(launched()).toBe(1);
    expect(probe() - r0).toBe(2); // the result's region and the probe's
    expect(r.get('0:2').tolist()).toEqual([0, 0]);
    // In place with a pending right side: one launch, no new region. (Operands that no pending
    // intermediate reads: the dropped x*2.5 above would be computed before x is written.)
    const u = np.ones([n]);
    const w = np.full([n], 2);
    for (let k = 0; k < 3; k++) {
      resetPartitionStats();
      const r1 = probe();
      u.iadd(w.multiply(2));
      expect(launched()).toBe(1);
      expect(probe() - r1).toBe(1);
    }
    expect(u.get('0').item()).toBe(13);
    // Repeated chains hit the kernel caches: no kernel is generated per iteration.
    const kernels = () => {
      let n = 0;
      while (kernelById(n) !== undefined) n++;
      return n;
    };
    const k0 = kernels();
    for (let k = 0; k < 20; k++) {
      u.iadd(w.multiply(2));
      void x.multiply(2.5).add(y.multiply(-1)).subtract(z).store;
    }
    expect(kernels()).toBe(k0);
    // A dropped intermediate reading x is computed before x is written (JavaScript cannot tell
    // that it was dropped): the cost an eager temporary would have had, never more.
    resetPartitionStats();
    x.iadd(1);
    expect(launched()).toBeLessThanOrEqual(2);
  });
});
