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
