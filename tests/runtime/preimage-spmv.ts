/**
 * A launch through a preimage, for tests/runtime/preimage-task.test.ts and
 * benchmarks/runtime/_first-preimage.ts: a COO SpMV partitioned by its output. Piece `c` owns
 * `y[lo, hi)` (a tile of y, the key) and reads the entries of the preimage of y's tiles through
 * `row` — passed to the kernel as scalars, since kernels see only the key's tiles. With a
 * provisional preimage (every entry per piece) the kernel reads more entries, never other results.
 */
import { submit, syncRegion } from '../../runtime/engine.js';
import {
  createRegion,
  type IntervalSet,
  launch,
  Partition,
  preimagePartition,
  Rect,
  registerKernel,
  Store,
  tiling,
} from '../../runtime/index.js';
import { footprintsOf } from '../../runtime/partition-cache.js';
import type { LaunchPlan } from '../../runtime/plan.js';

/** A slow (scalar 2: ms), failing (scalar 0 = 1) or plain writer of a sorted COO's rows. */
registerKernel('test.pre.fill', (t) => {
  const o = t.arrays[0]!;
  if (t.scalars[0] === 1) throw new Error('bad rows');
  const until = Date.now() + t.scalars[2]!;
  while (Date.now() < until) {
    // a slow writer: the readers' tasks wait for it on the workers
  }
  const nnz = t.shapes[0]![0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = Math.floor((i * t.scalars[1]!) / nnz);
});

/**
 * The kernel: scalars `[sorted, colors, table(colors + 1), pairs]`; the entries of piece c are the
 * pairs `sc[table[c]] .. sc[table[c + 1]]`, visited in entry order. With sorted rows each interval
 * is entered by binary search (reads stay inside the piece's entries).
 */
registerKernel('test.pre.spmv', (t) => {
  const row = t.arrays[0]!;
  const col = t.arrays[1]!;
  const val = t.arrays[2]!;
  const x = t.arrays[3]!;
  const y = t.arrays[4]!;
  const sc = t.scalars;
  const sorted = sc[0] === 1;
  const lo = t.lo[0]!;
  const hi = t.hi[0]!;
  for (let i = lo; i < hi; i++) y[i] = 0;
  for (let k = sc[2 + t.color]!; k < sc[3 + t.color]!; k += 2) {
    let a = sc[k]!;
    let b = sc[k + 1]!;
    if (sorted) {
      let p = a;
      let q = b;
      while (p < q) {
        const m = (p + q) >> 1;
        if (row[m]! < lo) p = m + 1;
        else q = m;
      }
      a = p;
      q = b;
      while (p < q) {
        const m = (p + q) >> 1;
        if (row[m]! < hi) p = m + 1;
        else q = m;
      }
      b = p;
    }
    for (let e = a; e < b; e++) {
      const r = row[e]!;
      if (r >= lo && r < hi) y[r] = y[r]! + val[e]! * x[col[e]!]!;
    }
  }
});

/** Writes `row` (entry e in row ⌊e·n/nnz⌋: a sorted COO), optionally slow or failing. */
export function fillRows(row: Store, n: number, fail = 0, ms = 0): void {
  launch({
    op: 'fill',
    kernel: 'test.pre.fill',
    args: [{ store: row, privilege: 'write-discard' }],
    scalars: [fail, n, ms],
  });
}

const wholes = new Map<string, Partition>();
function wholeOf(s: Store, colors: number): Partition {
  const key = `${s.shape}|${colors}`;
  let p = wholes.get(key);
  if (p === undefined) {
    const all = Rect.fromShape(s.shape);
    wholes.set(key, (p = new Partition('whole', all, new Array(colors).fill(all))));
  }
  return p;
}

/**
 * y = A x by output rows through the preimage of y's tiles in `row` (a deferred preimage: the
 * first request with a pool gets the provisional one).
 * @returns the preimage the launch used
 */
export function spmvByOutput(
  row: Store,
  col: Store,
  val: Store,
  x: Store,
  y: Store,
  colors: number,
  sorted = false,
): Partition {
  const yTiles = tiling(y.shape, colors);
  const pre = preimagePartition(row, yTiles, 'point', syncRegion, true);
  const scalars: number[] = [sorted ? 1 : 0, colors];
  const pairs: number[] = [];
  const at = 2 + colors + 1;
  for (let c = 0; c < colors; c++) {
    scalars.push(at + pairs.length);
    for (const v of (pre.pieces[c] as IntervalSet).bounds) pairs.push(v);
  }
  scalars.push(at + pairs.length);
  for (const v of pairs) scalars.push(v);
  const stores = [row, col, val];
  const fps = stores.map((s) => footprintsOf(s, pre));
  const xAll = x.footprint(Rect.fromShape(x.shape));
  const yFp = footprintsOf(y, yTiles);
  const plan: LaunchPlan = {
    spec: {
      op: 'spmv_by_output',
      kernel: 'test.pre.spmv',
      args: [
        ...stores.map((store) => ({ store, privilege: 'read' as const })),
        { store: x, privilege: 'read' },
        { store: y, privilege: 'write-discard' },
      ],
      scalars,
    },
    colors,
    tiles: yTiles.pieces as Rect[],
    footprints: yTiles.pieces.map((_, c) => [fps[0]![c]!, fps[1]![c]!, fps[2]![c]!, xAll, yFp[c]!]),
    nBlocks: 0,
    block: 0,
    width: 0,
    redBlock: 0,
    key: 4,
    partitions: [pre, pre, pre, wholeOf(x, colors), yTiles],
  };
  submit(plan);
  return pre;
}

/** A COO of `nnz` entries over n × n (rows written by {@link fillRows}), columns, values and x. */
export function coo(n: number, nnz: number) {
  const row = Store.whole(createRegion('int32', nnz));
  const colR = createRegion('int32', nnz);
  const valR = createRegion('float64', nnz);
  for (let e = 0; e < nnz; e++) {
    colR.data[e] = (e * 7919) % n;
    valR.data[e] = ((e % 17) - 8) * 0.37;
  }
  const xR = createRegion('float64', n);
  for (let i = 0; i < n; i++) xR.data[i] = 1 + (i % 13) * 0.125;
  return { row, col: Store.whole(colR), val: Store.whole(valR), x: Store.whole(xR) };
}

/** The plain loop in entry order (the kernel's order within each row). */
export function reference(n: number, nnz: number, col: Store, val: Store, x: Store): Float64Array {
  const y = new Float64Array(n);
  for (let e = 0; e < nnz; e++) {
    const r = Math.floor((e * n) / nnz);
    y[r] = y[r]! + val.region.data[e]! * x.region.data[col.region.data[e]!]!;
  }
  return y;
}
