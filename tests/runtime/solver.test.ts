import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  align,
  asIntervalSet,
  bloat,
  broadcast,
  type Constraint,
  ConstraintError,
  configure,
  createRegion,
  IntervalSet,
  image,
  type LaunchArg,
  type LaunchSpec,
  launch,
  partitionStats,
  project,
  Rect,
  readStore,
  registerKernel,
  Store,
  type SubSpace,
  scale,
} from '../../runtime/index.js';
import { solve } from '../../runtime/solver.js';
import { csrArb, csrStores } from './partition-csr.js';

const ctxOf = (pieces: number) => ({ pieces: () => pieces, syncRegion: () => {} });
const pointsOf = (s: SubSpace): number[][] =>
  s instanceof Rect ? [...s.points()] : [...s.points()].map((p) => [p]);

/** Region elements a store view touches for a set of points (naive). */
function naiveFootprint(st: Store, pts: number[][]): Set<number> {
  const out = new Set<number>();
  for (const p of pts) out.add(st.offset + p.reduce((acc, v, d) => acc + v * st.strides[d]!, 0));
  return out;
}

/** Naive image of a piece of src through its values into [0, extent). */
function naiveImage(st: Store, piece: SubSpace, mode: string, extent: number): Set<number> {
  const data = st.region.data;
  const out = new Set<number>();
  const at = (i: number) => data[st.offset + i * st.strides[0]!]!;
  for (const [i] of pointsOf(piece)) {
    if (mode === 'point') {
      if (at(i!) >= 0 && at(i!) < extent) out.add(at(i!));
    } else for (let v = at(i!); v < at(i! + 1); v++) if (v >= 0 && v < extent) out.add(v);
  }
  return out;
}

const SHAPES = [[6], [8], [12], [4, 3], [6, 2]];

/** A store per shape: a region one element longer, holding non-decreasing values in [0, 12]. */
function makeStore(shape: number[], seed: number): Store {
  const size = shape.reduce((a, b) => a * b, 1);
  const r = createRegion('int32', size + 1);
  let v = seed % 3;
  for (let k = 0; k <= size; k++) {
    r.data[k] = Math.min(12, v);
    v += (seed >> (k % 8)) & 1 ? 1 : 0;
  }
  return shape.length === 1 ? new Store(r, shape, [1], 0) : Store.shaped(createRegion('int32', size), shape);
}

const constraintArb = (n: number): fc.Arbitrary<Constraint> => {
  const i = fc.integer({ min: 0, max: n - 1 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(i, i).map(([a, b]) => align(a, b)) },
    { weight: 1, arbitrary: i.map((a) => broadcast(a)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(i, i, fc.constantFrom('point' as const, 'offsets' as const), fc.boolean())
        .map(([s, d, m, e]) => image(s, d, m, e)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(i, i, fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 1, maxLength: 2 }))
        .map(([s, d, dims]) => project(s, d, dims)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(i, i, fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 2 }))
        .map(([s, d, h]) => bloat(s, d, h)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(i, i, fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }))
        .map(([s, d, f]) => scale(s, d, f)),
    },
  );
};

const launchArb = fc.integer({ min: 2, max: 5 }).chain((n) =>
  fc.record({
    shapes: fc.array(fc.integer({ min: 0, max: SHAPES.length - 1 }), { minLength: n, maxLength: n }),
    writes: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    seeds: fc.array(fc.nat(), { minLength: n, maxLength: n }),
    constraints: fc.array(constraintArb(n), { maxLength: 4 }),
    pieces: fc.integer({ min: 1, max: 4 }),
  }),
);

