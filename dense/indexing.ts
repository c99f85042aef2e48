/**
 * `a.get(index)` and `a.set(index, value)`: basic indexing makes views that alias the base (a new
 * affine view of the same store); integer and boolean arrays gather on `get` and scatter on `set`.
 */
import {
  ArgumentTypeError,
  argMessage,
  broadcast,
  type Constraint,
  IndexError,
  type LaunchArg,
  launch,
  type Store,
} from '../runtime/index.js';
import { allocStore } from './alloc.js';
import { broadcastShapes, broadcastStrides } from './broadcast.js';
import { fmtShape } from './errors.js';
import { assign, copyAs, type Operand } from './ewise.js';
import { TAKE } from './kernel-names.js';
import { ndarray } from './ndarray.js';
import { nonzeroStores } from './nonzero.js';
import { parseIndex, Slice } from './slice.js';
import './kernels-index.js';
import { align } from '../runtime/index.js';
import { fromData } from './creation.js';

/** One part of an index: integer, slice, `null` (newaxis), `'...'`, or an integer/boolean array. */
export type IndexPart = number | Slice | null | string | ndarray | readonly number[] | readonly boolean[];

/** An index: a NumPy index string, one part, or an array of parts. */
export type Index = string | IndexPart | readonly IndexPart[];

interface Basic {
  /** The view after basic indexing; advanced positions are kept as full dimensions. */
  store: Store;
  /** Dims of `store` indexed by advanced arrays, and those arrays (int32 or other integer). */
  advDims: number[];
  advArrays: ndarray[];
}

function normalize(fn: string, index: Index): IndexPart[] {
  if (typeof index === 'string') return parseIndex(fn, index);
  if (Array.isArray(index)) {
    // A list of numbers or booleans is one advanced index (NumPy: a[[0, 2]]), a list of parts otherwise.
    if (index.length > 0 && index.every((p) => typeof p === 'boolean')) return [index as boolean[]];
    // String parts (':', '1:3', 'None') are parsed in place.
    return (index as (IndexPart | string)[]).flatMap((p) =>
      typeof p === 'string' && p !== '...' ? parseIndex(fn, p) : [p as IndexPart],
    );
  }
  return [index as IndexPart];
}

function toIndexArray(fn: string, p: IndexPart): ndarray | null {
  if (p instanceof ndarray) return p;
  if (Array.isArray(p)) return fromData(fn, p, undefined, true);
  return null;
}

/** Applies basic indexing; collects advanced parts. */
function analyze(fn: string, base: Store, index: Index): Basic {
  const parts = normalize(fn, index);
  let consumed = 0;
  let ellipses = 0;
  for (const p of parts) {
    if (p === '...') ellipses++;
    else if (p === null) continue;
    else if (p instanceof ndarray || Array.isArray(p)) {
      const arr = p instanceof ndarray ? p : null;
      consumed +=
        arr && arr.dtype === 'bool'
          ? arr.ndim
          : Array.isArray(p) && p.length > 0 && typeof p[0] === 'boolean'
            ? 1
            : 1;
    } else consumed++;
  }
  if (ellipses > 1) throw new IndexError(argMessage(fn, 'index', "at most one '...'", index));
  if (consumed > base.ndim) {
    throw new IndexError(
      `${fn}: too many indices for an array of shape ${fmtShape(base.shape)}: ${consumed} were given`,
    );
  }
  const shape: number[] = [];
  const strides: number[] = [];
  let offset = base.offset;
  const advDims: number[] = [];
  const advArrays: ndarray[] = [];
  let d = 0; // axis of base
  for (const p of parts) {
    if (p === '...') {
      const n = base.ndim - consumed;
      for (let k = 0; k < n; k++, d++) {
        shape.push(base.shape[d]!);
        strides.push(base.strides[d]!);
      }
    } else if (p === null) {
      shape.push(1);
      strides.push(0);
    } else if (typeof p === 'number') {
      if (!Number.isInteger(p))
        throw new IndexError(argMessage(fn, 'index', 'integers, slices, null, "..." or arrays', p));
      const n = base.shape[d]!;
      if (p < -n || p >= n)
        throw new IndexError(`${fn}: index ${p} is out of bounds for axis ${d} with size ${n}`);
      offset += (p < 0 ? p + n : p) * base.strides[d]!;
      d++;
    } else if (p instanceof Slice) {
      const [start, step, len] = p.resolve(fn, base.shape[d]!);
      if (len > 0) offset += start * base.strides[d]!;
      shape.push(len);
      strides.push(base.strides[d]! * step);
      d++;
    } else {
      let arr = toIndexArray(fn, p);
      if (arr === null)
        throw new ArgumentTypeError(argMessage(fn, 'index', 'integers, slices, null, "..." or arrays', p));
      if (arr.dtype === 'bool') {
        const bshape = base.shape.slice(d, d + arr.ndim);
        if (arr.ndim === 0 || bshape.length !== arr.ndim || bshape.some((e, k) => e !== arr!.shape[k])) {
          throw new IndexError(
            `${fn}: boolean index with shape ${fmtShape(arr.shape)} does not match the indexed dimensions ${fmtShape(bshape)} at axis ${d}`,
          );
        }
        for (const ix of nonzero(fn, arr)) {
          advDims.push(shape.length);
          advArrays.push(ix);
          shape.push(base.shape[d]!);
          strides.push(base.strides[d]!);
          d++;
        }
      } else {
        if (arr.dtype !== 'int32' && arr.dtype !== 'uint8') {
          throw new IndexError(
            argMessage(fn, 'index', 'integer or boolean arrays', `an array of dtype ${arr.dtype}`),
          );
        }
        arr = checkBounds(fn, arr, base.shape[d]!, d);
        advDims.push(shape.length);
        advArrays.push(arr);
        shape.push(base.shape[d]!);
        strides.push(base.strides[d]!);
        d++;
      }
    }
  }
  for (; d < base.ndim; d++) {
    shape.push(base.shape[d]!);
    strides.push(base.strides[d]!);
  }
  return { store: base.view(shape, strides, offset), advDims, advArrays };
}

