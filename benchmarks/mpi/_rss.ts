/**
 * Peak resident memory per rank of CG on the 2-D Poisson matrix (issue 22's memory target: at
 * nx = 2000 under `mpirun -np 2`, each rank's peak ≤ 0.65× the single-process peak).
 *
 * Run by hand: `node --import tsx benchmarks/mpi/_rss.ts [nx=2000] [iters=20]` starts the
 * single process and `mpirun -np 2` itself and prints each rank's peak RSS
 * (`process.resourceUsage().maxRSS`) and its RSS after each phase. Set `COHORT_RSS_NP` to a list
 * (e.g. `2,4`) for other rank counts.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import * as np from 'cohortjs/numpy';
import { rank, ranks } from 'cohortjs/runtime';
import { cg } from 'cohortjs/sparse/linalg';
import { poisson2d, poissonProblem } from '../../examples/poisson.js';
import { heapMemory, heapStats } from '../../runtime/heap.js';

const mpiAddon = (
  createRequire(import.meta.url)('cohortjs-mpi') as { addon: { resident(v: ArrayBufferView): number } | null }
).addon;
/** Resident bytes of the region heap (mincore through the addon), or -1 without it. */
function heapResident(): number {
  const m = heapMemory();
  if (m === null || mpiAddon === null) return -1;
  return mpiAddon.resident(new Uint8Array(m.buffer as unknown as ArrayBuffer, 0, heapStats().top));
}

const MB = 2 ** 20;
const rss = () => Math.round(process.memoryUsage().rss / MB);

function measure(nx: number, iters: number): void {
  const phases: Record<string, number> = { start: rss() };
  const A = poisson2d(nx);
  phases.matrix = rss();
  const { b } = poissonProblem(nx);
  phases.rhs = rss();
  const [x1] = cg(A, b, { rtol: 0, atol: 0, maxiter: 1 });
  phases.cg1 = rss();
  x1.dispose?.();
  const [x, info] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
  const xx = np.dot(x, x).item() as number;
  phases.cg = rss();
  const res = (a: unknown) => {
    const d = (a as { _store: { region: { data: ArrayBufferView } } })._store.region.data;
    return mpiAddon === null ? -1 : Math.round(mpiAddon.resident(d) / MB);
  };
  const arrays = { data: res(A.data), indices: res(A.indices), indptr: res(A.indptr), b: res(b), x: res(x) };
  if (process.env.COHORT_RSS_MAP === '1' && mpiAddon !== null) {
    const m = heapMemory()!;
    const chunk = 16 * MB;
    const cells: number[] = [];
    for (let at = 0; at < heapStats().top; at += chunk)
      cells.push(
        Math.round(
          mpiAddon.resident(
            new Uint8Array(m.buffer as unknown as ArrayBuffer, at, Math.min(chunk, heapStats().top - at)),
          ) / MB,
        ),
      );
    console.error(`rank ${rank()} heap map (MB resident per 16 MB): ${cells.join(' ')}`);
  }
  const heap = { topMB: Math.round(heapStats().top / MB), residentMB: Math.round(heapResident() / MB) };
  console.log(
    JSON.stringify({
      rank: rank(),
      ranks: ranks(),
      info,
      peakMB: Math.round((process.resourceUsage().maxRSS * 1024) / MB),
      phases,
      heap,
      arrays,
      xx,
    }),
  );
}

function main(): void {
  const nx = Number(process.argv[2] ?? 2000);
  const iters = Number(process.argv[3] ?? 20);
  if (process.env.COHORT_RSS_CHILD === '1') {
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
    COHORT_RSS_CHILD: '1',
    OMPI_MCA_pml: 'ob1',
    ...(asRoot ? { OMPI_ALLOW_RUN_AS_ROOT: '1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM: '1' } : {}),
  };
  const node = ['node', '--import', 'tsx', self, String(nx), String(iters)];
  const configs: [string, string[], string][] = [['1 process × 2 workers', node, '2']];
  const nps = (process.env.COHORT_RSS_NP ?? '2').split(',').map(Number);
  if (v.error || addon === null) console.log('MPI runs skipped: mpirun or the cohortjs-mpi addon is missing');
  else
    for (const n of nps)
      configs.push([
        `mpirun -np ${n} × 1 worker`,
        ['mpirun', '-np', String(n), '--oversubscribe', '--bind-to', 'none', ...node],
        '1',
      ]);
  console.log(`CG, Poisson nx = ${nx}, ${iters} iterations: resident memory per rank (MB)`);
  console.log(
    '| configuration | peak RSS per rank | ratio to one process | RSS at start, after matrix, rhs, cg(1), cg |',
  );
  console.log('|---|---|---|---|');
  let alone = 0;
  for (const [name, cmd, workers] of configs) {
    const r = spawnSync(cmd[0]!, cmd.slice(1), {
      cwd: root,
      encoding: 'utf8',
      env: { ...env, COHORT_WORKERS: workers },
    });
    const rows = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(
        (l) => JSON.parse(l) as { rank: number; peakMB: number; phases: Record<string, number>; xx: number },
      );
    if (r.status !== 0 || rows.length === 0) {
      console.log(`| ${name} | failed (${r.status}): ${r.stderr.slice(0, 300)} |`);
      continue;
    }
    rows.sort((a, b) => a.rank - b.rank);
    const peak = Math.max(...rows.map((x) => x.peakMB));
    if (alone === 0) alone = peak;
    const ph = rows.map(
      (x) => `${x.phases.start}/${x.phases.matrix}/${x.phases.rhs}/${x.phases.cg1}/${x.phases.cg}`,
    );
    console.log(
      `| ${name} | ${rows.map((x) => x.peakMB).join(', ')} | ${(peak / alone).toFixed(2)} | ${ph.join('; ')} |`,
    );
  }
}

main();
