/**
 * The GEMM micro-kernel is compiled and warmed once on the issuing thread and shipped to the
 * workers (kernels-linalg.ts `globals`, gemm-wasm.ts `gemmWarmModule`): after a matrix product,
 * each worker holds the issuing thread's module, and products equal the kernel's documented order
 * (`((0 + Σ_{k<256}) + Σ_{256≤k<512}) + …`, each Σ in k order) bit for bit at pool sizes 0, 1, 2.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gemmWarmModule } from '../../dense/gemm-wasm.js';
import * as np from '../../dense/index.js';
import {
  configure,
  createRegion,
  DefaultMapper,
  launch,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';

// out[i] = 1 when this thread holds the issuing thread's warmed GEMM module, else 0.
registerKernel('test.gemmwarm.probe', (t) => {
  const g = globalThis as unknown as {
    __cohortGemmMod?: { mod: unknown; warmed?: boolean };
    WebAssembly: { Module: new (...a: never[]) => object };
  };
  const m = g.__cohortGemmMod;
  const ok = m !== undefined && m.warmed === true && m.mod instanceof g.WebAssembly.Module;
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = ok ? 1 : 0;
});

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

describe('GEMM module shared with the workers', () => {
  it('gemmWarmModule returns one warmed module per thread', () => {
    const a = gemmWarmModule();
    expect(a.warmed).toBe(true);
    expect(gemmWarmModule()).toBe(a);
  });

  it.each([0, 1, 2])(
    'pool size %i: workers hold the warmed module; A @ B is the blocked order',
    (workers) => {
      // At a pool: pieces on every worker, none inline (so each worker gets the matmul kernel).
      const onPool = { pieces: () => 2 * workers, worker: (c: number) => c % workers, inline: () => false };
      configure({ workers, mapper: workers === 0 ? new DefaultMapper() : onPool });
      const [m, k, n] = [37, 300, 29];
      const a = np
        .arange(m * k)
        .reshape([m, k])
        .multiply(0.001)
        .subtract(3.7);
      const b = np
        .arange(k * n)
        .reshape([k, n])
        .multiply(0.0007)
        .add(0.3);
      const c = np.matmul(a, b).toArray();
      const A = a.toArray();
      const B = b.toArray();
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < n; j++) {
          let s = 0;
          for (let p0 = 0; p0 < k; p0 += 256) {
            let acc = 0;
            for (let p = p0; p < Math.min(k, p0 + 256); p++) acc += A[i * k + p]! * B[p * n + j]!;
            s = p0 === 0 ? acc : s + acc;
          }
          expect(c[i * n + j]).toBe(s);
        }
      }
      if (workers === 0) return;
      const o = Store.whole(createRegion('float64', 2 * workers));
      launch({ op: 'probe', kernel: 'test.gemmwarm.probe', args: [{ store: o, privilege: 'write' }] });
      expect(Array.from(readStore(o))).toEqual(new Array(2 * workers).fill(1));
    },
  );
});
