/**
 * Products as launches. CSR SpMV (Legate Sparse's partitioning): `y` (the key, write-discard) is
 * aligned with the row view of `indptr`; `indices` and `data` are the images of `indptr`'s pieces
 * (mode 'offsets'); `x`'s piece is the image of `indices` (mode 'point'). So `y` comes out tiled
 * like every other vector of its length, and `x` is read where the pattern needs it.
 */
import {
  align,
  bloat,
  broadcast,
  type Constraint,
  type DType,
  disposeRegion,
  image,
  type LaunchSpec,
  launch,
  project,
  Store,
  TaskError,
} from '../../runtime/index.js';
import { kernel, type WasmSpec } from '../kdef.js';
import { CSR_SPMM, CSR_SPMV, DIA_SPMV, SPGEMM_COMPACT, SPGEMM_COUNT, SPGEMM_FILL } from '../kernel-names.js';
import { compactRows, spgemmNumeric, spgemmSymbolic } from '../kernels/spgemm.js';
import {
  spgemmCountScratch,
  spgemmCountWasm,
  spgemmFillScratch,
  spgemmFillWasm,
} from '../kernels/spgemm-wasm.js';
import { SPMV_PAIRS_TYPES, spmvPairsWasmBytes, warmSpmvWasm } from '../kernels/spmv-wasm.js';
import { WARM_MIN_NNZ } from '../kernels/wasm-warm.js';
import { assemble, fillBlock, scanRegion } from './assemble.js';
import { bandOf } from './band.js';
import { diaSpmvLoop, spmmLoop, spmvLoop } from './generated.js';
import { markInRange, structureCheck } from './range-check.js';
import { type Csr, type Dia, posStore, readAt, region, vec } from './types.js';

/** Whether the solver handles an image of an image (`indptr → indices → x`); probed once. */
let chainedImages: boolean | undefined;

/** Whether SpMV ran with the chained image on x (undefined before the first SpMV). For tests. */
export function chainedImagesUsed(): boolean | undefined {
  return chainedImages;
}

/** SpMV: y aligned with the rows of indptr, indices and data their offsets images. */
const SPMV_CONSTRAINTS: readonly Constraint[] = Object.freeze([
  align(4, 0),
  image(0, 1, 'offsets'),
  image(0, 2, 'offsets'),
]);
/** SpMM: rows of C projected onto indptr, indices and data its offsets images. */
const SPMM_CONSTRAINTS: readonly Constraint[] = Object.freeze([
  // The row structure is the key and C follows it by rows, whole columns: the loops zero and fill
  // whole rows of C, so a tiling of C that also cut its columns would run the same rows twice at
  // once (a wide, short product).
  project(1, 0, [0, -1]),
  image(1, 2, 'offsets'),
  image(1, 3, 'offsets'),
]);

/** The constraint lists with the chained image, one object per base list (the runtime memoizes per list). */
const chainedLists = new WeakMap<readonly Constraint[], readonly Constraint[]>();
const NO_CONSTRAINTS: readonly Constraint[] = [];
function chainedList(
  base: readonly Constraint[] | undefined,
  xArg: number,
  srcArg: number,
): readonly Constraint[] {
  const b = base ?? NO_CONSTRAINTS;
  const last = image(srcArg, xArg, 'point', false);
  const known = chainedLists.get(b);
  const k = known?.[known.length - 1];
  if (known !== undefined && k?.kind === 'image' && k.src === srcArg && k.dst === xArg) return known;
  const list = Object.freeze([...b, last]);
  chainedLists.set(b, list);
  return list;
}

/** Launches with the chained image on x, falling back to x whole when the solver cannot chain. */
function launchChained(spec: LaunchSpec, xArg: number, srcArg: number): void {
  const chained = chainedList(spec.constraints, xArg, srcArg);
  if (chainedImages !== false) {
    try {
      launch({ ...spec, constraints: chained });
      chainedImages = true;
      return;
    } catch (e) {
      if (chainedImages === true || e instanceof TaskError) throw e;
      chainedImages = false;
    }
  }
  launch({ ...spec, constraints: [...(spec.constraints ?? []), broadcast(xArg)] });
}

