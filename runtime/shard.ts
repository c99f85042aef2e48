/**
 * Sharding under MPI (DESIGN.md §9, issue 22 layers 1 and 3): which rank runs which piece of a
 * launch, and the copies that bring each piece's inputs to its rank first.
 *
 * Called by the engine only when `ranks() > 1` (alone nothing here runs). Every rank calls it for
 * every launch at the same point of the program with the same plan, so every rank takes the same
 * decisions and plans the same copies: the sends and receives match without negotiation.
 *
 * - A launch of several pieces is sharded: the mapper's `shard` (default: contiguous blocks of
 *   pieces per rank) names the rank of each piece; a rank runs only its own pieces. One-piece
 *   launches, and launches with `reduce` arguments (their per-block buffers are folded by one
 *   task), stay replicated: every rank runs every piece.
 * - Before the launch, every element a piece reads that its rank does not hold (validity map,
 *   runtime/validity.ts) is sent by the lowest rank that holds it. The copy is blocking, on the
 *   issuing thread: the sender first waits for its local writers of what it sends, the receiver
 *   for its local accesses of what it overwrites.
 * - After the plan, the written footprints update the map: a sharded piece's rank alone holds
 *   what it wrote; a replicated launch's writes are valid everywhere.
 * - Reductions of a sharded launch: each rank's pieces fill their blocks' partials; the partials
 *   are then exchanged so that every rank holds all of them, and every rank combines them in
 *   block order (bitwise the result of one process).
 */
import { shardBlock } from '../mapper/mapper.js';
import { currentMapper } from './config.js';
import { analyze, K_DISCARD, K_READ, type RegionState, stateOf, writersOf } from './deps.js';
import type { TypedArray } from './dtype.js';
import { waitKnown } from './engine-pool.js';
import { IntervalSet } from './index-space.js';
import { DEFAULT_REDUCTION_BLOCK } from './launch-types.js';
import { distributed, exchangeBytes, rank, ranks } from './mpi.js';
import type { LaunchPlan } from './plan.js';
import type { Region } from './region.js';
import { checkSend } from './shard-fail.js';
import { releaseStale, retryStale } from './shard-pages.js';
import type { Store } from './store.js';
import { ownedWrite, peekValidity, planFetch, received, replicatedWrite, validityOf } from './validity.js';

/**
 * The cut granularity of a 1-D launch domain's natural tiling under MPI: the reduction block, so
 * that element-wise launches and reductions (whose tiles are block-aligned) over the same data cut
 * it at the same rank boundaries (with piece counts that are multiples of the ranks, mapper
 * `DefaultMapper`). 1 alone, and for n-D domains.
 */
export function shardAlign(store: Store): number {
  return store.ndim === 1 && distributed() ? DEFAULT_REDUCTION_BLOCK : 1;
}

/** Counters of what sharding did on this rank (tests and benchmarks). */
export interface ShardStats {
  /** Launches whose pieces were shared out over the ranks. */
  shardedLaunches: number;
  /** Multi-piece launches every rank ran whole (reduce arguments, unsplittable partials). */
  replicatedLaunches: number;
  /** Pieces of sharded launches this rank ran, and those it left to other ranks. */
  piecesRun: number;
  piecesSkipped: number;
  /** Region bytes this rank sent and received through planned copies (partials not included). */
  copyBytesSent: number;
  copyBytesReceived: number;
  /** Reduction partials this rank sent and received (bytes). */
  partialBytesSent: number;
  partialBytesReceived: number;
  /** Planned copy exchanges this rank took part in (launches and reads that moved data here or from here). */
  exchanges: number;
}

const stats: ShardStats = {
  shardedLaunches: 0,
  replicatedLaunches: 0,
  piecesRun: 0,
  piecesSkipped: 0,
  copyBytesSent: 0,
  copyBytesReceived: 0,
  partialBytesSent: 0,
  partialBytesReceived: 0,
  exchanges: 0,
};

/** A copy of this rank's sharding counters. */
export function shardStats(): ShardStats {
  return { ...stats };
}

/**
 * Counts a reduction's failure agreement (runtime/shard-fail.ts: one int32 all-reduce, 4 bytes
 * each way per other rank) with its partials.
 */
export function noteAgreementBytes(): void {
  const b = 4 * (ranks() - 1);
  stats.partialBytesSent += b;
  stats.partialBytesReceived += b;
}

/** Zeroes the sharding counters. */
export function resetShardStats(): void {
  for (const k of Object.keys(stats) as (keyof ShardStats)[]) stats[k] = 0;
}

