/**
 * The task timeline (runtime/trace.ts): every traced task has an op, a worker that ran it and
 * start ≤ end after its issue; point tasks of a reduction, its combine and scalar tasks are all
 * recorded; nothing is recorded outside traceStart/traceStop.
 */
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, fence, summarizeTrace, traceStart, traceStop } from '../../runtime/index.js';
import { warmPool } from './pool-helpers.js';

afterAll(() => configure({ workers: 0 }));

for (const workers of [0, 1, 2]) {
  describe(`trace (workers=${workers})`, () => {
    it('records each task once, on a real worker, in order of time', async () => {
      configure({ workers });
      const a = np.ones([200_000]);
      if (workers > 0) {
        a.add(1).get('0').item();
        await warmPool();
      }
      np.add(a, 1).get('0').item(); // not traced
      traceStart();
      const s = np.sum(np.multiply(a, 2));
      const half = np.divide(s, 2); // a scalar task over the pending sum
      expect(half.item()).toBe(200_000);
      fence();
      const recs = traceStop();
      expect(recs.length).toBeGreaterThan(0);
      for (const r of recs) {
        expect(typeof r.op).toBe('string');
        expect(r.start).toBeLessThanOrEqual(r.end);
        expect(r.issued).toBeLessThanOrEqual(r.start + 1e-3);
        if (workers === 0) expect(r.worker).toBe(-1);
        else expect(r.worker).toBeGreaterThanOrEqual(r.kind === 'inline' ? -1 : 0);
        expect(r.worker).toBeLessThan(Math.max(1, workers));
      }
      if (workers > 0) {
        const kinds = new Set(recs.map((r) => r.kind));
        expect(kinds.has('task')).toBe(true);
        expect(kinds.has('combine')).toBe(true);
        const seqs = recs.filter((r) => r.kind !== 'inline').map((r) => r.seq);
        expect(new Set(seqs).size).toBe(seqs.length);
      }
      const sum = summarizeTrace(recs);
      expect(sum.span).toBeGreaterThan(0);
      expect(sum.ops.reduce((t, o) => t + o.tasks, 0)).toBe(recs.length);
      expect(sum.workers.reduce((t, w) => t + w.tasks, 0)).toBe(recs.length);
      // Stopped: later work is not recorded, and a new trace starts empty.
      np.add(a, 2).get('0').item();
      traceStart();
      expect(traceStop()).toEqual([]);
    });
  });
}
