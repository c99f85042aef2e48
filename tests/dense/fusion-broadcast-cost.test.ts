/**
 * A pending value that a broadcast expands (`np.sin(x)[:, None] * np.cos(y)[None, :]`) is computed
 * first, at its own size, when inlining it would evaluate its operations once per element of a
 * result at least four times larger and that costs at least 2^18 operations more
 * (dense/lazy-compose.ts `dearerBroadcast`): the fused result's tree then reads the sine and the
 * cosine as inputs instead of computing them. Small results and same-size operands still inline.
 * Operands as cheap as a memory-bound kernel's free operations stay inlined. The values are the
 * same bits either way (naive loop over the separately computed factors), at pool sizes 0, 1, 2.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FuseNode } from '../../codegen/index.js';
import * as np from '../../dense/index.js';
import { configure, traceStart, traceStop } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

/** The operations of a pending array's fused tree (empty when it is not pending). */
function opsOf(a: np.ndarray): Set<string> {
  const lz = (a as unknown as { _lazy: { tree: FuseNode; result: unknown } | null })._lazy;
  const out = new Set<string>();
  const walk = (t: FuseNode) => {
    out.add(t.op);
    if ('args' in t) for (const c of t.args) walk(c);
  };
  if (lz !== null && lz.result === null) walk(lz.tree);
  return out;
}

/** How many nodes of operation `op` a pending array's fused tree has. */
function countOps(a: np.ndarray, op: string): number {
  const lz = (a as unknown as { _lazy: { tree: FuseNode } | null })._lazy;
  let n = 0;
  const walk = (t: FuseNode) => {
    if (t.op === op) n++;
    if ('args' in t) for (const c of t.args) walk(c);
  };
  if (lz !== null) walk(lz.tree);
  return n;
}

describe.each(POOLS)('broadcast operands by cost at pool size %i', (workers) => {
  it('an outer product of transcendentals computes them per row and column, with the same bits', () => {
    configure({ workers });
    for (const [n, m, expectInlined] of [
      [600, 500, false], // 300,000 elements: sin and cos first (their 1,100 values)
      [20, 30, true], // 600 elements: inlined, a launch would cost more
    ] as const) {
      const xv = Float64Array.from({ length: n }, (_, i) => i * 0.013 - 1.5);
      const yv = Float64Array.from({ length: m }, (_, j) => j * 0.021 + 0.25);
      const x = np.array(xv).reshape(n, 1);
      const y = np.array(yv).reshape(1, m);
      const r = np.add(np.multiply(np.sin(np.multiply(Math.PI, x)), np.cos(np.multiply(Math.PI, y))), 1);
      const ops = opsOf(r);
      // Still pending (its own add and multiply in the tree), with or without the sine and cosine.
      expect(ops.has('add') && ops.has('multiply')).toBe(true);
      expect(ops.has('sin')).toBe(expectInlined);
      expect(ops.has('cos')).toBe(expectInlined);
      // The reference: the factors computed alone (the same codegen functions), multiplied here.
      const s = np.sin(np.multiply(Math.PI, np.array(xv))).toArray() as Float64Array;
      const c = np.cos(np.multiply(Math.PI, np.array(yv))).toArray() as Float64Array;
      const rv = r.toArray() as Float64Array;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < m; j++) {
          const want = s[i]! * c[j]! + 1;
          if (!Object.is(rv[i * m + j], want)) expect([n, i, j, rv[i * m + j]]).toEqual([n, i, j, want]);
        }
    }
  });

  it('same-size operands and cheap broadcasts still fuse into one kernel', () => {
    configure({ workers });
    const n = 700;
    const a = np.array(Float64Array.from({ length: n * n }, (_, k) => k % 13)).reshape(n, n);
    // exp(a) has the result's size: inlined.
    expect(opsOf(np.multiply(np.exp(a), 2)).has('exp')).toBe(true);
    // A cheap broadcast operand (a divide and an add: cost 3, free behind the loads) stays inlined.
    const row = np.array(Float64Array.from({ length: n }, (_, j) => j)).reshape(1, n);
    const cheap = np.add(a, np.add(np.divide(row, 3), 1));
    expect(countOps(cheap, 'add')).toBe(2);
    expect(opsOf(cheap).has('divide')).toBe(true);
    // ... and a dear one is computed first: the pending tree is the add alone.
    const dear = np.add(a, np.exp(np.divide(row, 3)));
    expect(countOps(dear, 'add')).toBe(1);
    expect(opsOf(dear).has('exp')).toBe(false);
    expect(opsOf(dear).has('divide')).toBe(false);
    const av = a.toArray() as Float64Array;
    const e = np
      .exp(np.divide(np.array(Float64Array.from({ length: n }, (_, j) => j)), 3))
      .toArray() as Float64Array;
    const dv = dear.toArray() as Float64Array;
    for (let k = 0; k < n * n; k += 997) expect(dv[k]).toBe(av[k]! + e[k % n]!);
  });

  it('counts the elements an out= writes, larger than the operands broadcast', () => {
    configure({ workers });
    const [m, n] = [600, 500];
    const rv = Float64Array.from({ length: n }, (_, j) => j * 1e-3);
    const row = () => np.divide(np.array(rv).reshape(1, n), 3);
    const ops = (f: () => void) => {
      traceStart();
      f();
      return traceStop().map((q) => q.op);
    };
    // exp(row / 3) + 0 into a 600 × 500 out: the exp is a launch of its own (its 500 values).
    const big = np.zeros([m, n]);
    const withOut = ops(() => np.add(np.exp(row()), 0, { out: big }));
    expect(withOut).toContain('exp');
    // The same expression with no out= has the operands' size (500): nothing is broadcast.
    const e = np.exp(row()).toArray() as Float64Array;
    const bv = big.toArray() as Float64Array;
    for (let k = 0; k < m * n; k += 499) expect(bv[k]).toBe(e[k % n]! + 0);
  });

  it('applies the rule at its edges: cost, size ratio, work saved', () => {
    configure({ workers });
    /** Whether `f(row)` stays inlined in `ones(rows, cols) + f(row)` (its op `op` in the tree). */
    const inlined = (rows: number, cols: number, f: (r: np.ndarray) => np.ndarray, op: string) => {
      const row = np.array(Float64Array.from({ length: cols }, (_, j) => j + 1)).reshape(1, cols);
      const e = np.add(np.ones([rows, cols]), f(row));
      const ops = opsOf(e);
      expect(ops.has('add')).toBe(true); // still pending
      return ops.has(op);
    };
    const cost4 = (r: np.ndarray) => np.sqrt(np.divide(r, 3)); // sqrt 2 + divide 2
    const cost5 = (r: np.ndarray) => np.add(np.sqrt(np.divide(r, 3)), 1);
    const cost10 = (r: np.ndarray) => np.exp(np.divide(r, 3e4)); // exp 8 + divide 2
    expect(inlined(700, 700, cost4, 'sqrt')).toBe(true); // free behind the loads
    expect(inlined(700, 700, cost5, 'sqrt')).toBe(false);
    expect(inlined(4, 70_000, cost10, 'exp')).toBe(false); // a quarter of the result
    expect(inlined(3, 70_000, cost10, 'exp')).toBe(true); // a third
    expect(inlined(40, 600, cost10, 'exp')).toBe(true); // 23,400 × 10 saved < 2^18
    expect(inlined(50, 600, cost10, 'exp')).toBe(false); // 29,400 × 10 ≥ 2^18
  });
});
