/**
 * The mapper's rule for launches with a broadcast argument (mapper/default-mapper.ts): one piece
 * per worker when every piece repeats a large read (B of a matrix product), `piecesPerWorker`
 * pieces when the repeated read is small next to the launch (x of a GEMV) — and a GEMV launched
 * that way has that many pieces.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, DefaultMapper, summarizeTrace, traceStart, traceStop } from '../../runtime/index.js';

const MiB = 2 ** 20;
afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

describe('pieces of launches with a broadcast argument', () => {
  it('splits like element-wise work when the broadcast part is ≤ 1/64 of the bytes', () => {
    const m = new DefaultMapper({ inlineLaunchBytes: 0 });
    const q = (bytes: number, replicatedBytes: number) => ({
      op: 'matmul',
      volume: 2000,
      bytes,
      workers: 2,
      replicatedBytes,
    });
    expect(m.pieces(q(32 * MiB, 16 * 1024))).toBe(2 * m.piecesPerWorker); // GEMV: x is 16 KB
    expect(m.pieces(q(96 * MiB, 32 * MiB))).toBe(2); // GEMM: B is a third of the bytes
    expect(m.pieces(q(64 * MiB, MiB))).toBe(2 * m.piecesPerWorker); // exactly 1/64
    expect(m.pieces(q(64 * MiB, MiB + 1))).toBe(2);
  });

  it('runs a large GEMV as piecesPerWorker pieces per worker, with the same bits', () => {
    const run = (workers: number) => {
      configure({ workers, mapper: new DefaultMapper({ inlineLaunchBytes: 0 }) });
      const A = np.reshape(np.multiply(np.arange(640 * 640), 1e-3), [640, 640]);
      const x = np.cos(np.arange(640));
      np.sum(A).item();
      traceStart();
      const y = np.dot(A, x);
      const out = Array.from(y.toArray() as Float64Array);
      const ops = summarizeTrace(traceStop()).ops;
      return { out, tasks: ops.find((o) => o.op === 'matmul')?.tasks ?? 0 };
    };
    const two = run(2);
    expect(two.tasks).toBe(2 * new DefaultMapper().piecesPerWorker);
    expect(run(1).out).toEqual(two.out);
    expect(run(0).out).toEqual(two.out);
  });
});
