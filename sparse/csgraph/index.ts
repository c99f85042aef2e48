/**
 * `cohortjs/sparse/csgraph` (also `sp.csgraph`): SciPy's graph algorithms on sparse (or dense)
 * adjacency matrices, with SciPy's conventions — `inf` for unreachable nodes, -9999 for "no
 * predecessor", int32 labels and orders. Traversals, shortest paths and spanning trees run on the
 * issuing thread over the graph's compressed rows (serial, as SciPy's); `laplacian` is built from
 * sparse launches.
 */
import * as np from '../../dense/index.js';
import { argMessage, type DType, ValueError } from '../../runtime/index.js';
import type { sparray } from '../base.js';
import { aslinearoperator, type LinearOperator } from '../linalg/interface.js';
import { isSparse } from '../ops.js';
import { wrap } from '../registry.js';
import { ssig } from '../sig.js';
import { type Graph, graphOf, nodeArg } from './graph.js';
import { laplacianOf } from './laplacian.js';
import { bellmanFord, dijkstraFrom, hasNegative, kruskal, type PathOptions } from './paths.js';
import { bfs, dfs, rcm, strongComponents, weakComponents } from './traversal.js';

type ndarray = np.ndarray;
const i32 = (x: ArrayLike<number>): ndarray => np.array(Int32Array.from(x), { dtype: 'int32' });

/** Options of {@link connected_components}. */
export interface ComponentsOptions {
  /** Follow edge directions (default true). */
  directed?: boolean;
  /** 'weak' (default) or 'strong' (directed graphs). */
  connection?: 'weak' | 'strong';
  /** Also return the labels (default true). */
  return_labels?: boolean;
}

/**
 * SciPy's `connected_components(csgraph, directed=True, connection='weak', return_labels=True)`.
 * @param csgraph an N × N sparse array (or dense array_like; nonzeros are edges)
 * @returns `[count, labels]` (labels: int32, one per node), or the count without labels
 * @throws {ValueError} for a non-square graph or another connection
 * @example
 * const G = sparse.csr_array([[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]);
 * const [n, labels] = sparse.csgraph.connected_components(G);
 * [n, labels.tolist()] // [2, [0, 0, 1, 1]]
 * sparse.csgraph.connected_components(G, { connection: 'strong' })[1].tolist() // [1, 0, 2, 2]
 */
export const connected_components = ssig<
  (csgraph: unknown, directed?: boolean | ComponentsOptions, opts?: ComponentsOptions) => [number, ndarray]
>(
  "connected_components(csgraph, directed: bool = True, connection: str = 'weak', return_labels: bool = True)",
  (csgraph: unknown, directed: boolean, connection: string, returnLabels: boolean) => {
    const fn = 'connected_components';
    if (connection !== 'weak' && connection !== 'strong')
      throw new ValueError(argMessage(fn, 'connection', "'weak' or 'strong'", connection));
    const g = graphOf(fn, csgraph);
    const [n, labels] = directed && connection === 'strong' ? strongComponents(g) : weakComponents(g);
    return returnLabels ? [n, i32(labels)] : n;
  },
);

/** Options of the traversals. */
export interface TraversalOptions {
  /** Follow edge directions (default true). */
  directed?: boolean;
  /** Also return the predecessors (default true). */
  return_predecessors?: boolean;
}

function traversal(name: string, run: (g: Graph, s: number, directed: boolean) => [Int32Array, Int32Array]) {
  return ssig<
    (
      csgraph: unknown,
      i_start: number,
      directed?: boolean | TraversalOptions,
      opts?: TraversalOptions,
    ) => [ndarray, ndarray]
  >(
    `${name}(csgraph, i_start: int, directed: bool = True, return_predecessors: bool = True)`,
    (csgraph: unknown, start: number, directed: boolean, withPred: boolean) => {
      const g = graphOf(name, csgraph);
      const [order, pred] = run(g, nodeArg(name, 'i_start', start, g.n), directed);
      return withPred ? [i32(order), i32(pred)] : i32(order);
    },
  );
}

/**
 * SciPy's `breadth_first_order(csgraph, i_start, directed=True, return_predecessors=True)`.
 * @returns `[order, predecessors]` (int32; -9999 for no predecessor), or the order alone
 * @throws {ValueError} for a start outside the graph
 * @example
 * const G = sparse.csr_array([[0, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 1], [1, 0, 0, 0]]);
 * sparse.csgraph.breadth_first_order(G, 0).map((a) => a.tolist()) // [[0, 1, 2, 3], [-9999, 0, 0, 1]]
 */
export const breadth_first_order = traversal('breadth_first_order', bfs);

