/**
 * The image tasks' scan speed (issue 24): the first SpMV of a fresh CSR computes the image of its
 * column indices as point tasks (runtime/image-task.ts). Compares the per-dtype kernels with
 * their Wasm min/max scan (runtime/image-kernel.ts, "new") against the single generic kernel
 * they replaced (tests/runtime/image-kernel-ref.ts, "old"), on
 * - the 2-D Poisson matrix built by kron + add (not banded: its images are computed), nx = 1000
 *   and 2000 (5e6 and 2e7 nonzeros), and a random CSR (1e6 × 1e6, 5e6 nonzeros);
 * and measures, per matrix, two load-independent figures:
 * - kernel CPU time per index: the image of the indices over 4 row pieces computed inline on
 *   this thread (pool size 0, `deferImage`), `process.cpuUsage()` around it, best of 5;
 * - the image tasks of the first `A.dot(x)` at 2 workers: the summed run time of the `image`
 *   tasks in a trace (`traceStart`/`traceStop`: start to end on the worker), per index.
 * Also the kernel CPU time per index of the other paths (inline, 2e6 synthetic source points,
 * 4 pieces): int32 not in the heap (the JavaScript min/max), float64, exact images (marks, sort),
 * 'range' rows in order.
 * Run with no argument: a driver alternating old and new in fresh processes (ROUNDS pairs,
 * default 3) and printing the ranges; `IMAGE_SCAN=old|new`: one child run printing JSON
 * (`IMAGE_SCAN_DEBUG=1`: each traced task too, on stderr).
 *
 * Run: npx tsx benchmarks/runtime/_image-scan.ts   (ROUNDS=n; BENCH_SMALL=1: nx = 200 and a
 * 40,000² random matrix, whose SpMVs run as one piece: no image tasks, kernel CPU time only)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as np from 'cohortjs/numpy';
import { configure, fence, traceStart, traceStop } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { deferImage, finishImage, setImageKernel } from '../../runtime/image-task.js';
import { type ImageMode, IntervalSet, Partition, Rect, Store } from '../../runtime/index.js';
import { createRegion, type Region, regionFromArray } from '../../runtime/region.js';
import { REFERENCE_IMAGE_KERNEL } from '../../tests/runtime/image-kernel-ref.js';
import { SMALL } from '../lib/report.js';

interface Row {
  name: string;
  nnz: number;
  /** Inline kernel CPU time, ns per index (best of 5). */
  cpuNs: number;
  /** Summed image task run time of the first SpMV at 2 workers, ms, and per index (ns). */
  taskMs: number;
  taskNs: number;
  tasks: number;
}

function poisson2D(nx: number): sparse.csr_array {
  const t = sparse.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1]);
  const i = sparse.identity(nx);
  return sparse.kron(t, i).add(sparse.kron(i, t)).tocsr() as sparse.csr_array;
}

function randomCsr(n: number, nnz: number): sparse.csr_array {
  return sparse.random(n, n, { density: nnz / (n * n), format: 'csr', rng: 11 }) as sparse.csr_array;
}

/** Kernel CPU time per index: the image of `A`'s indices over 4 row pieces, inline (pool size 0). */
function inlineCpu(A: sparse.csr_array, n: number): number {
  const indptr = A.indptr.toArray() as Int32Array;
  const indices = A.indices.toArray() as Int32Array;
  const nnz = indices.length;
  const region = createRegion('int32', nnz);
  region.data.set(indices);
  const src = Store.whole(region);
  const P = 4;
  const sets: IntervalSet[] = [];
  for (let c = 0; c < P; c++) {
    const r0 = Math.floor((c * n) / P);
    const r1 = Math.floor(((c + 1) * n) / P);
    sets.push(IntervalSet.fromSortedPairs([indptr[r0]!, indptr[r1]!]));
  }
  const part = new Partition('image', Rect.fromShape([nnz]), sets);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    const p = deferImage(src, part, 'point', false, n);
    finishImage(p!);
    const u = process.cpuUsage(c0);
    best = Math.min(best, ((u.user + u.system) * 1000) / nnz);
  }
  return best;
}

