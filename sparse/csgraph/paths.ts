/**
 * Shortest paths and spanning trees of csgraph (serial on the host, as SciPy's): Dijkstra with a
 * binary heap for non-negative weights, Bellman–Ford otherwise (a negative cycle raises), and
 * Kruskal's minimum spanning tree.
 */
import { ValueError } from '../../runtime/index.js';
import { type Graph, NULL_IDX, transposeGraph } from './graph.js';

/** Edges of `u`: `g`'s row, then the transpose's (undirected). Calls `f(v, weight)`. */
function eachEdge(
  g: Graph,
  t: Graph | null,
  u: number,
  unweighted: boolean,
  f: (v: number, w: number) => void,
): void {
  for (let p = g.ptr[u]!; p < g.ptr[u + 1]!; p++) f(g.idx[p]!, unweighted ? 1 : g.w[p]!);
  if (t !== null) for (let p = t.ptr[u]!; p < t.ptr[u + 1]!; p++) f(t.idx[p]!, unweighted ? 1 : t.w[p]!);
}

/** A binary min-heap of (key, node) with lazy deletion. */
class Heap {
  private keys: number[] = [];
  private nodes: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(k: number, v: number): void {
    const { keys, nodes } = this;
    let i = keys.length;
    keys.push(k);
    nodes.push(v);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= k) break;
      keys[i] = keys[p]!;
      nodes[i] = nodes[p]!;
      i = p;
    }
    keys[i] = k;
    nodes[i] = v;
  }
  pop(): [number, number] {
    const { keys, nodes } = this;
    const top: [number, number] = [keys[0]!, nodes[0]!];
    const k = keys.pop()!;
    const v = nodes.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
        if (keys[c]! >= k) break;
        keys[i] = keys[c]!;
        nodes[i] = nodes[c]!;
        i = c;
      }
      keys[i] = k;
      nodes[i] = v;
    }
    return top;
  }
}

/** Options of the path searches. */
export interface PathOptions {
  directed: boolean;
  unweighted: boolean;
  limit: number;
}

/**
 * Dijkstra from the sources `src` together (a multi-source search when several: `min_only`), or
 * from one: distances (inf where unreachable or beyond `limit`), predecessors and the source that
 * reached each node (-9999 for none).
 */
export function dijkstraFrom(
  g: Graph,
  src: readonly number[],
  o: PathOptions,
): [Float64Array, Int32Array, Int32Array] {
  const t = o.directed ? null : transposeGraph(g);
  const dist = new Float64Array(g.n).fill(Number.POSITIVE_INFINITY);
  const pred = new Int32Array(g.n).fill(NULL_IDX);
  const from = new Int32Array(g.n).fill(NULL_IDX);
  const done = new Uint8Array(g.n);
  const heap = new Heap();
  for (const s of src) {
    dist[s] = 0;
    from[s] = s;
    heap.push(0, s);
  }
  while (heap.size > 0) {
    const [d, u] = heap.pop();
    if (done[u] || d > dist[u]!) continue;
    done[u] = 1;
    eachEdge(g, t, u, o.unweighted, (v, w) => {
      const nd = d + w;
      if (nd < dist[v]! && nd <= o.limit && !done[v]) {
        dist[v] = nd;
        pred[v] = u;
        from[v] = from[u]!;
        heap.push(nd, v);
      }
    });
  }
  return [dist, pred, from];
}

/** Bellman–Ford from `s` (negative weights allowed); a negative cycle raises. */
export function bellmanFord(g: Graph, s: number, o: PathOptions, fn: string): [Float64Array, Int32Array] {
  const t = o.directed ? null : transposeGraph(g);
  const dist = new Float64Array(g.n).fill(Number.POSITIVE_INFINITY);
  const pred = new Int32Array(g.n).fill(NULL_IDX);
  dist[s] = 0;
  for (let round = 0; round < g.n; round++) {
    let changed = false;
    for (let u = 0; u < g.n; u++) {
      const du = dist[u]!;
      if (du === Number.POSITIVE_INFINITY) continue;
      eachEdge(g, t, u, o.unweighted, (v, w) => {
        if (du + w < dist[v]!) {
          dist[v] = du + w;
          pred[v] = u;
          changed = true;
        }
      });
    }
    if (!changed) return [dist, pred];
    if (round === g.n - 1)
      throw new ValueError(
        `${fn}: the graph has a negative cycle (SciPy's NegativeCycleError), reachable from node ${s}`,
      );
  }
  return [dist, pred];
}

/** True when some weight is negative. */
export function hasNegative(g: Graph): boolean {
  for (let p = 0; p < g.w.length; p++) if (g.w[p]! < 0) return true;
  return false;
}

/**
 * Kruskal's minimum spanning tree (forest) of the undirected graph: `[rows, cols, weights]` of the
 * kept edges, each at its stored position (edges with weight 0 are not edges, as SciPy).
 */
export function kruskal(g: Graph): [number[], number[], number[]] {
  const rows: number[] = [];
  for (let i = 0; i < g.n; i++) for (let p = g.ptr[i]!; p < g.ptr[i + 1]!; p++) rows.push(i);
  const order = Array.from({ length: g.idx.length }, (_, k) => k)
    .filter((k) => g.w[k] !== 0)
    .sort((a, b) => g.w[a]! - g.w[b]! || a - b);
  const parent = Int32Array.from({ length: g.n }, (_, k) => k);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const out: [number[], number[], number[]] = [[], [], []];
  for (const k of order) {
    const a = find(rows[k]!);
    const b = find(g.idx[k]!);
    if (a === b) continue;
    parent[a] = b;
    out[0].push(rows[k]!);
    out[1].push(g.idx[k]!);
    out[2].push(g.w[k]!);
  }
  return out;
}
