/**
 * Equal partitions (tilings) of n-D rectangles: a near-square grid of colors over the
 * dimensions, pieces equal to within one element (one `align` unit) per split dimension.
 * Tilings depend only on (shape, pieces, align) and are memoized, so every store of one shape
 * gets the same Partition object for the same request.
 */
import { Rect } from './index-space.js';
import { Partition } from './partition.js';

/**
 * Splits `[0, n)` into `pieces` near-equal ranges whose inner bounds are multiples of `align`
 * (never more ranges than `ceil(n / align)`, at least one).
 * @param n - extent
 * @param pieces - requested ranges
 * @param align - granularity of the inner cut points
 * @returns the cut points `[0, c1, ..., n]`
 * @example splitRange(10, 3) // [0, 3, 6, 10]
 */
export function splitRange(n: number, pieces: number, align = 1): number[] {
  const units = Math.ceil(n / align);
  const p = Math.max(1, Math.min(pieces, units));
  const cuts = [0];
  for (let c = 1; c < p; c++) cuts.push(Math.min(n, Math.floor((units * c) / p) * align));
  cuts.push(n);
  return cuts;
}

/** Largest piece extent of `splitRange(n, g, align)`. */
function maxPiece(n: number, g: number, align: number): number {
  const units = Math.ceil(n / align);
  return Math.min(n, Math.ceil(units / g) * align);
}

/**
 * Chooses colors per dimension for `pieces` pieces of `shape`: the grid (product at most
 * `pieces`, each count at most the dimension's units) whose largest piece is smallest; ties go
 * to more colors, then to fewer split dimensions, then to splitting outer dimensions (pieces
 * contiguous in C order). So 2 pieces split dim 0, and 4 pieces of a 10×10 shape become 2×2.
 * @param shape - the extents
 * @param pieces - the mapper's piece count
 * @param align - granularity of cut points in dimension 0
 * @returns colors per dimension
 * @example chooseGrid([10, 10], 4) // [2, 2]
 */
export function chooseGrid(shape: readonly number[], pieces: number, align = 1): number[] {
  const nd = shape.length;
  const grid = new Array<number>(nd).fill(1);
  if (nd === 0 || pieces <= 1 || shape.some((e) => e === 0)) return grid;
  const units = shape.map((e, d) => (d === 0 ? Math.ceil(e / align) : e));
  let best: number[] = grid.slice();
  let bestScore: number[] | null = null;
  const cur = grid.slice();
  const score = (): number[] => {
    let vol = 1;
    let colors = 1;
    let split = 0;
    let outer = 0;
    for (let d = 0; d < nd; d++) {
      vol *= maxPiece(shape[d]!, cur[d]!, d === 0 ? align : 1);
      colors *= cur[d]!;
      if (cur[d]! > 1) {
        split++;
        outer += d;
      }
    }
    return [vol, -colors, split, outer];
  };
  const better = (a: number[], b: number[]): boolean => {
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
    return false;
  };
  const visit = (d: number, left: number): void => {
    if (d === nd) {
      const s = score();
      if (bestScore === null || better(s, bestScore)) {
        bestScore = s;
        best = cur.slice();
      }
      return;
    }
    const top = Math.min(left, units[d]!);
    for (let g = 1; g <= top; g++) {
      cur[d] = g;
      visit(d + 1, Math.floor(left / g));
    }
    cur[d] = 1;
  };
  visit(0, pieces);
  return best;
}

const MAX_MEMO = 4096;
const memo = new Map<string, Partition>();

/**
 * The tiling of `[0, shape)` into about `pieces` pieces (memoized: the same object for the same
 * shape, pieces and align). Colors are numbered in C order over the grid.
 * @param shape - the extents
 * @param pieces - requested pieces (fewer when the shape is too small)
 * @param align - inner cut points of dimension 0 are multiples of it (reduction blocks)
 * @returns a disjoint, complete partition with rectangular pieces
 * @example tiling([10], 2).pieces.map(String) // ['[0:5]', '[5:10]']
 */
export function tiling(shape: readonly number[], pieces: number, align = 1): Partition {
  const key = `${shape.join(',')}|${pieces}|${align}`;
  let p = memo.get(key);
  if (p === undefined) {
    if (memo.size >= MAX_MEMO) memo.clear();
    p = makeTiling(shape, pieces, align);
    memo.set(key, p);
  }
  return p;
}

function makeTiling(shape: readonly number[], pieces: number, align: number): Partition {
  const space = Rect.fromShape(shape);
  const grid = chooseGrid(shape, pieces, align);
  const cuts = shape.map((e, d) => splitRange(e, grid[d]!, d === 0 ? align : 1));
  const rects: Rect[] = [];
  const nd = shape.length;
  const idx = new Array<number>(nd).fill(0);
  let total = 1;
  for (const g of grid) total *= g;
  for (let k = 0; k < total; k++) {
    rects.push(
      new Rect(
        idx.map((i, d) => cuts[d]![i]!),
        idx.map((i, d) => cuts[d]![i + 1]!),
      ),
    );
    for (let d = nd - 1; d >= 0; d--) {
      if (++idx[d]! < grid[d]!) break;
      idx[d] = 0;
    }
  }
  return new Partition('tiling', space, rects, { disjoint: true, complete: true, grid });
}

const wholeMemo = new Map<string, Partition>();

/**
 * The partition giving every one of `colors` colors the whole space (broadcast arguments).
 * Memoized per shape and color count.
 */
export function wholePartition(shape: readonly number[], colors: number): Partition {
  const key = `${shape.join(',')}|${colors}`;
  let p = wholeMemo.get(key);
  if (p === undefined) {
    if (wholeMemo.size >= MAX_MEMO) wholeMemo.clear();
    const space = Rect.fromShape(shape);
    p = new Partition('whole', space, new Array<Rect>(colors).fill(space), {
      disjoint: colors <= 1 || space.empty,
      complete: true,
    });
    wholeMemo.set(key, p);
  }
  return p;
}