/** The summed run time of the image tasks of the first SpMV of a fresh `make()`, at 2 workers. */
function firstSpmvTasks(make: () => sparse.csr_array, n: number): { ms: number; tasks: number } {
  const A = make();
  const x = np.ones([n]);
  fence();
  traceStart();
  A.dot(x);
  fence();
  const all = traceStop();
  if (process.env.IMAGE_SCAN_DEBUG)
    console.error(all.map((r) => `${r.op}@${r.worker}:${(r.end - r.start).toFixed(2)}`).join(' '));
  const recs = all.filter((r) => r.op === 'image' && Number.isFinite(r.end));
  let ms = 0;
  for (const r of recs) ms += r.end - r.start;
  return { ms, tasks: recs.length };
}

/** Inline kernel CPU time per index of one synthetic source (best of 5), for the other paths. */
function pathCpu(region: Region, mode: ImageMode, exact: boolean, ext: number): number {
  const rows = mode === 'range' ? region.size / 2 : region.size;
  const src = mode === 'range' ? Store.shaped(region, [rows, 2]) : Store.whole(region);
  const P = 4;
  const sets: IntervalSet[] = [];
  for (let c = 0; c < P; c++)
    sets.push(IntervalSet.fromSortedPairs([Math.floor((c * rows) / P), Math.floor(((c + 1) * rows) / P)]));
  const space = mode === 'range' ? Rect.fromShape([rows, 2]) : Rect.fromShape([rows]);
  const part = new Partition('image', space, sets);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage();
    finishImage(deferImage(src, part, mode, exact, ext)!);
    const u = process.cpuUsage(c0);
    best = Math.min(best, ((u.user + u.system) * 1000) / rows);
  }
  return best;
}

/** The other paths: [name, ns per source point]. */
function otherPaths(): [string, number][] {
  const n = SMALL ? 200_000 : 2_000_000;
  const ext = n;
  const fill = (d: Int32Array | Float64Array, sorted: boolean) => {
    for (let i = 0; i < d.length; i++) d[i] = sorted ? Math.floor(i / 2) : (i * 7919) % ext;
  };
  const shared = new Int32Array(new SharedArrayBuffer(4 * n) as unknown as ArrayBuffer);
  fill(shared, false);
  const i32 = createRegion('int32', n);
  fill(i32.data as Int32Array, false);
  const f64 = createRegion('float64', n);
  fill(f64.data as Float64Array, false);
  const few = createRegion('int32', n);
  for (let i = 0; i < n; i++) (few.data as Int32Array)[i] = (i * 7919) % 50_000;
  const range = createRegion('int32', 2 * n);
  const rd = range.data as Int32Array;
  for (let i = 0; i < n; i++) [rd[2 * i], rd[2 * i + 1]] = [i * 3, i * 3 + 2];
  return [
    ['int32 min/max, not in the heap', pathCpu(regionFromArray(shared), 'point', false, ext)],
    ['float64 min/max', pathCpu(f64, 'point', false, ext)],
    ['int32 exact, dense (marks)', pathCpu(i32, 'point', true, ext)],
    ['int32 exact, sparse (sort)', pathCpu(few, 'point', true, 64 * n)],
    ['range, rows in order', pathCpu(range, 'range', true, 3 * n)],
  ];
}