function checkBounds(fn: string, arr: ndarray, n: number, axis: number): ndarray {
  const data = arr.toArray(); // a read: NumPy validates indices before any work
  for (let k = 0; k < data.length; k++) {
    const v = data[k]!;
    if (v < -n || v >= n)
      throw new IndexError(`${fn}: index ${v} is out of bounds for axis ${axis} with size ${n}`);
  }
  return arr;
}

/**
 * The coordinates of the nonzero elements, one int32 array per dimension (C order): counted,
 * scanned and written by launches on the pool (dense/nonzero.ts).
 * @example np.nonzero(np.array([0, 3, 0, 4]))[0].tolist() // [1, 3]
 */
export function nonzero(fn: string, a: ndarray): ndarray[] {
  if (a.store.shape.length === 0) return [];
  return nonzeroStores(fn, a.store).map((s) => new ndarray(s));
}

/** Layout of an advanced-index result: shape R, base strides over R, index arrays viewed as R. */
function advancedLayout(fn: string, b: Basic) {
  const bshape = broadcastShapes(
    fn,
    b.advArrays.map((a) => a.shape),
    b.advArrays.map((_, k) => `index ${k}`),
  );
  const adjacent = b.advDims.every((d, k) => k === 0 || d === b.advDims[k - 1]! + 1);
  const st = b.store;
  const rest = st.shape.map((_, d) => d).filter((d) => !b.advDims.includes(d));
  const insertAt = adjacent ? rest.filter((d) => d < b.advDims[0]!).length : 0;
  const R: number[] = [];
  const S: number[] = [];
  const isAdv: boolean[] = [];
  const restDims = rest.slice();
  for (let k = 0; k < insertAt; k++) {
    const d = restDims.shift()!;
    R.push(st.shape[d]!);
    S.push(st.strides[d]!);
    isAdv.push(false);
  }
  for (const e of bshape) {
    R.push(e);
    S.push(0);
    isAdv.push(true);
  }
  for (const d of restDims) {
    R.push(st.shape[d]!);
    S.push(st.strides[d]!);
    isAdv.push(false);
  }
  const idxStores = b.advArrays.map((a) => {
    const bs = broadcastStrides(a.store, bshape);
    const strides: number[] = [];
    let j = 0;
    for (let d = 0; d < R.length; d++) strides.push(isAdv[d] ? bs[j++]! : 0);
    return a.store.view(R, strides, a.store.offset);
  });
  const scalars = [
    R.length,
    ...S,
    ...b.advDims.map((d) => st.strides[d]!),
    ...b.advDims.map((d) => st.shape[d]!),
  ];
  return { R, idxStores, scalars };
}

/**
 * `a[index]`: a view for basic indices, a gathered copy for advanced ones.
 * @throws {IndexError} on a malformed index or an out-of-bounds integer (naming index and axis)
 */
export function getItem(a: ndarray, index: Index): ndarray {
  const b = analyze('get', a.store, index);
  if (b.advArrays.length === 0) return new ndarray(b.store);
  const { R, idxStores, scalars } = advancedLayout('get', b);
  const out = allocStore(a.dtype, R);
  if (out.size === 0) return new ndarray(out);
  const m = idxStores.length;
  const args: LaunchArg[] = [
    { store: out, privilege: 'write-discard' },
    { store: b.store, privilege: 'read' },
    ...idxStores.map((s) => ({ store: s, privilege: 'read' as const })),
  ];
  const constraints: Constraint[] = [broadcast(1), ...idxStores.map((_, k) => align(0, 2 + k))];
  launch({ op: 'get', kernel: TAKE, args, scalars: [0, m, ...scalars], constraints, key: 0 });
  return new ndarray(out);
}

/**
 * `a[index] = value`: writes through the view (basic) or scatters (advanced; with repeated indices
 * the last write wins, as in NumPy).
 */
export function setItem(a: ndarray, index: Index, value: Operand): void {
  const b = analyze('set', a.store, index);
  if (b.advArrays.length === 0) {
    assign('set', new ndarray(b.store), value);
    return;
  }
  const { R, idxStores, scalars } = advancedLayout('set', b);
  let vals = value instanceof ndarray ? value : fromData('set', value, a.dtype, true);
  if (vals.dtype !== a.dtype) vals = copyAs('set', vals, a.dtype);
  const vb = broadcastShapes('set', [vals.shape, R], ['value', 'index']);
  if (vb.length !== R.length || vb.some((e, d) => e !== R[d])) {
    throw new IndexError(
      `set: argument 'value' with shape ${fmtShape(vals.shape)} cannot broadcast to ${fmtShape(R)}`,
    );
  }
  if (R.reduce((x, y) => x * y, 1) === 0) return;
  const vstore = vals.store.view(R, broadcastStrides(vals.store, R), vals.store.offset);
  const m = idxStores.length;
  launch({
    op: 'set',
    kernel: TAKE,
    args: [
      { store: vstore, privilege: 'read' },
      { store: b.store, privilege: 'write' },
      ...idxStores.map((s) => ({ store: s, privilege: 'read' as const })),
    ],
    scalars: [1, m, ...scalars],
    single: true,
    key: 0,
  });
}
