/**
 * Dependence analysis per piece (DESIGN.md §2): for every region, the accesses still in flight
 * (footprint in the region's linear memory, privilege, event). A new access waits for every
 * earlier access it conflicts with on an overlapping footprint: read-after-write,
 * write-after-read, write-after-write. Read–read never conflicts.
 *
 * Reduce privileges never reach this analysis as such: a launch's `reduce` argument is folded
 * into per-block buffers by its pieces (which touch no region memory of it, so reductions into
 * overlapping pieces run at the same time), and a fold task then applies the buffers as a
 * read-write of the argument's footprint (runtime/reduction.ts, engine.ts `submitFold`).
 *
 * Each dependence is either a *data* dependence (the new access reads contents the old one wrote:
 * a failure of the old task propagates) or an *order* dependence (write-after-read, or a
 * write-discard that overwrites everything: it only waits).
 */
import { isDone, isFailed } from './events.js';
import type { IntervalSet } from './index-space.js';
import { isKnown } from './known.js';
import type { Privilege } from './launch-types.js';
import type { Region } from './region.js';

export const K_READ = 0;
export const K_WRITE = 1;
export const K_RW = 2;
export const K_DISCARD = 3;
export const K_REDUCE = 4;

/** The access kind of a privilege. */
export function kindOf(p: Privilege): number {
  switch (p) {
    case 'read':
      return K_READ;
    case 'write':
      return K_WRITE;
    case 'read-write':
      return K_RW;
    case 'write-discard':
      return K_DISCARD;
    default:
      return K_REDUCE;
  }
}

/** One access still in flight (or failed: failed writes stay until a covering write). */
export interface Access {
  readonly fp: IntervalSet;
  readonly kind: number;
  readonly seq: number;
}

/**
 * The engine's per-region state; it never references the region itself. Reads are kept apart:
 * a new read only waits for writes, so it scans `accesses` alone — with the issuing thread far
 * ahead of the workers, a region read by every launch (a solver's matrix, `x` of `y += a*x`)
 * holds thousands of readers in flight, and scanning them for every piece made issuing cost
 * grow with how far ahead it ran.
 */
export interface RegionState {
  /** Writes, read-writes, discards and reductions in flight (or failed). */
  accesses: Access[];
  /** Reads in flight (scanned by writes; pruned of completed ones when it doubles). */
  readers: Access[];
  readLimit: number;
}

const states = new Map<number, RegionState>();
const READ_LIMIT_MIN = 64;

/**
 * Forgets a garbage-collected region (runtime/region.ts calls this through its freed hook).
 * @param id - the region's id
 * @returns the events still in flight on it
 */
export function forgetRegion(id: number): number[] {
  const st = states.get(id);
  if (st === undefined) return [];
  states.delete(id);
  const out: number[] = [];
  pendingOf(st, out);
  return out;
}

/** The state of `region`, created on first use. */
export function stateOf(region: Region): RegionState {
  let st = states.get(region.id);
  if (st === undefined) {
    st = { accesses: [], readers: [], readLimit: READ_LIMIT_MIN };
    states.set(region.id, st);
  }
  return st;
}

/** The state of `region` if the engine has seen it. */
export function peekState(region: Region): RegionState | undefined {
  return states.get(region.id);
}

function covers(a: IntervalSet, b: IntervalSet): boolean {
  if (a.count === 1) return a.lo <= b.lo && b.hi <= a.hi;
  return a.contains(b);
}

/**
 * Appends to `out` the events (pairs `seq, isData`) that an access `kind` over `fp` must wait
 * for, and forgets completed accesses and those the new access supersedes (a write whose
 * footprint covers an earlier access). The new access itself is added by {@link addAccess}.
 */
export function analyze(st: RegionState, fp: IntervalSet, kind: number, out: number[]): void {
  const list = st.accesses;
  const writer = kind === K_WRITE || kind === K_RW || kind === K_DISCARD;
  const readsOld = kind !== K_DISCARD;
  let w = 0;
  for (let r = 0; r < list.length; r++) {
    const a = list[r]!;
    if (isKnown(a.seq) && !isFailed(a.seq)) continue;
    if (a.fp.overlaps(fp)) {
      out.push(a.seq, readsOld ? 1 : 0);
      if (writer && covers(fp, a.fp)) continue;
    }
    list[w++] = a;
  }
  if (w !== list.length) list.length = w;
  if (kind === K_READ) return;
  // Anything but a read waits for the reads it overlaps (write-after-read: order only).
  const rl = st.readers;
  w = 0;
  for (let r = 0; r < rl.length; r++) {
    const a = rl[r]!;
    if (isKnown(a.seq)) continue;
    if (a.fp.overlaps(fp)) {
      out.push(a.seq, 0);
      if (writer && covers(fp, a.fp)) continue;
    }
    rl[w++] = a;
  }
  if (w !== rl.length) rl.length = w;
}

/** Records an access in flight (or failed). */
/**
 * Whether an access of `kind` to `fp` has a dependence that is not known complete, or a failed
 * one (then {@link analyze} would report it): the one-piece inline path's test. Unlike `analyze`
 * it drops nothing but accesses known complete (analyze also drops those a write covers, which
 * is only right when that write is then recorded or run), so a launch it declines is analyzed
 * afresh by the general path.
 * @returns true when the access must go through `analyze`
 */
export function blocked(st: RegionState, fp: IntervalSet, kind: number): boolean {
  const list = st.accesses;
  let w = 0;
  let hit = false;
  for (let r = 0; r < list.length; r++) {
    const a = list[r]!;
    if (isKnown(a.seq) && !isFailed(a.seq)) continue;
    list[w++] = a;
    if (!hit && a.fp.overlaps(fp)) hit = true;
  }
  if (w !== list.length) list.length = w;
  if (hit || kind === K_READ) return hit;
  const rl = st.readers;
  for (let r = 0; r < rl.length; r++) {
    const a = rl[r]!;
    if (!isKnown(a.seq) && a.fp.overlaps(fp)) return true;
  }
  return false;
}

export function addAccess(st: RegionState, fp: IntervalSet, kind: number, seq: number): void {
  if (kind !== K_READ) {
    st.accesses.push({ fp, kind, seq });
    return;
  }
  const rl = st.readers;
  rl.push({ fp, kind, seq });
  if (rl.length > st.readLimit) {
    let w = 0;
    for (let r = 0; r < rl.length; r++) if (!isKnown(rl[r]!.seq)) rl[w++] = rl[r]!;
    rl.length = w;
    st.readLimit = Math.max(READ_LIMIT_MIN, 2 * w);
  }
}

/**
 * Appends the events a read of `fp` must wait for: unfinished or failed writes that overlap it.
 */
export function writersOf(st: RegionState, fp: IntervalSet | null, out: number[]): void {
  const list = st.accesses;
  let w = 0;
  for (let r = 0; r < list.length; r++) {
    const a = list[r]!;
    if (isKnown(a.seq) && !isFailed(a.seq)) continue;
    list[w++] = a;
    if (fp === null || a.fp.overlaps(fp)) out.push(a.seq);
  }
  if (w !== list.length) list.length = w;
}

/** Every event of the region still in flight (for a full drain before its memory is reused). */
export function pendingOf(st: RegionState, out: number[]): void {
  for (const a of st.accesses) if (!isDone(a.seq)) out.push(a.seq);
  for (const a of st.readers) if (!isDone(a.seq)) out.push(a.seq);
}