function checkSolution(spec: LaunchSpec, pieces: number): void {
  const plan = solve(spec, ctxOf(pieces));
  const args = spec.args;
  const P = plan.partitions;
  const keyPart = P[plan.key]!;
  expect(plan.tiles).toBe(keyPart.pieces);
  expect(plan.colors).toBe(keyPart.colors);
  expect(keyPart.disjoint && keyPart.complete).toBe(true);
  expect(keyPart.colors).toBeLessThanOrEqual(pieces);
  const derivedDst = new Set<number>();
  for (const c of spec.constraints ?? []) {
    switch (c.kind) {
      case 'align':
        expect(P[c.a]).toBe(P[c.b]);
        break;
      case 'broadcast':
        for (const piece of P[c.a]!.pieces) expect((piece as Rect).equals(args[c.a]!.store.rect)).toBe(true);
        break;
      case 'image': {
        derivedDst.add(c.dst);
        const src = args[c.src]!.store;
        const ext = args[c.dst]!.store.shape[0]!;
        for (let col = 0; col < plan.colors; col++) {
          const want = IntervalSet.fromPoints([...naiveImage(src, P[c.src]!.piece(col), c.mode, ext)]);
          const got = asIntervalSet(P[c.dst]!.piece(col));
          if (c.exact) expect(got.toString()).toBe(want.toString());
          else expect(got.toString()).toBe(want.boundingBox().toString());
        }
        break;
      }
      default: {
        derivedDst.add(c.dst);
        const dst = args[c.dst]!.store.shape;
        for (let col = 0; col < plan.colors; col++) {
          const sp = P[c.src]!.piece(col);
          const r = sp instanceof Rect ? sp : new Rect([sp.lo], [sp.hi]);
          let want: Rect;
          if (c.kind === 'project') {
            want = new Rect(
              dst.map((e, d) => (c.dims[d]! >= 0 ? Math.min(e, r.lo[c.dims[d]!]!) : 0)),
              dst.map((e, d) => (c.dims[d]! >= 0 ? Math.min(e, r.hi[c.dims[d]!]!) : e)),
            );
          } else if (c.kind === 'bloat') {
            want = new Rect(
              dst.map((e, d) => Math.min(e, Math.max(0, r.lo[d]! - c.halo[d]!))),
              dst.map((e, d) => Math.max(0, Math.min(e, r.hi[d]! + c.halo[d]!))),
            );
          } else {
            want = new Rect(
              dst.map((e, d) => Math.min(e, r.lo[d]! * c.factor[d]!)),
              dst.map((e, d) => Math.min(e, r.hi[d]! * c.factor[d]!)),
            );
          }
          const got = P[c.dst]!.piece(col);
          if (c.kind === 'bloat' && !(sp instanceof Rect) && dst.length === 1) {
            const pts = new Set<number>();
            for (const p of sp.points())
              for (let q = p - c.halo[0]!; q <= p + c.halo[0]!; q++) if (q >= 0 && q < dst[0]!) pts.add(q);
            expect(got.toString()).toBe(IntervalSet.fromPoints([...pts]).toString());
          } else expect((got as Rect).equals(want)).toBe(true);
        }
      }
    }
  }
  // Every footprint holds the naive footprint of its piece (offsets sources also `hi`).
  for (let i = 0; i < args.length; i++) {
    const st = args[i]!.store;
    for (let col = 0; col < plan.colors; col++) {
      const fp = plan.footprints[col]![i]!;
      for (const e of naiveFootprint(st, pointsOf(P[i]!.piece(col)))) expect(fp.has(e)).toBe(true);
    }
  }
  // Arguments neither in the key's class nor derived see the whole store.
  for (let i = 0; i < args.length; i++) {
    if (P[i] !== keyPart && !derivedDst.has(i) && ![...derivedDst].some((d) => P[d] === P[i])) {
      expect(P[i]!.kind).toBe('whole');
    }
  }
}

