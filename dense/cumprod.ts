/** `cumprod`: a scan along one axis (the flattened array when no axis), see scan.ts. */
import type { DType } from '../runtime/index.js';
import { copyAs, ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { scan } from './scan.js';
import { type ArrayInput, sig } from './sig.js';

/** Keyword options of {@link cumprod}. */
export interface CumprodOptions {
  /** The axis (null: the flattened array). */
  axis?: number | null;
  /** The accumulation dtype. */
  dtype?: DType | null;
  /** An array to write the result into. */
  out?: ndarray | null;
}

/**
 * Cumulative product along `axis` (of the flattened array when `axis` is null/omitted). Integer
 * and bool input multiply in int32 (wrapping, as NumPy's fixed-width integers).
 * @param a an array_like
 * @param axis the axis (null: the flattened array); then `dtype`, `out`, or the options object
 * @returns a new array
 * @throws {IndexError} when `axis` is out of bounds
 * @example np.cumprod([1, 2, 3]).tolist() // [1, 2, 6]
 * @example np.cumprod([[1, 2, 3], [4, 5, 6]], 0).tolist() // [[1, 2, 3], [4, 10, 18]]
 * @example np.cumprod([[1, 2, 3], [4, 5, 6]], { dtype: 'float64' }).tolist() // [1, 2, 6, 24, 120, 720]
 */
export const cumprod = sig<
  (
    a: ArrayInput,
    axis?: number | null | CumprodOptions,
    dtype?: DType | null | CumprodOptions,
    out?: ndarray | null | CumprodOptions,
    opts?: CumprodOptions,
  ) => ndarray
>('cumprod(a: array_like, axis: axis = None, dtype: dtype = None, out: ndarray = None)', ((
  a: ndarray,
  axis: number | null,
  dtype: DType,
  out: ndarray,
) => {
  const x = dtype === undefined || dtype === null || dtype === a.dtype ? a : copyAs('cumprod', a, dtype);
  const r = scan('cumprod', 'prod', x, axis);
  if (out === undefined || out === null) return r;
  ewise('cumprod', 'assign', [r], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}) as never);
