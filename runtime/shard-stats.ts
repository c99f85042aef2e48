/** What sharding did on this rank (runtime/shard.ts, runtime/shard-copy.ts; tests and benchmarks). */
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

export const stats: ShardStats = {
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

/** Zeroes the sharding counters. */
export function resetShardStats(): void {
  for (const k of Object.keys(stats) as (keyof ShardStats)[]) stats[k] = 0;
}
