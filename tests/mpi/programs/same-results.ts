/**
 * One program, run alone and under `mpirun -np N`: every rank prints its results as the bits of
 * float64s, so that the test can compare them bitwise with the single-process run. Also prints
 * what the rank knows about the job (rank, ranks) and a draw of an unseeded generator (equal on
 * every rank: its seed is rank 0's, broadcast).
 */
import * as np from 'cohortjs/numpy';
import { commStats, rank, ranks } from 'cohortjs/runtime';
import { cg } from 'cohortjs/sparse/linalg';
import { poisson2d, poissonProblem } from '../../../examples/poisson.js';
import { shardStats } from '../../../runtime/shard.js';

function bits(x: number): string {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, '0');
}

const nx = Number(process.argv[2] ?? 32);
const rng = np.random.default_rng(42);
const a = rng.standard_normal([100_003]);
const b = rng.random([100_003]);
const lines: string[] = [];
lines.push(`sum ${bits(a.sum().item() as number)}`);
lines.push(`dot ${bits(np.dot(a, b).item() as number)}`);
lines.push(`norm ${bits(np.linalg.norm(a.multiply(b).add(1.5)).item() as number)}`);
const A = poisson2d(nx);
const { b: rhs } = poissonProblem(nx);
const [x, info] = cg(A, rhs, { rtol: 1e-10 });
lines.push(
  `cg info ${info} x·x ${bits(np.dot(x, x).item() as number)} x[7] ${bits(x.get([7]).item() as number)}`,
);
const unseeded = Array.from(np.random.default_rng().random([4]).toArray() as ArrayLike<number>);
console.log(
  JSON.stringify({
    rank: rank(),
    ranks: ranks(),
    results: lines,
    unseeded: unseeded.map(bits).join(','),
    stats: commStats(),
    shard: shardStats(),
  }),
);
