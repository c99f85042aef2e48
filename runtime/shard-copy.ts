/**
 * Planned copies under MPI (runtime/shard.ts): the transfers every rank computed identically from
 * the validity map, run as one exchange per launch or read (runtime/mpi.ts `exchangeBytes`), and
 * the collective host read that makes a footprint valid on every rank.
 */
import { analyze, K_DISCARD, type RegionState, stateOf, writersOf } from './deps.js';
import type { TypedArray } from './dtype.js';
import { waitKnown } from './engine-pool.js';
import { IntervalSet } from './index-space.js';
import { exchangeBytes, rank } from './mpi.js';
import type { Region } from './region.js';
import { checkSend } from './shard-fail.js';
import { stats } from './shard-stats.js';
import { peekValidity, planFetch, received } from './validity.js';

/** One planned copy: `set` of `region` from rank `from` to rank `to`. */
export interface Transfer {
  readonly region: Region;
  readonly from: number;
  readonly to: number;
  set: IntervalSet;
}

export function addTransfer(
  list: Transfer[],
  region: Region,
  from: number,
  to: number,
  set: IntervalSet,
): void {
  for (const t of list) {
    if (t.region === region && t.from === from && t.to === to) {
      t.set = t.set.union(set);
      return;
    }
  }
  list.push({ region, from, to, set });
}

export const DEBUG = typeof process !== 'undefined' && process.env.COHORT_SHARD_DEBUG === '1';

export function debugTransfers(op: string, list: readonly Transfer[]): void {
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
export function runTransfers(list: readonly Transfer[], me: number): void {
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
