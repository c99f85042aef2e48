/**
 * MPI transport figures (issue 22): what the collectives that control replication will use cost
 * from JS on this machine — an 8-byte all-gather and broadcast (a reduction's partial, a seed), a
 * halo exchange of nx doubles (Poisson nx = 1000: one grid line per neighbour) and an 8 MiB one.
 *
 * Run by hand (`node --import tsx benchmarks/mpi/_transport.ts`; the leading `_` keeps it out of
 * `npm run bench`, whose every program must print figures on machines without MPI too): it starts
 * itself under `mpirun -np 2` (Open MPI, `--bind-to none`), and prints a skip line where `mpirun` or
 * the addon is missing.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { allgatherBytes, barrier, broadcastBytes, rank, ranks } from 'cohortjs/runtime';
import { emit, SMALL } from '../lib/report.js';

interface Addon {
  sendrecv(send: ArrayBufferView, dest: number, recv: ArrayBufferView, source: number, tag: number): void;
}

function usPerCall(fn: () => void, calls: number): number {
  for (let i = 0; i < Math.min(calls, 100); i++) fn();
  barrier();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) fn();
  return ((performance.now() - t0) * 1000) / calls;
}

function measure(): void {
  const addon = (createRequire(import.meta.url)('cohortjs-mpi') as { addon: Addon }).addon;
  const me = rank();
  const peer = (me + 1) % ranks();
  const eight = new Uint8Array(8);
  const gather = usPerCall(() => allgatherBytes(eight), 2000);
  const bcast = usPerCall(() => broadcastBytes(eight, 0), 2000);
  const rows: string[] = [];
  const exchange = (bytes: number, calls: number) => {
    const send = new Float64Array(new SharedArrayBuffer(bytes));
    const recv = new Float64Array(new SharedArrayBuffer(bytes));
    const us = usPerCall(() => addon.sendrecv(send, peer, recv, peer, 7), calls);
    rows.push(`sendrecv ${bytes} B: ${us.toFixed(1)} µs, ${((bytes / us) * 1e-3).toFixed(2)} GB/s each way`);
    return us;
  };
  const halo = exchange(8 * 1000, 2000);
  const big = exchange(8 << 20, 20);
  if (me !== 0) return;
  console.log(`ranks ${ranks()}: allgather 8 B ${gather.toFixed(2)} µs, bcast 8 B ${bcast.toFixed(2)} µs`);
  for (const r of rows) console.log(r);
  emit({ area: 'mpi', name: 'allgather 8 B (2 ranks)', ms: { cohort: gather / 1000 } });
  emit({ area: 'mpi', name: 'bcast 8 B (2 ranks)', ms: { cohort: bcast / 1000 } });
  emit({ area: 'mpi', name: 'halo sendrecv 8 kB (2 ranks)', ms: { cohort: halo / 1000 } });
  emit({ area: 'mpi', name: 'sendrecv 8 MiB (2 ranks)', ms: { cohort: big / 1000 } });
}

function relaunch(): void {
  if (SMALL) {
    console.log('mpi transport: skipped under BENCH_SMALL');
    return;
  }
  const v = spawnSync('mpirun', ['--version'], { encoding: 'utf8' });
  const { addon } = createRequire(import.meta.url)('cohortjs-mpi') as { addon: unknown };
  if (v.error || !/Open MPI/.test(v.stdout) || addon === null) {
    console.log('mpi transport: skipped (needs Open MPI and the addon: see README "Beyond one machine")');
    return;
  }
  const self = fileURLToPath(import.meta.url);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const r = spawnSync('mpirun', ['-np', '2', '--bind-to', 'none', 'node', '--import', 'tsx', self], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...(root ? { OMPI_ALLOW_RUN_AS_ROOT: '1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM: '1' } : {}),
      COHORT_WORKERS: '1',
    },
  });
  process.exitCode = r.status ?? 1;
}

if (ranks() > 1) measure();
else relaunch();
