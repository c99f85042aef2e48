/** `sparse.fromJSON`: sparse arrays (and ndarrays) back from their JSON forms (sparse/json.ts). */
import * as np from '../dense/index.js';
import { argMessage, isDType, ValueError } from '../runtime/index.js';
import type { sparray } from './base.js';
import { CscArray, CsrArray } from './compressed.js';
import { CooArray } from './coo.js';
import { DiaArray } from './dia.js';
import type { SparseJSON } from './json.js';

const TYPES = ['csr_array', 'csc_array', 'coo_array', 'dia_array'];

function isSparseJSON(x: unknown): x is SparseJSON {
  return typeof x === 'object' && x !== null && TYPES.includes((x as { type?: unknown }).type as string);
}

function field(j: SparseJSON, key: string): unknown {
  const v = (j as unknown as Record<string, unknown>)[key];
  if (!Array.isArray(v)) throw new ValueError(argMessage('fromJSON', key, `a list (${j.type})`, v));
  return v;
}

/** A 1-D (or, for DIA, 2-D) ndarray of `dtype` from a JSON list. */
function values(list: unknown, dtype: np.DType, twoD: boolean): np.ndarray {
  const rows = list as unknown[];
  const shape = twoD ? [rows.length, Array.isArray(rows[0]) ? rows[0].length : 0] : [rows.length];
  return np.fromJSON({ type: 'ndarray', dtype, shape, data: list as np.JSONValue });
}

function decode(j: unknown): sparray | np.ndarray {
  if (!isSparseJSON(j)) return np.fromJSON(j as object);
  const { shape, dtype } = j;
  if (!isDType(dtype)) throw new ValueError(argMessage('fromJSON', 'dtype', 'a cohort dtype', dtype));
  const opts = { shape, dtype };
  const ix = (key: string) => np.array(field(j, key) as number[], { dtype: 'int32' });
  const data = values(field(j, 'data'), dtype, j.type === 'dia_array');
  switch (j.type) {
    case 'csr_array':
      return new CsrArray([data, ix('indices'), ix('indptr')], opts);
    case 'csc_array':
      return new CscArray([data, ix('indices'), ix('indptr')], opts);
    case 'coo_array': {
      const [row, col] = field(j, 'coords') as [number[], number[]];
      return new CooArray(
        [data, [np.array(row, { dtype: 'int32' }), np.array(col, { dtype: 'int32' })]],
        opts,
      );
    }
    default:
      return new DiaArray([data, ix('offsets')], opts);
  }
}

/**
 * A sparse array (or an ndarray) back from the object `JSON.stringify` wrote for it. Called with
 * two arguments it is a reviver for `JSON.parse`: tagged objects (`csr_array`, `csc_array`,
 * `coo_array`, `dia_array`, `ndarray`) become arrays, every other value is returned as is.
 * @param json - the parsed JSON form (as a reviver, `(key, value)`: the value is converted)
 * @returns the array, in the format it was written in (new storage)
 * @throws {ValueError} when the object is not an array's JSON form or its fields do not fit
 * @example
 * const A = sparse.csr_array([[1, 0], [0, 2]]);
 * JSON.stringify(A) // '{"type":"csr_array","shape":[2,2],"dtype":"int32","data":[1,2],"indices":[0,1],"indptr":[0,1,2]}'
 * sparse.fromJSON(JSON.parse(JSON.stringify(A))).toarray().tolist() // [[1, 0], [0, 2]]
 * JSON.parse(JSON.stringify({ A: A.tocoo(), x: np.ones([2]) }), sparse.fromJSON).A.format // 'coo'
 */
export function fromJSON(json: SparseJSON): sparray;
export function fromJSON(json: np.NdarrayJSON): np.ndarray;
export function fromJSON(json: object): sparray | np.ndarray;
export function fromJSON(key: string, value: unknown): unknown;
export function fromJSON(...args: unknown[]): unknown {
  const [json, value] = args;
  if (args.length >= 2) {
    return isSparseJSON(value) ||
      (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ndarray')
      ? decode(value)
      : value;
  }
  return decode(json);
}