/** One planned copy: `set` of `region` from rank `from` to rank `to`. */
interface Transfer {
  readonly region: Region;
  readonly from: number;
  readonly to: number;
  set: IntervalSet;
}

/**
 * Per piece, the partial blocks it writes `[lo, hi)` (flat pairs), or null when they cannot be
 * told apart per piece (an n-D key, or overlapping ranges): the launch then stays replicated.
 */
function partialRanges(plan: LaunchPlan): number[] | null {
  const B = plan.block;
  const out: number[] = [];
  let prev = 0;
  for (let c = 0; c < plan.colors; c++) {
    const t = plan.tiles[c]!;
    if (t.lo.length !== 1) return null;
    const lo = t.lo[0]!;
    const hi = t.hi[0]!;
    if (hi <= lo) {
      out.push(prev, prev);
      continue;
    }
    if (lo % B !== 0) return null;
    const b0 = lo / B;
    const b1 = Math.ceil(hi / B);
    if (b0 < prev || b1 > plan.nBlocks) return null;
    out.push(b0, b1);
    prev = b1;
  }
  return out;
}

/** The owners of a sharded launch's pieces, kept with the partial ranges of its reduction. */
export interface Sharding {
  readonly owners: Int32Array;
  readonly me: number;
  readonly ranges: number[] | null;
}

/**
 * Decides a launch's sharding, runs the copies its pieces need, and records its writes in the
 * validity map. Collective: every rank calls it with the same plan.
 * @param plan - the solved launch
 * @param kinds - the access kind of every argument (runtime/deps.ts)
 * @param hasRed - whether the launch has `reduce` arguments (then it stays replicated)
 * @returns the sharding, or null when every rank runs every piece
 */
export function shardLaunch(plan: LaunchPlan, kinds: readonly number[], hasRed: boolean): Sharding | null {
  const n = ranks();
  const me = rank();
  const colors = plan.colors;
  retryStale(staleHere);
  let sharding: Sharding | null = null;
  if (colors > 1) {
    const ranges = plan.spec.reduce ? partialRanges(plan) : null;
    if (hasRed || (plan.spec.reduce && ranges === null)) stats.replicatedLaunches++;
    else {
      const mapper = currentMapper();
      const owners = new Int32Array(colors);
      for (let c = 0; c < colors; c++) {
        const o = mapper.shard ? mapper.shard(colors, c, n) : shardBlock(colors, c, n);
        if (!Number.isInteger(o) || o < 0 || o >= n)
          throw new Error(
            `cohort: the mapper's shard(${colors}, ${c}, ${n}) returned ${o}, not a rank in [0, ${n})`,
          );
        owners[c] = o;
        if (o === me) stats.piecesRun++;
        else stats.piecesSkipped++;
      }
      stats.shardedLaunches++;
      sharding = { owners, me, ranges };
    }
  }
  const args = plan.spec.args;
  if (DEBUG && me === 0)
    process.stderr.write(
      `launch ${plan.spec.op} colors ${colors} owners ${sharding?.owners.join(',') ?? 'all'} ${args
        .map(
          (a, i) =>
            `r${a.store.region.id}/k${kinds[i]}:${plan.footprints.map((f) => `${f[i]!.lo}-${f[i]!.hi}#${f[i]!.count}`).join(' ')}`,
        )
        .join(' | ')}\n`,
    );
  // Reads: what each piece's rank lacks, from the map as it stood before this launch.
  let transfers: Transfer[] | null = null;
  let before: Map<Region, IntervalSet[]> | null = null;
  const found: (number | IntervalSet)[] = [];
  for (let i = 0; i < args.length; i++) {
    const discard = kinds[i] === K_DISCARD;
    if (discard && !widened(plan, i)) continue;
    const region = args[i]!.store.region;
    const v = peekValidity(region);
    if (v === undefined) continue;
    before ??= new Map();
    let snap = before.get(region);
    if (snap === undefined) {
      snap = v.stale.slice();
      before.set(region, snap);
    }
    for (let c = 0; c < colors; c++) {
      const fp = plan.footprints[c]![i]!;
      if (fp.empty || (discard && fp.volume <= pieceVolume(plan, i, c))) continue;
      const r0 = sharding === null ? 0 : sharding.owners[c]!;
      const r1 = sharding === null ? n : r0 + 1;
      for (let r = r0; r < r1; r++) {
        found.length = 0;
        const lack = planFetch(v, snap, fp, r, found);
        if (lack.empty) continue;
        received(v, lack, r);
        transfers ??= [];
        for (let k = 0; k < found.length; k += 2)
          addTransfer(transfers, region, found[k] as number, r, found[k + 1] as IntervalSet);
      }
    }
  }
  if (transfers !== null) {
    if (DEBUG) debugTransfers(plan.spec.op, transfers);
    runTransfers(transfers, me);
  }
  // Writes.
  for (let i = 0; i < args.length; i++) {
    if (kinds[i] === K_READ) continue;
    const region = args[i]!.store.region;
    if (sharding === null) {
      const v = peekValidity(region);
      if (v === undefined) continue;
      for (let c = 0; c < colors; c++) {
        const fp = plan.footprints[c]![i]!;
        if (!fp.empty) replicatedWrite(v, fp);
      }
      continue;
    }
    const v = validityOf(region, n);
    const was = v.stale[me]!;
    for (let c = 0; c < colors; c++) {
      const fp = plan.footprints[c]![i]!;
      if (!fp.empty) ownedWrite(v, fp, sharding.owners[c]!);
    }
    // What other ranks' pieces just wrote: this rank's copy is stale, its pages can go.
    if (v.stale[me] !== was) releaseStale(region, v.stale[me]!.difference(was));
  }
  return sharding;
}

