/**
 * Full `max`/`min` of contiguous float64 run each reduction block through a Wasm SIMD extreme
 * (dense/extreme-wasm.ts) unless its result is zero or NaN, which the JavaScript loop decides.
 * The module alone gives the loop's value whenever that is neither zero nor NaN (and zero or NaN
 * only when the loop's is); `np.max`/`np.min` equal a plain loop over the array (the first of
 * tied zeros, NaN if any), contiguous and strided, at pool sizes 0, 1, 2.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extremeWasmBytes } from '../../dense/extreme-wasm.js';
import * as np from '../../dense/index.js';
import { configure, DEFAULT_REDUCTION_BLOCK } from '../../runtime/index.js';
import { POOLS } from './ref.js';

const wasmApi = (globalThis as any).WebAssembly;

/** The kernels' loop: from the first element, a strictly better value or a NaN replaces it. */
function loop(v: ArrayLike<number>, max: boolean): number {
  let acc = v[0]!;
  for (let i = 1; i < v.length; i++) {
    const x = v[i]!;
    if ((max ? x > acc : x < acc) || Number.isNaN(x)) acc = x;
  }
  return acc;
}

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const value = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: -100, max: 100 }).map((i) => i / 8) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity) },
);

describe('the Wasm extreme', () => {
  it.each([true, false])('gives the loop value unless zero or NaN (max: %s)', (max) => {
    const mem = new wasmApi.Memory({ initial: 1, maximum: 65536, shared: true });
    const kernel = new wasmApi.Instance(new wasmApi.Module(extremeWasmBytes(max)), { e: { mem } }).exports
      .kernel as (xp: number, n: number) => number;
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 70 }),
        fc.integer({ min: 0, max: 7 }),
        (vals, at) => {
          const x = new Float64Array(mem.buffer, 8 * at, vals.length);
          x.set(vals);
          const r = kernel(8 * at, vals.length);
          const want = loop(vals, max);
          if (r === 0 || Number.isNaN(r)) expect(want === 0 || Number.isNaN(want)).toBe(true);
          else expect(r).toBe(want);
          // NaN exactly when the data holds one.
          expect(Number.isNaN(r)).toBe(vals.some(Number.isNaN));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe.each(POOLS)('np.max and np.min at pool size %i', (workers) => {
  it('equal the plain loop, contiguous and strided', () => {
    configure({ workers });
    fc.assert(
      fc.property(
        // Mostly finite (a NaN anywhere would make the whole result NaN), some with specials.
        fc.oneof(
          // Lengths drawn uniformly (fast-check's default size keeps arrays to ~10 elements).
          fc.integer({ min: 1, max: 2 * DEFAULT_REDUCTION_BLOCK + 99 }).chain((n) =>
            fc.array(
              fc.integer({ min: -100000, max: 100000 }).map((i) => i / 8),
              { minLength: n, maxLength: n },
            ),
          ),
          fc.array(value, { minLength: 1, maxLength: 200 }),
        ),
        fc.integer({ min: 2, max: 3 }),
        (vals, step) => {
          const a = np.array(vals);
          const picked = vals.filter((_, i) => i % step === 0);
          for (const [f, max] of [
            [np.max, true],
            [np.min, false],
          ] as const) {
            const got = f(a).item() as number;
            if (!same(got, loop(vals, max))) expect([max, got]).toEqual([max, loop(vals, max)]);
            const s = f(a.get(`::${step}`)).item() as number;
            if (!same(s, loop(picked, max)))
              expect([max, 'strided', s]).toEqual([max, 'strided', loop(picked, max)]);
          }
          a.dispose();
        },
      ),
      { numRuns: 30 },
    );
  });
});

it('a contiguous float64 max runs its blocks through the module (pool size 0)', () => {
  configure({ workers: 0 });
  const vals = Array.from({ length: 3 * DEFAULT_REDUCTION_BLOCK }, (_, i) => Math.sin(i));
  const a = np.array(vals);
  np.max(a).item();
  // The kernel finds the module's instance on this thread's globalThis (reduce-kernels.ts).
  const held = (globalThis as Record<string, unknown>).__cohortExtreme_max as {
    fn: (...a: number[]) => number;
  };
  const inner = held.fn;
  let calls = 0;
  held.fn = (...args: number[]) => {
    calls++;
    return inner(...args);
  };
  try {
    expect(np.max(a).item()).toBe(loop(vals, true));
    expect(calls).toBe(3);
  } finally {
    held.fn = inner;
    a.dispose();
  }
});
