import { asarray, ndarray } from '../../dense/index.js';
import { type DType, regionFromArray, Store, type TypedArray } from '../../runtime/index.js';

/** An ndarray over `data` (C order), adopting shared memory without a copy. */
export function toNdarray(dtype: DType, shape: readonly number[], data: TypedArray): ndarray {
  return ndarray.fromStore(Store.shaped(regionFromArray(data, dtype), shape));
}

/** The dtype, shape and C-order values of anything `asarray` accepts (waits for pending work). */
export function fromDense(a: unknown): { dtype: DType; shape: number[]; data: TypedArray } {
  const x = asarray(a);
  return { dtype: x.dtype, shape: [...x.shape], data: x.toArray() };
}
