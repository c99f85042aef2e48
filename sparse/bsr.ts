/**
 * `bsr_array`: Block Sparse Row — dense `R × C` blocks at block positions, stored as regions
 * `indptr` (block rows + 1), `indices` (block columns), `data` (`nnzb × R × C`). SpMV/SpMM run on
 * the pool over block rows (core/bsr.ts); other operations use the CSR form (cached).
 */
import { asarray, ndarray } from '../dense/index.js';
import {
  argMessage,
  type DType,
  FormatError,
  IndexError,
  type Region,
  Store,
  ValueError,
} from '../runtime/index.js';
import { type SparseFormat, type SparseOptions, sparray } from './base.js';
import { DerivedCache } from './compressed.js';
import { cooFromTuple, parseInput, type SparseInput } from './construct.js';
import { type Bsr, bsrToCsr, countBlocks, csrToBsr } from './core/bsr.js';
import { cooToCsr, denseToCsr, transposeCsr } from './core/convert.js';
import { copyInto, mapStore } from './core/elementwise.js';
import { type Csr, readPrefix, region, vec } from './core/types.js';
import { holdStorage } from './dispose.js';
import { dtypeOpt, isVectorLike, type VectorLike, vectorRegion } from './inputs.js';
import { formatEntries } from './print.js';
import { wrap } from './registry.js';

const INTERNAL = Symbol('internal');

/** Options of `bsr_array`: SciPy's keywords, with `blocksize`. */
export interface BsrOptions extends SparseOptions {
  /** `[R, C]`: the block shape (it must divide the shape). */
  blocksize?: readonly [number, number] | readonly number[] | null;
}

/** A `[R, C]` of positive integers. */
export function blocksizeArg(fn: string, bs: unknown): [number, number] {
  if (
    !Array.isArray(bs) ||
    bs.length !== 2 ||
    !bs.every((e) => Number.isInteger(e) && e >= 1 && e <= 2147483647)
  ) {
    throw new ValueError(argMessage(fn, 'blocksize', 'two positive integers [R, C]', bs));
  }
  return [bs[0], bs[1]];
}

/**
 * SciPy's `estimate_blocksize(A, efficiency=0.7)`: the largest of 6×6, 4×4, 3×3, 2×2 whose blocks
 * would be mostly filled (counted on the pool), else 1×1.
 */
export function estimateBlocksize(s: Csr, efficiency = 0.7): [number, number] {
  if (s.nnz === 0) return [1, 1];
  const high = (1 + efficiency) / 2;
  const { rows: M, cols: N, nnz } = s;
  const eff = (b: number) => (M % b === 0 && N % b === 0 ? nnz / (b * b * countBlocks(s, b, b)) : 0);
  const e22 = eff(2);
  const e33 = eff(3);
  if (e22 > high && e33 > high) return eff(6) > efficiency ? [6, 6] : [3, 3];
  const e44 = eff(4);
  if (e44 > efficiency) return [4, 4];
  if (e33 > efficiency) return [3, 3];
  if (e22 > efficiency) return [2, 2];
  return [1, 1];
}

/** CSR → BSR with `blocksize` (estimated when omitted); 1×1 shares the CSR structure (SciPy). */
export function csrAsBsr(fn: string, s: Csr, blocksize: readonly number[] | null | undefined): Bsr {
  const [R, C] =
    blocksize === undefined || blocksize === null ? estimateBlocksize(s) : blocksizeArg(fn, blocksize);
  if (s.rows % R !== 0 || s.cols % C !== 0)
    throw new ValueError(
      argMessage(fn, 'blocksize', `a divisor of the shape [${s.rows}, ${s.cols}]`, [R, C]),
    );
  if (R === 1 && C === 1) {
    const { rows, cols, dtype, indptr, indices, data, nnz } = s;
    return { rows, cols, R, C, dtype, indptr, indices, data, nnzb: nnz };
  }
  return csrToBsr(s, R, C);
}

function is3D(x: unknown): boolean {
  if (x instanceof ndarray) return x.ndim === 3;
  return Array.isArray(x) && (x.length === 0 || (Array.isArray(x[0]) && Array.isArray(x[0][0])));
}

