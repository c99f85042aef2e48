/**
 * Weak scaling of CG under MPI (issue 22): the Poisson problem grows with the ranks so that each
 * rank holds the same number of unknowns (nx² / ranks fixed), 1 worker per rank; prints time per
 * iteration (the slowest rank), bytes a rank moves per iteration (the busiest rank) and the
 * efficiency t(1) / t(N).
 *
 * Run by hand: `node --import tsx benchmarks/mpi/_scaling.ts [nx1=700] [iters=30] [ranks=1,2,4]`.
 * Each configuration is a fresh job of `benchmarks/mpi/_cg.ts` (1 rank: the process alone).
 * On a machine with fewer cores than ranks the ranks share cores (`--oversubscribe`): the table
 * then measures the overheads of distribution, not a speed-up.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

interface Row {
  rank: number;
  msPerIter: number;
  bytesPerIter: number;
  copyBytesPerIter: number;
  xx: string;
}

const nx1 = Number(process.argv[2] ?? 700);
const iters = Number(process.argv[3] ?? 30);
const counts = (process.argv[4] ?? '1,2,4').split(',').map(Number);
const cg = fileURLToPath(new URL('./_cg.ts', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const env = {
  ...process.env,
  COHORT_CG_CHILD: '1',
  COHORT_WORKERS: '1',
  OMPI_MCA_pml: 'ob1',
  ...(asRoot ? { OMPI_ALLOW_RUN_AS_ROOT: '1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM: '1' } : {}),
};
if (spawnSync('mpirun', ['--version']).error) console.log('mpirun is missing: only the 1-rank row runs');
console.log(
  `Weak scaling of CG (Poisson, ${nx1}² unknowns per rank, ${iters} iterations, 1 worker per rank, ${availableParallelism()} cores)`,
);
console.log('| ranks | nx | unknowns | ms / iteration | efficiency | bytes / iteration per rank (copies) |');
console.log('|---|---|---|---|---|---|');
let t1 = 0;
for (const n of counts) {
  const nx = Math.round(nx1 * Math.sqrt(n));
  const node = ['node', '--import', 'tsx', cg, String(nx), String(iters)];
  const cmd = n === 1 ? node : ['mpirun', '-np', String(n), '--oversubscribe', '--bind-to', 'none', ...node];
  const r = spawnSync(cmd[0]!, cmd.slice(1), { cwd: root, encoding: 'utf8', env });
  const rows = (r.stdout ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Row);
  if (r.status !== 0 || rows.length !== n) {
    console.log(`| ${n} | ${nx} | failed (${r.status}): ${(r.stderr ?? '').slice(0, 200)} |`);
    continue;
  }
  const ms = Math.max(...rows.map((x) => x.msPerIter));
  if (n === 1) t1 = ms;
  const bytes = Math.max(...rows.map((x) => x.bytesPerIter));
  const copies = Math.max(...rows.map((x) => x.copyBytesPerIter));
  console.log(
    `| ${n} | ${nx} | ${nx * nx} | ${ms.toFixed(1)} | ${t1 > 0 ? (t1 / ms).toFixed(2) : '-'} | ${Math.round(bytes)} (${Math.round(copies)}) |`,
  );
}
