/**
 * dense/wasm-warm.ts: before a big launch's first use of a fused kernel, the issuing thread warms
 * its Wasm function (V8 optimizes it for the workers). The warm-up must succeed for kernels with
 * and without imports (trig's helper), leave results untouched, and skip small launches.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mathJS } from '../../codegen/wasm-math.js';
import * as np from '../../dense/index.js';
import { WARM_WASM_ELEMENTS, warmedWasmKernels } from '../../dense/wasm-warm.js';
import { configure } from '../../runtime/index.js';
import { POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

describe.each(POOLS)('Wasm warm-up at pool size %i', (workers) => {
  it('warms big launches of fresh kernels (with and without imports), not small ones; results exact', () => {
    configure({ workers });
    const n = WARM_WASM_ELEMENTS + 5;
    const x = np.random.default_rng(workers).random([n]);
    const c = 1.25 + workers;
    // Trees unlike the other pool sizes' (workers + 1 negations) make fresh kernels here.
    const neg = (a: np.ndarray) => {
      for (let k = 0; k <= workers; k++) a = np.negative(a);
      return a;
    };
    const sign = workers % 2 === 0 ? -1 : 1;
    const small = np.multiply(neg(np.exp(x.get('0:1000'))), c + 0.5);
    const before = warmedWasmKernels();
    small.toArray();
    expect(warmedWasmKernels()).toBe(before);
    const e = np.add(neg(np.exp(np.multiply(x, c))), 0.5);
    const s = np.subtract(neg(np.sin(np.multiply(x, c))), 0.25);
    const ev = e.toArray() as Float64Array;
    const sv = s.toArray() as Float64Array;
    expect(warmedWasmKernels()).toBe(before + 2);
    const xv = x.toArray() as Float64Array;
    for (let i = 0; i < n; i += 997) {
      expect(ev[i]).toBe(sign * mathJS.fexp!(xv[i]! * c) + 0.5);
      expect(sv[i]).toBe(sign * (np.sin(np.array([xv[i]! * c])).toArray()[0] as number) - 0.25);
    }
  });
});