/**
 * The registered SpMV kernel of `loop` (with its guarded Wasm form or not), named once per loop
 * object: a small solve's SpMV does not build its name and look it up anew at every call.
 */
function spmvKernel(
  loop: ReturnType<typeof spmvLoop>,
  a: DType,
  x: DType,
  out: DType,
  useWasm: boolean,
  longRows: boolean,
): string {
  let names = spmvNames.get(loop);
  if (names === undefined) spmvNames.set(loop, (names = [undefined, undefined, undefined]));
  // float64 throughout, rows of PAIRS_MIN_ROW entries or more on average: the two-rows-at-once
  // module (kernels/spmv-wasm.ts), the same bits.
  const pairs = useWasm && longRows && a === 'float64' && x === 'float64' && out === 'float64' && pairsOn;
  const k = pairs ? 2 : useWasm ? 1 : 0;
  const known = names[k];
  if (known !== undefined) return known;
  const name = `${CSR_SPMV}.${a}.${x}.${out}${loop.generated ? '.gen' : ''}${useWasm ? '.wasm.guard' : ''}${pairs ? '.pairs' : ''}`;
  const spec = pairs ? pairsSpec() : useWasm ? loop.wasm : null;
  if (spec !== null) spmvUnwarmed.set(name, spec);
  return (names[k] = kernel(
    name,
    loop.impl,
    // Rows in chunks of 16,384 (each row's sum is its own: the same bits): V8 optimizes a Wasm
    // function for its next call only, so one call per piece ran a first piece's 250,000 rows in
    // baseline code (power iteration's first SpMVs: 12-14 ms pieces against 2.4).
    (t, f) => {
      const A = t.arrays;
      const hi = t.hi[0]!;
      for (let s = t.lo[0]!, e = 0; s < hi; s = e) {
        e = hi - s > 16384 ? s + 16384 : hi;
        f(A[0], A[1], A[2], A[3], A[4], s, e);
      }
    },
    spec,
    true,
  ));
}
/**
 * Mean entries per row from which the SpMV takes the two-rows module. Measured on an AMD EPYC
 * host (2 vCPUs, 32 MiB L3; alternated fresh runs of the seed programs, 2 workers, eight each):
 * the Rydberg loop (21 a row, reads of x scattered over 8 MB) 2,078–2,759 → 1,564–2,341 ms,
 * medians −15 to −20%; the banded SpMV program (11 a row) level (medians 239 and 243 ms); pde's
 * 5-point rows level to worse (408–553 → 416–586 ms in four: short rows pay the pairing's
 * bookkeeping), hence the bound.
 */
const PAIRS_MIN_ROW = 8;
/** `COHORT_SPMV_PAIRS=0` keeps the generated module (for comparison). */
const pairsOn = typeof process === 'undefined' || process.env.COHORT_SPMV_PAIRS !== '0';
let pairsWasm: WasmSpec | null = null;
/** The two-rows module as a kernel's Wasm form, assembled once. */
function pairsSpec(): WasmSpec {
  return (pairsWasm ??= { bytes: Array.from(spmvPairsWasmBytes()), types: SPMV_PAIRS_TYPES, lens: [] });
}
const spmvNames = new WeakMap<object, (string | undefined)[]>();
/** The Wasm form of each SpMV kernel name that has one and was not warmed yet (dropped once warmed). */
const spmvUnwarmed = new Map<string, WasmSpec>();

/**
 * `y = A x` for a contiguous x (offset 0) into a fresh y of dtype `out`, or into `into` (a whole
 * region of dtype `out` and length `rows`, aliasing none of the operands).
 */
