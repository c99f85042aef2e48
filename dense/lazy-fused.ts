/**
 * Fused functions (dense/fuse.ts): intermediates a fused function makes and consumes stop being
 * tracked against later writes (released); those it returns are tracked again.
 */
import { ValueError, withFusedLaunches } from '../runtime/index.js';
import { type LazyState, register, unregister } from './lazy.js';
import { ndarray } from './ndarray.js';

/** The id of the innermost {@link runFused} call running (0: none), and the last id given. */
let fuseScope = 0;
let lastScope = 0;

/** The innermost fused function's id (0: none; lazy-compose.ts reads it). */
export function currentFuseScope(): number {
  return fuseScope;
}

/** Stops tracking writes to `s`'s operands (a fused function consumed it); remembers versions. */
export function release(s: LazyState): void {
  unregister(s);
  s.released = s.arrays.map((a) => a._store!.region.version);
}

/** Throws when an operand of a released state was written since it was released. */
export function checkReleased(s: LazyState): void {
  const v = s.released;
  if (v === null) return;
  for (let i = 0; i < v.length; i++) {
    if (s.arrays[i]!._store!.region.version !== v[i]) {
      throw new ValueError(
        `fuse: an intermediate array of a fused function (${s.fn}) was used after one of its operands was overwritten; inside a fused function, keep such a value with .copy() before overwriting its operands`,
      );
    }
  }
}

/**
 * Tracks the arrays in `v` again if a fused function consumed them (they leave the function):
 * `v` itself, or arrays inside plain arrays and objects.
 */
function retrack(v: unknown, seen: Set<object> | null = null): void {
  if (typeof v !== 'object' || v === null) return;
  if (v instanceof ndarray) {
    const s = v._lazy;
    if (s === null || s.released === null || s.result !== null) return;
    checkReleased(s);
    s.released = null;
    register(s);
    return;
  }
  // Containers only: a fused call that returns one array (the common case) allocates nothing.
  const visited = seen ?? new Set<object>();
  if (visited.has(v)) return;
  visited.add(v);
  if (Array.isArray(v)) for (const x of v) retrack(x, visited);
  else if (Object.getPrototypeOf(v) === Object.prototype)
    for (const x of Object.values(v)) retrack(x, visited);
}

/**
 * Runs `fn` as a fused function (see dense/fuse.ts): pending intermediates made in this very call
 * (not in an enclosing or nested one) and consumed by another operation are not kept up to date
 * against later writes, so an in-place update such as `p = z + beta·p` is one launch with no
 * leftover pending reader of `p`.
 */
export function runFused<R>(fn: () => R): R {
  const outer = fuseScope;
  fuseScope = ++lastScope;
  let r: R;
  try {
    // Launches fuse in pairs too: an update and the reduction of its result run as one launch.
    r = withFusedLaunches(fn);
  } finally {
    fuseScope = outer;
  }
  retrack(r);
  return r;
}
