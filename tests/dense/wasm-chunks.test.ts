/**
 * A contiguous fused kernel's Wasm function runs a piece in calls of WASM_CHUNK elements
 * (dense/ewise-launch.ts: V8 optimizes a Wasm function only for its next call). Lengths around
 * the chunk size and its multiples, offset views and `out=` into the middle of a larger array, at
 * pool sizes 0, 1, 2: every element equals the plain-loop reference with codegen's own `fexp` bit
 * for bit, and nothing outside the output is written.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { mathJS } from '../../codegen/wasm-math.js';
import { WASM_CHUNK } from '../../dense/ewise-launch.js';
import * as np from '../../dense/index.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

const fexp = mathJS.fexp!;
const C = WASM_CHUNK;
const lengths = fc.oneof(
  fc.constantFrom(C - 1, C, C + 1, 2 * C, 2 * C + 3, 3 * C - 1, 8 * C + 5, 16 * C + 9),
  fc.integer({ min: 1, max: 4 * C + 7 }),
);

describe.each(POOLS)('fused Wasm kernels in chunks at pool size %i', (workers) => {
  it('equal the plain loop bit for bit at every length, offset and output position', () => {
    configure({ workers });
    fc.assert(
      fc.property(lengths, fc.nat(40), fc.nat(40), fc.integer(), (n, xo, oo, seed) => {
        const xs = np.random.default_rng(seed >>> 0).random([n + xo]);
        const x = xs.get(`${xo}:`);
        const big = np.full([n + oo + 5], -7.5);
        const out = big.get(`${oo}:${oo + n}`);
        // exp(x·1.5 − 0.25) + x, in one fused launch, written into the middle of `big`.
        np.add(np.exp(np.subtract(np.multiply(x, 1.5), 0.25)), x, { out });
        const xv = xs.toArray() as Float64Array;
        const got = big.toArray() as Float64Array;
        for (let i = 0; i < oo; i++) expect(got[i]).toBe(-7.5);
        for (let i = oo + n; i < got.length; i++) expect(got[i]).toBe(-7.5);
        for (let i = 0; i < n; i++) {
          const v = xv[xo + i]!;
          const want = fexp(v * 1.5 - 0.25) + v;
          if (!Object.is(got[oo + i], want)) expect([i, got[oo + i]]).toEqual([i, want]);
        }
      }),
      { numRuns: 12 },
    );
  });
});
