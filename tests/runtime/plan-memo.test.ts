/**
 * Traced plans (runtime/plan-memo.ts, issue 16 item 2): a repeated sequence of multi-piece
 * launches replays the solver's plans — with fresh result arrays, fresh constraint lists, images
 * and reductions — so iteration 2+ of a loop solves no constraint and computes no partition,
 * footprint or image; random looped programs give bitwise the untraced results at pool sizes
 * 0, 1, 2; and every change a plan depends on misses the memo (the invalidation tests).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { DefaultMapper, type MapperQuery } from '../../mapper/index.js';
import {
  align,
  configure,
  createRegion,
  image,
  type LaunchArg,
  type LaunchSpec,
  type PartitionStats,
  partitionStats,
  project,
  Store,
} from '../../runtime/index.js';
import { viewState } from '../../runtime/partition-cache.js';
import type { LaunchPlan } from '../../runtime/plan.js';
import { clearPlanMemo, setPlanMemo } from '../../runtime/plan-memo.js';
import { setPlanObserver, solve } from '../../runtime/solver.js';
import { tiling } from '../../runtime/tiling.js';
import * as sparse from '../../sparse/index.js';
import { cg } from '../../sparse/linalg/index.js';
import { poisson2d } from '../reliability/poisson.js';

afterAll(() => {
  setPlanMemo(true);
  configure({ workers: 0, mapper: new DefaultMapper() });
});

/** Several pieces even for small arrays, at every pool size (and so the solver, not one piece). */
class SplitMapper extends DefaultMapper {
  private launches = 0;
  constructor() {
    super({ inlineLaunchBytes: 0, minPieceBytes: 8, inlineBytes: 256 });
  }
  override pieces(q: MapperQuery): number {
    // Mostly 2 pieces, every 5th launch 3: the piece count is an input of the plan.
    return Math.max(1, Math.min(q.volume, ++this.launches % 5 === 0 ? 3 : 2));
  }
}

/** What changed in the counters between two snapshots. */
function delta(a: PartitionStats, b: PartitionStats) {
  const created = (s: PartitionStats) => Object.values(s.created).reduce((x, y) => x + y, 0);
  return {
    solves: b.solves - a.solves,
    replays: b.replays - a.replays,
    footprints: b.footprintComputations - a.footprintComputations,
    images: b.imageComputations - a.imageComputations,
    imageHits: b.imageHits - a.imageHits,
    created: created(b) - created(a),
  };
}

describe('iteration 2+ of a loop does no analysis', () => {
  it('CG in several pieces, a fresh-result loop with SpMV images, 2 workers', () => {
    configure({ workers: 2, mapper: new DefaultMapper({ inlineLaunchBytes: 0, minPieceBytes: 1024 }) });
    const A = poisson2d(24);
    const n = 24 * 24;
    const b = np.ones([n]);
    // CG (deferred scalars: the mapper splits its vectors, so it is not the host-scalar path).
    // Warm-up: twice, the first read to the end — A's range check is a future of the assembly's
    // fill launch (inherited from kron's operands), and the SpMV plans that waited on it are
    // memoized only once it is known (a plan holding a provisional partition is never recorded).
    cg(A, b, { rtol: 0, atol: 0, maxiter: 2 })[0].toArray();
    cg(A, b, { rtol: 0, atol: 0, maxiter: 2 });
    const cost = (iters: number) => {
      const s0 = partitionStats();
      const [x] = cg(A, b, { rtol: 0, atol: 0, maxiter: iters });
      x.toArray();
      return delta(s0, partitionStats());
    };
    const short = cost(3);
    const long = cost(13);
    expect(long.replays).toBeGreaterThanOrEqual(short.replays + 10 * 3); // SpMV + updates replayed
    for (const k of ['solves', 'footprints', 'images', 'imageHits', 'created'] as const)
      expect(long[k], k).toBe(short[k]);
    // A user's loop: fresh results every iteration, an SpMV (images), a 0-d future, a norm.
    let x = np.linspace(0, 1, n);
    const step = () => {
      const y = A.dot(x) as np.ndarray;
      const z = y.multiply(0.5).add(x);
      x = z.divide(np.linalg.norm(z));
    };
    // Iteration 1's last launch (the lazy divide) is issued when iteration 2 reads x: the steady
    // state starts once two iterations ran.
    step();
    step();
    const s0 = partitionStats();
    for (let k = 0; k < 6; k++) step();
    x.toArray();
    const d = delta(s0, partitionStats());
    expect(d).toEqual({ ...d, solves: 0, footprints: 0, images: 0, imageHits: 0, created: 0 });
    expect(d.replays).toBeGreaterThanOrEqual(6 * 3);
  });
});