/** `[data (nnzb × R × C), indices, indptr]`, cheap checks (SciPy's `check_format(full_check=False)`). */
function bsrFromTuple(fn: string, arg: readonly unknown[], opts: BsrOptions): Bsr {
  const d0 = arg[0] instanceof ndarray ? arg[0] : asarray(arg[0] as never);
  if (d0.ndim !== 3)
    throw new ValueError(argMessage(fn, 'data', 'a 3-D array [nnzb, R, C]', `shape [${d0.shape}]`));
  const [nnzb, R, C] = d0.shape as [number, number, number];
  if (opts.blocksize !== undefined && opts.blocksize !== null) {
    const [r, c] = blocksizeArg(fn, opts.blocksize);
    if (r !== R || c !== C)
      throw new ValueError(argMessage(fn, 'blocksize', `[${R}, ${C}] (data's blocks)`, [r, c]));
  }
  if (R < 1 || C < 1) throw new ValueError(argMessage(fn, 'data', 'blocks of at least 1 × 1', [R, C]));
  const dtype = dtypeOpt(fn, opts.dtype) ?? d0.dtype;
  const data = vectorRegion(fn, 'data', d0.reshape([nnzb * R * C]) as VectorLike, dtype, opts.copy).r;
  const ind = vectorRegion(fn, 'indices', arg[1] as VectorLike, 'int32', opts.copy);
  const ptr = vectorRegion(fn, 'indptr', arg[2] as VectorLike, 'int32', opts.copy);
  if (ind.n !== nnzb)
    throw new ValueError(argMessage(fn, 'indices', `${nnzb} block indices (as data)`, ind.n));
  const MB = ptr.n - 1;
  if (MB < 0) throw new FormatError(argMessage(fn, 'indptr', 'at least one entry', 'none'));
  const ends = readPrefix(ptr.r, ptr.n);
  if (ends[0] !== 0)
    throw new FormatError(argMessage(fn, 'indptr', 'indptr[0] == 0', `indptr[0] == ${ends[0]}`));
  if (ends[MB] !== nnzb)
    throw new FormatError(argMessage(fn, 'indptr', `indptr[-1] == ${nnzb} (blocks)`, ends[MB]));
  let rows: number;
  let cols: number;
  if (opts.shape !== undefined) {
    [rows, cols] = opts.shape as [number, number];
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0)
      throw new ValueError(argMessage(fn, 'shape', 'two non-negative integers', opts.shape));
    if (rows !== MB * R || cols % C !== 0)
      throw new ValueError(
        argMessage(fn, 'shape', `[${MB * R}, a multiple of ${C}] (indptr has ${MB} block rows)`, [
          rows,
          cols,
        ]),
      );
  } else {
    const idx = readPrefix(ind.r, ind.n);
    let mx = -1;
    for (let p = 0; p < idx.length; p++) if (idx[p]! > mx) mx = idx[p]!;
    [rows, cols] = [MB * R, (mx + 1) * C];
  }
  return { rows, cols, R, C, dtype, indptr: ptr.r, indices: ind.r, data, nnzb };
}

function castBsr(b: Bsr, dt: DType | undefined): Bsr {
  if (dt === undefined || dt === b.dtype) return b;
  const n = b.nnzb * b.R * b.C;
  return { ...b, dtype: dt, data: mapStore(vec(b.data, n), dt, dt === 'bool' ? 6 : 5, 0, 'astype').region };
}

function copyBsr(b: Bsr): Bsr {
  const MB = b.rows / b.R;
  const n = b.nnzb * b.R * b.C;
  const indptr = region('int32', MB + 1);
  const indices = region('int32', b.nnzb);
  const data = region(b.dtype, n);
  copyInto(vec(b.indptr), 0, vec(indptr), 0, MB + 1);
  copyInto(vec(b.indices), 0, vec(indices), 0, b.nnzb);
  copyInto(vec(b.data), 0, vec(data), 0, n);
  return { ...b, indptr, indices, data };
}

