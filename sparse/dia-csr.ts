/**
 * DIA → CSR as launches (issue 24: building the banded matrices of the seed programs).
 *
 * - {@link diaToCsrTiled}: count → scan → fill over rows, with the tiled loops of
 *   `kernels/dia.ts` (one diagonal at a time per tile of rows).
 * - {@link bandCsr}: constant diagonals (`diags([1, -2, 1], [-1, 0, 1], {format: 'csr'})`) straight
 *   to CSR: `indptr` in closed form and the fill, two launches, no `nd × L` DIA data written or
 *   read, no count and no read back (nnz is known on the host).
 *
 * Both give the CSR of the row-by-row reference (`core/convert.ts` `diaToCsr`): per row the
 * columns in the order of the offsets, stored zeros dropped; canonical when the offsets increase.
 * Their structures are in range by construction, so they are marked checked for the Wasm kernels.
 */
import { argMessage, type DType, image, launch, Store, ValueError } from '../runtime/index.js';
import { assemble } from './core/assemble.js';
import { markBand } from './core/band.js';
import { markInRange } from './core/range-check.js';
import { type Csr, type Dia, region, vec } from './core/types.js';
import { kernel } from './kdef.js';
import { BAND_FILL, BAND_PTR, DIA_COUNT_TILED, DIA_FILL_TILED } from './kernel-names.js';
import { bandFill, bandPtr, diaCountTiled, diaFillTiled } from './kernels/dia.js';
import { DIA_TILE, diaCountWasm, diaFillWasm, warmDiaWasm } from './kernels/dia-wasm.js';

const noWasm = process.env.COHORT_WASM === '0';
/** Rows from which DIA → CSR fills in Wasm (and warms its modules first): a few pieces' worth. */
const WASM_MIN_ROWS = 16_384;

/**
 * DIA → CSR (zeros dropped; canonical when the offsets are strictly increasing).
 * @param a - the DIA structure
 * @param offsetsSortedUnique - whether `offsets` increase strictly
 * @returns the CSR structure
 */
export function diaToCsrTiled(a: Dia, offsetsSortedUnique: boolean): Csr {
  const op = 'tocsr';
  const { rows, cols, dtype, ld } = a;
  const offs = vec(a.offsets, a.nd);
  const dat = new Store(a.data, [a.nd * ld], [1], 0);
  // Large conversions only: a small one keeps the JavaScript fill (the Wasm one needs scratch,
  // which takes a launch off the one-piece inline path) and pays no warm-up (~1–2 ms, once).
  const fillWasm = noWasm || rows < WASM_MIN_ROWS ? null : diaFillWasm(dtype);
  if (fillWasm !== null) warmDiaWasm(dtype);
  const b = assemble(
    op,
    rows,
    dtype,
    (counts) =>
      launch({
        op,
        kernel: kernel(
          `${DIA_COUNT_TILED}.${dtype}`,
          diaCountTiled,
          (t, f) =>
            f(
              t.arrays[1].subarray(0, t.shapes[1]![0]),
              t.arrays[2],
              t.scalars[0],
              t.scalars[1],
              t.arrays[0],
              t.lo[0],
              t.hi[0],
            ),
          noWasm ? null : diaCountWasm(dtype),
        ),
        args: [
          { store: counts, privilege: 'write-discard' },
          { store: offs, privilege: 'read' },
          { store: dat, privilege: 'read' },
        ],
        scalars: [ld, cols],
        key: 0,
      }),
    (indptr, indices, data) =>
      launch({
        op,
        kernel: kernel(
          // Its own name with Wasm: a kernel is registered once per name, and a smaller
          // conversion of the same dtype registers the JavaScript-only one.
          `${DIA_FILL_TILED}.${dtype}${fillWasm !== null ? '.wasm' : ''}`,
          diaFillTiled,
          (t, f) =>
            f(
              t.arrays[1].subarray(0, t.shapes[1]![0]),
              t.arrays[2],
              t.scalars[0],
              t.scalars[1],
              t.arrays[0],
              t.arrays[3],
              t.arrays[4],
              t.lo[0],
              t.hi[0],
              t.scratch ?? -1,
            ),
          fillWasm,
        ),
        args: [
          { store: vec(indptr, rows), privilege: 'read' },
          { store: offs, privilege: 'read' },
          { store: dat, privilege: 'read' },
          { store: vec(indices), privilege: 'write-discard' },
          { store: vec(data), privilege: 'write-discard' },
        ],
        scalars: [ld, cols],
        constraints: [image(0, 3, 'offsets'), image(0, 4, 'offsets')],
        // The Wasm fill keeps a tile's write cursors in the piece's scratch.
        ...(fillWasm !== null ? { scratch: 4 * DIA_TILE } : {}),
        key: 0,
      }),
  );
  const csr: Csr = { rows, cols, dtype, ...b, canonical: offsetsSortedUnique, sorted: offsetsSortedUnique };
  markInRange(csr);
  return csr;
}

