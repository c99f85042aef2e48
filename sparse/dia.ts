/** `dia_array`: diagonals `data` (nd × L) at `offsets`; `A[i, i + k] = data[d, i + k]`. */
import { asarray, ndarray } from '../dense/index.js';
import { argMessage, type DType, FormatError, type Region, Store, ValueError } from '../runtime/index.js';
import { type SparseFormat, type SparseOptions, sparray } from './base.js';
import { DerivedCache } from './compressed.js';
import { cooFromTuple, parseInput, type SparseInput } from './construct.js';
import { markBand } from './core/band.js';
import { cooToCsr, denseToCsr } from './core/convert.js';
import { copyInto, mapStore } from './core/elementwise.js';
import { type Csr, type Dia, readPrefix, region, vec } from './core/types.js';
import { csrToDia, diaNnz } from './dia-convert.js';
import { diaToCsrTiled } from './dia-csr.js';
import { holdStorage } from './dispose.js';
import { dtypeOpt, shapeArg, type VectorLike, vectorRegion } from './inputs.js';
import { formatEntries } from './print.js';
import { wrap } from './registry.js';

const INTERNAL = Symbol('internal');

function diaFromTuple(fn: string, data: unknown, offsets: VectorLike | number, opts: SparseOptions): Dia {
  if (opts.shape === undefined)
    throw new ValueError(argMessage(fn, 'shape', 'a shape [m, n] with [data, offsets]', undefined));
  const [rows, cols] = shapeArg(fn, opts.shape);
  let d = data instanceof ndarray ? data : asarray(data);
  const dtype = dtypeOpt(fn, opts.dtype) ?? d.dtype;
  if (d.ndim === 1) d = d.reshape([1, d.shape[0]!]);
  if (d.ndim !== 2)
    throw new ValueError(argMessage(fn, 'data', 'a 2-D array (one row per diagonal)', `shape [${d.shape}]`));
  const offs = typeof offsets === 'number' ? [offsets] : offsets;
  const o = vectorRegion(fn, 'offsets', offs, 'int32');
  const [nd, ld] = [d.shape[0]!, d.shape[1]!];
  if (o.n !== nd) {
    throw new ValueError(argMessage(fn, 'offsets', `${nd} offsets (one per row of data)`, `${o.n} offsets`));
  }
  const oh = readPrefix(o.r, o.n);
  if (new Set(Array.from(oh)).size !== o.n)
    throw new ValueError(argMessage(fn, 'offsets', 'distinct offsets', Array.from(oh)));
  const flat = vectorRegion(fn, 'data', d.reshape([nd * ld]) as VectorLike, dtype, opts.copy);
  return { rows, cols, dtype, offsets: o.r, data: flat.r, nd, ld };
}

function parseDia(arg: unknown, opts: SparseOptions): Dia {
  const fn = 'dia_array';
  const p = parseInput(fn, arg, opts, true);
  const dt = dtypeOpt(fn, opts.dtype);
  let d: Dia;
  switch (p.kind) {
    case 'dia':
      return diaFromTuple(fn, p.data, p.offsets, opts);
    case 'empty':
      return {
        rows: p.shape[0],
        cols: p.shape[1],
        dtype: dt ?? p.dtype ?? 'float64',
        offsets: region('int32', 0),
        data: region(dt ?? p.dtype ?? 'float64', 0),
        nd: 0,
        ld: 0,
      };
    case 'sparse':
      d = p.a.format === 'dia' ? (p.a as DiaArray)._d : (p.a.todia() as DiaArray)._d;
      break;
    case 'dense':
      d = csrToDia(denseToCsr(p.d.store), 'dia_array');
      break;
    case 'coo':
      d = csrToDia(cooToCsr(cooFromTuple(fn, p, opts)), 'dia_array');
      break;
    default:
      throw new FormatError(
        argMessage(
          fn,
          'arg1',
          'a dense array, a sparse array, [data, [row, col]] or [data, offsets]',
          'a compressed tuple',
        ),
      );
  }
  if (dt === undefined || dt === d.dtype) return d;
  return { ...d, dtype: dt, data: mapStore(vec(d.data, d.nd * d.ld), dt, 5, 0, 'astype').region };
}

