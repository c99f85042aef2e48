/**
 * Forgetting the pending expressions of dropped lazy arrays (dense/lazy.ts; dense/README.md,
 * "Shared values"): large lazy arrays are watched for collection, and a state none of whose
 * arrays is left — collected or disposed — leaves its reader groups and lets go of its operands,
 * or waits for the pending expressions that record it as a part.
 */
import { disposeRegion, distributed, onCollected, shapeSize } from '../runtime/index.js';
import { type LazyState, NO_ARRAYS, NO_GROUPS, NO_PARTS, unregister } from './lazy.js';
import type { ndarray } from './ndarray.js';

/**
 * Elements from which a lazy array is watched ({@link LazyWatch}). A watch keeps its state
 * reachable from the sweep's table until the array is found dead, so young collections copy it:
 * the hand-written CG loop at nx = 32 (1,024 elements) had 2.6–2.9 KB per iteration copied
 * instead of ≤ 1.2 (tests/runtime/small-loop-heap.test.ts). Small dropped states hold little and
 * stay bounded by the reader groups' limits (dense/lazy.ts), as before.
 */
const WATCH_ELEMENTS = 8192;

/**
 * `a` (made from pending `s`), watched when it has {@link WATCH_ELEMENTS} or more elements —
 * except under MPI. There every rank must issue the same launches in the same order (control
 * replication, DESIGN.md §9), and a forgotten state issues none where a kept one is computed at
 * the next write to an operand (or is shared by the next identical expression): the ranks'
 * collectors run at different times, so one rank computed a dropped temporary that another had
 * forgotten, and the two then waited for each other's copies forever (the random programs of
 * tests/mpi under `mpirun -np 2`, about one run in three). So under MPI a dropped pending state
 * stays until a write computes it or its reader groups' limits do, as it did before watches.
 */
export function watchIfLarge(a: ndarray, s: LazyState): ndarray {
  return shapeSize(s.shape) >= WATCH_ELEMENTS && !distributed() ? watched(a, s) : a;
}

/**
 * What the collection of a lazy array undoes (issue 24): a pending state stays registered with
 * its operands' reader groups — so that a write to an operand computes it first — and holds its
 * operands, until it is computed. A temporary the program dropped after inlining it into another
 * expression (black_scholes' `d2`, `K`, …) was never computed: each run left ~40 such states on
 * its inputs, holding their materialized parts, and the heap grew by the run's temporaries at
 * every run (a collection could free none of them; 391 → 1,863 MB over four runs, the later runs
 * 1.5–2× slower in page faults). `done` is set once the array no longer stands for the state.
 */
interface LazyWatch {
  done: boolean;
  readonly bytes: number;
  /** Null once done: the watch must not keep a computed state's store alive. */
  state: LazyState | null;
}

function watched(a: ndarray, s: LazyState): ndarray {
  const h: LazyWatch = { done: false, bytes: 0, state: s };
  a._lazyWatch = h;
  onCollected(a, h, lazyCollected);
  return a;
}

/** Marks `a`'s watch done: it no longer stands for its pending state (computed or discarded). */
export function unwatch(a: ndarray): void {
  const h = a._lazyWatch as LazyWatch | null;
  if (h !== null) {
    h.done = true;
    h.state = null;
    a._lazyWatch = null;
  }
}

/**
 * States one of whose arrays was collected, for {@link drainCollected}. Not dropped in the
 * callback: the sweep runs inside allocations, some of them in the middle of computing that very
 * state (a write's `beforeWrite` computing a pending reader allocates its result first).
 */
const collected: LazyState[] = [];

function lazyCollected(h: LazyWatch): void {
  const s = h.state;
  h.done = true;
  h.state = null;
  if (s !== null) collected.push(s);
}

/** Drops the states of collected arrays (at the making of a lazy array: nothing is being computed). */
export function drainCollected(): void {
  if (collected.length === 0) return;
  // Taken out first: a throw halfway must not have the next drain drop the same ones again.
  const list = collected.splice(0);
  for (let i = 0; i < list.length; i++) dropSharer(list[i]!);
}

/**
 * One array made from pending state `s` is gone (collected or disposed): the state is forgotten once none is
 * left — at once, or, while pending expressions record it as a part (their launch may still
 * compute it for them), when the last of those is done with it ({@link unuse}).
 */
export function dropSharer(s: LazyState): void {
  if (s.result === null && s.groups === NO_GROUPS && s.arrays === NO_ARRAYS) return;
  if (s.sharers > 1) {
    s.sharers--;
    return;
  }
  s.sharers = 0;
  if (s.uses > 0) s.orphan = true;
  else forget(s);
}

/** A pending expression recording `s` as a part is done with it (computed, launched, or shared instead). */
export function unuse(s: LazyState): void {
  s.uses--;
  if (s.orphan && s.uses === 0) forget(s);
}

/** Drops a pending state nobody can read any more: no longer a reader of its operands, nor holding them. */
function forget(s: LazyState): void {
  s.orphan = false;
  unregister(s);
  s.arrays = NO_ARRAYS;
  const parts = s.parts;
  s.parts = NO_PARTS;
  for (let i = 0; i < parts.length; i++) unuse(parts[i]!.state);
  if (s.result !== null) {
    // Forced by a write to an operand; nobody holds it now.
    disposeRegion(s.result.region);
    s.result = null;
  }
}