type Step =
  | { op: 'iaddView'; start: number; step: number; s: number }
  | { op: 'axpy'; a: number }
  | { op: 'dotScale' }
  | { op: 'sumAxis' }
  | { op: 'fresh'; a: number }
  | { op: 'reverseCopy' }
  | { op: 'spmv' }
  | { op: 'touchIndices' }
  | { op: 'grow'; by: number }
  | { op: 'pattern' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('iaddView' as const),
    start: fc.nat(3),
    step: fc.constantFrom(1, 2, 3, -1, -2),
    s: fc.integer({ min: -3, max: 3 }),
  }),
  fc.record({ op: fc.constant('axpy' as const), a: fc.double({ min: -2, max: 2, noNaN: true }) }),
  fc.record({ op: fc.constant('dotScale' as const) }),
  fc.record({ op: fc.constant('sumAxis' as const) }),
  fc.record({ op: fc.constant('fresh' as const), a: fc.double({ min: -2, max: 2, noNaN: true }) }),
  fc.record({ op: fc.constant('reverseCopy' as const) }),
  fc.record({ op: fc.constant('spmv' as const) }),
  fc.record({ op: fc.constant('touchIndices' as const) }),
  fc.record({ op: fc.constant('grow' as const), by: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('pattern' as const) }),
);

/** Runs `body` `iters` times; returns every value read, in order. */
function run(n0: number, body: readonly Step[], iters: number): number[][] {
  const out: number[][] = [];
  let n = n0;
  let x = np.arange(n).astype('float64').multiply(0.5);
  let y = np.linspace(-1, 1, n);
  let offs = [-1, 0, 1];
  const matrix = () =>
    sparse.diags(
      offs.map((o) => np.full([n - Math.abs(o)], 1 + o * 0.25)),
      offs,
      { format: 'csr' },
    ) as sparse.csr_array;
  let A = matrix();
  for (let it = 0; it < iters; it++) {
    for (const s of body) {
      switch (s.op) {
        case 'iaddView': {
          const sl = s.step > 0 ? `${s.start}::${s.step}` : `${n - 1 - s.start}::${s.step}`;
          x.get(sl).iadd(y.get(sl).multiply(s.s));
          break;
        }
        case 'axpy':
          y.iadd(x.multiply(s.a));
          break;
        case 'dotScale': {
          const d = x.dot(y); // a 0-d future feeding the next launch
          x.imul(d.divide(d.multiply(d).add(1)));
          break;
        }
        case 'sumAxis':
          out.push(Array.from(x.reshape([1, n]).sum({ axis: 1 }).toArray()));
          break;
        case 'fresh':
          x = x.multiply(s.a).add(y.multiply(0.5)); // fresh results every iteration
          break;
        case 'reverseCopy':
          y = x.get('::-1').copy();
          break;
        case 'spmv':
          x = A.dot(y) as np.ndarray;
          break;
        case 'touchIndices':
          // Rewrites the structure in place (same values): its images' source changed version.
          A.indices.iadd(0);
          break;
        case 'grow':
          // A shape change mid-loop, and a new sparse structure.
          n += s.by;
          x = np.concatenate([x, np.ones([s.by])]);
          y = np.concatenate([y, np.full([s.by], 0.25)]);
          A = matrix();
          break;
        case 'pattern':
          // Same shapes (nnz 3n - 3 either way), another sparsity pattern.
          offs = offs[0] === -2 ? [-1, 0, 2] : [-2, 0, 1];
          A = matrix();
          break;
      }
      out.push(Array.from(x.toArray()), Array.from(y.toArray()));
    }
  }
  return out;
}

/** A plan as text: pieces, every argument's partition and every piece's footprints. */
const planText = (p: LaunchPlan): string =>
  [
    p.colors,
    p.key,
    p.tiles.join(' '),
    p.partitions.map((q) => q.pieces.join(' ')).join(' | '),
    p.footprints.map((f) => f.join(' ')).join(' | '),
    p.nBlocks,
    p.redBlock,
  ].join(' / ');

/** Runs a program, returning its values and the text of every plan the solver path gave. */
function runLogged(n: number, body: readonly Step[], iters: number): { values: string[]; plans: string[] } {
  const plans: string[] = [];
  setPlanObserver((p) => plans.push(planText(p)));
  try {
    return { values: bits(run(n, body, iters)), plans };
  } finally {
    setPlanObserver(null);
  }
}

const bits = (rows: number[][]) =>
  rows.map((r) => r.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(','));

