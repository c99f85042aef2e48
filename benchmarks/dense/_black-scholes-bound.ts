/**
 * Black–Scholes (the ported program's pricing, benchmarks/programs/ports/black-scholes.ts, without
 * its final concatenate) against the memory-bandwidth bound of its inputs and outputs: S, X, T
 * read and call, put written — 5 arrays of n float64. The bound is those bytes at the bandwidth
 * of a stream kernel on the same pool (`np.multiply(a, 1, { out })` over 3 arrays: read one,
 * write one), measured in the same process. Prints the first pricing (what a user meets), the
 * median of 5 later ones, the stream bandwidth and the ratio pricing ÷ bound (the target:
 * ≤ 1.5).
 *
 * Run: node --import tsx benchmarks/dense/_black-scholes-bound.ts [n=4e6] [workers=2]
 */
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import { blackScholes } from '../programs/ports/black-scholes.js';

const n = Number(process.argv[2] ?? 4e6);
configure({ workers: Number(process.argv[3] ?? 2) });
const { inputs, run } = blackScholes.prepare(n);
for (const x of inputs) np.sum(x as np.ndarray).item();
fence();
const [S, X, T] = inputs as np.ndarray[];
const med = (ts: number[]) => ts.sort((a, b) => a - b)[ts.length >> 1]!;
/** CPU time of every thread (issuing thread and workers), ms: less sensitive to other processes. */
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
let cpuPrice = 0;
let cpuStream = 0;

/** One pricing: the port's run() is call and put concatenated; read both halves' last element. */
function price(): number {
  const c0 = cpu();
  const t0 = performance.now();
  const r = run();
  r.get('-1').item();
  fence();
  cpuPrice = cpu() - c0;
  return performance.now() - t0;
}
const first = price();
const later = med(Array.from({ length: 5 }, price));

// The stream: read and write n doubles per call, three calls (= 6n doubles of traffic).
const outs = [np.empty([n]), np.empty([n]), np.empty([n])];
const stream = () => {
  const c0 = cpu();
  const t0 = performance.now();
  np.multiply(S!, 1, { out: outs[0] });
  np.multiply(X!, 1, { out: outs[1] });
  np.multiply(T!, 1, { out: outs[2] });
  outs[2]!.get('-1').item();
  fence();
  cpuStream = cpu() - c0;
  return performance.now() - t0;
};
stream();
const streamMs = med(Array.from({ length: 7 }, stream));
const gbps = (6 * n * 8) / (streamMs * 1e6);
const boundMs = (5 * n * 8) / (gbps * 1e6);
// The port's run also concatenates call and put (2n read, 2n written): its own bound is 9n doubles.
const portBoundMs = (9 * n * 8) / (gbps * 1e6);
console.log(
  `n=${n}: pricing first ${first.toFixed(1)} ms, later (median of 5) ${later.toFixed(1)} ms; stream ${gbps.toFixed(2)} GB/s; ` +
    `bound of S,X,T,call,put ${boundMs.toFixed(1)} ms (with the concatenate ${portBoundMs.toFixed(1)} ms); ` +
    `later ÷ bound ${(later / boundMs).toFixed(2)}, ÷ bound with concatenate ${(later / portBoundMs).toFixed(2)}`,
);
// The same comparison in CPU time (last pricing, last stream), for loaded hosts.
console.log(
  `CPU time: pricing ${cpuPrice.toFixed(0)} ms, stream of 6n doubles ${cpuStream.toFixed(0)} ms; ` +
    `pricing ÷ (stream scaled to 5n) ${(cpuPrice / ((cpuStream * 5) / 6)).toFixed(2)}, ÷ (to 9n) ${(cpuPrice / ((cpuStream * 9) / 6)).toFixed(2)}`,
);
process.exit(0);