/**
 * SciPy's `depth_first_order(csgraph, i_start, directed=True, return_predecessors=True)`.
 * @returns `[order, predecessors]` (int32; -9999 for no predecessor), or the order alone
 * @throws {ValueError} for a start outside the graph
 * @example
 * const G = sparse.csr_array([[0, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 1], [1, 0, 0, 0]]);
 * sparse.csgraph.depth_first_order(G, 0).map((a) => a.tolist()) // [[0, 1, 3, 2], [-9999, 0, 0, 1]]
 */
export const depth_first_order = traversal('depth_first_order', dfs);

/**
 * SciPy's `reverse_cuthill_mckee(graph, symmetric_mode=False)`: a bandwidth-reducing permutation
 * (without `symmetric_mode`, of the structure of `A + Aᵀ`).
 * @returns the permutation (int32)
 * @throws {ValueError} for a non-square graph
 * @example
 * const G = sparse.csr_array([[0, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 1], [1, 0, 0, 0]]);
 * sparse.csgraph.reverse_cuthill_mckee(G).tolist() // [2, 3, 0, 1]
 */
export const reverse_cuthill_mckee = ssig<
  (
    graph: unknown,
    symmetric_mode?: boolean | { symmetric_mode?: boolean },
    opts?: { symmetric_mode?: boolean },
  ) => ndarray
>('reverse_cuthill_mckee(graph, symmetric_mode: bool = False)', (graph: unknown, symmetric: boolean) => {
  const fn = 'reverse_cuthill_mckee';
  let g = graphOf(fn, graph);
  if (!symmetric) {
    const A = isSparse(graph) ? (graph as sparray) : wrap.csr(graphCsr(g));
    g = graphOf(fn, A.add(A.T));
  }
  return i32(rcm(g));
});

/** A CSR structure over the host arrays of a graph. */
function graphCsr(g: Graph) {
  const indptr = np.array(g.ptr, { dtype: 'int32' });
  const A = wrap.csr({
    rows: g.n,
    cols: g.n,
    dtype: 'float64',
    indptr: indptr.store.region,
    indices: np.array(g.idx, { dtype: 'int32' }).store.region,
    data: np.array(g.w).store.region,
    nnz: g.idx.length,
    canonical: true,
    sorted: true,
  });
  return A._csr();
}

/** Options of {@link shortest_path}. */
export interface ShortestPathOptions {
  /** 'auto' (default), 'D' (Dijkstra), 'BF' (Bellman–Ford), 'FW' or 'J' (the same distances). */
  method?: 'auto' | 'D' | 'BF' | 'FW' | 'J';
  /** Follow edge directions (default true). */
  directed?: boolean;
  /** Also return the predecessors. */
  return_predecessors?: boolean;
  /** Every edge has weight 1. */
  unweighted?: boolean;
  /** Accepted for SciPy's signature (cohort never overwrites its input). */
  overwrite?: boolean;
  /** The sources (default: every node). */
  indices?: number | readonly number[] | null;
}

function sources(fn: string, indices: unknown, n: number): { list: number[]; scalar: boolean } {
  if (indices === undefined || indices === null)
    return { list: Array.from({ length: n }, (_, k) => k), scalar: false };
  if (typeof indices === 'number') return { list: [nodeArg(fn, 'indices', indices, n)], scalar: true };
  const xs =
    indices instanceof np.ndarray
      ? Array.from(indices.toArray() as ArrayLike<number>)
      : (indices as number[]);
  if (!Array.isArray(xs))
    throw new ValueError(argMessage(fn, 'indices', 'a node or a list of nodes', indices));
  return { list: xs.map((v) => nodeArg(fn, 'indices', v, n)), scalar: false };
}

function pathsResult(
  dist: Float64Array[],
  pred: Int32Array[],
  n: number,
  scalar: boolean,
  withPred: boolean,
) {
  const shape = scalar ? [n] : [dist.length, n];
  const D = np.array(Float64Array.from(dist.flatMap((d) => Array.from(d)))).reshape(shape);
  if (!withPred) return D;
  return [
    D,
    np.array(Int32Array.from(pred.flatMap((p) => Array.from(p))), { dtype: 'int32' }).reshape(shape),
  ];
}

/**
 * SciPy's `shortest_path(csgraph, method='auto', directed=True, return_predecessors=False,
 * unweighted=False, overwrite=False, indices=None)`: distances from each source (inf where
 * unreachable). 'auto' runs Dijkstra, or Bellman–Ford when a weight is negative; 'FW' and 'J'
 * give the same distances by the same two algorithms.
 * @returns the distances (N × N, `len(indices)` × N, or N for one source), with the predecessors
 * @throws {ValueError} for a negative cycle, or 'D' on negative weights
 * @example
 * const G = sparse.csr_array([[0, 1, 4], [0, 0, 2], [0, 0, 0]]);
 * sparse.csgraph.shortest_path(G, { indices: 0 }).tolist() // [0, 1, 3]
 */