/** The elements of `region` this rank holds stale copies of. */
function staleHere(region: Region): IntervalSet {
  return peekValidity(region)?.stale[rank()] ?? IntervalSet.EMPTY;
}

/** Points of piece `c` of argument `i`'s partition (its index space, not its region). */
function pieceVolume(plan: LaunchPlan, i: number, c: number): number {
  // The one-piece path has no partitions (its piece is the whole store).
  const p = plan.partitions[i];
  return p !== undefined && p.colors === plan.colors ? p.pieces[c]!.volume : plan.spec.args[i]!.store.size;
}

/**
 * Whether a written argument's footprint is wider than what its pieces write: a view whose exact
 * footprint has too many intervals gets its bounding range (Store.footprint). The map may then
 * say that the writing rank holds the whole range only after that rank has received the elements
 * in between: such a write is planned as a read-write.
 */
function widened(plan: LaunchPlan, i: number): boolean {
  for (let c = 0; c < plan.colors; c++) {
    const fp = plan.footprints[c]![i]!;
    if (!fp.empty && fp.volume > pieceVolume(plan, i, c)) return true;
  }
  return false;
}

function addTransfer(list: Transfer[], region: Region, from: number, to: number, set: IntervalSet): void {
  for (const t of list) {
    if (t.region === region && t.from === from && t.to === to) {
      t.set = t.set.union(set);
      return;
    }
  }
  list.push({ region, from, to, set });
}

const DEBUG = typeof process !== 'undefined' && process.env.COHORT_SHARD_DEBUG === '1';

function debugTransfers(op: string, list: readonly Transfer[]): void {
  if (rank() !== 0) return;
  for (const t of list)
    process.stderr.write(
      `shard ${op}: region ${t.region.id} ${t.from}→${t.to} ${t.set.volume} elements in ${t.set.count}\n`,
    );
}

const scratch: number[] = [];

/**
 * Waits for this rank's local accesses that a send reads (writers) or a receive overwrites (all).
 * A send whose writer failed here ends the job (runtime/shard-fail.ts).
 */
function settle(st: RegionState, set: IntervalSet, overwrite: boolean): void {
  scratch.length = 0;
  if (overwrite) {
    analyze(st, set, K_DISCARD, scratch);
    for (let k = 0; k < scratch.length; k += 2) waitKnown(scratch[k]!);
  } else {
    writersOf(st, set, scratch);
    for (const e of scratch) waitKnown(e);
    checkSend(scratch, 'data');
  }
}

/**
 * Runs this rank's share of planned transfers (every rank holds the same list, in the same
 * order: message k of the list has tag k on both sides).
 */
