/**
 * `sort` and `argsort` on the runtime (kernels in sort-kernels.ts). The values are copied with the
 * sorted axis last (contiguous), turned into order-preserving integer keys and sorted in runs by
 * parallel pieces: each line of an n-D array is a run; a long 1-D array is cut into a power of two
 * ≥ the worker count of runs (padded with the largest key), which are then merged pairwise in
 * rounds, each round a launch split by output range. Both sorts are stable (`argsort` is NumPy's
 * `kind='stable'` whatever `kind` says), NaN sorts last, and the result does not depend on the
 * number of workers (ties keep input order; for `sort` −0 sorts before +0 every time).
 */
import {
  ArgumentTypeError,
  align,
  argMessage,
  broadcast,
  type Constraint,
  type DType,
  IndexError,
  launch,
  project,
  type Store,
  ValueError,
  workerCount,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { copyAs } from './ewise.js';
import { SORT_DECODE, SORT_MERGE, SORT_RUNS } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { ravel, transpose } from './shape.js';
import './sort-kernels.js';

const KIND: Record<DType, number> = { float64: 0, float32: 1, int32: 2, uint8: 3, bool: 3 };
/** Below this many elements a 1-D sort is one run (no merge). */
const MIN_CHUNKED = 1 << 16;
const SORT_KINDS = new Set(['quicksort', 'mergesort', 'heapsort', 'stable']);

/** Checks `kind`, `order` and `stable` as NumPy does (every kind sorts stably here). */
export function sortOptions(fn: string, kind: unknown, order: unknown): void {
  if (kind !== undefined && kind !== null && !SORT_KINDS.has(kind as string))
    throw new ValueError(
      argMessage(fn, 'kind', "one of 'quicksort', 'mergesort', 'heapsort', 'stable'", kind),
    );
  if (order !== undefined && order !== null)
    throw new ValueError(argMessage(fn, 'order', 'None (cohort has no structured dtypes)', order));
}

/** The axis to sort along (null: the flattened array), normalized; the array to sort. */
function prepare(fn: string, a: ndarray, axis: number | null | undefined): [ndarray, number] {
  if (axis === null) return [ravel(a), 0];
  const ax = axis ?? -1;
  const nd = a.ndim;
  if (!Number.isInteger(ax)) throw new ArgumentTypeError(argMessage(fn, 'axis', 'an integer or None', ax));
  if (ax < -nd || ax >= nd)
    throw new IndexError(`${fn}: axis ${ax} is out of bounds for array of dimension ${nd}`);
  return [a, ax < 0 ? ax + nd : ax];
}

const pow2ceil = (x: number): number => (x <= 1 ? 1 : 2 ** Math.ceil(Math.log2(x)));

/**
 * Sorts `a` along `axis` (null: flattened); returns the sorted values, or the int32 indices that
 * sort it (`wantIdx`), with `a`'s shape (flattened: 1-D).
 */
export function sortCore(fn: string, a: ndarray, axis: number | null | undefined, wantIdx: boolean): ndarray {
  const [src, ax] = prepare(fn, a, axis);
  const nd = src.ndim;
  const perm = [...Array(nd).keys()].filter((d) => d !== ax).concat([ax]);
  const inv = perm.map((_, d) => perm.indexOf(d));
  const moved = transpose(src, perm);
  const shape = moved.shape;
  const n = moved.size;
  const L = nd === 0 ? 1 : shape[nd - 1]!;
  const dt: DType = wantIdx ? 'int32' : src.dtype;
  if (n === 0) return transpose(new ndarray(allocStore(dt, shape)), inv);
  const flatIn = copyAs(fn, moved).store; // contiguous, C order, sorted axis last
  const X = flatIn.view([n], [1], flatIn.offset);
  const W = src.dtype === 'float64' ? 2 : 1;
  const lines = nd > 1 || n < MIN_CHUNKED || workerCount() < 2;
  const C = lines ? n / L : pow2ceil(workerCount());
  const m = lines ? L : Math.ceil(n / C);
  const N = C * m;
  let keys: Store[] = [allocStore('int32', [C, m], false)];
  if (W === 2) keys.push(allocStore('int32', [C, m], false));
  if (wantIdx) keys.push(allocStore('int32', [C, m], false));
  const place = allocStore('int32', [C]);
  const cons: Constraint[] = [broadcast(1), ...keys.map((_, k) => project(0, 2 + k, [0, -1]))];
  launch({
    op: fn,
    kernel: SORT_RUNS,
    args: [
      { store: place, privilege: 'read' },
      { store: X, privilege: 'read' },
      ...keys.map((s) => ({ store: s, privilege: 'write-discard' as const })),
    ],
    scalars: [W, m, n, KIND[src.dtype], wantIdx ? 1 : 0, lines ? 1 : 0, wantIdx ? 1 : 0],
    constraints: cons,
    key: 0,
  });
  let flat = keys.map((s) => s.view([N], [1], s.offset));
  if (!lines) {
    for (let run = m; run < N; run *= 2) {
      const outs = flat.map(() => allocStore('int32', [N], false));
      const k = outs.length;
      launch({
        op: fn,
        kernel: SORT_MERGE,
        args: [
          ...outs.map((s) => ({ store: s, privilege: 'write-discard' as const })),
          ...flat.map((s) => ({ store: s, privilege: 'read' as const })),
        ],
        scalars: [run, N, W, wantIdx ? 1 : 0],
        constraints: [
          ...outs.slice(1).map((_, j) => align(0, j + 1)),
          ...flat.map((_, j) => broadcast(k + j)),
        ],
        key: 0,
      });
      flat = outs;
    }
  }
  keys = [];
  let res: Store;
  if (wantIdx) {
    const ix = flat[flat.length - 1]!;
    res = ix.view(shape, cStrides(shape), ix.offset);
  } else {
    const out = allocStore(dt, [n], false);
    const ins = flat.slice(0, W).map((s) => s.view([n], [1], s.offset));
    launch({
      op: fn,
      kernel: SORT_DECODE,
      args: [
        { store: out, privilege: 'write-discard' },
        ...ins.map((s) => ({ store: s, privilege: 'read' as const })),
      ],
      scalars: [KIND[src.dtype]],
      constraints: ins.map((_, j) => align(0, j + 1)),
      key: 0,
    });
    res = out.view(shape, cStrides(shape), out.offset);
  }
  return transpose(new ndarray(res), inv);
}

function cStrides(shape: readonly number[]): number[] {
  const st = new Array<number>(shape.length);
  let s = 1;
  for (let d = shape.length - 1; d >= 0; d--) {
    st[d] = s;
    s *= shape[d]!;
  }
  return st;
}