export const shortest_path = ssig<(csgraph: unknown, opts?: ShortestPathOptions) => ndarray>(
  "shortest_path(csgraph, method: str = 'auto', directed: bool = True, return_predecessors: bool = False, unweighted: bool = False, overwrite: bool = False, indices = None)",
  (
    csgraph: unknown,
    method: string,
    directed: boolean,
    withPred: boolean,
    unweighted: boolean,
    _o: boolean,
    indices: unknown,
  ) => {
    const fn = 'shortest_path';
    if (!['auto', 'D', 'BF', 'FW', 'J'].includes(method))
      throw new ValueError(argMessage(fn, 'method', "one of 'auto', 'D', 'BF', 'FW', 'J'", method));
    const g = graphOf(fn, csgraph);
    const { list, scalar } = sources(fn, indices, g.n);
    const o: PathOptions = { directed, unweighted, limit: Number.POSITIVE_INFINITY };
    const negative = !unweighted && hasNegative(g);
    if (negative && method === 'D')
      throw new ValueError(`${fn}: method 'D' (Dijkstra) needs non-negative weights; use 'BF' or 'J'`);
    if (negative && !directed)
      throw new ValueError(`${fn}: an undirected graph with a negative weight has a negative cycle`);
    const runs = list.map((s) => (negative ? bellmanFord(g, s, o, fn) : dijkstraFrom(g, [s], o)));
    return pathsResult(
      runs.map((r) => r[0]),
      runs.map((r) => r[1]),
      g.n,
      scalar,
      withPred,
    );
  },
);

/** Options of {@link dijkstra}. */
export interface DijkstraOptions {
  /** Follow edge directions (default true). */
  directed?: boolean;
  /** The sources (default: every node). */
  indices?: number | readonly number[] | null;
  /** Also return the predecessors (and with `min_only`, the sources). */
  return_predecessors?: boolean;
  /** Every edge has weight 1. */
  unweighted?: boolean;
  /** Paths longer than this are not followed (default inf). */
  limit?: number;
  /** One distance per node: the nearest of the sources. */
  min_only?: boolean;
}

/**
 * SciPy's `dijkstra(csgraph, directed=True, indices=None, return_predecessors=False,
 * unweighted=False, limit=inf, min_only=False)`.
 * @returns the distances (as {@link shortest_path}; one row with `min_only`), with the
 * predecessors (and the sources with `min_only`) when asked
 * @throws {ValueError} on a negative weight
 * @example
 * const G = sparse.csr_array([[0, 1, 4], [0, 0, 2], [0, 0, 0]]);
 * sparse.csgraph.dijkstra(G, { indices: [0, 1], limit: 2 }).tolist() // [[0, 1, Infinity], [Infinity, 0, 2]]
 */
export const dijkstra = ssig<(csgraph: unknown, opts?: DijkstraOptions) => ndarray>(
  'dijkstra(csgraph, directed: bool = True, indices = None, return_predecessors: bool = False, unweighted: bool = False, limit: number = inf, min_only: bool = False)',
  (
    csgraph: unknown,
    directed: boolean,
    indices: unknown,
    withPred: boolean,
    unweighted: boolean,
    limit: number,
    minOnly: boolean,
  ) => {
    const fn = 'dijkstra';
    const g = graphOf(fn, csgraph);
    if (!unweighted && hasNegative(g))
      throw new ValueError(
        `${fn}: the graph has negative weights (use shortest_path with method 'BF' or 'J')`,
      );
    const { list, scalar } = sources(fn, indices, g.n);
    const o: PathOptions = { directed, unweighted, limit: limit ?? Number.POSITIVE_INFINITY };
    if (minOnly) {
      const [d, p, s] = dijkstraFrom(g, list, o);
      return withPred ? [np.array(d), i32(p), i32(s)] : np.array(d);
    }
    const runs = list.map((s) => dijkstraFrom(g, [s], o));
    return pathsResult(
      runs.map((r) => r[0]),
      runs.map((r) => r[1]),
      g.n,
      scalar,
      withPred,
    );
  },
);

/**
 * SciPy's `minimum_spanning_tree(csgraph, overwrite=False)` of the undirected graph (Kruskal):
 * the kept edges at their stored positions, as a CSR array (a forest for a disconnected graph).
 * @throws {ValueError} for a non-square graph
 * @example
 * const G = sparse.csr_array([[0, 8, 0, 3], [0, 0, 2, 5], [0, 0, 0, 6], [0, 0, 0, 0]]);
 * sparse.csgraph.minimum_spanning_tree(G).toarray().tolist() // [[0, 0, 0, 3], [0, 0, 2, 5], [0, 0, 0, 0], [0, 0, 0, 0]]
 */
