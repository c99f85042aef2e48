/**
 * CG on the 2-D Poisson matrix under MPI sharding (issue 22): time per iteration and bytes each
 * rank moves per iteration, alone (1 process × 2 workers, and × 1 worker) and under
 * `mpirun -np 2` (2 ranks × 1 worker), with the solution's bits compared.
 *
 * Run by hand: `node --import tsx benchmarks/mpi/_cg.ts [nx=1000] [iters=100]` starts every
 * configuration itself (Open MPI's `mpirun`, `--bind-to none`, `OMPI_MCA_pml=ob1`) and prints a
 * table; a skip line where `mpirun` or the addon is missing. The leading `_` keeps it out of
 * `npm run bench` (which must run without MPI). On a 2-core machine, 2 ranks × 1 worker can at
 * best match 1 process × 2 workers: the same cores do the same work, plus the copies.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as np from 'cohortjs/numpy';
import { commStats, rank, ranks } from 'cohortjs/runtime';
import { cg } from 'cohortjs/sparse/linalg';
import { poisson2d, poissonProblem } from '../../examples/poisson.js';
import { shardStats } from '../../runtime/shard.js';

function bits(x: number): string {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0).toString(16).padStart(16, '0');
}

function measure(nx: number, iters: number): void {
  const A = poisson2d(nx);
  const { b } = poissonProblem(nx);
  cg(A, b, { rtol: 0, atol: 0, maxiter: 5 }); // warm: kernels, images, the matrix where it is read
  const c0 = commStats();
  const s0 = shardStats();
  const t0 = performance.now();
  const [x, info] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
  const xx = np.dot(x, x).item() as number;
  const ms = performance.now() - t0;
  const c1 = commStats();
  const s1 = shardStats();
  console.log(
    JSON.stringify({
      rank: rank(),
      ranks: ranks(),
      info,
      msPerIter: ms / iters,
      bytesPerIter: (c1.bytesSent - c0.bytesSent + c1.bytesReceived - c0.bytesReceived) / iters,
      copyBytesPerIter:
        (s1.copyBytesSent - s0.copyBytesSent + s1.copyBytesReceived - s0.copyBytesReceived) / iters,
      messagesPerIter: (c1.messages - c0.messages) / iters,
      xx: bits(xx),
    }),
  );
}

interface Row {
  rank: number;
  msPerIter: number;
  bytesPerIter: number;
  copyBytesPerIter: number;
  messagesPerIter: number;
  xx: string;
}

function main(): void {
  const nx = Number(process.argv[2] ?? 1000);
  const iters = Number(process.argv[3] ?? 100);
  if (process.env.COHORT_CG_CHILD === '1') {
    measure(nx, iters);
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const v = spawnSync('mpirun', ['--version'], { encoding: 'utf8' });
  const { addon } = createRequire(import.meta.url)('cohortjs-mpi') as { addon: unknown };
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const env = {
    ...process.env,
    COHORT_CG_CHILD: '1',
    OMPI_MCA_pml: 'ob1',
    ...(asRoot ? { OMPI_ALLOW_RUN_AS_ROOT: '1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM: '1' } : {}),
  };
  const node = ['node', '--import', 'tsx', self, String(nx), String(iters)];
  const configs: [string, string[], string][] = [
    ['1 process × 2 workers', node, '2'],
    ['1 process × 1 worker', node, '1'],
  ];
  if (v.error || addon === null) console.log('MPI runs skipped: mpirun or the cohortjs-mpi addon is missing');
  else configs.push(['mpirun -np 2 × 1 worker', ['mpirun', '-np', '2', '--bind-to', 'none', ...node], '1']);
  console.log(`CG, Poisson nx = ${nx}, ${iters} iterations (after 5 warm-up ones)`);
  console.log(
    '| configuration | ms / iteration (max over ranks) | bytes / iteration per rank | messages | x·x bits |',
  );
  console.log('|---|---|---|---|---|');
  for (const [name, cmd, workers] of configs) {
    const r = spawnSync(cmd[0]!, cmd.slice(1), {
      cwd: root,
      encoding: 'utf8',
      env: { ...env, COHORT_WORKERS: workers },
    });
    const rows = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Row);
    if (r.status !== 0 || rows.length === 0) {
      console.log(`| ${name} | failed (${r.status}): ${r.stderr.slice(0, 200)} |`);
      continue;
    }
    const ms = Math.max(...rows.map((x) => x.msPerIter));
    const bytes = rows.map((x) => `${Math.round(x.bytesPerIter)} (copies ${Math.round(x.copyBytesPerIter)})`);
    const msgs = rows.map((x) => x.messagesPerIter.toFixed(1));
    console.log(`| ${name} | ${ms.toFixed(2)} | ${bytes.join(', ')} | ${msgs.join(', ')} | ${rows[0]!.xx} |`);
  }
}

main();
