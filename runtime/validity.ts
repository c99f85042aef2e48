/**
 * The validity map under MPI (DESIGN.md §9, issue 22 layer 3): per region, which ranks hold the
 * latest data of which elements. Kept as one interval set per rank of the elements that rank does
 * NOT hold (its stale set): a region starts valid everywhere (created and filled identically by
 * every rank of a replicated program), a piece run by one rank makes its written footprint stale
 * on every other rank, a replicated write (a one-piece launch every rank runs) makes it valid
 * everywhere, and a copy makes the received elements valid on the receiver.
 *
 * Every rank records the same updates at the same points of the program (control replication),
 * so every rank holds the same map and plans the same copies without asking anyone.
 */
import { IntervalSet } from './index-space.js';
import type { Region } from './region.js';

/** A region's validity: `stale[r]` = the elements rank r does not hold the latest data of. */
export interface Validity {
  readonly stale: IntervalSet[];
  /** True while every stale set is empty (the common case of replicated data: no work). */
  clean: boolean;
}

const maps = new WeakMap<Region, Validity>();

/** The region's validity if some sharded write touched it, else undefined (valid everywhere). */
export function peekValidity(region: Region): Validity | undefined {
  const v = maps.get(region);
  return v === undefined || v.clean ? undefined : v;
}

/** The region's validity, created valid everywhere. */
export function validityOf(region: Region, ranks: number): Validity {
  let v = maps.get(region);
  if (v === undefined) {
    v = { stale: new Array<IntervalSet>(ranks).fill(IntervalSet.EMPTY), clean: true };
    maps.set(region, v);
  }
  return v;
}

function refreshClean(v: Validity): void {
  let clean = true;
  for (const s of v.stale) if (!s.empty) clean = false;
  v.clean = clean;
}

/** Rank `owner` wrote `fp`: it alone holds it now. */
export function ownedWrite(v: Validity, fp: IntervalSet, owner: number): void {
  if (fp.empty) return;
  const st = v.stale;
  for (let r = 0; r < st.length; r++) st[r] = r === owner ? st[r]!.difference(fp) : st[r]!.union(fp);
  v.clean = false;
}

/** Every rank wrote `fp` (or received it): valid everywhere. */
export function replicatedWrite(v: Validity, fp: IntervalSet): void {
  if (v.clean) return;
  const st = v.stale;
  for (let r = 0; r < st.length; r++) if (!st[r]!.empty) st[r] = st[r]!.difference(fp);
  refreshClean(v);
}

/** Rank `r` received `fp`: it holds it now. */
export function received(v: Validity, fp: IntervalSet, r: number): void {
  const st = v.stale;
  st[r] = st[r]!.difference(fp);
  refreshClean(v);
}

/**
 * Plans where rank `r` gets the elements of `fp` it does not hold: appends [from, set] pairs to
 * `out`, taking each element from the lowest rank that holds it in `before` (the stale sets as
 * they were before this exchange, so that a rank never forwards what it has yet to receive).
 * @returns the elements of `fp` rank `r` lacked (empty: nothing to move)
 */
export function planFetch(
  v: Validity,
  before: readonly IntervalSet[],
  fp: IntervalSet,
  r: number,
  out: (number | IntervalSet)[],
): IntervalSet {
  const lack = fp.intersect(v.stale[r]!);
  if (lack.empty) return lack;
  let need = lack;
  for (let s = 0; s < before.length && !need.empty; s++) {
    if (s === r) continue;
    const part = need.difference(before[s]!);
    if (part.empty) continue;
    out.push(s, part);
    need = need.difference(part);
  }
  if (!need.empty)
    throw new Error(`cohort: no rank holds elements ${need.toString()} of a region (validity map)`);
  return lack;
}
