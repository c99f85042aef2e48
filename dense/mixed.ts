/**
 * The module functions `np.add`, `np.subtract`, `np.multiply`, `np.divide`, `np.matmul` and
 * `np.dot` with an operand of another library (a sparse array) on either side: handed over through
 * the reflected-operation protocol ({@link REFLECT}), as the ndarray methods do, so that dense
 * never imports sparse (DESIGN.md §1). `out` receives a dense result; `dtype` is not honored
 * across libraries and is rejected.
 */
import { ArgumentTypeError, argMessage, type DType } from '../runtime/index.js';
import { ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import { denseHooks, NDARRAY_BRAND, REFLECT, type ReflectedOp, type Reflecting, reflects } from './sig.js';

const isArray = (v: unknown): v is ndarray =>
  typeof v === 'object' && v !== null && (v as { [NDARRAY_BRAND]?: boolean })[NDARRAY_BRAND] === true;

/**
 * `a op b` when `a` or `b` implements {@link REFLECT}: `b[REFLECT](op, a)` for a dense `a`, else
 * `a[REFLECT](op, b, true)`.
 * @param fn the public function (messages)
 * @param op the operation handed over
 * @param a the first operand (checked by the caller's kind)
 * @param b the second operand
 * @param out an ndarray to receive a dense result, or undefined
 * @param dtype must be undefined (rejected otherwise)
 * @returns the other library's result, or `out`
 */
export function mixed(
  fn: string,
  op: ReflectedOp,
  a: unknown,
  b: unknown,
  out: ndarray | undefined,
  dtype?: DType,
): unknown {
  if (dtype !== undefined)
    throw new ArgumentTypeError(
      argMessage(
        fn,
        'dtype',
        'None when an operand is sparse (compute in a dtype: cast the operands first)',
        dtype,
      ),
    );
  const res = reflects(a)
    ? a[REFLECT](op, b as ndarray, true)
    : (b as Reflecting)[REFLECT](op, isArray(a) ? a : (denseHooks.asarray(fn, 'a', a) as ndarray));
  if (out === undefined) return res;
  if (!isArray(res))
    throw new ArgumentTypeError(argMessage(fn, 'out', 'None when the result is sparse', out));
  ewise(fn, 'assign', [res], ['a'], out, { dtype: out.dtype, build: (l) => l[0]! });
  return out;
}