export function csrSpmv(a: Csr, x: Store, out: DType, into?: Store): Store {
  const y = into ?? Store.whole(region(out, a.rows, false));
  if (a.rows === 0) return y;
  const loop = spmvLoop(a.dtype, x.dtype, out);
  // The Wasm loop reads unchecked: it runs only if the structure's range check (a launch whose
  // future feeds this one, issue 17) says so — the issuing thread does not wait for it.
  const check = loop.wasm !== null ? structureCheck(a) : null;
  const wasm = check !== null ? loop.wasm : null;
  const kname = spmvKernel(loop, a.dtype, x.dtype, out, wasm !== null, a.nnz >= PAIRS_MIN_ROW * a.rows);
  if (a.nnz >= WARM_MIN_NNZ && spmvUnwarmed.size > 0) {
    const ws = spmvUnwarmed.get(kname);
    if (ws !== undefined) {
      spmvUnwarmed.delete(kname);
      warmSpmvWasm(kname, ws);
    }
  }
  const spec: LaunchSpec = {
    op: 'csr.spmv',
    kernel: kname,
    args: [
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
      { store: x, privilege: 'read' },
      { store: y, privilege: 'write-discard' },
    ],
    constraints: SPMV_CONSTRAINTS,
    ...(check !== null ? { futures: [check] } : {}),
    key: 4,
  };
  // A banded structure (core/band.ts): x's pieces are y's grown by the band, no image of indices.
  const halo = x.shape.length === 1 ? bandOf(a) : undefined;
  if (halo !== undefined) launch({ ...spec, constraints: bandList(halo) });
  else launchChained(spec, 3, 1);
  return y;
}

/** SpMV's constraints with x = y's pieces grown by `halo`, one list object per halo. */
function bandList(halo: number): readonly Constraint[] {
  let list = bandLists.get(halo);
  if (list === undefined)
    bandLists.set(halo, (list = Object.freeze([...SPMV_CONSTRAINTS, bloat(4, 3, [halo])])));
  return list;
}
const bandLists = new Map<number, readonly Constraint[]>();

/**
 * `C = A B` for a C-contiguous `B` `[cols, k]` into a fresh `[rows, k]` C of dtype `out`, or into
 * `into` (a whole region shaped `[rows, k]`, aliasing none of the operands).
 */
export function csrSpmm(a: Csr, b: Store, out: DType, into?: Store): Store {
  const k = b.shape[1]!;
  const c = into ?? Store.shaped(region(out, a.rows * k, false), [a.rows, k]);
  if (a.rows === 0 || k === 0) return c;
  const loop = spmmLoop(a.dtype, b.dtype, out);
  const check = loop.wasm !== null ? structureCheck(a) : null;
  const wasm = check !== null ? loop.wasm : null;
  const name = `${CSR_SPMM}.${a.dtype}.${b.dtype}.${out}${loop.generated ? '.gen' : ''}${wasm ? '.wasm.guard' : ''}`;
  launch({
    op: 'csr.spmm',
    kernel: kernel(
      name,
      loop.impl,
      (t, f) =>
        f(
          t.arrays[1],
          t.arrays[2],
          t.arrays[3],
          t.arrays[4],
          t.shapes[4]![1],
          t.arrays[0],
          t.shapes[0]![1],
          t.shapes[0]![1],
          t.lo[0],
          t.hi[0],
        ),
      wasm,
      true,
    ),
    args: [
      { store: c, privilege: 'write-discard' },
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
      { store: b, privilege: 'read' },
    ],
    constraints: SPMM_CONSTRAINTS,
    ...(check !== null ? { futures: [check] } : {}),
    key: 1,
  });
  return c;
}

/** DIA SpMV into a fresh y, or into `into` (as for {@link csrSpmv}). */
export function diaSpmv(a: Dia, x: Store, out: DType, into?: Store): Store {
  const y = into ?? Store.whole(region(out, a.rows, false));
  if (a.rows === 0) return y;
  const dl = diaSpmvLoop(a.dtype, x.dtype, out);
  launch({
    op: 'dia.spmv',
    kernel: kernel(
      `${DIA_SPMV}.${a.dtype}.${x.dtype}.${out}${dl.generated ? '.gen' : ''}`,
      dl.impl,
      // Rows in chunks, as the CSR SpMV's (each row's sum is its own).
      (t, f) => {
        const offsets = t.arrays[1].subarray(0, t.shapes[1]![0]);
        const hi = t.hi[0]!;
        for (let s = t.lo[0]!, e = 0; s < hi; s = e) {
          e = hi - s > 16384 ? s + 16384 : hi;
          f(offsets, t.arrays[2], t.scalars[0], t.arrays[3], t.arrays[0], t.scalars[1], s, e);
        }
      },
      dl.wasm,
    ),
    args: [
      { store: y, privilege: 'write-discard' },
      { store: vec(a.offsets, a.nd), privilege: 'read' },
      { store: vec(a.data, a.nd * a.ld), privilege: 'read' },
      { store: x, privilege: 'read' },
    ],
    scalars: [a.ld, a.cols],
    key: 0,
  });
  return y;
}