export const minimum_spanning_tree = ssig<
  (csgraph: unknown, overwrite?: boolean | { overwrite?: boolean }) => sparray
>('minimum_spanning_tree(csgraph, overwrite: bool = False)', (csgraph: unknown) => {
  const fn = 'minimum_spanning_tree';
  const g = graphOf(fn, csgraph);
  const [r, c, w] = kruskal(g);
  return cooTree(r, c, w, g.n);
});

function cooTree(r: number[], c: number[], w: number[], n: number): sparray {
  const R = np.array(Int32Array.from(r), { dtype: 'int32' });
  const C = np.array(Int32Array.from(c), { dtype: 'int32' });
  const V = np.array(Float64Array.from(w));
  return wrap
    .coo({
      rows: n,
      cols: n,
      dtype: 'float64',
      row: R.store.region,
      col: C.store.region,
      data: V.store.region,
      nnz: r.length,
    })
    .tocsr();
}

/** Options of {@link laplacian}. */
export interface LaplacianOptions {
  /** The symmetric normalized Laplacian. */
  normed?: boolean;
  /** Also return the degrees. */
  return_diag?: boolean;
  /** Degrees from rows (out-degree) rather than columns (in-degree). */
  use_out_degree?: boolean;
  /** Accepted for SciPy's signature (the input is never modified). */
  copy?: boolean;
  /** 'array' (default: a sparse array, dense for dense input), 'function' (v → L v) or 'lo' (a LinearOperator). */
  form?: 'array' | 'function' | 'lo';
  /** The result dtype (default the input's). */
  dtype?: DType | null;
  /** Use `A + Aᵀ`. */
  symmetrized?: boolean;
}

/**
 * SciPy's `laplacian(csgraph, normed=False, return_diag=False, use_out_degree=False, *, copy=True,
 * form='array', dtype=None, symmetrized=False)`: `D − A` (the diagonal of A ignored) or
 * `I − D^-1/2 A D^-1/2`.
 * @returns L (COO for sparse input, dense for dense input; a function or a LinearOperator by
 * `form`), with the degrees when `return_diag`
 * @throws {ValueError} for a non-square graph or another form
 * @example
 * const G = sparse.csr_array([[0, 1, 1], [1, 0, 0], [1, 0, 0]]);
 * sparse.csgraph.laplacian(G).toarray().tolist() // [[2, -1, -1], [-1, 1, 0], [-1, 0, 1]]
 */
export const laplacian = ssig<
  (csgraph: unknown, normed?: boolean | LaplacianOptions, opts?: LaplacianOptions) => sparray
>(
  "laplacian(csgraph, normed: bool = False, return_diag: bool = False, use_out_degree: bool = False, *, copy: bool = True, form: str = 'array', dtype: dtype = None, symmetrized: bool = False)",
  (
    csgraph: unknown,
    normed: boolean,
    returnDiag: boolean,
    outDegree: boolean,
    _copy: boolean,
    form: string,
    dtype: DType | undefined,
    symmetrized: boolean,
  ) => {
    const fn = 'laplacian';
    if (!['array', 'function', 'lo'].includes(form))
      throw new ValueError(argMessage(fn, 'form', "'array', 'function' or 'lo'", form));
    const sparse = isSparse(csgraph);
    const A = sparse ? (csgraph as sparray) : wrap.csr(graphCsr(graphOf(fn, csgraph)));
    if (A.shape[0] !== A.shape[1])
      throw new ValueError(argMessage(fn, 'csgraph', 'a square array (N × N)', `shape [${A.shape}]`));
    let [L, d] = laplacianOf(A, normed, outDegree, symmetrized);
    // SciPy keeps the graph's dtype (a normalized Laplacian of an integer graph is float64); the
    // dense input was read as float64 above, so its own dtype is restored here.
    const given = sparse ? A.dtype : np.asarray(csgraph as np.ArrayInput).dtype;
    const keep = given === 'float32' || given === 'float64' || (given === 'int32' && !normed);
    const dt = dtype ?? (keep ? given : L.dtype);
    if (L.dtype !== dt) L = L.astype(dt);
    const out: unknown =
      form === 'lo'
        ? aslinearoperator(L)
        : form === 'function'
          ? (v: ndarray) => L.dot(v)
          : sparse
            ? L
            : L.toarray();
    return returnDiag ? [out, d.astype(dt)] : out;
  },
);

export type { LinearOperator };
