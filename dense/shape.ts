/**
 * Shape functions: `reshape ravel transpose swapaxes expand_dims squeeze concatenate stack hstack
 * vstack copy astype`. Views where NumPy makes views (transpose, swapaxes, expand_dims, squeeze,
 * reshape of contiguous data); copies are element-wise launches.
 */
import {
  ArgumentTypeError,
  argMessage,
  cStrides,
  type DType,
  IndexError,
  ShapeError,
  ValueError,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { dtypeArg, promote } from './dtypes.js';
import { fmtShape, optionsArg } from './errors.js';
import { assign, copyAs } from './ewise.js';
import { ndarray } from './ndarray.js';

function checkArray(fn: string, a: unknown, arg = 'a'): ndarray {
  if (!(a instanceof ndarray)) throw new ArgumentTypeError(argMessage(fn, arg, 'an ndarray', a));
  return a;
}

/** An axis argument as a list: a number becomes `[n]`; anything but a number or an array raises. */
function axisList(fn: string, arg: string, axis: unknown): readonly number[] {
  if (typeof axis === 'number') return [axis];
  if (Array.isArray(axis)) return axis;
  throw new ArgumentTypeError(argMessage(fn, arg, 'an integer or an array of integers', axis));
}

/** The `arrays` argument of a joining function: a non-empty JavaScript array. */
function arraysArg(fn: string, arrays: unknown): readonly ndarray[] {
  if (!Array.isArray(arrays) || arrays.length === 0)
    throw new ValueError(argMessage(fn, 'arrays', 'a non-empty array of ndarrays', arrays));
  return arrays;
}

function axisArg(fn: string, axis: number, ndim: number): number {
  if (!Number.isInteger(axis) || axis < -ndim || axis >= ndim) {
    throw new IndexError(`${fn}: axis ${axis} is out of bounds for array of dimension ${ndim}`);
  }
  return axis < 0 ? axis + ndim : axis;
}

/**
 * Gives a new shape to an array (one dimension may be -1). A view when the data is contiguous.
 * @param a the array
 * @param shape the new shape; one entry may be -1 (inferred)
 * @returns a view when `a` is contiguous, else a copy
 * @throws {ShapeError} when the sizes differ
 * @example np.reshape(np.arange(6), [2, 3]).shape // [2, 3]
 */
export function reshape(a: ndarray, shape: number | readonly number[]): ndarray {
  checkArray('reshape', a);
  const req = axisList('reshape', 'shape', shape).slice();
  let unknown = -1;
  let known = 1;
  for (let d = 0; d < req.length; d++) {
    const e = req[d]!;
    if (e === -1) {
      if (unknown >= 0) throw new ValueError(argMessage('reshape', 'shape', 'at most one -1', shape));
      unknown = d;
    } else if (!Number.isInteger(e) || e < 0)
      throw new ValueError(argMessage('reshape', 'shape', 'non-negative integers or -1', shape));
    else known *= e;
  }
  if (unknown >= 0) {
    if (known === 0 || a.size % known !== 0) {
      throw new ShapeError(`reshape: cannot reshape array of size ${a.size} into shape ${fmtShape(req)}`);
    }
    req[unknown] = a.size / known;
  }
  if (known * (unknown >= 0 ? req[unknown]! : 1) !== a.size) {
    throw new ShapeError(`reshape: cannot reshape array of size ${a.size} into shape ${fmtShape(req)}`);
  }
  const s = a.store;
  if (s.contiguous) return new ndarray(s.view(req, cStrides(req), s.offset));
  const c = copyAs('reshape', a);
  return new ndarray(c.store.view(req, cStrides(req), 0));
}

/**
 * A 1-D view (or copy when not contiguous).
 * @param a the array
 * @returns a 1-D array of `a.size` elements
 * @example np.ravel(np.eye(2)).shape // [4]
 */
export function ravel(a: ndarray): ndarray {
  checkArray('ravel', a);
  return reshape(a, [a.size]);
}

/**
 * Permutes the axes (reverses them by default): a view.
 * @param a the array
 * @param axes a permutation of the axes (reversed when omitted)
 * @returns a view with permuted axes
 * @example np.transpose(np.zeros([2, 3])).shape // [3, 2]
 */
export function transpose(a: ndarray, axes?: readonly number[]): ndarray {
  checkArray('transpose', a);
  const nd = a.ndim;
  const perm =
    axes != null
      ? axisList('transpose', 'axes', axes).map((x) => axisArg('transpose', x, nd))
      : [...Array(nd).keys()].reverse();
  if (perm.length !== nd || new Set(perm).size !== nd) {
    throw new ValueError(argMessage('transpose', 'axes', `a permutation of ${nd} axes`, axes));
  }
  const s = a.store;
  return new ndarray(
    s.view(
      perm.map((d) => s.shape[d]!),
      perm.map((d) => s.strides[d]!),
      s.offset,
    ),
  );
}

/**
 * Swaps two axes: a view.
 * @param a the array
 * @param axis1 an axis
 * @param axis2 another axis
 * @returns a view
 * @example np.swapaxes(np.array([[1, 2, 3]]), 0, 1).tolist() // [[1], [2], [3]]
 */
export function swapaxes(a: ndarray, axis1: number, axis2: number): ndarray {
  checkArray('swapaxes', a);
  const p = [...Array(a.ndim).keys()];
  const i = axisArg('swapaxes', axis1, a.ndim);
  const j = axisArg('swapaxes', axis2, a.ndim);
  [p[i], p[j]] = [p[j]!, p[i]!];
  return transpose(a, p);
}

/**
 * Inserts a size-1 axis at `axis`: a view.
 * @param a the array
 * @param axis where the new axis (or axes) go in the result
 * @returns a view
 * @throws {IndexError} on an axis out of range
 * @example np.expand_dims(np.array([1, 2]), 0).shape // [1, 2]
 */
export function expand_dims(a: ndarray, axis: number | readonly number[]): ndarray {
  checkArray('expand_dims', a);
  const list = axisList('expand_dims', 'axis', axis);
  const nd = a.ndim + list.length;
  const ax = list.map((x) => axisArg('expand_dims', x, nd));
  const shape: number[] = [];
  const strides: number[] = [];
  let j = 0;
  for (let d = 0; d < nd; d++) {
    if (ax.includes(d)) {
      shape.push(1);
      strides.push(0);
    } else {
      shape.push(a.store.shape[j]!);
      strides.push(a.store.strides[j++]!);
    }
  }
  return new ndarray(a.store.view(shape, strides, a.store.offset));
}

/**
 * Removes size-1 axes (all, or the given ones): a view.
 * @param a the array
 * @param axis the axes to remove (all size-1 axes when omitted)
 * @returns a view
 * @throws {ValueError} on an axis of size ≠ 1
 * @example np.squeeze(np.zeros([1, 2, 1]), 0).shape // [2, 1]
 */
export function squeeze(a: ndarray, axis?: number | readonly number[]): ndarray {
  checkArray('squeeze', a);
  const s = a.store;
  const ax =
    axis == null
      ? s.shape.map((e, d) => (e === 1 ? d : -1)).filter((d) => d >= 0)
      : axisList('squeeze', 'axis', axis).map((x) => axisArg('squeeze', x, a.ndim));
  for (const d of ax) {
    if (s.shape[d] !== 1)
      throw new ValueError(
        `squeeze: cannot select an axis to squeeze out which has size not equal to one (axis ${d}, size ${s.shape[d]})`,
      );
  }
  const keep = [...s.shape.keys()].filter((d) => !ax.includes(d));
  return new ndarray(
    s.view(
      keep.map((d) => s.shape[d]!),
      keep.map((d) => s.strides[d]!),
      s.offset,
    ),
  );
}

/**
 * A C-contiguous copy.
 * @param a the array
 * @returns a fresh C-contiguous array
 * @example
 * const a = np.arange(3);
 * const b = np.copy(a);
 * b.set('0', 9);
 * a.tolist() // [0, 1, 2]
 */
export function copy(a: ndarray): ndarray {
  return copyAs('copy', checkArray('copy', a));
}

/**
 * A copy converted to `dtype` (NumPy's unsafe cast).
 * @param a the array
 * @param dtype the target dtype
 * @returns a converted copy
 * @example String(np.astype(np.array([0, 2]), 'bool')) // '[False  True]'
 */
export function astype(a: ndarray, dtype: DType): ndarray {
  return copyAs('astype', checkArray('astype', a), dtypeArg('astype', dtype, a.dtype));
}

/**
 * Joins arrays along an existing axis.
 * @param arrays the arrays (same shape except along `axis`)
 * @param opts `axis` (default 0)
 * @returns a new array
 * @throws {ShapeError} when the other dimensions differ
 * @example np.concatenate([np.ones([2]), np.zeros([1])]).tolist() // [1, 1, 0]
 */
export function concatenate(arrays: readonly ndarray[], opts: { axis?: number } = {}): ndarray {
  opts = optionsArg('concatenate', opts);
  const fn = 'concatenate';
  arraysArg(fn, arrays);
  arrays.forEach((a, k) => {
    checkArray(fn, a, `arrays[${k}]`);
  });
  const first = arrays[0]!;
  if (first.ndim === 0) throw new ValueError(`${fn}: zero-dimensional arrays cannot be concatenated`);
  const axis = axisArg(fn, opts.axis ?? 0, first.ndim);
  let dt = first.dtype;
  let total = 0;
  arrays.forEach((a, k) => {
    if (a.ndim !== first.ndim || a.shape.some((e: number, d: number) => d !== axis && e !== first.shape[d])) {
      throw new ShapeError(
        `${fn}: argument 'arrays[${k}]' with shape ${fmtShape(a.shape)} does not match ${fmtShape(first.shape)} outside axis ${axis}`,
      );
    }
    dt = promote(dt, a.dtype);
    total += a.shape[axis]!;
  });
  const shape = first.shape.slice();
  shape[axis] = total;
  const out = new ndarray(allocStore(dt, shape));
  let pos = 0;
  const st = out.store;
  for (const a of arrays) {
    const n = a.shape[axis]!;
    const vshape = shape.slice();
    vshape[axis] = n;
    if (n > 0) assign(fn, new ndarray(st.view(vshape, st.strides, st.offset + pos * st.strides[axis]!)), a);
    pos += n;
  }
  return out;
}

/**
 * Joins arrays along a new axis.
 * @param arrays arrays of one shape
 * @param opts `axis` of the new dimension (default 0)
 * @returns a new array with one more dimension
 * @throws {ShapeError} when the shapes differ
 * @example np.stack([np.ones([2]), np.zeros([2])]).shape // [2, 2]
 */
export function stack(arrays: readonly ndarray[], opts: { axis?: number } = {}): ndarray {
  opts = optionsArg('stack', opts);
  arraysArg('stack', arrays);
  const nd = checkArray('stack', arrays[0], 'arrays[0]').ndim + 1;
  const axis = axisArg('stack', opts.axis ?? 0, nd);
  arrays.forEach((a, k) => {
    checkArray('stack', a, `arrays[${k}]`);
    if (a.ndim !== arrays[0]!.ndim || a.shape.some((e: number, d: number) => e !== arrays[0]!.shape[d])) {
      throw new ShapeError(
        `stack: argument 'arrays[${k}]' with shape ${fmtShape(a.shape)} does not match ${fmtShape(arrays[0]!.shape)}`,
      );
    }
  });
  return concatenate(
    arrays.map((a) => expand_dims(a, axis)),
    { axis },
  );
}

/**
 * Joins horizontally (axis 1, or 0 for 1-D arrays).
 * @param arrays the arrays
 * @returns a new array
 * @throws {ShapeError} when the shapes do not fit
 * @example String(np.hstack([np.array([[1], [2]]), np.array([[3], [4]])])) // '[[1 3]\n [2 4]]'
 */
export function hstack(arrays: readonly ndarray[]): ndarray {
  const a0 = checkArray('hstack', arraysArg('hstack', arrays)[0], 'arrays[0]');
  return concatenate(arrays, { axis: a0.ndim <= 1 ? 0 : 1 });
}

/**
 * Joins vertically (1-D arrays become rows).
 * @param arrays the arrays
 * @returns a new array
 * @throws {ShapeError} when the shapes do not fit
 * @example String(np.vstack([np.array([1, 2]), np.array([3, 4])])) // '[[1 2]\n [3 4]]'
 */
export function vstack(arrays: readonly ndarray[]): ndarray {
  return concatenate(
    arraysArg('vstack', arrays).map((a, k) =>
      checkArray('vstack', a, `arrays[${k}]`).ndim <= 1 ? reshape(a, [1, a.size]) : a,
    ),
    { axis: 0 },
  );
}
