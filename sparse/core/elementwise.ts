/**
 * Element-wise operations and reductions as launches: sparse ⊕ sparse (union/intersection, count →
 * scan → fill), sparse × dense keeping the pattern, sparse ± dense into a dense result, maps of the
 * values, row/column sums, diagonals, value reductions and structure checks.
 */
import { align, type DType, type Future, image, launch, project, Store } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import {
  BINOP_COUNT,
  BINOP_FILL,
  COPY_SHIFT,
  CSR_ADD_DENSE,
  CSR_COL_SUM,
  CSR_DIAGONAL,
  CSR_FLAGS,
  CSR_MUL_DENSE,
  CSR_ROW_SUM,
  FROM_FUTURE,
  MAP_VALUES,
  SCALE_DENSE,
  VALUES_REDUCE,
} from '../kernel-names.js';
import { binopRows } from '../kernels/assemble.js';
import {
  copyShift,
  csrAddDense,
  csrColSum,
  csrColSumRange,
  csrDiagonal,
  csrFlags,
  csrMulDense,
  csrRowSum,
  mapValues,
} from '../kernels/elementwise.js';
import { mergeCountWasm, mergeFillWasm } from '../kernels/merge-wasm.js';
import { assemble } from './assemble.js';
import { bandOf, markBand } from './band.js';
import { binopLoops } from './generated.js';
import { markChecked, structureCheck } from './range-check.js';
import { type Csr, posStore, region, vec } from './types.js';

/** Binary operation codes of {@link binop}. */
export const OP = { add: 0, subtract: 1, multiply: 2, divide: 3, maximum: 4, minimum: 5 } as const;
const OP_NAMES = ['add', 'subtract', 'multiply'] as const;

/** The read arguments of a row merge of two CSR structures: A's pos/crd/vals, then B's. */
export function pairInputs(a: Csr, b: Csr) {
  return [
    { store: posStore(a), privilege: 'read' as const },
    { store: vec(a.indices, a.nnz), privilege: 'read' as const },
    { store: vec(a.data, a.nnz), privilege: 'read' as const },
    { store: posStore(b), privilege: 'read' as const },
    { store: vec(b.indices, b.nnz), privilege: 'read' as const },
    { store: vec(b.data, b.nnz), privilege: 'read' as const },
  ];
}

/** The constraints of {@link pairInputs} placed from argument `p`: rows aligned, entries by image. */
export function pairImages(p: number) {
  return [
    align(p, p + 3),
    image(p, p + 1, 'offsets'),
    image(p, p + 2, 'offsets'),
    image(p + 3, p + 4, 'offsets'),
    image(p + 3, p + 5, 'offsets'),
  ];
}

/**
 * `a op b` over canonical CSR structures of equal shape; zero results are dropped. Add, subtract
 * and multiply run codegen's merge kernels (`generated.ts`, names ending in `.gen`, `.gen.wasm` for
 * the WebAssembly form); divide — and every op under `COHORT_SPARSE_KERNELS=hand` — runs the hand
 * loop `binopRows`. Same launches either way: only the kernel differs.
 */