function child(which: string): void {
  if (which === 'old') setImageKernel(REFERENCE_IMAGE_KERNEL);
  else if (which !== 'new') throw new Error(`IMAGE_SCAN: expected old or new, got ${which}`);
  const cases: [string, () => sparse.csr_array, number][] = SMALL
    ? [
        ['poisson kron+add nx=200', () => poisson2D(200), 200 * 200],
        ['random 40,000², 200,000 nnz', () => randomCsr(40_000, 200_000), 40_000],
      ]
    : [
        ['poisson kron+add nx=1000', () => poisson2D(1000), 1000 * 1000],
        ['poisson kron+add nx=2000', () => poisson2D(2000), 2000 * 2000],
        ['random 1e6², 5e6 nnz', () => randomCsr(1_000_000, 5_000_000), 1_000_000],
      ];
  const rows: Row[] = [];
  configure({ workers: 0 });
  const paths = otherPaths();
  const cpu: number[] = [];
  for (const [, make, n] of cases) {
    const A = make();
    cpu.push(inlineCpu(A, n));
  }
  configure({ workers: 2 });
  // Warm-up: kernel shipping (and the workers' first compile) once per process, on a small matrix.
  firstSpmvTasks(() => poisson2D(300), 300 * 300);
  cases.forEach(([name, make, n], k) => {
    const A = make();
    const nnz = (A.indices.toArray() as Int32Array).length;
    const { ms, tasks } = firstSpmvTasks(() => A, n);
    rows.push({ name, nnz, cpuNs: cpu[k]!, taskMs: ms, taskNs: (ms * 1e6) / nnz, tasks });
  });
  configure({ workers: 0 });
  console.log(JSON.stringify({ rows, paths }));
}

function driver(): void {
  const rounds = Number(process.env.ROUNDS ?? 3);
  const self = fileURLToPath(import.meta.url);
  const runs: Record<string, Row[][]> = { old: [], new: [] };
  const paths: Record<string, [string, number][][]> = { old: [], new: [] };
  for (let r = 0; r < rounds; r++) {
    for (const which of r % 2 === 0 ? ['old', 'new'] : ['new', 'old']) {
      const out = spawnSync(process.execPath, ['--import', 'tsx', self], {
        encoding: 'utf8',
        env: { ...process.env, IMAGE_SCAN: which },
        maxBuffer: 1 << 24,
      });
      if (out.status !== 0) {
        console.error(out.stderr);
        process.exit(1);
      }
      const got = JSON.parse(out.stdout.trim().split('\n').pop()!) as {
        rows: Row[];
        paths: [string, number][];
      };
      const rows = got.rows;
      runs[which]!.push(rows);
      paths[which]!.push(got.paths);
      console.log(
        `round ${r} ${which}: ${rows.map((x) => `${x.name}: cpu ${x.cpuNs.toFixed(2)} ns/idx, tasks ${x.taskMs.toFixed(1)} ms (${x.taskNs.toFixed(2)} ns/idx, ${x.tasks} tasks)`).join('; ')}`,
      );
    }
  }
  const range = (a: number[], d: number) =>
    `${Math.min(...a).toFixed(d)}–${Math.max(...a).toFixed(d)} (median ${[...a].sort((p, q) => p - q)[a.length >> 1]!.toFixed(d)})`;
  console.log(
    `\nimage tasks of the first SpMV, old (one generic kernel) vs new (per dtype, Wasm SIMD), ${rounds} alternating rounds:`,
  );
  const names = runs.new[0]!.map((x) => x.name);
  names.forEach((name, k) => {
    console.log(`  ${name} (${runs.new[0]![k]!.nnz.toLocaleString()} indices):`);
    for (const which of ['old', 'new']) {
      const rs = runs[which]!.map((rows) => rows[k]!);
      console.log(
        `    ${which}: kernel CPU ${range(
          rs.map((x) => x.cpuNs),
          2,
        )} ns/index; first-SpMV image tasks ${range(
          rs.map((x) => x.taskMs),
          1,
        )} ms summed = ${range(
          rs.map((x) => x.taskNs),
          2,
        )} ns/index`,
      );
    }
  });
  console.log('  other paths, kernel CPU ns per source point (inline):');
  paths.new[0]!.forEach(([name], k) => {
    const r = (w: string) =>
      range(
        paths[w]!.map((p) => p[k]![1]),
        2,
      );
    console.log(`    ${name}: old ${r('old')}; new ${r('new')}`);
  });
}

const which = process.env.IMAGE_SCAN;
if (which === undefined) driver();
else child(which);
