/**
 * The graph a csgraph function works on: the canonical CSR structure of its input on the host
 * (duplicates summed; explicit zeros are edges of weight 0 in sparse input, as SciPy), and its
 * transpose for the undirected traversals.
 */
import * as np from '../../dense/index.js';
import { ArgumentTypeError, argMessage, ValueError } from '../../runtime/index.js';
import type { sparray } from '../base.js';
import { canonicalize, denseToCsr } from '../core/convert.js';
import { isSparse } from '../ops.js';
import { wrap } from '../registry.js';

/** A graph in compressed rows: `ptr` (n + 1), `idx` and `w` (the weights). */
export interface Graph {
  readonly n: number;
  readonly ptr: Int32Array;
  readonly idx: Int32Array;
  readonly w: Float64Array;
}

/** The square graph of `g` (a sparse array, or a dense array_like whose nonzeros are edges). */
export function graphOf(fn: string, g: unknown): Graph {
  let A: sparray;
  if (isSparse(g)) A = g as sparray;
  else if (g instanceof np.ndarray || Array.isArray(g) || ArrayBuffer.isView(g)) {
    const d = np.asarray(g as np.ArrayInput);
    if (d.ndim !== 2) throw new ValueError(argMessage(fn, 'csgraph', 'a 2-D array', `shape [${d.shape}]`));
    A = wrap.csr(denseToCsr(d.astype('float64').store));
  } else throw new ArgumentTypeError(argMessage(fn, 'csgraph', 'a sparse array or a dense 2-D array', g));
  const [m, n] = A.shape;
  if (m !== n)
    throw new ValueError(argMessage(fn, 'csgraph', 'a square array (N × N)', `shape [${m}, ${n}]`));
  const s = canonicalize(A._csr());
  const B = wrap.csr({ ...s, dtype: s.dtype });
  return {
    n,
    ptr: Int32Array.from(B.indptr.toArray() as ArrayLike<number>),
    idx: Int32Array.from(B.indices.toArray() as ArrayLike<number>),
    w: Float64Array.from(B.data.toArray() as ArrayLike<number>),
  };
}

/** The transpose of a graph (host counting sort: rows of the result in order). */
export function transposeGraph(g: Graph): Graph {
  const { n, ptr, idx, w } = g;
  const tp = new Int32Array(n + 1);
  for (let p = 0; p < idx.length; p++) tp[idx[p]! + 1]!++;
  for (let i = 0; i < n; i++) tp[i + 1]! += tp[i]!;
  const next = tp.slice(0, n);
  const ti = new Int32Array(idx.length);
  const tw = new Float64Array(idx.length);
  for (let i = 0; i < n; i++)
    for (let p = ptr[i]!; p < ptr[i + 1]!; p++) {
      const q = next[idx[p]!]!++;
      ti[q] = i;
      tw[q] = w[p]!;
    }
  return { n, ptr: tp, idx: ti, w: tw };
}

/** A node index argument in `[-n, n)` (negative counts from the end, as NumPy). */
export function nodeArg(fn: string, name: string, v: unknown, n: number): number {
  if (!Number.isInteger(v) || (v as number) < -n || (v as number) >= n)
    throw new ValueError(argMessage(fn, name, `a node in [-${n}, ${n})`, v));
  return (v as number) < 0 ? (v as number) + n : (v as number);
}

/** SciPy's "no predecessor" value. */
export const NULL_IDX = -9999;