export function binop(a: Csr, b: Csr, op: number, out: DType, name: string): Csr {
  const { rows, cols } = a;
  const opName = OP_NAMES[op];
  const loops = opName === undefined ? null : binopLoops(opName, a.dtype, b.dtype, out);
  const bandA = opName === undefined ? undefined : bandOf(a);
  const bandB = opName === undefined ? undefined : bandOf(b);
  // The Wasm kernels read memory unchecked: they run only when both structures' range checks
  // (launches whose futures feed these launches, issue 17) say so — the issuing thread does not
  // wait for them; the kernels choose at run time.
  const fa =
    loops !== null && loops.count.wasm !== null && loops.fill.wasm !== null ? structureCheck(a) : null;
  const fb = fa !== null ? structureCheck(b) : null;
  const guard = fa !== null && fb !== null ? [fa, fb] : null;
  const wasm = guard !== null;
  const withGuard = guard !== null ? { futures: guard } : {};
  // The Wasm forms are hand-assembled (kernels/merge-wasm.ts, the same parameters and bits as the
  // generated ones, ~2x their speed: codegen's Wasm of these branchy merges is slow).
  const fl = (d: DType): d is 'float64' | 'float32' => d === 'float64' || d === 'float32';
  const hw = wasm && opName !== undefined && fl(a.dtype) && fl(b.dtype) && fl(out);
  const countWasm = hw
    ? mergeCountWasm(opName, a.dtype as 'float64', b.dtype as 'float64')
    : loops?.count.wasm;
  const fillWasm = hw
    ? mergeFillWasm(opName, a.dtype as 'float64', b.dtype as 'float64', out as 'float64')
    : loops?.fill.wasm;
  const tag = `${opName}.${a.dtype}.${b.dtype}.${out}.gen${wasm ? '.wasm.guard' : ''}`;
  const inputs = pairInputs(a, b);
  const imgs = pairImages;
  // Count: args [counts (indptr[1..rows], row i at index i), A pos/crd/vals, B pos/crd/vals].
  // Fill: args [indptr, indices, data, A pos/crd/vals, B pos/crd/vals]. (Adapters are shipped to
  // the workers as source: self-contained, hence the slices.)
  const countKernel = loops
    ? kernel(
        `${BINOP_COUNT}.${tag}`,
        loops.count.impl,
        (t, f) => f(...t.arrays.slice(1, 7), t.arrays[0].subarray(t.offsets[0]), t.lo[0], t.hi[0]),
        wasm ? countWasm : null,
        wasm,
      )
    : kernel(`${BINOP_COUNT}.${a.dtype}.${b.dtype}`, binopRows, (t, f) =>
        f(...t.arrays.slice(1, 7), t.arrays[0], null, null, t.scalars[0], 0, t.lo[0], t.hi[0]),
      );
  const fillKernel = loops
    ? kernel(
        `${BINOP_FILL}.${tag}`,
        loops.fill.impl,
        (t, f) => {
          f(...t.arrays.slice(3, 9), ...t.arrays.slice(0, 3), t.lo[0], t.hi[0]);
          // C is in range exactly when A and B are: the reduction passes their checks on.
          if (t.partials === null) return;
          let ok = t.futures.length > 0 ? 1 : 0;
          for (let k = 0; k < t.futures.length; k++) if (t.futures[k] !== 1) ok = 0;
          for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials[(b0 / t.block) | 0] = ok;
        },
        wasm ? fillWasm : null,
        wasm,
      )
    : kernel(`${BINOP_FILL}.${a.dtype}.${b.dtype}.${out}`, binopRows, (t, f) =>
        f(...t.arrays.slice(3, 9), ...t.arrays.slice(0, 3), t.scalars[0], 1, t.lo[0], t.hi[0]),
      );
  let check: Future | null = null;
  const r = assemble(
    name,
    rows,
    out,
    (counts) =>
      launch({
        op: name,
        kernel: countKernel,
        args: [{ store: counts, privilege: 'write-discard' }, ...inputs],
        scalars: [op],
        constraints: [align(0, 1), ...imgs(1)],
        ...withGuard,
        key: 0,
      }),
    (indptr, indices, data) => {
      const f = launch({
        op: name,
        kernel: fillKernel,
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
          ...inputs,
        ],
        scalars: [op],
        constraints: [align(0, 3), image(0, 1, 'offsets'), image(0, 2, 'offsets'), ...imgs(3)],
        ...(guard !== null && loops
          ? { futures: guard, reduce: { combine: 'min' as const, identity: 1 } }
          : {}),
        key: 0,
      });
      if (guard !== null && loops && f) check = f;
    },
  );
  const c: Csr = { rows, cols, dtype: out, ...r, canonical: true, sorted: true };
  if (check !== null) markChecked(c, check);
  // A sum, difference or product keeps entries of A or B only: the wider band bounds it.
  if (bandA !== undefined && bandB !== undefined) markBand(c, Math.max(bandA, bandB));
  return c;
}

