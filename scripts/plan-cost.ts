/**
 * What planning costs the issuing thread in a multi-piece loop, with traced plans on or off
 * (runtime/plan-memo.ts): `cg` on the 2-D Poisson matrix, or a user's loop with fresh results
 * (`y = A·x; z = y/2 + x; x = z/‖z‖`). Prints one JSON line: ms per iteration (wall), µs per
 * launch spent in the solver path (lookups, replays, solves), and per iteration the solves,
 * replays, footprint tables and images computed. Run each setting in a fresh process,
 * alternating, and compare ranges (the machine is shared).
 *
 * With memo `ab`, one process alternates off and on for `rounds` rounds (a warm-up run after
 * each switch; the memo is cleared when turned off) and prints the per-round figures, so both
 * settings see the same load drift.
 *
 * Kind `micro` captures the solver-path launches of one CG iteration and plans them again and
 * again, memo off and on alternately, printing the process CPU µs per launch (the workers are
 * idle: nothing is submitted) — the least load-sensitive figure. Off, the same stores are
 * re-solved (their footprints stay cached), so it understates what a fresh-result solve costs.
 *
 * Run: node --import tsx scripts/plan-cost.ts [cg|user|micro] [nx=500] [iters=30] [workers=2] [memo=on|off|ab] [rounds=4]
 */
import * as np from 'cohortjs/numpy';
import { configure, currentMapper, fence, partitionStats, workerCount } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { cg } from 'cohortjs/sparse/linalg';
import { itemsize } from '../runtime/dtype.js';
import type { LaunchSpec } from '../runtime/launch-types.js';
import { setPlanMemo } from '../runtime/plan-memo.js';
import { planTiming, type SolverContext, setPlanObserver, solve } from '../runtime/solver.js';

const kind = process.argv[2] ?? 'cg';
const [nx, iters, workers] = [500, 30, 2].map((d, k) => Number(process.argv[3 + k] ?? d));
const mode = process.argv[6] ?? 'on';
const rounds = Number(process.argv[7] ?? 4);
configure({ workers });
const t = sparse.diags([np.full([nx - 1], -1), np.full([nx], 2), np.full([nx - 1], -1)], [-1, 0, 1], {
  format: 'csr',
});
const eye = sparse.identity(nx, { format: 'csr' });
const A = sparse
  .kron(t, eye, { format: 'csr' })
  .add(sparse.kron(eye, t, { format: 'csr' }))
  .tocsr();
const b = np.ones([nx * nx]);
let x = np.linspace(0, 1, nx * nx);
const run = (k: number) => {
  if (kind === 'cg') {
    const [r] = cg(A, b, { rtol: 0, atol: 0, maxiter: k });
    r.get('0').item();
  } else {
    for (let i = 0; i < k; i++) {
      const y = A.dot(x) as np.ndarray;
      const z = y.multiply(0.5).add(x);
      x = z.divide(np.linalg.norm(z));
    }
    x.get('0').item();
  }
  fence();
};
/** Measures `iters` iterations with the memo on or off (after a warm-up run). */
function measure(memo: boolean): Record<string, unknown> {
  setPlanMemo(memo);
  run(3); // warm-up: kernels compiled, memos made, heap grown
  run(3);
  const s0 = partitionStats();
  planTiming(true);
  const t0 = performance.now();
  run(iters);
  const wall = performance.now() - t0;
  const planMs = planTiming(false);
  const s1 = partitionStats();
  const launches = s1.solves - s0.solves + s1.replays - s0.replays;
  const per = (v: number) => Number((v / iters).toFixed(3));
  return {
    kind,
    nx,
    workers,
    memo,
    msPerIter: per(wall),
    planUsPerLaunch: launches > 0 ? Number(((planMs * 1000) / launches).toFixed(2)) : 0,
    planUsPerIter: per(planMs * 1000),
    solvesPerIter: per(s1.solves - s0.solves),
    replaysPerIter: per(s1.replays - s0.replays),
    footprintsPerIter: per(s1.footprintComputations - s0.footprintComputations),
    imagesPerIter: per(s1.imageComputations - s0.imageComputations),
    onePiecePerIter: per(s1.onePiece - s0.onePiece),
  };
}

/** Plans one CG iteration's solver-path launches `iters` × 100 times per round, off and on. */
function micro(): void {
  const specs: LaunchSpec[] = [];
  const [r] = cg(A, b, { rtol: 0, atol: 0, maxiter: 3 });
  r.get('0').item();
  setPlanObserver((p) => specs.push(p.spec));
  const [r2] = cg(A, b, { rtol: 0, atol: 0, maxiter: 1 });
  r2.get('0').item();
  setPlanObserver(null);
  fence();
  const ctx: SolverContext = {
    pieces(s, keyStore) {
      let bytes = 0;
      for (const a of s.args) bytes += a.store.size * itemsize(a.store.dtype);
      const q = { op: s.op, volume: keyStore.size, bytes, workers: workerCount(), replicatedBytes: 0 };
      return currentMapper().pieces(q);
    },
    syncRegion() {},
  };
  const n = iters * 100;
  for (let k = 0; k < 2 * rounds; k++) {
    const memo = k % 2 === 1;
    setPlanMemo(memo);
    for (const s of specs) solve(s, ctx);
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) for (const s of specs) solve(s, ctx);
    const c = process.cpuUsage(c0);
    const us = (c.user + c.system) / n / specs.length;
    console.log(
      JSON.stringify({
        kind,
        nx,
        memo,
        launches: specs.map((s) => s.op),
        cpuUsPerLaunch: Number(us.toFixed(2)),
      }),
    );
  }
}

if (kind === 'micro') micro();
else if (mode === 'ab') {
  for (let r = 0; r < rounds; r++) {
    console.log(JSON.stringify({ round: r, ...measure(false) }));
    console.log(JSON.stringify({ round: r, ...measure(true) }));
  }
} else console.log(JSON.stringify(measure(mode === 'on')));
process.exit(0);
