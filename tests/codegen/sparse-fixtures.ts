/** Random sparse operands in every format, from one list of (row, col, value) triplets. */
import fc from 'fast-check';

export interface Triplets {
  readonly m: number;
  readonly n: number;
  readonly rows: number[];
  readonly cols: number[];
  readonly vals: number[];
}

/** Triplets with small integer values (sums are exact), possibly duplicated and unordered. */
export const triplets = (maxDim = 7, dups = true): fc.Arbitrary<Triplets> =>
  fc
    .record({ m: fc.integer({ min: 0, max: maxDim }), n: fc.integer({ min: 0, max: maxDim }) })
    .chain(({ m, n }) =>
      fc
        .array(
          fc.record({
            i: fc.integer({ min: 0, max: Math.max(0, m - 1) }),
            j: fc.integer({ min: 0, max: Math.max(0, n - 1) }),
            v: fc.integer({ min: -4, max: 4 }),
          }),
          { maxLength: m * n === 0 ? 0 : 2 * m * n },
        )
        .map((es) => {
          const seen = new Set<string>();
          const kept = dups ? es : es.filter((e) => !seen.has(`${e.i},${e.j}`) && seen.add(`${e.i},${e.j}`));
          return { m, n, rows: kept.map((e) => e.i), cols: kept.map((e) => e.j), vals: kept.map((e) => e.v) };
        }),
    );

/** The dense m×n matrix (row-major) the triplets describe; duplicates add up. */
export function toDense(t: Triplets): Float64Array {
  const a = new Float64Array(t.m * t.n);
  t.rows.forEach((i, k) => {
    a[i * t.n + t.cols[k]!]! += t.vals[k]!;
  });
  return a;
}

/** Compressed by rows (`byRow`) or columns; entries of a segment in triplet order, or sorted when `sort`. */
export function compress(t: Triplets, byRow: boolean, sort: boolean) {
  const outer = byRow ? t.rows : t.cols;
  const inner = byRow ? t.cols : t.rows;
  const nOuter = byRow ? t.m : t.n;
  const idx = t.vals.map((_, k) => k);
  idx.sort((a, b) => outer[a]! - outer[b]! || (sort ? inner[a]! - inner[b]! : 0));
  const pos = new Int32Array(nOuter + 1);
  for (const k of idx) pos[outer[k]! + 1]!++;
  for (let r = 0; r < nOuter; r++) pos[r + 1]! += pos[r]!;
  return {
    pos,
    crd: Int32Array.from(idx.map((k) => inner[k]!)),
    vals: Float64Array.from(idx.map((k) => t.vals[k]!)),
  };
}

/** SciPy's DIA layout of a dense matrix: offsets with any nonzero, plus one empty diagonal. */
export function toDia(a: Float64Array, m: number, n: number, ld: number) {
  const offs = new Set<number>();
  for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) if (a[i * n + j] !== 0) offs.add(j - i);
  offs.add(n > 0 ? n - 1 : 0);
  const offsets = Int32Array.from([...offs].sort((x, y) => y - x));
  const data = new Float64Array(offsets.length * ld);
  offsets.forEach((o, k) => {
    for (let j = 0; j < Math.min(n, ld); j++) {
      const i = j - o;
      if (i >= 0 && i < m) data[k * ld + j] = a[i * n + j]!;
    }
  });
  return { offsets, data };
}

/** Splits `[0, n)` into pieces at the given cut fractions. */
export function pieces(n: number, cuts: readonly number[]): [number, number][] {
  const pts = [0, ...cuts.map((c) => Math.floor(c * n)).sort((x, y) => x - y), n];
  return pts.slice(1).map((hi, k) => [pts[k]!, hi]);
}

/** A dense vector of small integers. */
export const intVec = (n: number) =>
  fc.array(fc.integer({ min: -3, max: 3 }), { minLength: n, maxLength: n });
