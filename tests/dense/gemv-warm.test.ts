/**
 * The GEMV sweeps are compiled and warmed once on the issuing thread and shipped to the workers
 * (kernels-gemv.ts `globals`, gemv-wasm.ts `gemvWarmModules`): after a GEMV, each worker holds
 * the issuing thread's modules, and products agree with the naive loop at pool sizes 0, 1, 2.
 */
import { afterAll, describe, expect, it } from 'vitest';
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

// out[i] = 1 when this thread holds the issuing thread's warmed GEMV modules, else 0.
registerKernel('test.gemvwarm.probe', (t) => {
  const g = globalThis as unknown as {
    __cohortGemvMods?: { cols: unknown; rows: unknown; warmed?: boolean };
    WebAssembly: { Module: new (...a: never[]) => object };
  };
  const m = g.__cohortGemvMods;
  const ok =
    m !== undefined &&
    m.warmed === true &&
    m.rows instanceof g.WebAssembly.Module &&
    m.cols instanceof g.WebAssembly.Module;
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = ok ? 1 : 0;
});

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

describe('GEMV modules shared with the workers', () => {
  it.each([0, 1, 2])('pool size %i: workers hold the warmed modules; A @ x is the naive loop', (workers) => {
    // At a pool: pieces on every worker, none inline (so each worker gets the GEMV kernel).
    const onPool = { pieces: () => 2 * workers, worker: (c: number) => c % workers, inline: () => false };
    configure({ workers, mapper: workers === 0 ? new DefaultMapper() : onPool });
    const [m, k] = [300, 70];
    const a = np
      .arange(m * k)
      .reshape([m, k])
      .multiply(0.001);
    const x = np.arange(k).multiply(0.5);
    const y = np.matmul(a, x).toArray();
    const A = a.toArray();
    const X = x.toArray();
    for (let i = 0; i < m; i++) {
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        s3 = 0,
        j = 0;
      for (; j + 3 < k; j += 4) {
        s0 += A[i * k + j]! * X[j]!;
        s1 += A[i * k + j + 1]! * X[j + 1]!;
        s2 += A[i * k + j + 2]! * X[j + 2]!;
        s3 += A[i * k + j + 3]! * X[j + 3]!;
      }
      for (; j < k; j++) s0 += A[i * k + j]! * X[j]!;
      expect(y[i]).toBe(s0 + s1 + (s2 + s3));
    }
    if (workers === 0) return;
    const o = Store.whole(createRegion('float64', 2 * workers));
    launch({ op: 'probe', kernel: 'test.gemvwarm.probe', args: [{ store: o, privilege: 'write' }] });
    expect(Array.from(readStore(o))).toEqual(new Array(2 * workers).fill(1));
  });
});
