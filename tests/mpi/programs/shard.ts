/**
 * Sharding under `mpirun` (issue 22): one program run alone and on N ranks. Prints, per rank, as
 * one JSON line:
 * - `results`: float64 bits of sums, dots, norms, an element-wise chain's sum, two SpMVs and CG
 *   on the Poisson matrix at `nx` (equal to the single-process run's, bitwise);
 * - `chain`: bytes the rank moved while issuing an element-wise chain over sharded data (0), and
 *   the pieces it ran of it (decision log: pieces issued on this rank);
 * - `spmv`: region bytes received and sent by the planned copies of one SpMV whose `x` was
 *   written with the row partition (its halo), and the pieces of the SpMV this rank ran;
 * - `shard`: the rank's sharding counters, `comm`: its commStats().
 *
 * Run with COHORT_INLINE_LAUNCH_BYTES=0 so that arrays of this size are split into pieces.
 * Usage: node --import tsx tests/mpi/programs/shard.ts [nx] [cg-iterations]
 */
import * as np from 'cohortjs/numpy';
import { commStats, fence, rank, ranks } from 'cohortjs/runtime';
import { cg } from 'cohortjs/sparse/linalg';
import { poisson2d, poissonProblem } from '../../../examples/poisson.js';
import { startDecisionLog, stopDecisionLog } from '../../../runtime/decisions.js';
import { shardStats } from '../../../runtime/shard.js';

function bits(x: number): string {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, '0');
}

/** Pieces this rank issued (ran inline or posted) in a decision log, by operation. */
function issued(log: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of log) {
    const [op, kind] = line.split(' ');
    if (!kind?.startsWith('T') || line.endsWith('skipped')) continue;
    out[op!] = (out[op!] ?? 0) + 1;
  }
  return out;
}

const nx = Number(process.argv[2] ?? 300);
const iters = Number(process.argv[3] ?? 40);
const n = nx * nx;
const lines: string[] = [];
const rng = np.random.default_rng(7);
const a = rng.standard_normal([n]);
const b = rng.random([n]);
lines.push(`sum ${bits(a.sum().item() as number)}`);
lines.push(`dot ${bits(np.dot(a, b).item() as number)}`);
lines.push(`norm ${bits(np.linalg.norm(a).item() as number)}`);

// An element-wise chain over data written with the same partition, and its sum: no region data
// moves, only the sum's partials.
const before = commStats();
const s0 = shardStats();
startDecisionLog();
const c = a.multiply(2).add(b);
const d = c.multiply(c).subtract(a);
const e = np.sqrt(np.abs(d)).add(c);
const eSum = e.sum().item() as number;
const chainLog = stopDecisionLog();
const after = commStats();
const s1 = shardStats();
const chain = {
  bytes: after.bytesSent - before.bytesSent + after.bytesReceived - before.bytesReceived,
  partials: s1.partialBytesSent - s0.partialBytesSent + s1.partialBytesReceived - s0.partialBytesReceived,
  copies: s1.copyBytesSent - s0.copyBytesSent + s1.copyBytesReceived - s0.copyBytesReceived,
  issued: issued(chainLog),
  run: s1.piecesRun - s0.piecesRun,
  skipped: s1.piecesSkipped - s0.piecesSkipped,
};
lines.push(`chain ${bits(eSum)} ${bits(d.get([n - 1]).item() as number)}`);

// SpMV: the first ones may gather the matrix's arrays where they were built with another
// partition, and the images of a new x; then x is rewritten in place (same region and partition)
// and the SpMV reads only its halo.
const A = poisson2d(nx);
const x = a.multiply(0.5);
const y1 = A.dot(x);
lines.push(`spmv1 ${bits(y1.sum().item() as number)}`);
const x2 = x.add(b);
lines.push(`spmv2 ${bits(A.dot(x2).sum().item() as number)}`);
x2.iadd(a);
fence();
const s2 = shardStats();
startDecisionLog();
const y2 = A.dot(x2);
fence();
const spmvLog = stopDecisionLog();
const s3 = shardStats();
const spmv = {
  received: s3.copyBytesReceived - s2.copyBytesReceived,
  sent: s3.copyBytesSent - s2.copyBytesSent,
  issued: issued(spmvLog),
  run: s3.piecesRun - s2.piecesRun,
  skipped: s3.piecesSkipped - s2.piecesSkipped,
};
lines.push(`spmv3 ${bits(y2.sum().item() as number)} ${bits(np.dot(y2, y2).item() as number)}`);

const { b: rhs } = poissonProblem(nx);
const [sol, info] = cg(A, rhs, { rtol: 1e-12, maxiter: iters });
lines.push(`cg ${info} ${bits(np.dot(sol, sol).item() as number)} ${bits(sol.get([7]).item() as number)}`);
const full = sol.toArray() as Float64Array;
const words = new Uint32Array(full.buffer, full.byteOffset, full.length * 2);
let h = 0;
for (let k = 0; k < words.length; k++) h = (Math.imul(h, 31) + words[k]!) | 0;
lines.push(`cg-x ${h}`);

console.log(
  JSON.stringify({
    rank: rank(),
    ranks: ranks(),
    results: lines,
    chain,
    spmv,
    shard: shardStats(),
    comm: commStats(),
  }),
);