function runTransfers(list: readonly Transfer[], me: number): void {
  const sends: ArrayBufferView[] = [];
  const sendPeers: number[] = [];
  const sendTags: number[] = [];
  const recvs: ArrayBufferView[] = [];
  const recvPeers: number[] = [];
  const recvTags: number[] = [];
  /** Receives of several intervals: [packed buffer, transfer] to scatter after the exchange. */
  const unpack: [TypedArray, Transfer][] = [];
  for (let k = 0; k < list.length; k++) {
    const t = list[k]!;
    if (t.from !== me && t.to !== me) continue;
    settle(stateOf(t.region), t.set, t.to === me);
    const b = t.set.bounds;
    const data = t.region.data;
    // One message per transfer (its tag: the transfer's index, the same on both sides); a set of
    // several intervals is packed in interval order.
    let view: TypedArray;
    if (b.length === 2) view = data.subarray(b[0]!, b[1]!);
    else {
      view = new (data.constructor as new (n: number) => TypedArray)(t.set.volume);
      if (t.from === me) {
        let at = 0;
        for (let q = 0; q < b.length; q += 2) {
          view.set(data.subarray(b[q]!, b[q + 1]!) as never, at);
          at += b[q + 1]! - b[q]!;
        }
      } else unpack.push([view, t]);
    }
    const tag = k & 0x7fff;
    if (t.from === me) {
      sends.push(view);
      sendPeers.push(t.to);
      sendTags.push(tag);
      stats.copyBytesSent += view.byteLength;
    } else {
      recvs.push(view);
      recvPeers.push(t.from);
      recvTags.push(tag);
      stats.copyBytesReceived += view.byteLength;
    }
  }
  if (sends.length + recvs.length === 0) return;
  stats.exchanges++;
  exchangeBytes(
    sends,
    Int32Array.from(sendPeers),
    Int32Array.from(sendTags),
    recvs,
    Int32Array.from(recvPeers),
    Int32Array.from(recvTags),
  );
  for (const [buf, t] of unpack) {
    const b = t.set.bounds;
    const data = t.region.data;
    let at = 0;
    for (let q = 0; q < b.length; q += 2) {
      const len = b[q + 1]! - b[q]!;
      data.set(buf.subarray(at, at + len) as never, b[q]!);
      at += len;
    }
  }
}

/**
 * Makes `fp` of `region` (all of it when null) valid on every rank before a host read: the ranks
 * holding the latest data send it to those that lack it. Collective (every rank reads the same
 * data at the same point of a replicated program).
 */
export function syncForRead(region: Region, fp: IntervalSet | null): void {
  const v = peekValidity(region);
  if (v === undefined) return;
  const set = fp ?? IntervalSet.range(0, region.size);
  const snap = v.stale.slice();
  const found: (number | IntervalSet)[] = [];
  let transfers: Transfer[] | null = null;
  for (let r = 0; r < snap.length; r++) {
    found.length = 0;
    const lack = planFetch(v, snap, set, r, found);
    if (lack.empty) continue;
    received(v, lack, r);
    transfers ??= [];
    for (let k = 0; k < found.length; k += 2)
      addTransfer(transfers, region, found[k] as number, r, found[k + 1] as IntervalSet);
  }
  if (transfers !== null) {
    if (DEBUG) debugTransfers('read', transfers);
    runTransfers(transfers, rank());
  }
}

/**
 * After a sharded reduction's local pieces are done: every rank receives the partial blocks of the
 * pieces it did not run, so that every rank combines all of them in block order.
 */
export function exchangePartials(s: Sharding, partials: Float64Array, width: number): void {
  const ranges = s.ranges!;
  const n = ranks();
  const me = s.me;
  const sends: ArrayBufferView[] = [];
  const sendPeers: number[] = [];
  const sendTags: number[] = [];
  const recvs: ArrayBufferView[] = [];
  const recvPeers: number[] = [];
  const recvTags: number[] = [];
  const colors = s.owners.length;
  let g = 0;
  let c = 0;
  while (c < colors) {
    // A run of consecutive pieces of one rank: one contiguous range of blocks.
    const o = s.owners[c]!;
    const b0 = ranges[2 * c]!;
    let b1 = ranges[2 * c + 1]!;
    let e = c + 1;
    while (e < colors && s.owners[e] === o) b1 = Math.max(b1, ranges[2 * e++ + 1]!);
    if (b1 > b0) {
      const view = partials.subarray(b0 * width, b1 * width);
      for (let d = 0; d < n; d++) {
        if (d === o) continue;
        const tg = (g * n + d) & 0x7fff;
        if (o === me) {
          sends.push(view);
          sendPeers.push(d);
          sendTags.push(tg);
          stats.partialBytesSent += view.byteLength;
        } else if (d === me) {
          recvs.push(view);
          recvPeers.push(o);
          recvTags.push(tg);
          stats.partialBytesReceived += view.byteLength;
        }
      }
      g++;
    }
    c = e;
  }
  exchangeBytes(
    sends,
    Int32Array.from(sendPeers),
    Int32Array.from(sendTags),
    recvs,
    Int32Array.from(recvPeers),
    Int32Array.from(recvTags),
  );
}