describe('solve', () => {
  it('a solution satisfies every declared constraint, or ConstraintError is thrown', () => {
    let solved = 0;
    let refused = 0;
    fc.assert(
      fc.property(launchArb, (l) => {
        const args: LaunchArg[] = l.shapes.map((s, i) => ({
          store: makeStore(SHAPES[s]!, l.seeds[i]!),
          privilege: l.writes[i] ? 'write' : 'read',
        }));
        const spec: LaunchSpec = { op: 'prop', kernel: 'none', args, constraints: l.constraints };
        try {
          checkSolution(spec, l.pieces);
          solved++;
        } catch (e) {
          if (!(e instanceof ConstraintError)) throw e;
          expect(e.message).toMatch(/^prop: constraints \[.*\] cannot all hold: /);
          refused++;
        }
      }),
      { numRuns: 400 },
    );
    expect(solved).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(10);
  });

  it('aligned arguments get the same partition object, reused by later launches', () => {
    const [a, b, c] = [0, 1, 2].map(() => Store.whole(createRegion('float64', 100)));
    const spec = (x: Store, y: Store): LaunchSpec => ({
      op: 'add',
      kernel: 'none',
      args: [
        { store: x, privilege: 'write' },
        { store: y, privilege: 'read' },
      ],
      constraints: [align(0, 1)],
    });
    const p1 = solve(spec(a!, b!), ctxOf(2));
    expect(p1.partitions[0]).toBe(p1.partitions[1]);
    const before = partitionStats();
    const p2 = solve(spec(a!, b!), ctxOf(2));
    expect(p2.partitions[0]).toBe(p1.partitions[0]);
    expect(p2.footprints[1]![0]).toBe(p1.footprints[1]![0]);
    // The hot path builds nothing: no partition, no footprint.
    const after = partitionStats();
    expect(after.footprintComputations).toBe(before.footprintComputations);
    expect(after.created).toEqual(before.created);
    // A different store of the same shape, aligned with a: the same object.
    expect(solve(spec(c!, a!), ctxOf(2)).partitions[0]).toBe(p1.partitions[0]);
  });

  it("the key view's current partition stays in place when a later launch allows it", () => {
    const n = 10000;
    const y = Store.whole(createRegion('float64', n));
    const x = Store.whole(createRegion('float64', n));
    const red = solve(
      { op: 'fill', kernel: 'none', args: [{ store: y, privilege: 'write' }], reduce: { combine: 'sum' } },
      ctxOf(2),
    );
    expect(red.tiles.map(String)).toEqual(['[0:4096]', '[4096:10000]']);
    const ew = solve(
      {
        op: 'axpy',
        kernel: 'none',
        args: [
          { store: x, privilege: 'read' },
          { store: y, privilege: 'read-write' },
        ],
        constraints: [align(0, 1)],
      },
      ctxOf(2),
    );
    expect(ew.key).toBe(1);
    expect(ew.partitions[0]).toBe(red.partitions[0]);
    // A piece count the current partition cannot meet: the natural tiling.
    const three = solve(
      {
        op: 'axpy',
        kernel: 'none',
        args: [
          { store: y, privilege: 'write' },
          { store: x, privilege: 'read' },
        ],
        constraints: [align(0, 1)],
      },
      ctxOf(3),
    );
    expect(three.colors).toBe(3);
    expect(three.tiles[1]!.toString()).toBe('[3333:6666]');
  });

  it('resolves chains indptr -> indices -> x; offsets sources include element hi', () => {
    fc.assert(
      fc.property(csrArb, fc.integer({ min: 1, max: 4 }), (a, pieces) => {
        const st = csrStores(a);
        const plan = solve(spmvSpec(st), ctxOf(pieces));
        for (let c = 0; c < plan.colors; c++) {
          const [lo, hi] = [plan.tiles[c]!.lo[0]!, plan.tiles[c]!.hi[0]!];
          const fpPtr = plan.footprints[c]![1]!;
          for (let r = lo; r <= hi; r++) expect(fpPtr.has(r)).toBe(true);
          const cols = new Set<number>();
          for (let k = a.indptr[lo]!; k < a.indptr[hi]!; k++) cols.add(a.indices[k]!);
          expect(plan.footprints[c]![3]!.toString()).toBe(IntervalSet.fromPoints([...cols]).toString());
        }
      }),
    );
  });

  it('recomputes images after their source is written and never in a steady loop', () => {
    const a = { rows: 5, cols: 5, indptr: [0, 2, 2, 3, 5, 6], indices: [4, 0, 2, 1, 3, 3] };
    const st = csrStores(a);
    const spec = spmvSpec(st);
    solve(spec, ctxOf(2));
    const s0 = partitionStats().imageComputations;
    for (let it = 0; it < 10; it++) {
      // Power iteration: y = A x, then x = y / |y| — writes x and y, never the structure.
      st.y.region.version++;
      st.x.region.version++;
      solve(spec, ctxOf(2));
    }
    expect(partitionStats().imageComputations).toBe(s0);
    st.indices.region.version++;
    solve(spec, ctxOf(2));
    expect(partitionStats().imageComputations).toBe(s0 + 1);
    st.indptr.region.version++;
    solve(spec, ctxOf(2));
    // indptr's image is recomputed (same values: same object), so indices' image is not.
    expect(partitionStats().imageComputations).toBe(s0 + 2);
  });

  it('refuses impossible constraint sets, naming the operation and the constraints', () => {
    const s = (shape: number[]) =>
      Store.shaped(
        createRegion(
          'int32',
          shape.reduce((p, q) => p * q, 1),
        ),
        shape,
      );
    const args = (...shapes: number[][]): LaunchArg[] =>
      shapes.map((sh) => ({ store: s(sh), privilege: 'write' }));
    const bad =
      (a: LaunchArg[], constraints: Constraint[], extra: Partial<LaunchSpec> = {}) =>
      () =>
        solve({ op: 'op', kernel: 'none', args: a, constraints, ...extra }, ctxOf(2));
    expect(bad(args([3], [4]), [align(0, 1)])).toThrow(
      'op: constraints [align(0, 1)] cannot all hold: align(0, 1) needs equal shapes, received [3] and [4]',
    );
    expect(bad(args([3], [4], [4]), [image(0, 1, 'point'), image(2, 1, 'point')])).toThrow(/derived twice/);
    expect(bad(args([3], [3], [4]), [align(0, 1), image(0, 2, 'point'), image(2, 1, 'point')])).toThrow(
      'form a cycle',
    );
    expect(bad(args([3], [4], [4]), [image(1, 2, 'point'), image(2, 1, 'point')], { key: 0 })).toThrow(
      /cycle/,
    );
    expect(bad(args([3], [3]), [align(0, 1), broadcast(1)])).toThrow(/both broadcast and partitioned/);
    expect(bad(args([3, 3], [4]), [image(0, 1, 'point')])).toThrow(
      /needs a source of a 1-D store, received shape \[3,3\]/,
    );
    expect(bad(args([3], [4, 4]), [image(0, 1, 'point')])).toThrow(/needs a 1-D destination/);
    expect(bad(args([3], [4]), [align(0, 7)])).toThrow(/names argument 7, but the launch has 2/);
    expect(bad(args([3, 3], [3]), [project(0, 1, [2])])).toThrow(/dimension 2 is not -1/);
    expect(bad(args([3], [3]), [bloat(0, 1, [1, 1])])).toThrow(/needs 1 entries/);
    expect(bad(args([3], [3]), [scale(0, 1, [0])])).toThrow(/not a positive integer/);
    expect(bad(args([3, 3]), [], { reduce: { combine: 'sum' } })).toThrow(/needs a 1-D key store/);
    expect(bad(args([3]), [broadcast(0)])).toThrow(/no argument can be the key/);
    expect(bad(args([3], [3]), [image(0, 1, 'point')], { key: 1 })).toThrow(/key argument 1 is derived/);
  });
});

