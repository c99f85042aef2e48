import { getKernel } from './kernels.js';

/**
 * Combines reduction partials in block order (the same loops as runtime/worker.js, so a result
 * is bitwise the same whichever thread folds it).
 * @param op a built-in combine or a registered combine's name
 * @param p the partials, `nBlocks * width` values
 * @returns the combined value (`identity` when there is no block and one is given)
 */
export function combine(
  op: string,
  p: Float64Array,
  nBlocks: number,
  width: number,
  identity?: number,
): number {
  if (nBlocks === 0 && identity !== undefined) return identity;
  switch (op) {
    case 'sum': {
      let s = 0;
      for (let b = 0; b < nBlocks; b++) s += p[b * width]!;
      return s;
    }
    case 'prod': {
      let s = 1;
      for (let b = 0; b < nBlocks; b++) s *= p[b * width]!;
      return s;
    }
    case 'min': {
      let s = Number.POSITIVE_INFINITY;
      for (let b = 0; b < nBlocks; b++) {
        const v = p[b * width]!;
        if (v < s || Number.isNaN(v)) s = v;
        if (Number.isNaN(s)) break;
      }
      return s;
    }
    case 'max': {
      let s = Number.NEGATIVE_INFINITY;
      for (let b = 0; b < nBlocks; b++) {
        const v = p[b * width]!;
        if (v > s || Number.isNaN(v)) s = v;
        if (Number.isNaN(s)) break;
      }
      return s;
    }
    default:
      return (getKernel(op).fn as (p: Float64Array, n: number, w: number) => number)(p, nBlocks, width);
  }
}
