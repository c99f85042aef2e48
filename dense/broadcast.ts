/** NumPy broadcasting as view transforms (stride 0), never copies. */
import type { Store } from '../runtime/index.js';
import { broadcastError } from './errors.js';

/**
 * The broadcast shape of several shapes, or throws naming the first argument that does not fit.
 * @param fn operation name for errors
 * @param shapes operand shapes
 * @param names operand names for errors
 */
export function broadcastShapes(
  fn: string,
  shapes: readonly (readonly number[])[],
  names: readonly string[],
): number[] {
  if (shapes.length === 1) return shapes[0]!.slice();
  // Fast path: all equal.
  const s0 = shapes[0]!;
  let same = true;
  for (let k = 1; k < shapes.length && same; k++) {
    const s = shapes[k]!;
    if (s.length !== s0.length) same = false;
    else for (let d = 0; d < s.length; d++) if (s[d] !== s0[d]) same = false;
  }
  if (same) return s0.slice();
  let nd = 0;
  for (const s of shapes) nd = Math.max(nd, s.length);
  const out = new Array<number>(nd).fill(1);
  for (const s of shapes) {
    for (let d = 0; d < s.length; d++) {
      const od = nd - s.length + d;
      const e = s[d]!;
      if (e !== 1) {
        if (out[od] === 1) out[od] = e;
        else if (out[od] !== e) out[od] = -1;
      }
    }
  }
  if (out.includes(-1)) {
    // Name the first operand that does not fit the broadcast of the ones before it.
    let acc: number[] = shapes[0]!.slice();
    for (let k = 1; k < shapes.length; k++) {
      const t = tryBroadcast([acc, shapes[k]!]);
      if (!t) throw broadcastError(fn, names[k] ?? `arg${k}`, shapes[k]!, acc);
      acc = t;
    }
  }
  return out;
}

function tryBroadcast(shapes: readonly (readonly number[])[]): number[] | null {
  let nd = 0;
  for (const s of shapes) nd = Math.max(nd, s.length);
  const out = new Array<number>(nd).fill(1);
  for (const s of shapes) {
    for (let d = 0; d < s.length; d++) {
      const od = nd - s.length + d;
      const e = s[d]!;
      if (e === 1) continue;
      if (out[od] === 1) out[od] = e;
      else if (out[od] !== e) return null;
    }
  }
  return out;
}

/** True when `from` broadcasts to exactly `to`. */
export function canBroadcastTo(from: readonly number[], to: readonly number[]): boolean {
  if (from.length > to.length) return false;
  for (let d = 0; d < from.length; d++) {
    const e = from[d]!;
    const t = to[to.length - from.length + d]!;
    if (e !== 1 && e !== t) return false;
  }
  return true;
}

/**
 * The strides of `store` broadcast to `shape` (0 on new or stretched dims). Caller has checked
 * compatibility.
 */
export function broadcastStrides(store: Store, shape: readonly number[]): number[] {
  const nd = shape.length;
  const s = store.shape;
  const off = nd - s.length;
  const out = new Array<number>(nd);
  for (let d = 0; d < nd; d++) {
    if (d < off) out[d] = 0;
    else out[d] = s[d - off] === 1 && shape[d] !== 1 ? 0 : store.strides[d - off]!;
  }
  return out;
}

/** The store viewed with `shape` (broadcast). */
export function broadcastStore(store: Store, shape: readonly number[]): Store {
  if (store.shape.length === shape.length && store.shape.every((e, d) => e === shape[d])) return store;
  return store.view(shape, broadcastStrides(store, shape), store.offset);
}
