/**
 * Traversals of csgraph (serial on the host, as SciPy's): connected components (weak: labels in
 * order of the smallest node; strong: Tarjan's algorithm, labels in order of completion as SciPy's
 * Pearce variant), breadth- and depth-first orders, reverse Cuthill–McKee.
 */
import { type Graph, NULL_IDX, transposeGraph } from './graph.js';

/** Neighbours of `u` in `g`, then in `t` (the transpose) when given: the undirected adjacency. */
function* neighbours(g: Graph, t: Graph | null, u: number): Generator<number> {
  for (let p = g.ptr[u]!; p < g.ptr[u + 1]!; p++) yield g.idx[p]!;
  if (t !== null) for (let p = t.ptr[u]!; p < t.ptr[u + 1]!; p++) yield t.idx[p]!;
}

/** Weak components (the undirected graph): labels numbered by their smallest node. */
export function weakComponents(g: Graph): [number, Int32Array] {
  const t = transposeGraph(g);
  const labels = new Int32Array(g.n).fill(-1);
  let count = 0;
  // An explicit stack and plain loops over both edge lists (a generator per node cost ~3× here).
  const stack = new Int32Array(g.n);
  const visit = (ptr: Int32Array, idx: Int32Array, u: number, top: number): number => {
    for (let p = ptr[u]!; p < ptr[u + 1]!; p++) {
      const v = idx[p]!;
      if (labels[v] === -1) {
        labels[v] = count;
        stack[top++] = v;
      }
    }
    return top;
  };
  for (let s = 0; s < g.n; s++) {
    if (labels[s] !== -1) continue;
    labels[s] = count;
    let top = 0;
    stack[top++] = s;
    while (top > 0) {
      const u = stack[--top]!;
      top = visit(g.ptr, g.idx, u, top);
      top = visit(t.ptr, t.idx, u, top);
    }
    count++;
  }
  return [count, labels];
}

/**
 * Strong components (Tarjan, iterative): a component's label is its rank in completion order.
 * Each node's successors are tried last to first, the order of SciPy's stack-based Pearce
 * variant, so the labels are SciPy's.
 */
export function strongComponents(g: Graph): [number, Int32Array] {
  const { n, ptr, idx } = g;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const labels = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const call: number[] = []; // DFS stack of nodes
  const edge = new Int32Array(n); // next edge to try per node
  let counter = 0;
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (index[s] !== -1) continue;
    call.push(s);
    index[s] = low[s] = counter++;
    edge[s] = ptr[s + 1]! - 1;
    stack.push(s);
    onStack[s] = 1;
    while (call.length > 0) {
      const u = call[call.length - 1]!;
      if (edge[u]! >= ptr[u]!) {
        const v = idx[edge[u]!--]!;
        if (index[v] === -1) {
          index[v] = low[v] = counter++;
          edge[v] = ptr[v + 1]! - 1;
          stack.push(v);
          onStack[v] = 1;
          call.push(v);
        } else if (onStack[v]) low[u] = Math.min(low[u]!, index[v]!);
        continue;
      }
      call.pop();
      if (call.length > 0) {
        const parent = call[call.length - 1]!;
        low[parent] = Math.min(low[parent]!, low[u]!);
      }
      if (low[u] === index[u]) {
        let v: number;
        do {
          v = stack.pop()!;
          onStack[v] = 0;
          labels[v] = count;
        } while (v !== u);
        count++;
      }
    }
  }
  return [count, labels];
}

/** Breadth-first order from `s` and the predecessors (SciPy's -9999 for none). */
export function bfs(g: Graph, s: number, directed: boolean): [Int32Array, Int32Array] {
  const t = directed ? null : transposeGraph(g);
  const pred = new Int32Array(g.n).fill(NULL_IDX);
  const seen = new Uint8Array(g.n);
  const order: number[] = [s];
  seen[s] = 1;
  for (let h = 0; h < order.length; h++) {
    const u = order[h]!;
    for (const v of neighbours(g, t, u))
      if (!seen[v]) {
        seen[v] = 1;
        pred[v] = u;
        order.push(v);
      }
  }
  return [Int32Array.from(order), pred];
}

/** Depth-first order from `s` (each node's neighbours in stored order) and the predecessors. */
export function dfs(g: Graph, s: number, directed: boolean): [Int32Array, Int32Array] {
  const t = directed ? null : transposeGraph(g);
  const pred = new Int32Array(g.n).fill(NULL_IDX);
  const seen = new Uint8Array(g.n);
  const order: number[] = [s];
  const iters: Generator<number>[] = [neighbours(g, t, s)];
  const nodes: number[] = [s];
  seen[s] = 1;
  while (nodes.length > 0) {
    const it = iters[iters.length - 1]!;
    let r = it.next();
    while (!r.done && seen[r.value]) r = it.next();
    if (r.done) {
      iters.pop();
      nodes.pop();
      continue;
    }
    const v = r.value;
    seen[v] = 1;
    pred[v] = nodes[nodes.length - 1]!;
    order.push(v);
    nodes.push(v);
    iters.push(neighbours(g, t, v));
  }
  return [Int32Array.from(order), pred];
}

/**
 * Reverse Cuthill–McKee (SciPy's variant): per component, start at the unvisited node of least
 * degree (degree = stored entries of the row), visit breadth-first adding each node's unvisited
 * neighbours by increasing degree (stable), then reverse the whole order.
 */
export function rcm(g: Graph): Int32Array {
  const { n, ptr, idx } = g;
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++) degree[i] = ptr[i + 1]! - ptr[i]!;
  const byDegree = Array.from({ length: n }, (_, k) => k).sort((a, b) => degree[a]! - degree[b]! || a - b);
  const seen = new Uint8Array(n);
  const order: number[] = [];
  for (const s of byDegree) {
    if (seen[s]) continue;
    seen[s] = 1;
    order.push(s);
    for (let h = order.length - 1; h < order.length; h++) {
      const u = order[h]!;
      const add: number[] = [];
      for (let p = ptr[u]!; p < ptr[u + 1]!; p++) {
        const v = idx[p]!;
        if (!seen[v]) {
          seen[v] = 1;
          add.push(v);
        }
      }
      add.sort((a, b) => degree[a]! - degree[b]!); // stable: ties keep the stored order
      order.push(...add);
    }
  }
  return Int32Array.from(order.reverse());
}
