/**
 * Launches for the element-wise math on stored values (`A.sqrt()` ..., the scalar `maximum` /
 * `minimum`), the per-row extremes behind `max min argmax argmin`, and the coordinates of a
 * reshape. Each is partitioned like the other value maps and row operations: values by blocks,
 * rows aligned with `indptr` and their entries by image.
 */
import { align, type DType, image, launch, type Store } from '../../runtime/index.js';
import { kernel } from '../kdef.js';
import { CSR_ROW_EXTREME, MAP_MATH, RESHAPE_COORDS } from '../kernel-names.js';
import { csrRowExtreme, mapMath, reshapeCoords } from '../kernels/values-math.js';
import { type Coo, type Csr, posStore, region, vec } from './types.js';

/** The codes of `mapMath` (kernels/values-math.ts) by SciPy method name. */
export const MATH_CODES = {
  sqrt: 0,
  sin: 1,
  tan: 2,
  expm1: 3,
  log1p: 4,
  sign: 5,
  floor: 6,
  ceil: 7,
  rint: 8,
  trunc: 9,
  deg2rad: 10,
  rad2deg: 11,
  arcsin: 12,
  arcsinh: 13,
  arctan: 14,
  arctanh: 15,
  sinh: 16,
  tanh: 17,
  maximum: 18,
  minimum: 19,
} as const;

/** The name of a math method on stored values. */
export type MathName = keyof typeof MATH_CODES;

/** `f(values)` into a fresh 1-D store of dtype `out` (`s`: the scalar of maximum/minimum). */
export function mathStore(src: Store, out: DType, name: MathName, s = 0): Store {
  const dst = vec(region(out, src.size));
  if (src.size === 0) return dst;
  launch({
    op: name,
    kernel: kernel(`${MAP_MATH}.${src.dtype}.${out}`, mapMath, (t, f) =>
      f(t.arrays[0], t.arrays[1], t.scalars[0], t.scalars[1], t.lo[0], t.hi[0]),
    ),
    args: [
      { store: src, privilege: 'read' },
      { store: dst, privilege: 'write-discard' },
    ],
    scalars: [MATH_CODES[name], s],
    constraints: [align(0, 1)],
    key: 1,
  });
  return dst;
}

/**
 * Per-row maximum (`mode` 0) or minimum (1) of a canonical CSR structure and the first column
 * holding it (see `csrRowExtreme`): `[values (a.dtype), columns (int32)]`, one per row.
 */
export function rowExtremes(a: Csr, mode: 0 | 1, explicit: boolean, fn: string): [Store, Store] {
  const val = vec(region(a.dtype, a.rows));
  const arg = vec(region('int32', a.rows));
  if (a.rows === 0) return [val, arg];
  launch({
    op: fn,
    kernel: kernel(`${CSR_ROW_EXTREME}.${a.dtype}`, csrRowExtreme, (t, f) =>
      f(
        t.arrays[2],
        t.arrays[3],
        t.arrays[4],
        t.scalars[0],
        t.scalars[1],
        t.scalars[2],
        t.arrays[0],
        t.arrays[1],
        t.lo[0],
        t.hi[0],
      ),
    ),
    args: [
      { store: val, privilege: 'write-discard' },
      { store: arg, privilege: 'write-discard' },
      { store: posStore(a), privilege: 'read' },
      { store: vec(a.indices, a.nnz), privilege: 'read' },
      { store: vec(a.data, a.nnz), privilege: 'read' },
    ],
    scalars: [a.cols, mode, explicit ? 1 : 0],
    constraints: [align(0, 1), align(0, 2), image(2, 3, 'offsets'), image(2, 4, 'offsets')],
    key: 0,
  });
  return [val, arg];
}

/** The COO coordinates of `c` in the shape `[m2, n2]` (C order, or F with `fortran`). */
export function reshapeCoo(c: Coo, m2: number, n2: number, fortran: boolean): Coo {
  const row = region('int32', c.nnz);
  const col = region('int32', c.nnz);
  if (c.nnz > 0) {
    launch({
      op: 'reshape',
      kernel: kernel(RESHAPE_COORDS, reshapeCoords, (t, f) =>
        f(
          t.arrays[0],
          t.arrays[1],
          t.scalars[0],
          t.scalars[1],
          t.scalars[2],
          t.scalars[3],
          t.scalars[4],
          t.arrays[2],
          t.arrays[3],
          t.lo[0],
          t.hi[0],
        ),
      ),
      args: [
        { store: vec(c.row, c.nnz), privilege: 'read' },
        { store: vec(c.col, c.nnz), privilege: 'read' },
        { store: vec(row), privilege: 'write-discard' },
        { store: vec(col), privilege: 'write-discard' },
      ],
      scalars: [c.rows, c.cols, m2, n2, fortran ? 1 : 0],
      constraints: [align(0, 1), align(0, 2), align(0, 3)],
      key: 2,
    });
  }
  // C-order reshape keeps the (row, col) order of a canonical COO; F order does not.
  return {
    rows: m2,
    cols: n2,
    dtype: c.dtype,
    row,
    col,
    data: c.data,
    nnz: c.nnz,
    canonical: !fortran && c.canonical,
  };
}