describe('traced replays give bitwise the untraced results', () => {
  for (const workers of [0, 1, 2]) {
    it(`random looped programs (pool size ${workers})`, () => {
      let replayed = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 6, max: 40 }),
          fc.array(stepArb, { minLength: 1, maxLength: 6 }),
          fc.integer({ min: 2, max: 4 }),
          (n, body, iters) => {
            setPlanMemo(false);
            configure({ workers, mapper: new SplitMapper() });
            const r0 = partitionStats().replays;
            const plain = runLogged(n, body, iters);
            expect(partitionStats().replays).toBe(r0);
            setPlanMemo(true);
            configure({ workers, mapper: new SplitMapper() });
            const traced = runLogged(n, body, iters);
            replayed += partitionStats().replays - r0;
            expect(traced.values).toEqual(plain.values);
            // Launch by launch, the traced plan is the plan the solver made without the memo.
            expect(traced.plans).toEqual(plain.plans);
          },
        ),
        { numRuns: workers === 0 ? 40 : 20 },
      );
      expect(replayed).toBeGreaterThan(100);
    });
  }
});

describe('invalidation: a change the plan depends on misses the memo', () => {
  const ctx = (pieces: number) => ({ pieces: () => pieces, syncRegion: () => {} });
  const ALIGN = Object.freeze([align(0, 1)]);
  const axpy = (out: Store, x: Store, cs: readonly ReturnType<typeof align>[] = ALIGN): LaunchSpec => ({
    op: 'test.memo.axpy',
    kernel: 'none',
    args: [
      { store: out, privilege: 'write-discard' },
      { store: x, privilege: 'read' },
    ],
    constraints: cs,
    key: 0,
  });
  const fresh = (n: number, dtype: 'float64' | 'float32' | 'int32' = 'float64') =>
    Store.whole(createRegion(dtype, n));

  /** Runs `spec` and says whether it was replayed; `plan` is the result. */
  function planned(spec: LaunchSpec, pieces = 2) {
    const r0 = partitionStats().replays;
    const s0 = partitionStats().solves;
    const plan = solve(spec, ctx(pieces));
    const replayed = partitionStats().replays - r0;
    expect(replayed + partitionStats().solves - s0).toBe(1);
    return { plan, replayed: replayed === 1 };
  }

  it('fresh stores of the same shapes hit; shape, dtype, view, pieces and privilege changes miss', () => {
    clearPlanMemo();
    const x = fresh(64);
    const a = planned(axpy(fresh(64), x));
    expect(a.replayed).toBe(false);
    const b = planned(axpy(fresh(64), x));
    expect(b.replayed).toBe(true);
    expect(b.plan.partitions).toBe(a.plan.partitions);
    expect(b.plan.footprints).toBe(a.plan.footprints);
    // A fresh constraint list with the same value hits too.
    expect(planned(axpy(fresh(64), x, [align(0, 1)])).replayed).toBe(true);
    // Shape.
    const c = planned(axpy(fresh(80), fresh(80)));
    expect(c.replayed).toBe(false);
    expect(c.plan.tiles.map(String)).toEqual(['[0:40]', '[40:80]']);
    // Dtype.
    expect(planned(axpy(fresh(64, 'float32'), x)).replayed).toBe(false);
    // The view: same shape, another offset or stride of the region.
    const big = createRegion('float64', 200);
    expect(planned(axpy(fresh(64), new Store(big, [64], [1], 0))).replayed).toBe(false);
    expect(planned(axpy(fresh(64), new Store(big, [64], [1], 0))).replayed).toBe(true);
    const shifted = planned(axpy(fresh(64), new Store(big, [64], [1], 10)));
    expect(shifted.replayed).toBe(false);
    expect(shifted.plan.footprints[0]![1]!.toString()).toContain('10');
    expect(planned(axpy(fresh(64), new Store(big, [64], [2], 0))).replayed).toBe(false);
    // Piece count.
    const four = planned(axpy(fresh(64), x), 4);
    expect(four.replayed).toBe(false);
    expect(four.plan.colors).toBe(4);
    // Privilege.
    const rw: LaunchSpec = {
      ...axpy(fresh(64), x),
      args: [
        { store: fresh(64), privilege: 'read-write' },
        { store: x, privilege: 'read' },
      ] as LaunchArg[],
    };
    expect(planned(rw).replayed).toBe(false);
    // Constraints by value, even when the same list object is mutated after the launch.
    const cs = [align(0, 1)];
    const y = fresh(64);
    const z = fresh(64, 'int32');
    const withProject = (): LaunchSpec => ({
      op: 'test.memo.axpy',
      kernel: 'none',
      args: [
        { store: fresh(64), privilege: 'write-discard' },
        { store: y, privilege: 'read' },
        { store: z, privilege: 'read' },
      ],
      constraints: cs,
      key: 0,
    });
    expect(planned(withProject()).replayed).toBe(false);
    expect(planned(withProject()).replayed).toBe(true);
    cs.push(align(0, 2));
    const mutated = planned(withProject());
    expect(mutated.replayed).toBe(false);
    expect(mutated.plan.partitions[2]).toBe(mutated.plan.partitions[0]);
  });

  it("a changed current partition (another launch's tiling) misses", () => {
    clearPlanMemo();
    const out = fresh(64);
    const x = fresh(64);
    planned(axpy(out, x));
    // The key (out) had no current partition, now it has the launch's tiling: solved again.
    expect(planned(axpy(out, x)).replayed).toBe(false);
    expect(planned(axpy(out, x)).replayed).toBe(true);
    const foreign = tiling([64], 2, 8);
    viewState(out).current = foreign;
    const p = planned(axpy(out, x));
    expect(p.replayed).toBe(false);
    expect(p.plan.partitions[0]).toBe(foreign);
  });

  it('an image source written in place, or another source, misses; projections follow the key', () => {
    clearPlanMemo();
    const IMG = Object.freeze([align(0, 2), image(0, 1, 'offsets')]);
    // offsets [0, 2, 4, 6, 8] over 8 points; a key of 4 rows.
    const ptr = createRegion('int32', 5);
    (ptr.data as Int32Array).set([0, 2, 4, 6, 8]);
    const ptrStore = new Store(ptr, [4], [1], 0);
    const gatherSpec = (src: Store): LaunchSpec => ({
      op: 'test.memo.gather',
      kernel: 'none',
      args: [
        { store: src, privilege: 'read' },
        { store: fresh(8), privilege: 'read' },
        { store: fresh(4), privilege: 'write-discard' },
      ],
      constraints: IMG,
      key: 2,
    });
    const a = planned(gatherSpec(ptrStore));
    expect(a.replayed).toBe(false);
    expect(a.plan.partitions[1]!.pieces.map(String)).toEqual(['{0:4}', '{4:8}']);
    expect(planned(gatherSpec(ptrStore)).replayed).toBe(true);
    // The structure changes in place: a write bumps the region's version.
    (ptr.data as Int32Array).set([0, 1, 2, 3, 8]);
    ptr.version++;
    const b = planned(gatherSpec(ptrStore));
    expect(b.replayed).toBe(false);
    expect(b.plan.partitions[1]!.pieces.map(String)).toEqual(['{0:2}', '{2:8}']);
    // Another region with the same shape and values: its own images.
    const ptr2 = createRegion('int32', 5);
    (ptr2.data as Int32Array).set([0, 1, 2, 3, 8]);
    expect(planned(gatherSpec(new Store(ptr2, [4], [1], 0))).replayed).toBe(false);
    expect(planned(gatherSpec(new Store(ptr2, [4], [1], 0))).replayed).toBe(true);
    // A projection: replayed with the key's partition, recomputed for another shape.
    const PROJ = Object.freeze([project(0, 1, [0, -1])]);
    const rows = (r: number, c: number): LaunchSpec => ({
      op: 'test.memo.rows',
      kernel: 'none',
      args: [
        { store: fresh(r), privilege: 'write-discard' },
        { store: Store.shaped(createRegion('float64', r * c), [r, c]), privilege: 'read' },
      ],
      constraints: PROJ,
      key: 0,
    });
    const p1 = planned(rows(6, 3));
    expect(planned(rows(6, 3)).plan.partitions[1]).toBe(p1.plan.partitions[1]);
    const p3 = planned(rows(6, 5));
    expect(p3.replayed).toBe(false);
    expect(p3.plan.partitions[1]!.pieces.map(String)).toEqual(['[0:3, 0:5]', '[3:6, 0:5]']);
  });
});

