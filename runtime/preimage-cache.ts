/**
 * Preimage partitions, cached per view like images (partition-cache.ts) and, when the caller may
 * take a stand-in, computed by tasks on the pool (preimage-task.ts).
 */
import type { ImageMode } from './constraints.js';
import { preimagePieces } from './image.js';
import { isProvisional } from './image-task.js';
import { type IntervalSet, Rect } from './index-space.js';
import { Partition, statsSink } from './partition.js';
import { cached, remember, settle, viewState } from './partition-cache.js';
import {
  deferPreimage,
  finishPreimage,
  type PendingPreimage,
  provisionalPreimage,
  shouldDeferPreimage,
} from './preimage-task.js';
import type { Region } from './region.js';
import type { Store } from './store.js';

/**
 * The preimage of `dstPart` (a partition of a 1-D space) through `src`'s values: color `c`
 * gets the points (rows) of `src` whose value lands in (range meets) piece `c`. Cached against
 * `src.region.version` like {@link imagePartition}, and like it, with `defer` (no argument
 * derived from it is written) a large preimage, or one whose source has writes in flight, is
 * computed by tasks on the pool (preimage-task.ts): this request gets a provisional partition
 * (every source row per color) and the next request at the same version collects the tasks'.
 * @param src - the values (1-D; `[n, 2]` for `'range'`; an offsets view for `'offsets'`)
 * @param dstPart - the target partition
 * @param mode - how values name target points
 * @param sync - waits for the pending writers of a region (the scan reads the values)
 * @param defer - a provisional answer is acceptable (the caller only reads through it)
 * @returns one interval set of source rows per color of `dstPart`
 * @example
 * const row = Store.whole(regionFromArray(new Int32Array([0, 0, 1, 3, 3, 2])));
 * const tiles = new Partition('tiling', Rect.fromShape([4]), [new Rect([0], [2]), new Rect([2], [4])]);
 * preimagePartition(row, tiles, 'point', () => {}).pieces.map(String) // ['{0:3}', '{3:6}']
 */
export function preimagePartition(
  src: Store,
  dstPart: Partition,
  mode: ImageMode,
  sync: (region: Region) => void,
  defer = false,
): Partition {
  const vs = viewState(src);
  const stats = statsSink();
  const extent = dstPart.space.hi[0] ?? 0;
  let hit = cached(vs, dstPart, mode, true, extent, true);
  const version = src.region.version;
  const rows = src.shape[0]!;
  const space = Rect.fromShape([rows]);
  let scanNow = false;
  if (hit !== undefined && hit.version === version) {
    if (hit.pending == null) {
      stats.imageHits++;
      return hit.partition;
    }
    const pending = hit.pending as PendingPreimage;
    hit.pending = null;
    let sets: IntervalSet[] | null = null;
    try {
      sets = finishPreimage(pending);
    } catch {
      scanNow = true; // a failed task or source write: the scan below rethrows the source's failure
    }
    if (sets !== null) {
      stats.imageHits++;
      return settle(hit, version, sets, space, 'preimage');
    }
  }
  if (hit !== undefined && hit.pending != null) {
    // Deferred, then superseded by a write before anyone used it: scan this view from now on.
    hit.pending = null;
    hit.noDefer = true;
    hit.partition = hit.exactPartition ?? hit.partition;
  }
  // A stand-in target (an image still being computed): a stand-in preimage, not remembered.
  if (isProvisional(dstPart)) return provisionalPreimage(dstPart.colors, rows);
  if (defer && !scanNow && hit?.noDefer !== true && shouldDeferPreimage(src, dstPart.colors)) {
    const pending = deferPreimage(src, dstPart, mode);
    if (pending !== null) {
      stats.imageComputations++;
      const partition = provisionalPreimage(dstPart.colors, rows);
      if (hit === undefined) {
        hit = { mode, exact: true, extent, preimage: true, version, partition, exactPartition: null };
        remember(vs, dstPart, hit);
      } else {
        if (!isProvisional(hit.partition)) hit.exactPartition = hit.partition;
        hit.version = version;
        hit.partition = partition;
      }
      hit.pending = pending;
      return partition;
    }
  }
  sync(src.region);
  stats.imageComputations++;
  const sets = preimagePieces(src, dstPart, mode);
  if (hit !== undefined) return settle(hit, version, sets, space, 'preimage');
  const partition = new Partition('preimage', space, sets);
  remember(vs, dstPart, { mode, exact: true, extent, preimage: true, version, partition });
  return partition;
}