function spmvSpec(st: ReturnType<typeof csrStores>): LaunchSpec {
  return {
    op: 'csr.spmv',
    kernel: 'test.solver.spmv',
    args: [
      { store: st.y, privilege: 'write' },
      { store: st.indptr, privilege: 'read' },
      { store: st.indices, privilege: 'read' },
      { store: st.x, privilege: 'read' },
    ],
    constraints: [align(0, 1), image(1, 2, 'offsets'), image(2, 3, 'point')],
  };
}

registerKernel('test.solver.spmv', (t) => {
  const y = t.arrays[0]!;
  const ptr = t.arrays[1]!;
  const idx = t.arrays[2]!;
  const x = t.arrays[3]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) {
    let s = 0;
    for (let k = ptr[i]!; k < ptr[i + 1]!; k++) s += (k + 1) * x[idx[k]!]!;
    y[i] = s;
  }
});

for (const workers of [0, 1, 2]) {
  describe(`launch with image constraints (workers=${workers})`, () => {
    it('SpMV over images matches a naive loop', () => {
      configure({ workers });
      fc.assert(
        fc.property(csrArb, (a) => {
          const st = csrStores(a);
          for (let j = 0; j < a.cols; j++) st.x.region.data[j] = j + 1;
          launch(spmvSpec(st));
          const want = new Float64Array(a.rows);
          for (let i = 0; i < a.rows; i++)
            for (let k = a.indptr[i]!; k < a.indptr[i + 1]!; k++) want[i]! += (k + 1) * (a.indices[k]! + 1);
          expect(Array.from(readStore(st.y))).toEqual(Array.from(want));
        }),
        { numRuns: 30 },
      );
      configure({ workers: 0 });
    });
  });
}
