/**
 * Return types users see (checked by `npm run typecheck`, which covers tests/): products and sums
 * are ndarrays or the right sparse class, never `any`; conversions return their class.
 */
import * as np from 'cohortjs/numpy';
import * as sp from 'cohortjs/sparse';
import { norm, spsolve } from 'cohortjs/sparse/linalg';
import { describe, expectTypeOf, it } from 'vitest';

describe('public return types', () => {
  it('sparse products, sums and quotients', () => {
    const A = sp.csr_array([
      [2, 0],
      [0, 4],
    ]);
    const x = np.array([1, 1]);
    expectTypeOf(A.dot(x)).toEqualTypeOf<np.ndarray>();
    expectTypeOf(A.matmul([1, 1])).toEqualTypeOf<np.ndarray>();
    expectTypeOf(A.dot(A)).toEqualTypeOf<sp.csr_array | sp.csc_array>();
    expectTypeOf(A.dot(2)).toEqualTypeOf<sp.csr_array>();
    expectTypeOf(A.add(A)).toEqualTypeOf<sp.csr_array | sp.csc_array>();
    expectTypeOf(A.subtract(np.ones([2, 2]))).toEqualTypeOf<np.ndarray>();
    expectTypeOf(A.divide(2)).toEqualTypeOf<sp.csr_array>();
    expectTypeOf(A.divide(x)).toEqualTypeOf<np.ndarray>();
    expectTypeOf(sp.matmul(A, A)).toEqualTypeOf<sp.csr_array | sp.csc_array>();
    expectTypeOf(sp.matmul(A, x)).toEqualTypeOf<np.ndarray>();
    expectTypeOf(A.dot(x).sum().item()).toEqualTypeOf<number>();
    expectTypeOf(spsolve(A, x)).toEqualTypeOf<np.ndarray>();
    expectTypeOf(spsolve(A, A)).toEqualTypeOf<sp.csc_array>();
    expectTypeOf(norm(A)).toEqualTypeOf<np.ndarray>();
  });

  it('conversions', () => {
    const A = sp.coo_array([
      [1, 0],
      [0, 2],
    ]);
    expectTypeOf(A.tocsr()).toEqualTypeOf<sp.csr_array>();
    expectTypeOf(A.tocsr().indptr).toEqualTypeOf<np.ndarray>();
    expectTypeOf(A.tocsc()).toEqualTypeOf<sp.csc_array>();
    expectTypeOf(A.tocoo()).toEqualTypeOf<sp.coo_array>();
    expectTypeOf(A.todia()).toEqualTypeOf<sp.dia_array>();
    expectTypeOf(A.asformat('csc')).toEqualTypeOf<sp.csc_array>();
    expectTypeOf(np.array([1, 0]).any().item<boolean>()).toEqualTypeOf<boolean>();
  });
});
