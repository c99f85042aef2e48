/**
 * Launches of sparse indexing: row/column gathers (count → scan → fill, partitioned by output
 * rows; the source structure is read whole by every piece, rows being arbitrary), values at
 * (row, column) pairs, and the assignment merge of `set`.
 */
import { align, broadcast, type DType, image, launch, type Store } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { ASSIGN_COUNT, ASSIGN_FILL, GATHER_COUNT, GATHER_FILL, GATHER_PAIRS } from '../kernel-names.js';
import { assignRows, gatherPairs, gatherRows } from '../kernels/gather.js';
import { assemble } from './assemble.js';
import { pairImages, pairInputs } from './elementwise.js';
import { type Csr, region, vec } from './types.js';

/** An int32 store holding `xs` (host values). */
export function int32Store(xs: ArrayLike<number>): Store {
  const r = region('int32', xs.length);
  (r.data as Int32Array).set(xs);
  return vec(r);
}

/** The column map of `C` over `n` columns: column c goes to output columns `map[mp[c]..mp[c+1])`. */
function columnMap(C: ArrayLike<number>, n: number): [Store, Store] {
  const mp = new Int32Array(n + 1);
  for (let j = 0; j < C.length; j++) mp[C[j]! + 1]!++;
  for (let c = 0; c < n; c++) mp[c + 1]! += mp[c]!;
  const next = mp.slice(0, n);
  const map = new Int32Array(C.length);
  for (let j = 0; j < C.length; j++) map[next[C[j]!]!++] = j;
  return [int32Store(mp), int32Store(map)];
}

/**
 * `A[R][:, C]`: rows `R` (any order, repeats allowed) and columns `C` (null: all) of a CSR
 * structure. Canonical when A is and C is non-decreasing (or all).
 */
export function gatherCsr(a: Csr, R: ArrayLike<number>, C: ArrayLike<number> | null, op: string): Csr {
  const rows = R.length;
  const cols = C === null ? a.cols : C.length;
  const Rs = int32Store(R);
  const [mp, map] = C === null ? [int32Store([0]), int32Store([0])] : columnMap(C, a.cols);
  const src = [
    { store: Rs, privilege: 'read' as const },
    { store: vec(a.indptr), privilege: 'read' as const },
    { store: vec(a.indices, a.nnz), privilege: 'read' as const },
    { store: vec(a.data, a.nnz), privilege: 'read' as const },
    { store: mp, privilege: 'read' as const },
    { store: map, privilege: 'read' as const },
  ];
  const whole = (p: number) => [
    align(0, p),
    broadcast(p + 1),
    broadcast(p + 2),
    broadcast(p + 3),
    broadcast(p + 4),
    broadcast(p + 5),
  ];
  const all = C === null ? 1 : 0;
  const r = assemble(
    op,
    rows,
    a.dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(`${GATHER_COUNT}.${a.dtype}`, gatherRows, (t, f) =>
          f(
            t.arrays[2],
            t.arrays[3],
            t.arrays[4],
            t.arrays[1],
            t.scalars[0],
            t.arrays[5],
            t.arrays[6],
            t.arrays[0],
            null,
            null,
            0,
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [{ store: counts, privilege: 'write-discard' }, ...src],
        scalars: [all],
        constraints: whole(1),
        key: 0,
      }),
    (indptr, indices, data) =>
      launch({
        op,
        kernel: kernel(`${GATHER_FILL}.${a.dtype}`, gatherRows, (t, f) =>
          f(
            t.arrays[4],
            t.arrays[5],
            t.arrays[6],
            t.arrays[3],
            t.scalars[0],
            t.arrays[7],
            t.arrays[8],
            t.arrays[0],
            t.arrays[1],
            t.arrays[2],
            1,
            t.lo[0],
            t.hi[0],
          ),
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
          ...src,
        ],
        scalars: [all],
        constraints: [image(0, 1, 'offsets'), image(0, 2, 'offsets'), ...whole(3)],
        key: 0,
      }),
  );
  let nondecreasing = true;
  if (C !== null) for (let j = 1; j < C.length && nondecreasing; j++) nondecreasing = C[j - 1]! <= C[j]!;
  const canonical = a.canonical === true && nondecreasing ? true : undefined;
  return { rows, cols, dtype: a.dtype, ...r, canonical, sorted: canonical };
}

/** `A[R[k], C[k]]` for every k (duplicates summed) into a fresh dense store of A's dtype. */
export function gatherPairsStore(a: Csr, R: ArrayLike<number>, C: ArrayLike<number>, op: string): Store {
  const out = vec(region(a.dtype, R.length));
  if (R.length === 0) return out;
  launch({
    op,
    kernel: kernel(`${GATHER_PAIRS}.${a.dtype}`, gatherPairs, (t, f) =>
      f(t.arrays[3], t.arrays[4], t.arrays[5], t.arrays[1], t.arrays[2], t.arrays[0], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: out, privilege: 'write-discard' },
      { store: int32Store(R), privilege: 'read' },
      { store: int32Store(C), privilege: 'read' },
      { store: vec(a.indptr), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    constraints: [align(0, 1), align(0, 2), broadcast(3), broadcast(4), broadcast(5)],
    key: 0,
  });
  return out;
}

/** A with B's entries assigned (both canonical CSR of one shape; B's zeros are stored). */
export function assignCsr(a: Csr, b: Csr, out: DType, op: string): Csr {
  const { rows, cols } = a;
  const inputs = pairInputs(a, b);
  const imgs = pairImages;
  const tag = `${a.dtype}.${b.dtype}.${out}`;
  const r = assemble(
    op,
    rows,
    out,
    (counts) =>
      launch({
        op,
        kernel: kernel(`${ASSIGN_COUNT}.${tag}`, assignRows, (t, f) =>
          f(...t.arrays.slice(1, 7), t.arrays[0], null, null, 0, t.lo[0], t.hi[0]),
        ),
        args: [{ store: counts, privilege: 'write-discard' }, ...inputs],
        constraints: [align(0, 1), ...imgs(1)],
        key: 0,
      }),
    (indptr, indices, data) =>
      launch({
        op,
        kernel: kernel(`${ASSIGN_FILL}.${tag}`, assignRows, (t, f) =>
          f(...t.arrays.slice(3, 9), ...t.arrays.slice(0, 3), 1, t.lo[0], t.hi[0]),
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
          ...inputs,
        ],
        constraints: [align(0, 3), image(0, 1, 'offsets'), image(0, 2, 'offsets'), ...imgs(3)],
        key: 0,
      }),
  );
  return { rows, cols, dtype: out, ...r, canonical: true, sorted: true };
}
