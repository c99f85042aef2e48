/**
 * A fused expression too deep for a Wasm function's locals (every node has a local in each of
 * the kernel's six copies of its body: codegen/fuse-wasm.ts) is refused by `fuseWasm` with a
 * CodegenError, and the launch runs the JavaScript kernel: 60 chained powers on 10,000 elements,
 * stored and summed, give the bits of the same steps materialized one at a time, at pool sizes
 * 0, 1, 2. (Before the refusal, the module failed to compile in the task: "local count too
 * large".)
 */
import { describe, expect, it } from 'vitest';
import { CodegenError, type FuseNode, fuseWasm, fx } from '../../codegen/index.js';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const DEPTH = 60;

it('fuseWasm refuses a chain too deep for the locals of one function', () => {
  let e: FuseNode = fx.input(0, 'float64');
  for (let i = 0; i < DEPTH; i++) e = fx.power(e, fx.scalar(0, 'float64'));
  expect(() => fuseWasm(e, 1, 1)).toThrow(CodegenError);
  expect(() => fuseWasm(e, 1, 1, [], 'sum')).toThrow(CodegenError);
});

describe.each(POOLS)('a deep fused chain at pool size %i', (workers) => {
  it('runs and equals the steps materialized one by one', () => {
    configure({ workers });
    const x = np.add(np.multiply(np.random.default_rng(5).random([10_000]), 0.5), 1);
    let fused = x;
    let stepped = x;
    for (let i = 0; i < DEPTH; i++) {
      fused = np.power(fused, 1.0001);
      stepped = np.power(stepped, 1.0001).copy();
    }
    const a = fused.toArray() as Float64Array;
    const b = stepped.toArray() as Float64Array;
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(np.sum(np.power(fused, 1.0001)).item()).toBe(np.sum(np.power(stepped, 1.0001).copy()).item());
  });
});
