import { ctorOf, type DType, type TypedArray } from '../../runtime/index.js';

/**
 * A zero-filled typed array of `dtype` backed by a SharedArrayBuffer, so that the runtime adopts
 * it as a region without a copy (`regionFromArray`).
 */
export function sharedArray(dtype: DType, n: number): TypedArray {
  const C = ctorOf(dtype);
  // The cast: TypeScript's typed-array constructors are typed for ArrayBuffer only; SharedArrayBuffer works at run time.
  return new C(new SharedArrayBuffer(Math.max(1, n) * C.BYTES_PER_ELEMENT) as unknown as ArrayBuffer, 0, n);
}