function parseBsr(arg: unknown, opts: BsrOptions): Bsr {
  const fn = 'bsr_array';
  const dt = dtypeOpt(fn, opts.dtype);
  if (Array.isArray(arg) && arg.length === 3 && is3D(arg[0]) && isVectorLike(arg[1]) && isVectorLike(arg[2]))
    return bsrFromTuple(fn, arg, opts);
  const bs = opts.blocksize;
  const p = parseInput(fn, arg, opts);
  switch (p.kind) {
    case 'sparse': {
      const a = p.a;
      if (a.format === 'bsr') {
        const b = (a as BsrArray)._b;
        const same = bs === undefined || bs === null || (bs[0] === b.R && bs[1] === b.C);
        if (same) return castBsr(opts.copy ? copyBsr(b) : b, dt);
      }
      return castBsr(csrAsBsr(fn, a._csr(), bs), dt);
    }
    case 'dense':
      return castBsr(csrAsBsr(fn, denseToCsr(p.d.store), bs), dt);
    case 'coo':
      return csrAsBsr(fn, cooToCsr(cooFromTuple(fn, p, opts)), bs);
    case 'empty': {
      const [R, C] = bs === undefined || bs === null ? [1, 1] : blocksizeArg(fn, bs);
      const [rows, cols] = p.shape;
      if (rows % R !== 0 || cols % C !== 0)
        throw new ValueError(
          argMessage(fn, 'blocksize', `a divisor of the shape [${rows}, ${cols}]`, [R, C]),
        );
      const dtype = dt ?? p.dtype ?? 'float64';
      const indptr = region('int32', rows / R + 1);
      return {
        rows,
        cols,
        R,
        C,
        dtype,
        indptr,
        indices: region('int32', 0),
        data: region(dtype, 0),
        nnzb: 0,
      };
    }
    default:
      throw new ValueError(
        argMessage(
          fn,
          'arg1',
          'a dense or sparse array, [data, [row, col]], [data (3-D), indices, indptr] or [m, n]',
          'a 1-D data tuple (BSR data must be 3-D)',
        ),
      );
  }
}

/**
 * Block Sparse Row array. Build with {@link bsr_array} (callable without `new`).
 * @example sparse.bsr_array(np.eye(4), { blocksize: [2, 2] }).blocksize // [2, 2]
 */
export class BsrArray extends sparray {
  readonly format: SparseFormat = 'bsr';
  /** @internal */
  _b: Bsr;
  private readonly _cache = new DerivedCache<Csr>();