/**
 * DIAgonal-format array. Build with {@link dia_array} (callable without `new`).
 * @example new sparse.DiaArray(sparse.eye(3)).offsets.tolist() // [0]
 */
export class DiaArray extends sparray {
  readonly format: SparseFormat = 'dia';
  /** @internal */
  _d: Dia;
  private readonly _cache = new DerivedCache<Csr>();

  constructor(arg: SparseInput | typeof INTERNAL, opts?: SparseOptions | Dia) {
    super();
    this._d = arg === INTERNAL ? (opts as Dia) : parseDia(arg, (opts ?? {}) as SparseOptions);
    holdStorage(this);
  }
  get shape(): readonly [number, number] {
    return [this._d.rows, this._d.cols];
  }
  get dtype(): DType {
    return this._d.dtype;
  }
  /** Stored elements inside the matrix (SciPy's count for DIA). */
  get nnz(): number {
    return diaNnz(this._d.rows, this._d.cols, this._d.ld, readPrefix(this._d.offsets, this._d.nd));
  }
  /** The diagonals, `[nd, L]`. */
  get data(): ndarray {
    return ndarray.fromStore(Store.shaped(this._d.data, [this._d.nd, this._d.ld]));
  }
  /** The diagonal offsets (int32). */
  get offsets(): ndarray {
    return ndarray.fromStore(vec(this._d.offsets, this._d.nd));
  }
  _csr(): Csr {
    const d = this._d;
    return this._cache.get([d.offsets, d.data], () => {
      const o = Array.from(readPrefix(d.offsets, d.nd));
      const inc = o.every((k, i) => i === 0 || k > o[i - 1]!);
      const csr = diaToCsrTiled(d, inc);
      // Entries (i, i + k) for these offsets only (stored zeros and cut diagonals dropped).
      markBand(
        csr,
        o.reduce((h, k) => Math.max(h, Math.abs(k)), 0),
      );
      return csr;
    });
  }
  _values(): Store {
    return vec(this._d.data, this._d.nd * this._d.ld);
  }
  _withData(data: Region, dtype: DType): sparray {
    return new DiaArray(INTERNAL, { ...this._d, data, dtype });
  }
  _entries() {
    const c = (
      wrap.csr(this._csr()).tocoo() as unknown as { _entries(): ReturnType<sparray['_entries']> }
    )._entries();
    return c;
  }
  /**
   * SciPy's text: the header counts stored elements (zeros too) and diagonals; entries as COO.
   * @example
   * String(sparse.eye(2))
   * // "<DIAgonal sparse array of dtype 'float64'\n\twith 2 stored elements (1 diagonals) and shape (2, 2)>\n  Coords\tValues\n  (0, 0)\t1.0\n  (1, 1)\t1.0"
   */
  override toString(): string {
    const { row, col, vals } = this._entries();
    const note = ` (${this._d.nd} diagonals)`; // SciPy says '(1 diagonals)' too
    return formatEntries(this.format, this.dtype, this.shape, row, col, vals, { nnz: this.nnz, note });
  }
  _copy(): sparray {
    const d = this._d;
    const offsets = region('int32', d.nd);
    const data = region(d.dtype, d.nd * d.ld);
    copyInto(vec(d.offsets), 0, vec(offsets), 0, d.nd);
    copyInto(vec(d.data), 0, vec(data), 0, d.nd * d.ld);
    return new DiaArray(INTERNAL, { ...d, offsets, data });
  }
  _transpose(): sparray {
    return wrap.csr(this._csr()).transpose().todia();
  }
  _replace(s: Csr): void {
    this._d = csrToDia(s);
  }
  _sum_duplicates(): void {}
  _eliminate_zeros(): void {}
  /**
   * @internal Checks that `offsets` has one entry per row of `data` and no duplicates.
   * @throws {ValueError} on a wrong count or a repeated offset
   */
  _check_format(_full: boolean): void {
    const d = this._d;
    const o = Array.from(readPrefix(d.offsets, d.nd));
    if (new Set(o).size !== o.length)
      throw new ValueError(argMessage('check_format', 'offsets', 'distinct offsets', o));
  }
}

wrap.dia = (d) => new DiaArray(INTERNAL, d);

export { csrToDia };
