/**
 * NumPy's `where=` mask of the reductions (`np.sum(a, where=m)`, `np.mean`, `np.var`, `np.min`
 * ...) and the `mean=` keyword of `var`/`std`, composed from element-wise launches and the plain
 * reductions: elements outside the mask are replaced by the reduction's identity (0 for sums,
 * 1 for products, `initial` for min/max, true/false for all/any), and the mean/variance divide by
 * the count of elements inside the mask along the reduced axes.
 */
import { argMessage, type DType, ValueError } from '../runtime/index.js';
import { canBroadcastTo } from './broadcast.js';
import { floatResult } from './dtypes.js';
import { copyAs, ewise } from './ewise.js';
import type { ndarray } from './ndarray.js';
import * as red from './reduce.js';
import { broadcast_to } from './shape-extra.js';
import { denseHooks } from './sig.js';

/** An axis argument: one axis, several, or null (all). */
type Axes = number | readonly number[] | null;

/**
 * The `where=` mask of `fn` as a bool array broadcast against `a` (NumPy broadcasts the mask to
 * the operand, never the operand to the mask).
 * @throws {ValueError} when the mask cannot broadcast to `a`'s shape
 */
export function whereMask(fn: string, a: ndarray, where: ndarray): ndarray {
  if (!canBroadcastTo(where.shape, a.shape))
    throw new ValueError(
      argMessage(fn, 'where', `a mask that broadcasts to the shape [${a.shape.join(', ')}]`, where),
    );
  return broadcast_to(where.dtype === 'bool' ? where : copyAs(fn, where, 'bool'), a.shape);
}

/** `a` with the elements outside `mask` replaced by `fill` (a's dtype kept: `fill` is weak). */
export function masked(fn: string, a: ndarray, mask: ndarray, fill: number | boolean): ndarray {
  return ewise(fn, 'where', [mask, a, fill], ['where', 'a', 'fill'], null, { dtype: a.dtype });
}

/** The number of elements inside `mask` along `axis` (float `dt`). */
function count(fn: string, mask: ndarray, axis: Axes, keepdims: boolean, dt: DType): ndarray {
  return copyAs(fn, red.sum(mask, { axis, keepdims }), dt);
}

/**
 * `mean(a, axis, where=mask)`: the sum inside the mask over the count inside it (NaN where the
 * count is 0, as NumPy).
 */
export function maskedMean(fn: string, a: ndarray, axis: Axes, keepdims: boolean, mask: ndarray): ndarray {
  const dt = floatResult(a.dtype);
  const x = a.dtype === dt ? a : copyAs(fn, a, dt);
  const s = red.sum(masked(fn, x, mask, 0), { axis, keepdims });
  return ewise(fn, 'divide', [s, count(fn, mask, axis, keepdims, dt)], ['a', 'n'], null, { dtype: dt });
}

/**
 * `var(a, axis, ddof, where=mask, mean=m)` (either keyword may be absent): the squared deviations
 * from `m` (default: the masked mean) inside the mask, over their count minus `ddof`.
 */
export function maskedVar(
  fn: string,
  a: ndarray,
  axis: Axes,
  ddof: number,
  keepdims: boolean,
  mask: ndarray | null,
  mean: ndarray | null,
): ndarray {
  const dt = floatResult(a.dtype);
  const x = a.dtype === dt ? a : copyAs(fn, a, dt);
  const m =
    mean ?? (mask === null ? red.mean(x, { axis, keepdims: true }) : maskedMean(fn, x, axis, true, mask));
  const d = ewise(fn, 'subtract', [x, m], ['a', 'mean'], null, { dtype: dt });
  const sq = ewise(fn, 'multiply', [d, d], ['a', 'a'], null, { dtype: dt });
  const s = red.sum(mask === null ? sq : masked(fn, sq, mask, 0), { axis, keepdims });
  const all = mask ?? whereMask(fn, x, denseHooks.asarray(fn, 'where', true) as ndarray);
  const n = ewise(fn, 'subtract', [count(fn, all, axis, keepdims, dt), ddof], ['n', 'ddof'], null, {
    dtype: dt,
  });
  const v = ewise(
    fn,
    'divide',
    [s, ewise(fn, 'maximum', [n, 0], ['n', '0'], null, { dtype: dt })],
    ['a', 'n'],
    null,
    {
      dtype: dt,
    },
  );
  return fn === 'std' ? ewise(fn, 'sqrt', [v], ['a'], null, { dtype: dt }) : v;
}