/** `out[p] = data[p] * D[i, j]` (D a 2-D store broadcast to `[rows, cols]`); returns new values. */
export function mulDense(a: Csr, d: Store, out: DType): Store {
  const vals = vec(region(out, a.nnz));
  if (a.rows === 0 || a.nnz === 0) return vals;
  launch({
    op: 'multiply',
    kernel: kernel(`${CSR_MUL_DENSE}.${a.dtype}.${d.dtype}.${out}`, csrMulDense, (t, f) =>
      f(
        t.arrays[0],
        t.arrays[1],
        t.arrays[2],
        t.arrays[3],
        t.offsets[3],
        t.strides[3]![0],
        t.strides[3]![1],
        t.arrays[4],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
      { store: d, privilege: 'read' },
      { store: vals, privilege: 'write-discard' },
    ],
    constraints: [
      project(0, 3, [0, -1]),
      image(0, 1, 'offsets'),
      image(0, 2, 'offsets'),
      image(0, 4, 'offsets'),
    ],
    key: 0,
  });
  return vals;
}

/** `D += sign · A` in place on a C-contiguous dense `[rows, cols]` store. */
export function addIntoDense(a: Csr, d: Store, sign: number): void {
  if (a.rows === 0 || a.nnz === 0) return;
  launch({
    op: 'add',
    kernel: kernel(`${CSR_ADD_DENSE}.${a.dtype}.${d.dtype}`, csrAddDense, (t, f) =>
      f(
        t.arrays[1],
        t.arrays[2],
        t.arrays[3],
        t.arrays[0],
        t.shapes[0]![1],
        t.scalars[0],
        t.lo[1],
        t.hi[1],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: d, privilege: 'read-write' },
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    scalars: [sign],
    constraints: [project(0, 1, [0]), image(1, 2, 'offsets'), image(1, 3, 'offsets')],
    key: 0,
  });
}

/** Value maps (see `mapValues`): 0 `v*s`, 1 `v/s`, 2 `v**s`, 3 `|v|`, 4 `-v`, 5 copy/cast. */
export function mapStore(src: Store, out: DType, mode: number, s = 0, op = 'map'): Store {
  const dst = vec(region(out, src.size));
  if (src.size === 0) return dst;
  launch({
    op,
    kernel: kernel(`${MAP_VALUES}.${src.dtype}.${out}`, mapValues, (t, f) =>
      f(t.arrays[0], t.arrays[1], t.scalars[0], t.scalars[1], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: src, privilege: 'read' },
      { store: dst, privilege: 'write-discard' },
    ],
    scalars: [mode, s],
    constraints: [align(0, 1)],
    key: 1,
  });
  return dst;
}

/** `dst[dstOff + i] = src[srcOff + i] + shift` for `i < n` (both stores 1-D over whole regions). */
export function copyInto(
  src: Store,
  srcOff: number,
  dst: Store,
  dstOff: number,
  n: number,
  shift = 0,
  op = 'copy',
): void {
  if (n <= 0) return;
  const s = new Store(src.region, [n], [1], srcOff);
  const d = new Store(dst.region, [n], [1], dstOff);
  launch({
    op,
    kernel: kernel(`${COPY_SHIFT}.${src.dtype}.${dst.dtype}`, copyShift, (t, f) =>
      f(
        t.arrays[0].subarray(t.offsets[0]),
        0,
        t.arrays[1].subarray(t.offsets[1]),
        t.scalars[0],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: s, privilege: 'read' },
      { store: d, privilege: 'write-discard' },
    ],
    scalars: [shift],
    constraints: [align(0, 1)],
    key: 1,
  });
}

/** Row sums into a fresh `[rows]` store. */
export function rowSums(a: Csr, out: DType): Store {
  const y = vec(region(out, a.rows));
  if (a.rows === 0) return y;
  launch({
    op: 'sum',
    kernel: kernel(`${CSR_ROW_SUM}.${a.dtype}.${out}`, csrRowSum, (t, f) =>
      f(t.arrays[1], t.arrays[2], t.arrays[0], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: y, privilege: 'write-discard' },
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    constraints: [align(0, 1), image(1, 2, 'offsets')],
    key: 0,
  });
  return y;
}

/** Entries per column from which column sums run as a reduction on the pool (see {@link colSums}). */
const COL_SUM_REDUCE_DENSITY = 64;
/** And entries at least. */
const COL_SUM_REDUCE_MIN_NNZ = 1 << 16;
const COL_SUM_CONSTRAINTS = Object.freeze([align(1, 2)]);

/**
 * Column sums into a fresh `[cols]` store. Columns are scattered, so pieces of rows would write
 * overlapping outputs: with many entries per column (at least {@link COL_SUM_REDUCE_DENSITY}),
 * the entries are split among pieces that add into per-block buffers of the output (a `reduce`
 * privilege, runtime/reduction.ts), folded in block order — bitwise the same at every pool size;
 * otherwise (the buffers would cost more than the scan) one piece scans every entry.
 */
export function colSums(a: Csr, out: DType): Store {
  const y = vec(region(out, a.cols));
  if (a.cols === 0) return y;
  if (a.nnz >= COL_SUM_REDUCE_MIN_NNZ && a.nnz >= COL_SUM_REDUCE_DENSITY * a.cols) {
    launch({
      op: 'sum',
      kernel: kernel(`${CSR_COL_SUM}.reduce.${a.dtype}.${out}`, csrColSumRange, (t, f) =>
        f(t.arrays[1], t.arrays[2], t.lo[0], t.hi[0], t.arrays[0], t.offsets[0], t.strides[0]![0]),
      ),
      args: [
        { store: y, privilege: 'reduce', redop: 'sum' },
        { store: vec(a.indices, a.nnz), privilege: 'read' },
        { store: vec(a.data, a.nnz), privilege: 'read' },
      ],
      constraints: COL_SUM_CONSTRAINTS,
      key: 1,
    });
    return y;
  }
  launch({
    op: 'sum',
    kernel: kernel(`${CSR_COL_SUM}.${a.dtype}.${out}`, csrColSum, (t, f) =>
      f(t.arrays[1], t.arrays[2], t.shapes[1]![0], t.arrays[0], t.shapes[0]![0]),
    ),
    args: [
      { store: y, privilege: 'write-discard' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    single: true,
  });
  return y;
}

/** The k-th diagonal (duplicates summed) into a fresh store. */
export function diagonal(a: Csr, k: number, out: DType): Store {
  const len = Math.max(0, k >= 0 ? Math.min(a.rows, a.cols - k) : Math.min(a.rows + k, a.cols));
  const y = vec(region(out, len));
  if (len === 0) return y;
  launch({
    op: 'diagonal',
    kernel: kernel(`${CSR_DIAGONAL}.${a.dtype}.${out}`, csrDiagonal, (t, f) =>
      f(t.arrays[1], t.arrays[2], t.arrays[3], t.arrays[0], t.scalars[0], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: y, privilege: 'write-discard' },
      { store: vec(a.indptr), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    scalars: [k],
    key: 0,
  });
  return y;
}

/** Sum (mode 0) or count of nonzeros (mode 1) of the values, as a future (block order: bitwise stable). */
export function reduceValues(vals: Store, mode: 0 | 1): Future {
  return launch({
    op: mode === 0 ? 'sum' : 'count_nonzero',
    kernel: kernel(
      `${VALUES_REDUCE}.${vals.dtype}`,
      'function (v, m, p, block, lo, hi) { for (let b0 = lo; b0 < hi; b0 += block) { const e = Math.min(hi, b0 + block); let s = 0; if (m === 0) for (let i = b0; i < e; i++) s += v[i]; else for (let i = b0; i < e; i++) if (v[i] !== 0) s++; p[(b0 / block) | 0] = s; } }',
      (t, f) => f(t.arrays[0], t.scalars[0], t.partials, t.block, t.lo[0], t.hi[0]),
    ),
    args: [{ store: vals, privilege: 'read' }],
    scalars: [mode],
    reduce: { combine: 'sum', identity: 0 },
  });
}

/** Writes `future / s` into a fresh 0-d store of `dtype` (a deferred scalar). */
export function futureToStore(f: Future, dtype: DType, s = 1): Store {
  const st = new Store(region(dtype, 1), [], [], 0);
  launch({
    op: 'sum',
    kernel: kernel(FROM_FUTURE, 'function (a, off, v) { a[off] = v; }', (t, g) =>
      g(t.arrays[0], t.offsets[0], t.futures[0] / t.scalars[0]),
    ),
    args: [{ store: st, privilege: 'write-discard' }],
    futures: [f],
    scalars: [s],
  });
  return st;
}

/** `dst = src / s` over 1-D stores of equal length. */
export function scaleStore(src: Store, s: number, out: DType): Store {
  const dst = vec(region(out, src.size));
  if (src.size === 0) return dst;
  launch({
    op: 'mean',
    kernel: kernel(`${SCALE_DENSE}.${src.dtype}.${out}`, mapValues, (t, f) =>
      f(t.arrays[0], t.arrays[1], 1, t.scalars[0], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: src, privilege: 'read' },
      { store: dst, privilege: 'write-discard' },
    ],
    scalars: [s],
    constraints: [align(0, 1)],
    key: 1,
  });
  return dst;
}

/** Sortedness of every row: 2 canonical, 1 sorted with duplicates, 0 unsorted (min over pieces). */
export function structureFlags(a: Csr): number {
  if (a.rows === 0 || a.nnz === 0) return 2;
  return launch({
    op: 'has_canonical_format',
    kernel: kernel(CSR_FLAGS, csrFlags, (t, f) => {
      const r = f(t.arrays[0], t.arrays[1], t.lo[0], t.hi[0]);
      for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) t.partials![(b0 / t.block) | 0] = r;
    }),
    args: [
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
    ],
    constraints: [image(0, 1, 'offsets')],
    reduce: { combine: 'min', identity: 2 },
    key: 0,
  }).value();
}
