/**
 * Warming sparse kernels' WebAssembly modules on the issuing thread (sparse/kernels/wasm-warm.ts):
 * each warm-up runs once per key, a failing one is recorded and not thrown, and the DIA → CSR and
 * transpose warm-ups run their modules on valid inputs (no trap) for every float dtype — and
 * conversions through them still give the reference results afterwards.
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper } from '../../runtime/index.js';
import * as sparse from '../../sparse/index.js';
import { warmDiaWasm } from '../../sparse/kernels/dia-wasm.js';
import { warmTransposeWasm } from '../../sparse/kernels/transpose-wasm.js';
import { warmFailures, warmOnce } from '../../sparse/kernels/wasm-warm.js';

describe('warmOnce', () => {
  it('runs a key once, and records a failing warm-up instead of throwing', () => {
    let runs = 0;
    const key = `test.${Math.random()}`;
    warmOnce(key, [], 1, () => runs++);
    warmOnce(key, [], 1, () => runs++);
    expect(runs).toBe(1);
    const bad = `bad.${Math.random()}`;
    expect(() =>
      warmOnce(bad, [], 1, () => {
        throw new Error('boom');
      }),
    ).not.toThrow();
    expect(warmFailures()).toContain(`${bad}: boom`);
  });

  it('the DIA → CSR and transpose warm-ups run their modules without a trap', () => {
    for (const dtype of ['float64', 'float32'] as const) {
      warmDiaWasm(dtype);
      warmTransposeWasm(dtype);
    }
    warmTransposeWasm('int32');
    expect(warmFailures().filter((f) => f.startsWith('dia.') || f.startsWith('transpose.'))).toEqual([]);
  });

  it('SpMVs of 65,536 entries or more warm their module (pairs and generated, float64 and float32) without a trap, the same results', () => {
    for (const workers of [0, 2]) {
      configure({ workers, mapper: new DefaultMapper() });
      for (const [per, dtype] of [
        [3, 'float64'],
        [11, 'float64'],
        [3, 'float32'],
      ] as const) {
        const n = 30_000;
        const offs = Array.from({ length: per }, (_, q) => q - (per >> 1));
        // Band k holds 0.5·t + k at its t-th entry (row max(0, −k) + t).
        const A = sparse.diags(
          offs.map((k) =>
            np
              .arange(n - Math.abs(k))
              .multiply(0.5)
              .add(k),
          ),
          offs,
          { format: 'csr', dtype },
        ) as sparse.csr_array;
        const x = np.arange(n).multiply(0.25).astype(dtype);
        const got = (A.dot(x) as np.ndarray).astype('float64').toArray() as Float64Array;
        const want = new Float64Array(n);
        for (const k of offs)
          for (let i = Math.max(0, -k); i < Math.min(n, n - k); i++)
            want[i]! += (0.5 * (i - Math.max(0, -k)) + k) * 0.25 * (i + k);
        const tol = dtype === 'float32' ? 1e-4 : 1e-12;
        for (let i = 0; i < n; i += 997)
          expect(Math.abs(got[i]! - want[i]!)).toBeLessThanOrEqual(tol * (1 + Math.abs(want[i]!)));
      }
    }
    expect(warmFailures().filter((f) => f.startsWith('spmv.'))).toEqual([]);
    configure({ workers: 0, mapper: new DefaultMapper() });
  });

  it('conversions through the warmed modules give the reference (pool sizes 0 and 2)', () => {
    for (const workers of [0, 2]) {
      configure({
        workers,
        mapper: new DefaultMapper({ inlineLaunchBytes: 0, inlineBytes: 0, minPieceBytes: 64 }),
      });
      const n = 700;
      const bands = [-3, 0, 2].map((k, d) =>
        np
          .arange(n - Math.abs(k))
          .multiply(d + 1)
          .add(k === 0 ? 0 : 1),
      );
      const A = sparse.diags(bands, [-3, 0, 2], { format: 'csr' }) as sparse.csr_array;
      const dense = A.toarray();
      expect(Array.from(A.tocsc().toarray().toArray() as Float64Array)).toEqual(
        Array.from(dense.toArray() as Float64Array),
      );
      expect(Array.from(A.T.tocsr().toarray().toArray() as Float64Array)).toEqual(
        Array.from(dense.T.copy().toArray() as Float64Array),
      );
    }
    configure({ workers: 0, mapper: new DefaultMapper() });
  });
});