/** A value as the dtype stores it (float32 rounding, integer truncation, bool). */
function stored(dtype: DType, v: number): number {
  const r = region(dtype, 1);
  (r.data as Float64Array)[0] = v;
  return Number(r.data[0]);
}

/**
 * The CSR of an m × n matrix with constant diagonals: `values[d]` on diagonal `offsets[d]` (SciPy's
 * `diags` layout: rows `max(0, −k)` to `max(0, −k) + len`, len = min(m + k, n − k)). Offsets must
 * be distinct integers within the shape (the caller checked).
 * @param fn - the calling function (errors)
 * @param m - rows
 * @param n - columns
 * @param offsets - distinct diagonal offsets
 * @param values - one value per diagonal
 * @param dtype - the values' dtype
 * @returns the CSR structure (canonical when the offsets increase)
 * @throws {ValueError} when the result would exceed int32 indices
 */
export function bandCsr(
  fn: string,
  m: number,
  n: number,
  offsets: readonly number[],
  values: readonly number[],
  dtype: DType,
): Csr {
  const band: number[] = [];
  const kept: number[] = [];
  let nnz = 0;
  for (let d = 0; d < offsets.length; d++) {
    const k = offsets[d]!;
    const v = stored(dtype, values[d]!);
    const len = Math.max(0, Math.min(m + k, n - k, m, n));
    if (v === 0 || len === 0) continue; // stored zeros are dropped, as DIA → CSR drops them
    const r0 = Math.max(0, -k);
    band.push(r0, r0 + len, v);
    kept.push(k);
    nnz += len;
  }
  if (nnz > 2147483647)
    throw new ValueError(argMessage(fn, 'result', 'at most 2147483647 stored entries (int32 indices)', nnz));
  const indptr = region('int32', m + 1);
  const indices = region('int32', nnz, false);
  const data = region(dtype, nnz, false);
  // The DIA path's flag: every offset (dropped diagonals too) increasing.
  const inc = offsets.every((k, i) => i === 0 || k > offsets[i - 1]!);
  const csr: Csr = { rows: m, cols: n, dtype, indptr, indices, data, nnz, canonical: inc, sorted: inc };
  if (m === 0 || nnz === 0) return csr;
  const op = fn;
  launch({
    op,
    kernel: kernel(BAND_PTR, bandPtr, (t, f) =>
      f(Float64Array.from(t.scalars), t.arrays[0], t.lo[0], t.hi[0]),
    ),
    args: [{ store: vec(indptr, m, 1), privilege: 'write-discard' }],
    scalars: band,
    key: 0,
  });
  const nd = kept.length;
  launch({
    op,
    kernel: kernel(`${BAND_FILL}.${dtype}`, bandFill, (t, f) => {
      const s = t.scalars;
      const k = s[0]!;
      f(
        Float64Array.from(s.slice(1, 1 + 3 * k)),
        Int32Array.from(s.slice(1 + 3 * k)),
        t.arrays[0],
        t.arrays[1],
        t.arrays[2],
        t.lo[0],
        t.hi[0],
      );
    }),
    args: [
      { store: vec(indptr, m), privilege: 'read' },
      { store: vec(indices), privilege: 'write-discard' },
      { store: vec(data), privilege: 'write-discard' },
    ],
    scalars: [nd, ...band, ...kept],
    constraints: [image(0, 1, 'offsets'), image(0, 2, 'offsets')],
    key: 0,
  });
  markInRange(csr);
  // Entries (i, i + k) for the kept offsets k only: its SpMV bloats y's pieces instead of imaging.
  markBand(csr, Math.max(...kept.map((k) => Math.abs(k))));
  return csr;
}

/**
 * {@link bandCsr} for `diags`' arguments when it applies — every diagonal one host number,
 * distinct integer offsets within the shape, a float dtype — else null (the DIA path then builds
 * the array and raises its errors).
 * @param fn - the calling function
 * @param host - the diagonals as `diags` holds them (host numbers, or stores)
 * @param offs - the offsets
 * @param m - rows
 * @param n - columns
 * @param dtype - the result's dtype
 * @returns the CSR structure, or null
 */
export function bandOf(
  fn: string,
  host: readonly (readonly number[] | Store)[],
  offs: readonly number[],
  m: number,
  n: number,
  dtype: DType,
): Csr | null {
  if (dtype !== 'float64' && dtype !== 'float32') return null;
  if (host.length !== offs.length || new Set(offs).size !== offs.length) return null;
  const values: number[] = [];
  for (let d = 0; d < host.length; d++) {
    const h = host[d]!;
    const k = offs[d]!;
    if (h instanceof Store || h.length !== 1 || !Number.isInteger(k)) return null;
    if (Math.min(m + k, n - k) < 0) return null;
    values.push(h[0]!);
  }
  return bandCsr(fn, m, n, offs, values, dtype);
}
