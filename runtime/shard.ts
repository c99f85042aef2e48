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
 *
 * Beside this file: the copies and collective reads (runtime/shard-copy.ts), resident pages
 * (runtime/shard-pages.ts), failures (runtime/shard-fail.ts), the end of a sharded reduction
 * (runtime/shard-reduce.ts) and the counters (runtime/shard-stats.ts).
 */
import { shardBlock } from '../mapper/mapper.js';
import { currentMapper } from './config.js';
import { K_DISCARD, K_READ } from './deps.js';
import { IntervalSet } from './index-space.js';
import { DEFAULT_REDUCTION_BLOCK } from './launch-types.js';
import { distributed, exchangeBytes, rank, ranks } from './mpi.js';
import type { LaunchPlan } from './plan.js';
import type { Region } from './region.js';
import { addTransfer, DEBUG, debugTransfers, runTransfers, type Transfer } from './shard-copy.js';
import { pagesWanted, releaseStale, retryStale } from './shard-pages.js';
import { stats } from './shard-stats.js';
import type { Store } from './store.js';
import { ownedWrite, peekValidity, planFetch, received, replicatedWrite, validityOf } from './validity.js';

export { syncForRead } from './shard-copy.js';
export { resetShardStats, type ShardStats, shardStats } from './shard-stats.js';

/**
 * The cut granularity of a 1-D launch domain's natural tiling under MPI: the reduction block, so
 * that element-wise launches and reductions (whose tiles are block-aligned) over the same data cut
 * it at the same rank boundaries (with piece counts that are multiples of the ranks, mapper
 * `DefaultMapper`). 1 alone, and for n-D domains.
 */
export function shardAlign(store: Store): number {
  return store.ndim === 1 && distributed() ? DEFAULT_REDUCTION_BLOCK : 1;
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
    const pages = pagesWanted(region);
    for (let c = 0; c < colors; c++) {
      const fp = plan.footprints[c]![i]!;
      if (fp.empty) continue;
      const owner = sharding.owners[c]!;
      ownedWrite(v, fp, owner);
      // What another rank's piece just wrote is stale here: its pages can go.
      if (pages && owner !== me) releaseStale(region, fp, v.stale[me]!);
    }
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

/**
 * After a sharded reduction's local pieces are done: every rank receives the partial blocks of the
 * pieces it did not run, so that every rank combines all of them in block order. Each message
 * carries one more value, its sender's status (1 when one of its pieces failed), so that every
 * rank learns of a failure anywhere without another collective (runtime/shard-fail.ts).
 * @param failed - whether one of this rank's pieces failed (its partials are then not to be used)
 * @returns the lowest rank whose pieces failed (the same on every rank), or -1
 */
export function exchangePartials(
  s: Sharding,
  partials: Float64Array,
  width: number,
  failed: boolean,
): number {
  const ranges = s.ranges!;
  const n = ranks();
  const me = s.me;
  const sends: ArrayBufferView[] = [];
  const sendPeers: number[] = [];
  const sendTags: number[] = [];
  const recvs: Float64Array[] = [];
  const recvPeers: number[] = [];
  const recvTags: number[] = [];
  /** Where each receive goes: its offset in `partials`. */
  const recvAt: number[] = [];
  const colors = s.owners.length;
  let origin = -1;
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
      const len = (b1 - b0) * width;
      let msg: Float64Array | null = null;
      if (o === me) {
        if (failed && (origin < 0 || me < origin)) origin = me;
        msg = new Float64Array(len + 1);
        msg.set(partials.subarray(b0 * width, b1 * width));
        msg[len] = failed ? 1 : 0;
      }
      for (let d = 0; d < n; d++) {
        if (d === o) continue;
        const tg = (g * n + d) & 0x7fff;
        if (o === me) {
          sends.push(msg!);
          sendPeers.push(d);
          sendTags.push(tg);
          stats.partialBytesSent += msg!.byteLength;
        } else if (d === me) {
          recvs.push(new Float64Array(len + 1));
          recvPeers.push(o);
          recvTags.push(tg);
          recvAt.push(b0 * width);
          stats.partialBytesReceived += 8 * (len + 1);
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
  for (let k = 0; k < recvs.length; k++) {
    const m = recvs[k]!;
    const len = m.length - 1;
    if (m[len] !== 0) {
      if (origin < 0 || recvPeers[k]! < origin) origin = recvPeers[k]!;
    } else partials.set(m.subarray(0, len), recvAt[k]!);
  }
  return origin;
}