const noWasm = process.env.COHORT_WASM === '0';
const COUNT_CONSTRAINTS: readonly Constraint[] = Object.freeze([
  align(0, 1),
  image(1, 2, 'offsets'),
  broadcast(3),
  broadcast(4),
]);
const FILL_CONSTRAINTS: readonly Constraint[] = Object.freeze([
  align(0, 3),
  image(0, 1, 'offsets'),
  image(0, 2, 'offsets'),
  image(3, 4, 'offsets'),
  image(3, 5, 'offsets'),
  broadcast(6),
  broadcast(7),
  broadcast(8),
  align(0, 9),
]);

/**
 * SpGEMM `C = A B` (Gustavson; B whole to every piece): a symbolic count, the scan, a numeric
 * fill that drops zero sums (as SciPy does) and reports whether any row lost an entry; only then
 * are the rows compacted (a scan of the exact counts and a parallel copy). C is canonical.
 */
export function spgemm(a: Csr, b: Csr, out: DType): Csr {
  const op = 'matmul';
  const rows = a.rows;
  const n = b.cols;
  let full = 1;
  // The Wasm loops read where A's and B's pointers lead: only once both range checks said 1
  // (their futures feed the launches; the issuing thread does not wait). Their workspace is
  // the pieces' scratch (runtime/scratch.ts): a bitmap of C's columns and a list (count) or
  // float64 sums (fill) as wide as C (kernels/spgemm-wasm.ts).
  const fillW = noWasm ? null : spgemmFillWasm(a.dtype, b.dtype, out);
  const ca = noWasm ? null : structureCheck(a);
  const cb = ca === null ? null : structureCheck(b);
  const checks = ca !== null && cb !== null ? [ca, cb] : null;
  const guard = checks !== null ? '.wasm.guard' : '';
  const exact = region('int32', rows + 1);
  const r = assemble(
    op,
    rows,
    out,
    (counts) =>
      launch({
        op,
        kernel: kernel(
          `${SPGEMM_COUNT}${guard}`,
          spgemmSymbolic,
          (t, f) => {
            // A Wasm piece runs as ~16 calls over ascending rows (V8 tiers Wasm up between
            // calls; only the first resets the marks), the JavaScript loop as one.
            const lo = t.lo[0]!;
            const hi = t.hi[0]!;
            const s = t.scratch ?? -1;
            let step = hi - lo;
            if (s >= 0 && t.futures.every((v) => v === 1)) step = Math.max(256, Math.ceil(step / 16));
            for (let c = lo; c < hi; c += step)
              f(
                t.arrays[1],
                t.arrays[2],
                t.arrays[3],
                t.arrays[4],
                t.scalars[0],
                t.arrays[0],
                c,
                Math.min(hi, c + step),
                s,
                c === lo ? 1 : 0,
              );
          },
          checks !== null ? spgemmCountWasm() : null,
          true,
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: posStore(a), privilege: 'read' },
          { store: vec(a.indices, a.nnz), privilege: 'read' },
          { store: vec(b.indptr, b.rows + 1), privilege: 'read' },
          { store: vec(b.indices, b.nnz), privilege: 'read' },
        ],
        scalars: [n],
        constraints: COUNT_CONSTRAINTS,
        ...(checks !== null ? { futures: checks, scratch: spgemmCountScratch(n) } : {}),
        key: 0,
      }),
    (indptr, indices, data) => {
      full = launch({
        op,
        kernel: kernel(
          `${SPGEMM_FILL}.${a.dtype}.${b.dtype}.${out}${fillW !== null ? guard : ''}`,
          spgemmNumeric,
          (t, f) => {
            // Pieces in ~16 calls when Wasm runs, as the count.
            const lo = t.lo[0]!;
            const hi = t.hi[0]!;
            const s = t.scratch ?? -1;
            let step = hi - lo;
            if (s >= 0 && t.futures.every((v) => v === 1)) step = Math.max(256, Math.ceil(step / 16));
            let z = 1;
            for (let c = lo; c < hi; c += step) {
              const zc = f(
                t.arrays[3],
                t.arrays[4],
                t.arrays[5],
                t.arrays[6],
                t.arrays[7],
                t.arrays[8],
                t.scalars[0],
                t.arrays[0],
                t.arrays[1],
                t.arrays[2],
                t.arrays[9],
                c,
                Math.min(hi, c + step),
                s,
                c === lo ? 1 : 0,
              );
              if (zc === 0) z = 0;
            }
            for (let b0 = lo; b0 < hi; b0 += t.block) t.partials![(b0 / t.block) | 0] = z;
          },
          checks !== null ? fillW : null,
          true,
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
          { store: posStore(a), privilege: 'read' },
          { store: vec(a.indices, a.nnz), privilege: 'read' },
          { store: vec(a.data, a.nnz), privilege: 'read' },
          { store: vec(b.indptr, b.rows + 1), privilege: 'read' },
          { store: vec(b.indices, b.nnz), privilege: 'read' },
          { store: vec(b.data, b.nnz), privilege: 'read' },
          { store: vec(exact, rows, 1), privilege: 'write-discard' },
        ],
        scalars: [n],
        constraints: FILL_CONSTRAINTS,
        ...(checks !== null && fillW !== null ? { futures: checks, scratch: spgemmFillScratch(n) } : {}),
        reduce: { combine: 'min', identity: 1, block: fillBlock(rows) },
        key: 0,
      }).value();
    },
  );
  // C is in range when A and B were (indptr a scan, indices B's columns): the checks fed the
  // fill, whose value was read, so they are known — the next guarded kernel on C scans nothing.
  const inRange = (c: Csr): Csr => {
    if (checks !== null && fillW !== null && ca!.value() === 1 && cb!.value() === 1) markInRange(c);
    return c;
  };
  if (full === 1) {
    disposeRegion(exact);
    return inRange({ rows, cols: n, dtype: out, ...r, canonical: true, sorted: true });
  }
  // Some sums were zero: rows end before the structural bounds; copy them together.
  scanRegion(op, exact, rows);
  const nnz = readAt(exact, rows);
  const indices = region('int32', nnz, false);
  const data = region(out, nnz, false);
  if (nnz > 0) {
    launch({
      op,
      kernel: kernel(`${SPGEMM_COMPACT}.${out}`, compactRows, (t, f) =>
        f(t.arrays[1], t.arrays[2], t.arrays[3], t.arrays[0], t.arrays[4], t.arrays[5], t.lo[0], t.hi[0]),
      ),
      args: [
        { store: vec(exact, rows), privilege: 'read' },
        { store: vec(r.indptr, rows), privilege: 'read' },
        { store: vec(r.indices), privilege: 'read' },
        { store: vec(r.data), privilege: 'read' },
        { store: vec(indices), privilege: 'write-discard' },
        { store: vec(data), privilege: 'write-discard' },
      ],
      constraints: [
        align(0, 1),
        image(1, 2, 'offsets'),
        image(1, 3, 'offsets'),
        image(0, 4, 'offsets'),
        image(0, 5, 'offsets'),
      ],
      key: 0,
    });
  }
  for (const g of [r.indptr, r.indices, r.data]) disposeRegion(g);
  return inRange({
    rows,
    cols: n,
    dtype: out,
    indptr: exact,
    indices,
    data,
    nnz,
    canonical: true,
    sorted: true,
  });
}
