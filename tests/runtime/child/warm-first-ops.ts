/**
 * Child program of tests/runtime/warm.test.ts, a fresh process: imports cohort (whose numpy
 * warm-up runs at import unless `COHORT_WARMUP=0`), then runs a small program's first operations
 * — the kinds every program starts with, and one large enough to be posted to the pool — and
 * prints as JSON: the warm-up records, the event number after import and at the end, how many
 * kernels each first operation registered, the decision log of the whole program, and the
 * result's bits.
 */
import * as np from '../../../dense/index.js';
import { startDecisionLog, stopDecisionLog } from '../../../runtime/decisions.js';
import { peekSeq } from '../../../runtime/events.js';
import { configure, warmupReport } from '../../../runtime/index.js';
import { kernelCount } from '../../../runtime/kernels.js';

const seqAfterImport = peekSeq();
configure({ workers: Number(process.env.COHORT_WORKERS ?? '2') });
const made: Record<string, number> = {};
/** Runs `f` and records how many kernels it registered. */
function step<T>(name: string, f: () => T): T {
  const k0 = kernelCount();
  const v = f();
  made[name] = kernelCount() - k0;
  return v;
}
startDecisionLog();
const x = step('create', () => np.zeros([1024]));
const y = step('create2', () => np.ones([1024]));
step('iadd', () => x.iadd(y.multiply(2)));
const s = step('sum', () => np.sum(x).item());
const m = np.ones([4, 4]);
const w = step('gemv', () => np.dot(m, np.ones([4])).toArray());
// Large enough to be posted to the pool (the default mapper keeps small launches inline).
const big = np.arange(1 << 21, { dtype: 'float64' }).multiply(0.5);
const bigSum = np.sum(big).item();
const log = stopDecisionLog();
const bits = Array.from(new Uint32Array(Float64Array.from([s, bigSum, ...(w as Float64Array)]).buffer));
console.log(JSON.stringify({ warmups: warmupReport(), seqAfterImport, seqEnd: peekSeq(), made, log, bits }));
process.exit(0);