  constructor(arg: SparseInput | typeof INTERNAL, opts?: BsrOptions | Bsr) {
    super();
    this._b = arg === INTERNAL ? (opts as Bsr) : parseBsr(arg, (opts ?? {}) as BsrOptions);
    holdStorage(this);
  }
  get shape(): readonly [number, number] {
    return [this._b.rows, this._b.cols];
  }
  get dtype(): DType {
    return this._b.dtype;
  }
  /** Stored entries: every entry of every stored block (SciPy's count). */
  get nnz(): number {
    return this._b.nnzb * this._b.R * this._b.C;
  }
  /** `[R, C]`, the block shape. */
  get blocksize(): [number, number] {
    return [this._b.R, this._b.C];
  }
  /** The blocks, `[nnzb, R, C]` (a view over the array's storage). */
  get data(): ndarray {
    const b = this._b;
    return ndarray.fromStore(new Store(b.data, [b.nnzb, b.R, b.C], [b.R * b.C, b.C, 1], 0));
  }
  /** The block column of each block (int32). */
  get indices(): ndarray {
    return ndarray.fromStore(vec(this._b.indices, this._b.nnzb));
  }
  /** Block-row pointers (int32, block rows + 1). */
  get indptr(): ndarray {
    return ndarray.fromStore(vec(this._b.indptr, this._b.rows / this._b.R + 1));
  }
  _csr(): Csr {
    const b = this._b;
    return this._cache.get([b.indptr, b.indices, b.data], () => bsrToCsr(b));
  }
  _values(): Store {
    return vec(this._b.data, this.nnz);
  }
  _withData(data: Region, dtype: DType): sparray {
    return new BsrArray(INTERNAL, { ...this._b, data, dtype });
  }
  /** Host entries block by block, each block row-major (SciPy's order). */
  _entries() {
    const b = this._b;
    const MB = b.rows / b.R;
    const ptr = readPrefix(b.indptr, MB + 1);
    const ind = readPrefix(b.indices, b.nnzb);
    const val = readPrefix(b.data, this.nnz);
    const row: number[] = [];
    const col: number[] = [];
    const vals: number[] = [];
    for (let I = 0; I < MB; I++)
      for (let p = ptr[I]!; p < ptr[I + 1]!; p++)
        for (let r = 0; r < b.R; r++)
          for (let c = 0; c < b.C; c++) {
            row.push(I * b.R + r);
            col.push(ind[p]! * b.C + c);
            vals.push(val[(p * b.R + r) * b.C + c]!);
          }
    return { row, col, vals };
  }
  /**
   * SciPy's text: the header counts stored entries and gives the block size.
   * @example
   * String(sparse.bsr_array([[1, 0], [0, 2]], { blocksize: [2, 2] }))
   * // "<Block Sparse Row sparse array of dtype 'int32'\n\twith 4 stored elements (blocksize=2x2) and shape (2, 2)>\n  Coords\tValues\n  (0, 0)\t1\n  (0, 1)\t0\n  (1, 0)\t0\n  (1, 1)\t2"
   */
  override toString(): string {
    const { row, col, vals } = this._entries();
    const note = ` (blocksize=${this._b.R}x${this._b.C})`;
    return formatEntries(this.format, this.dtype, this.shape, row, col, vals, { nnz: this.nnz, note });
  }
  _copy(): sparray {
    return new BsrArray(INTERNAL, copyBsr(this._b));
  }
  _transpose(): sparray {
    const b = this._b;
    return new BsrArray(INTERNAL, csrToBsr(transposeCsr(this._csr()), b.C, b.R, true));
  }
  _replace(s: Csr): void {
    this._b = csrToBsr(s, this._b.R, this._b.C, true);
  }
  /** Sorted block indices, duplicate blocks summed (SciPy's `sum_duplicates`). */
  _sum_duplicates(): void {
    this._b = csrToBsr(this._csr(), this._b.R, this._b.C, true);
  }
  /** Drops the blocks whose entries are all zero (SciPy's BSR `eliminate_zeros`), on the host. */
  _eliminate_zeros(): void {
    const b = this._b;
    const RC = b.R * b.C;
    const MB = b.rows / b.R;
    const ptr = readPrefix(b.indptr, MB + 1);
    const ind = readPrefix(b.indices, b.nnzb);
    const val = readPrefix(b.data, b.nnzb * RC);
    const keep: number[] = [];
    const indptr = region('int32', MB + 1);
    for (let I = 0; I < MB; I++) {
      for (let p = ptr[I]!; p < ptr[I + 1]!; p++) {
        let any = false;
        for (let t = p * RC; t < p * RC + RC && !any; t++) any = val[t] !== 0;
        if (any) keep.push(p);
      }
      indptr.data[I + 1] = keep.length;
    }
    const indices = region('int32', keep.length);
    const data = region(b.dtype, keep.length * RC);
    keep.forEach((p, q) => {
      indices.data[q] = ind[p]!;
      for (let t = 0; t < RC; t++) data.data[q * RC + t] = val[p * RC + t]!;
    });
    this._b = { ...b, indptr, indices, data, nnzb: keep.length };
  }
  /**
   * @internal SciPy's BSR checks: `indptr` length and ends (always); with `full`, `indptr`
   * non-decreasing and block indices in `[0, cols / C)`.
   * @throws {FormatError} naming `indptr`; {IndexError} naming `indices`
   */
  _check_format(full: boolean): void {
    const fn = 'check_format';
    const b = this._b;
    const MB = b.rows / b.R;
    if (b.indptr.size < MB + 1)
      throw new FormatError(argMessage(fn, 'indptr', `length ${MB + 1}`, `length ${b.indptr.size}`));
    const ptr = readPrefix(b.indptr, MB + 1);
    if (ptr[0] !== 0)
      throw new FormatError(argMessage(fn, 'indptr', 'indptr[0] == 0', `indptr[0] == ${ptr[0]}`));
    if (ptr[MB] !== b.nnzb)
      throw new FormatError(argMessage(fn, 'indptr', `indptr[-1] == ${b.nnzb}`, `indptr[-1] == ${ptr[MB]}`));
    if (!full) return;
    for (let I = 0; I < MB; I++)
      if (ptr[I + 1]! < ptr[I]!)
        throw new FormatError(
          argMessage(fn, 'indptr', 'a non-decreasing sequence', `a decrease at ${I + 1}`),
        );
    const nbc = b.cols / b.C;
    const ind = readPrefix(b.indices, b.nnzb);
    for (let p = 0; p < b.nnzb; p++)
      if (ind[p]! < 0 || ind[p]! >= nbc)
        throw new IndexError(
          argMessage(fn, 'indices', `block indices in [0, ${nbc})`, `${ind[p]} at position ${p}`),
        );
  }
}

wrap.bsr = (s, blocksize) => new BsrArray(INTERNAL, csrAsBsr('tobsr', s, blocksize));
