/**
 * Pure loops for the element-wise math on stored values and the per-row extremes
 * (CONVENTIONS.md 5: typed arrays and a piece's bounds, no free variables).
 */

/**
 * `out[i] = f(src[i])` for `i` in `[lo, hi)`. Codes (`MATH_CODES` in core/values-math.ts): 0 sqrt,
 * 1 sin, 2 tan, 3 expm1, 4 log1p, 5 sign, 6 floor, 7 ceil, 8 rint (half to even), 9 trunc,
 * 10 deg2rad, 11 rad2deg, 12 arcsin, 13 arcsinh, 14 arctan, 15 arctanh, 16 sinh, 17 tanh,
 * 18 maximum(v, s), 19 minimum(v, s) (NaN propagates, as NumPy's).
 */
export function mapMath(
  src: Float64Array,
  out: Float64Array,
  op: number,
  s: number,
  lo: number,
  hi: number,
): void {
  switch (op) {
    case 0:
      for (let i = lo; i < hi; i++) out[i] = Math.sqrt(src[i]);
      break;
    case 1:
      for (let i = lo; i < hi; i++) out[i] = Math.sin(src[i]);
      break;
    case 2:
      for (let i = lo; i < hi; i++) out[i] = Math.tan(src[i]);
      break;
    case 3:
      for (let i = lo; i < hi; i++) out[i] = Math.expm1(src[i]);
      break;
    case 4:
      for (let i = lo; i < hi; i++) out[i] = Math.log1p(src[i]);
      break;
    case 5:
      for (let i = lo; i < hi; i++) {
        const v = src[i];
        out[i] = v > 0 ? 1 : v < 0 ? -1 : v === 0 ? 0 : v;
      }
      break;
    case 6:
      for (let i = lo; i < hi; i++) out[i] = Math.floor(src[i]);
      break;
    case 7:
      for (let i = lo; i < hi; i++) out[i] = Math.ceil(src[i]);
      break;
    case 8:
      for (let i = lo; i < hi; i++) {
        const v = src[i];
        const r = Math.round(v); // halves go up; NumPy's rint goes to the even neighbour
        out[i] = r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
      }
      break;
    case 9:
      for (let i = lo; i < hi; i++) out[i] = Math.trunc(src[i]);
      break;
    case 10:
      for (let i = lo; i < hi; i++) out[i] = src[i] * (Math.PI / 180);
      break;
    case 11:
      for (let i = lo; i < hi; i++) out[i] = src[i] * (180 / Math.PI);
      break;
    case 12:
      for (let i = lo; i < hi; i++) out[i] = Math.asin(src[i]);
      break;
    case 13:
      for (let i = lo; i < hi; i++) out[i] = Math.asinh(src[i]);
      break;
    case 14:
      for (let i = lo; i < hi; i++) out[i] = Math.atan(src[i]);
      break;
    case 15:
      for (let i = lo; i < hi; i++) out[i] = Math.atanh(src[i]);
      break;
    case 16:
      for (let i = lo; i < hi; i++) out[i] = Math.sinh(src[i]);
      break;
    case 17:
      for (let i = lo; i < hi; i++) out[i] = Math.tanh(src[i]);
      break;
    case 18:
      for (let i = lo; i < hi; i++) out[i] = Math.max(src[i], s); // NaN propagates, as NumPy's
      break;
    default:
      for (let i = lo; i < hi; i++) out[i] = Math.min(src[i], s);
  }
}

/**
 * Per-row extreme of canonical CSR rows `[lo, hi)`: `val[i]` the maximum (`mode` 0) or minimum
 * (1) of row i and `arg[i]` its first column, as NumPy's `max`/`argmax` of the dense row: a NaN
 * wins (the first one); unless `explicit`, the row's implicit zeros take part (a row with fewer
 * than `ncols` entries). An empty row gives 0 at column 0.
 */
export function csrRowExtreme(
  pos: Int32Array,
  crd: Int32Array,
  vals: Float64Array,
  ncols: number,
  mode: number,
  explicit: number,
  val: Float64Array,
  arg: Int32Array,
  lo: number,
  hi: number,
): void {
  for (let i = lo; i < hi; i++) {
    const p0 = pos[i];
    const p1 = pos[i + 1];
    if (p1 <= p0) {
      val[i] = 0;
      arg[i] = 0;
      continue;
    }
    let bv = vals[p0];
    let bp = p0;
    if (!Number.isNaN(bv)) {
      for (let p = p0 + 1; p < p1; p++) {
        const v = vals[p];
        if (Number.isNaN(v)) {
          bv = v;
          bp = p;
          break;
        }
        if (mode === 0 ? v > bv : v < bv) {
          bv = v;
          bp = p;
        }
      }
    }
    let col = crd[bp];
    if (explicit === 0 && p1 - p0 < ncols && !Number.isNaN(bv) && (mode === 0 ? bv <= 0 : bv >= 0)) {
      // An implicit zero is (one of) the extremes: its first column is the first gap of the row.
      let z = 0;
      for (let p = p0; p < p1 && crd[p] === z; p++) z++;
      if (bv !== 0 || z < col) col = z;
      bv = bv === 0 ? bv : 0;
    }
    val[i] = bv;
    arg[i] = col;
  }
}

/**
 * Reshape of COO coordinates: entry p at linear index `row·n + col` (C order) or `col·m + row`
 * (F order, `order` 1) of the old `m × n` shape moves to the new shape with `n2` columns (`m2`
 * rows for F order).
 */
export function reshapeCoords(
  row: Int32Array,
  col: Int32Array,
  m: number,
  n: number,
  m2: number,
  n2: number,
  order: number,
  row2: Int32Array,
  col2: Int32Array,
  lo: number,
  hi: number,
): void {
  if (order === 0) {
    for (let p = lo; p < hi; p++) {
      const l = row[p] * n + col[p];
      const r = Math.floor(l / n2);
      row2[p] = r;
      col2[p] = l - r * n2;
    }
  } else {
    for (let p = lo; p < hi; p++) {
      const l = col[p] * m + row[p];
      const c = Math.floor(l / m2);
      col2[p] = c;
      row2[p] = l - c * m2;
    }
  }
}
