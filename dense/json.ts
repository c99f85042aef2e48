/**
 * The JSON form of an ndarray (`JSON.stringify(a)` calls `a.toJSON()`): tagged and bounded — only
 * the view's own elements, never the region behind it. Read back with `np.fromJSON`
 * (dense/from-json.ts).
 */
import type { DType } from '../runtime/index.js';
import type { ndarray } from './ndarray.js';

/** A value of {@link NdarrayJSON}'s `data`: numbers, booleans, `'NaN'`/`'Infinity'`/`'-Infinity'`. */
export type JSONValue = number | boolean | string | JSONValue[];

/**
 * What `JSON.stringify` writes for an ndarray: the dtype, the shape and the elements as nested
 * lists in C order (a single value for a 0-d array). JSON has no NaN or infinities, so those are
 * the strings `'NaN'`, `'Infinity'` and `'-Infinity'`.
 */
export interface NdarrayJSON {
  type: 'ndarray';
  dtype: DType;
  shape: number[];
  data: JSONValue;
}

/** A number JSON can hold, or its name. */
export function jsonNumber(v: number): number | string {
  return Number.isFinite(v) ? v : String(v);
}

/** The JSON form of `a` (waits for pending work, as `tolist` does). */
export function toJSONForm(a: ndarray): NdarrayJSON {
  const floats = a.dtype === 'float64' || a.dtype === 'float32';
  const walk = (x: ReturnType<ndarray['tolist']>): JSONValue =>
    Array.isArray(x) ? x.map(walk) : typeof x === 'number' && floats ? jsonNumber(x) : x;
  return { type: 'ndarray', dtype: a.dtype, shape: [...a.shape], data: walk(a.tolist()) };
}
