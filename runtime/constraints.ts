/**
 * Partitioning constraints that an operation declares on its arguments (by argument index);
 * the solver resolves them at launch (DESIGN.md §2).
 */

/**
 * How an image reads its source: each element names a point (`'point'`), consecutive entries are
 * offsets like `indptr` (`'offsets'`), or each row of a `[n, 2]` source is a range `[start, end)`
 * (`'range'`).
 */
export type ImageMode = 'point' | 'offsets' | 'range';

export type Constraint =
  /** Arguments `a` and `b` get the same partition (their shapes must be equal). */
  | { readonly kind: 'align'; readonly a: number; readonly b: number }
  /** Every piece sees all of argument `a`. */
  | { readonly kind: 'broadcast'; readonly a: number }
  /**
   * `dst`'s piece is the image of `src`'s piece: with mode 'point' the values of src's piece are
   * indices of dst; with 'offsets' src is an offsets array (like `indptr`, whose region holds one
   * more element than the store) and piece `[lo, hi)` maps to `[src[lo], src[hi])`. `exact`
   * gives interval sets, otherwise the bounding interval. dst is a 1-D store; src is 1-D
   * (`[n, 2]` for mode 'range', whose row k names `[src[k,0], src[k,1])`).
   */
  | {
      readonly kind: 'image';
      readonly src: number;
      readonly dst: number;
      readonly mode: ImageMode;
      readonly exact: boolean;
    }
  /**
   * `dst`'s piece is `src`'s piece projected: for each dimension `d` of dst, `dims[d]` is the src
   * dimension whose tile bounds it takes, or -1 for the whole extent (reductions over an axis,
   * broadcasting, the full `B` of a row-partitioned matmul).
   */
  | { readonly kind: 'project'; readonly src: number; readonly dst: number; readonly dims: readonly number[] }
  /** `dst`'s piece is `src`'s piece grown by `halo[d]` on each side (clipped to dst's shape). */
  | { readonly kind: 'bloat'; readonly src: number; readonly dst: number; readonly halo: readonly number[] }
  /** `dst`'s piece is `src`'s piece with bounds multiplied by `factor[d]` (coarse/fine grids). */
  | {
      readonly kind: 'scale';
      readonly src: number;
      readonly dst: number;
      readonly factor: readonly number[];
    };

/** Arguments `a` and `b` share one partition. */
export const align = (a: number, b: number): Constraint => ({ kind: 'align', a, b });
/** Every piece gets all of argument `a`. */
export const broadcast = (a: number): Constraint => ({ kind: 'broadcast', a });
/** `dst`'s partition is the image of `src`'s. */
export const image = (src: number, dst: number, mode: ImageMode, exact = true): Constraint => ({
  kind: 'image',
  src,
  dst,
  mode,
  exact,
});
/** `dst`'s partition projects `src`'s tiles dimension by dimension (-1: whole extent). */
export const project = (src: number, dst: number, dims: readonly number[]): Constraint => ({
  kind: 'project',
  src,
  dst,
  dims,
});
/** `dst`'s partition is `src`'s grown by a halo. */
export const bloat = (src: number, dst: number, halo: readonly number[]): Constraint => ({
  kind: 'bloat',
  src,
  dst,
  halo,
});
/** `dst`'s partition is `src`'s scaled. */
export const scale = (src: number, dst: number, factor: readonly number[]): Constraint => ({
  kind: 'scale',
  src,
  dst,
  factor,
});

/**
 * A constraint as its constructor call, for error messages.
 * @example formatConstraint(image(0, 1, 'offsets')) // "image(0, 1, 'offsets')"
 */
export function formatConstraint(c: Constraint): string {
  switch (c.kind) {
    case 'align':
      return `align(${c.a}, ${c.b})`;
    case 'broadcast':
      return `broadcast(${c.a})`;
    case 'image':
      return `image(${c.src}, ${c.dst}, '${c.mode}'${c.exact ? '' : ', false'})`;
    case 'project':
      return `project(${c.src}, ${c.dst}, [${c.dims.join(', ')}])`;
    case 'bloat':
      return `bloat(${c.src}, ${c.dst}, [${c.halo.join(', ')}])`;
    case 'scale':
      return `scale(${c.src}, ${c.dst}, [${c.factor.join(', ')}])`;
  }
}
