/**
 * The storage of sparse arrays as regions (DESIGN.md §5) and small helpers shared by the
 * operations. Internally CSR says `indptr/indices/data` for `pos/crd/vals`; a CSC array holds the
 * CSR structure of its transpose.
 */
import { createRegion, type DType, type Region, readStore, Store } from '../../runtime/index.js';

/** Compressed rows: `rows + 1` offsets in `indptr`, `nnz` column indices and values. */
export interface Csr {
  readonly rows: number;
  readonly cols: number;
  readonly dtype: DType;
  readonly indptr: Region;
  readonly indices: Region;
  readonly data: Region;
  readonly nnz: number;
  /** Known: indices sorted and no duplicates within each row (undefined: not known). */
  canonical?: boolean | undefined;
  /** Known: indices non-decreasing within each row. */
  sorted?: boolean | undefined;
}

/** Coordinates: `nnz` rows, columns and values, in any order, duplicates allowed. */
export interface Coo {
  readonly rows: number;
  readonly cols: number;
  readonly dtype: DType;
  readonly row: Region;
  readonly col: Region;
  readonly data: Region;
  readonly nnz: number;
  /** Known: sorted by (row, col) without duplicates. */
  canonical?: boolean | undefined;
}

/** Diagonals: `offsets` (nd) and `data` (nd × ld, row-major): `A[i, i + offsets[d]] = data[d, i + offsets[d]]`. */
export interface Dia {
  readonly rows: number;
  readonly cols: number;
  readonly dtype: DType;
  readonly offsets: Region;
  readonly data: Region;
  readonly nd: number;
  readonly ld: number;
}

/** A 1-D store over the first `n` elements of a region (from `off`). */
export function vec(region: Region, n: number = region.size, off = 0): Store {
  // The same Store object for the same view: the runtime memoizes footprints per Store. Kept on
  // the region (`Region.derived`), not in a WeakMap keyed by it (see there).
  const m = memoOf(region);
  const last = m.vec;
  if (last !== undefined && last.shape[0] === n && last.offset === off) return last;
  const st = new Store(region, [n], [1], off);
  m.vec = st;
  return st;
}

/** The views memoized on a region (`Region.derived`). */
interface ViewMemo {
  vec: Store | undefined;
  pos: Store | undefined;
}
function memoOf(region: Region): ViewMemo {
  let m = region.derived as ViewMemo | undefined;
  if (m === undefined) region.derived = m = { vec: undefined, pos: undefined };
  return m;
}

/** The row-aligned view of a CSR `indptr`: its first `rows` entries (the region holds rows + 1). */
export function posStore(a: Csr): Store {
  const m = memoOf(a.indptr);
  const last = m.pos;
  if (last !== undefined && last.shape[0] === a.rows) return last;
  const st = new Store(a.indptr, [a.rows], [1], 0);
  m.pos = st;
  return st;
}

/** Reads one element of a region (waits for its pending writes). */
export function readAt(region: Region, i: number): number {
  return readStore(new Store(region, [1], [1], i))[0]!;
}

/** Reads the first `n` elements of a region. */
export function readPrefix(region: Region, n: number): ArrayLike<number> {
  return readStore(vec(region, n));
}

/**
 * A fresh region; at least 0 elements. Zero-filled unless `zero` is false (for outputs whose
 * first launch writes every element).
 */
export function region(dtype: DType, n: number, zero = true): Region {
  return createRegion(dtype, Math.max(0, n), zero);
}

/** Float types for arithmetic results (NumPy promotion over cohort's dtypes). */
const RANK: Record<DType, number> = { bool: 0, uint8: 1, int32: 2, float32: 3, float64: 4 };

/** NumPy's promotion of two array dtypes (`float32 + int32 → float64`, `uint8 + int32 → int32`). */
export function promote(a: DType, b: DType): DType {
  if (a === b) return a;
  const [lo, hi] = RANK[a] < RANK[b] ? [a, b] : [b, a];
  if (hi === 'float32' && lo === 'int32') return 'float64';
  return hi;
}

/** The dtype of `array op scalar` (NEP 50: a Python float keeps float arrays' dtype). */
export function promoteScalar(a: DType, s: number): DType {
  if (a === 'float32' || a === 'float64') return a;
  if (Number.isInteger(s)) return a === 'bool' ? 'int32' : a;
  return 'float64';
}

/** The dtype of true division results. */
export function divType(a: DType, b: DType): DType {
  const p = promote(a, b);
  return p === 'float32' ? 'float32' : 'float64';
}
