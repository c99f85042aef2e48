/**
 * Outputs of unknown size are int32-indexed: a count → scan → fill whose scan would pass
 * 2³¹ − 1 raises a ValueError naming the operation (it wrapped silently before), at pool sizes
 * 0, 1, 2; the scan kernel itself refuses to wrap.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { configure, regionFromArray, ValueError } from '../../runtime/index.js';
import { assemble } from '../../sparse/core/assemble.js';
import { copyInto } from '../../sparse/core/elementwise.js';
import { vec } from '../../sparse/core/types.js';
import { scanCounts } from '../../sparse/kernels/assemble.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

describe.each(POOLS)('int32 limit of assembled outputs, pool size %i', (workers) => {
  it('raises a ValueError naming the operation when the entries exceed int32', () => {
    configure({ workers });
    const big = regionFromArray(Int32Array.from([2e9, 2e9]), 'int32');
    const run = () =>
      assemble(
        'matmul',
        2,
        'float64',
        (counts) => copyInto(vec(big, 2), 0, counts, 1, 2),
        () => {
          throw new Error('fill must not run');
        },
      );
    expect(run).toThrow(ValueError);
    expect(run).toThrow(/matmul: argument 'result' expected at most 2147483647 stored entries/);
    const ok = regionFromArray(Int32Array.from([2, 3]), 'int32');
    let filled = 0;
    const r = assemble(
      'matmul',
      2,
      'float64',
      (counts) => copyInto(vec(ok, 2), 0, counts, 1, 2),
      () => filled++,
    );
    expect(r.nnz).toBe(5);
    expect(filled).toBe(1);
  });
});

it('scanCounts throws instead of wrapping', () => {
  const pos = Int32Array.from([0, 2147483647, 0, 0]);
  scanCounts(pos, 3);
  expect(Array.from(pos)).toEqual([0, 2147483647, 2147483647, 2147483647]);
  expect(() => scanCounts(Int32Array.from([0, 2147483647, 1]), 2)).toThrow(/int32 overflow/);
});