describe('the memo holds no array alive', () => {
  it('a recorded launch over fresh stores lets their regions be collected', async () => {
    const { collector } = await import('../../runtime/memory.js');
    const { collectByPressure } = await import('../../runtime/reclaim.js');
    // V8's gc() where exposed, else a collection driven through public means (the default).
    const gc = collector() ?? (() => void collectByPressure());
    clearPlanMemo();
    const ctx = { pieces: () => 2, syncRegion: () => {} };
    const refs: WeakRef<object>[] = [];
    const IMG = Object.freeze([align(0, 2), image(0, 1, 'offsets')]);
    (() => {
      for (let k = 0; k < 3; k++) {
        const ptr = createRegion('int32', 5);
        (ptr.data as Int32Array).set([0, 2, 4, 6, 8]);
        const vals = createRegion('float64', 8);
        const out = createRegion('float64', 4);
        refs.push(new WeakRef(ptr), new WeakRef(vals), new WeakRef(out));
        solve(
          {
            op: 'test.memo.gc',
            kernel: 'none',
            args: [
              { store: new Store(ptr, [4], [1], 0), privilege: 'read' },
              { store: Store.whole(vals), privilege: 'read' },
              { store: Store.whole(out), privilege: 'write-discard' },
            ],
            constraints: IMG,
            key: 2,
          },
          ctx,
        );
      }
    })();
    for (let k = 0; k < 3; k++) {
      gc();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(refs.filter((r) => r.deref() !== undefined)).toHaveLength(0);
  });
});
