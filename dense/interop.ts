/** Conversion to and from scijs `ndarray` objects over the same shared memory. */

import type { NdArray } from 'ndarray';
import createNdarray from 'ndarray';
import {
  ArgumentTypeError,
  argMessage,
  exposeRegion,
  fence,
  regionFromArray,
  Store,
  syncStore,
  type TypedArray,
} from '../runtime/index.js';
import { fromData } from './creation.js';
import { ndarray } from './ndarray.js';
import { sig } from './sig.js';

/**
 * A scijs `ndarray` viewing the same memory (no copy). Waits for pending work first (under MPI
 * every rank then holds the view's latest data); later cohort operations on the array are not
 * visible until the next read (`fence()`; under MPI, another `to_ndarray()` or read).
 * @example np.arange(4).to_ndarray().get(2) // 2
 */
export function toNdarray(a: ndarray): NdArray<TypedArray> {
  // Materialize first (a lazy array launches its kernel here), then wait for every write.
  const s = a.store;
  fence();
  // Under MPI: the view's latest data on every rank (a collective read), not only its owners'.
  syncStore(s);
  exposeRegion(s.region); // from_ndarray of this view gives back the same region
  return createNdarray(s.region.data, s.shape.slice(), s.strides.slice(), s.offset) as NdArray<TypedArray>;
}

/**
 * A cohort array over a scijs `ndarray`'s memory: no copy when its data is a typed array of a
 * cohort dtype backed by a `SharedArrayBuffer`; otherwise a copy.
 * @param x a scijs ndarray
 * @returns a cohort array (a view of the same memory, or a copy)
 * @throws {ArgumentTypeError} when `x` is not an ndarray-like object
 * @example np.from_ndarray(np.arange(3).to_ndarray()).tolist() // [0, 1, 2]
 */
export const from_ndarray = sig<(x: NdArray) => ndarray>('from_ndarray(x, /)', ((x: NdArray) =>
  fromNdarrayImpl(x)) as never);

function fromNdarrayImpl(x: NdArray): ndarray {
  if (x === null || typeof x !== 'object' || !Array.isArray(x.shape) || !Array.isArray(x.stride)) {
    throw new ArgumentTypeError(argMessage('from_ndarray', 'x', 'a scijs ndarray', x));
  }
  const d = x.data as unknown;
  const shared =
    (d instanceof Float64Array ||
      d instanceof Float32Array ||
      d instanceof Int32Array ||
      d instanceof Uint8Array) &&
    d.buffer instanceof SharedArrayBuffer;
  if (shared) {
    return new ndarray(
      new Store(regionFromArray(d as TypedArray), x.shape.slice(), x.stride.slice(), x.offset),
    );
  }
  // Copy in C order through scijs' own accessors.
  const n = x.shape.reduce((p, q) => p * q, 1);
  const flat = new Float64Array(n);
  const idx = x.shape.map(() => 0);
  for (let k = 0; k < n; k++) {
    flat[k] = Number(x.get(...idx));
    for (let q = idx.length - 1; q >= 0; q--) {
      if (++idx[q]! < x.shape[q]!) break;
      idx[q] = 0;
    }
  }
  const dt =
    d instanceof Float32Array
      ? 'float32'
      : d instanceof Int32Array ||
          d instanceof Int16Array ||
          d instanceof Int8Array ||
          d instanceof Uint16Array
        ? 'int32'
        : d instanceof Uint8Array
          ? 'uint8'
          : 'float64';
  const out = fromData('from_ndarray', flat, dt, true);
  return out.ndim === 1 && x.shape.length !== 1 ? out.reshape(x.shape) : out;
}
