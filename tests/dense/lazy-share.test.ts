/**
 * Fused trees share subtrees (a value used several times — Black–Scholes' `K` five times in
 * `cnd`): the walks over them visit each shared node once. A chain of 60 levels, each using the
 * level below twice, has 2^60 paths: `typeTree` (codegen) and `remap` (dense/lazy-share.ts) finish
 * at once, and `remap` keeps the sharing (both arguments of a level are one object), so later
 * walks stay linear too.
 */
import { describe, expect, it } from 'vitest';
import { type FuseNode, fx, typeTree } from '../../codegen/index.js';
import { remap } from '../../dense/lazy-share.js';

/** add(mul(x, s0), x) nested `depth` times over input 0: each level reads the one below twice. */
function chain(depth: number): FuseNode {
  let x: FuseNode = fx.input(0, 'float64');
  for (let d = 0; d < depth; d++) x = fx.add(fx.multiply(x, fx.scalar(0, 'float64')), x);
  return x;
}

describe('walks over shared subtrees', () => {
  it('typeTree types a 60-level shared chain (2^60 paths) and gives float64', () => {
    const t = typeTree(chain(60));
    expect(t.dtype).toBe('float64');
    // The typed tree shares too: the multiply's first argument is the add's second.
    const mul = t.args[0]!;
    expect(mul.args[0]).toBe(t.args[1]);
  });

  it('remap renumbers a 60-level shared chain and keeps its sharing', () => {
    const r = remap(chain(60), [3], [2]);
    let x = r;
    for (let d = 0; d < 60; d++) {
      expect(x.op).toBe('add');
      const args = (x as { args: readonly FuseNode[] }).args;
      const mul = args[0] as { op: string; args: readonly FuseNode[] };
      expect(mul.args[0]).toBe(args[1]);
      expect(mul.args[1]).toEqual({ op: 'scalar', index: 2, dtype: 'float64', weak: true });
      x = args[1]!;
    }
    expect(x).toEqual({ op: 'input', index: 3, dtype: 'float64' });
  });
});
