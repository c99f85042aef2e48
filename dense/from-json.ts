/** `np.fromJSON`: an ndarray back from its JSON form (dense/json.ts), directly or as a reviver. */
import { argMessage, isDType, ValueError } from '../runtime/index.js';
import { array } from './creation.js';
import type { JSONValue, NdarrayJSON } from './json.js';
import type { ndarray } from './ndarray.js';

const NAMED: Record<string, number> = { NaN: Number.NaN, Infinity: Infinity, '-Infinity': -Infinity };

/** True for an object tagged `type: 'ndarray'` (the shape of {@link NdarrayJSON}, unchecked). */
export function isNdarrayJSON(x: unknown): x is NdarrayJSON {
  return typeof x === 'object' && x !== null && (x as { type?: unknown }).type === 'ndarray';
}

/** The elements of `data` in C order, checked against `shape`. */
function flatten(data: JSONValue, shape: readonly number[]): Float64Array {
  const size = shape.reduce((p, d) => p * d, 1);
  const out = new Float64Array(size);
  let pos = 0;
  const bad = (what: string, got: unknown) => {
    throw new ValueError(argMessage('fromJSON', 'data', what, got));
  };
  const walk = (x: JSONValue, d: number): void => {
    if (d === shape.length) {
      const v = typeof x === 'string' ? NAMED[x] : typeof x === 'boolean' ? Number(x) : x;
      if (typeof v !== 'number') bad('a number, a boolean, NaN or ±Infinity', x);
      out[pos++] = v as number;
      return;
    }
    if (!Array.isArray(x) || x.length !== shape[d]) bad(`a list of length ${shape[d]} at depth ${d}`, x);
    for (const y of x as JSONValue[]) walk(y, d + 1);
  };
  walk(data, 0);
  return out;
}

/** The ndarray of a JSON form. */
function decode(json: unknown): ndarray {
  if (!isNdarrayJSON(json)) {
    throw new ValueError(argMessage('fromJSON', 'json', "an object with type 'ndarray'", json));
  }
  const { dtype, shape } = json;
  if (!isDType(dtype)) throw new ValueError(argMessage('fromJSON', 'dtype', 'a cohort dtype', dtype));
  if (!Array.isArray(shape) || !shape.every((d) => Number.isInteger(d) && d >= 0)) {
    throw new ValueError(argMessage('fromJSON', 'shape', 'a list of non-negative integers', shape));
  }
  return array(flatten(json.data, shape), { dtype }).reshape([...shape]);
}

/**
 * An ndarray back from the object `JSON.stringify` wrote for it ({@link NdarrayJSON}). Called with
 * two arguments it is a reviver for `JSON.parse`: tagged objects become ndarrays, every other value
 * is returned as is.
 * @param json - the parsed JSON form (as a reviver, `(key, value)`: the value is converted)
 * @returns the ndarray (same dtype, shape and values; a new array)
 * @throws {ValueError} when the object is not an ndarray's JSON form, or its data does not match
 * its shape
 * @example
 * const a = np.array([[1, 2], [3, 4]], { dtype: 'float32' });
 * np.fromJSON(JSON.parse(JSON.stringify(a))).tolist() // [[1, 2], [3, 4]]
 * JSON.parse(JSON.stringify({ w: a.get('0') }), np.fromJSON).w.dtype // 'float32'
 * np.fromJSON({ type: 'ndarray', dtype: 'float64', shape: [2], data: ['NaN', 1] }).tolist() // [NaN, 1]
 */
export function fromJSON(json: NdarrayJSON | object): ndarray;
export function fromJSON(key: string, value: unknown): unknown;
export function fromJSON(...args: unknown[]): unknown {
  const [json, value] = args;
  if (args.length >= 2) return isNdarrayJSON(value) ? decode(value) : value;
  return decode(json);
}
