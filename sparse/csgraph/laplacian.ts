/**
 * SciPy's `csgraph.laplacian` on the public sparse and dense operations (launches): `L = D − A`
 * with the diagonal of A ignored, D the in-degrees (out-degrees with `use_out_degree`), or the
 * symmetric normalized form `I − D^-1/2 A D^-1/2` (isolated nodes keep a zero diagonal).
 */
import * as np from '../../dense/index.js';
import type { sparray } from '../base.js';

/** `[L, d]`: the Laplacian (a COO array; DIA stays DIA) and the degrees (as SciPy's `w`). */
export function laplacianOf(
  A: sparray,
  normed: boolean,
  outDegree: boolean,
  symmetrized: boolean,
): [sparray, np.ndarray] {
  const float = A.dtype === 'float32' || A.dtype === 'float64';
  // SciPy's normalized Laplacian of an integer graph is float64.
  let m = normed && !float ? A.astype('float64') : A;
  if (symmetrized) m = m.add(m.T) as sparray;
  const w = np.subtract(m.sum(outDegree ? 1 : 0), m.diagonal());
  if (normed) {
    const c = m.tocoo(true);
    const iso = np.equal(w, 0);
    const s = np.where(iso, 1, np.sqrt(w));
    c.data.set('...', np.negative(c.data.divide(s.get([c.row])).divide(s.get([c.col]))));
    c.setdiag(np.subtract(1, iso.astype('float64')));
    return [c, s]; // SciPy returns the square roots of the degrees (1 for isolated nodes)
  }
  const c = m.format === 'dia' ? m.copy() : m.tocoo(true);
  const neg = c.multiply(-1);
  neg.setdiag(w);
  return [neg, w];
}
