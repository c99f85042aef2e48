/**
 * The JSON form of a sparse array (`JSON.stringify(A)` calls `A.toJSON()`): SciPy's constructor
 * arguments under a format tag — CSR/CSC `data, indices, indptr`; COO `data, coords`; DIA `data,
 * offsets` — plus `shape` and `dtype`. Values are written as ndarrays write theirs (NaN and
 * ±Infinity as strings). Read back with `sparse.fromJSON` (sparse/from-json.ts).
 */
import type { JSONValue } from '../dense/index.js';
import type { DType } from '../runtime/index.js';
import type { sparray } from './base.js';
import type { CscArray, CsrArray } from './compressed.js';
import type { CooArray } from './coo.js';
import type { DiaArray } from './dia.js';

interface SparseJSONBase {
  shape: [number, number];
  dtype: DType;
  /** The stored values (1-D; 2-D for DIA), as {@link JSONValue}s. */
  data: JSONValue;
}

/** A CSR or CSC array's JSON form. */
export interface CompressedJSON extends SparseJSONBase {
  type: 'csr_array' | 'csc_array';
  indices: number[];
  indptr: number[];
}

/** A COO array's JSON form. */
export interface CooJSON extends SparseJSONBase {
  type: 'coo_array';
  coords: [number[], number[]];
}

/** A DIA array's JSON form. */
export interface DiaJSON extends SparseJSONBase {
  type: 'dia_array';
  offsets: number[];
}

/** What `JSON.stringify` writes for a sparse array. */
export type SparseJSON = CompressedJSON | CooJSON | DiaJSON;

const ints = (a: { toArray(): ArrayLike<number> }): number[] => Array.from(a.toArray());

/** The JSON form of `a` (waits for pending work). */
export function toSparseJSON(a: sparray): SparseJSON {
  const base = { shape: [a.shape[0], a.shape[1]] as [number, number], dtype: a.dtype };
  switch (a.format) {
    case 'csr':
    case 'csc': {
      const c = a as CsrArray | CscArray;
      const type = a.format === 'csr' ? 'csr_array' : 'csc_array';
      return { type, ...base, data: c.data.toJSON().data, indices: ints(c.indices), indptr: ints(c.indptr) };
    }
    case 'coo': {
      const c = a as CooArray;
      return { type: 'coo_array', ...base, data: c.data.toJSON().data, coords: [ints(c.row), ints(c.col)] };
    }
    case 'bsr':
    case 'lil':
    case 'dok':
      // No tagged form of their own yet: their CSR form (same values; fromJSON gives csr_array).
      return toSparseJSON(a.tocsr());
    default: {
      const d = a as DiaArray;
      return { type: 'dia_array', ...base, data: d.data.toJSON().data, offsets: ints(d.offsets) };
    }
  }
}
