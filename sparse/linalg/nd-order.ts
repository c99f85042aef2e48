/**
 * Fill-reducing column order by nested dissection of the graph of A + Aᵀ (George's automatic nested
 * dissection by level structures): find a pseudo-peripheral node of the part by repeated BFS, take
 * the middle level of its BFS level structure as the separator, order both halves recursively and
 * the separator last. Parts of at most {@link ND_LEAF} nodes are ordered by reverse Cuthill–McKee
 * within the part. On a 2-D mesh this gives the O(n log n) fill and O(n^1.5) work of nested
 * dissection (RCM alone gives O(n^1.5) fill and O(n²) work).
 */
import type { HostCsc } from './lu.js';

/** Parts this small are not dissected further. */
export const ND_LEAF = 64;

/** The symmetric pattern of A + Aᵀ without the diagonal, as adjacency lists (CSR). */
export function symGraph(a: HostCsc): { ptr: Int32Array; adj: Int32Array } {
  const n = a.n;
  const deg = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    for (let p = a.indptr[j]!; p < a.indptr[j + 1]!; p++) {
      const i = a.indices[p]!;
      if (i !== j) {
        deg[i]!++;
        deg[j]!++;
      }
    }
  }
  const ptr = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) ptr[i + 1] = ptr[i]! + deg[i]!;
  const adj = new Int32Array(ptr[n]!);
  const fill = ptr.slice(0, n);
  for (let j = 0; j < n; j++) {
    for (let p = a.indptr[j]!; p < a.indptr[j + 1]!; p++) {
      const i = a.indices[p]!;
      if (i !== j) {
        adj[fill[i]!++] = j;
        adj[fill[j]!++] = i;
      }
    }
  }
  return { ptr, adj };
}

/**
 * Nested-dissection order of the pattern of A + Aᵀ (n×n CSC).
 * @param a - the matrix.
 * @returns a permutation of 0..n-1 (column k of the factored matrix is column order[k] of A).
 */
export function ndOrder(a: HostCsc): Int32Array {
  const n = a.n;
  const { ptr, adj } = symGraph(a);
  // part[v]: the id of the part v belongs to now (-1 once ordered).
  const part = new Int32Array(n);
  const level = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const out = new Int32Array(n);
  let outEnd = n; // filled from the back: separators last
  let nextPart = 1;

  /** BFS from `s` inside part `id`; fills queue[0..count) and level; returns [count, depth, last]. */
  const bfs = (s: number, id: number): [number, number, number] => {
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    level[s] = 0;
    let depth = 0;
    while (head < tail) {
      const v = queue[head++]!;
      const lv = level[v]!;
      depth = lv;
      for (let p = ptr[v]!; p < ptr[v + 1]!; p++) {
        const u = adj[p]!;
        if (part[u] === id && level[u] < 0) {
          level[u] = lv + 1;
          queue[tail++] = u;
        }
      }
    }
    return [tail, depth, queue[tail - 1]!];
  };
  const clearLevels = (count: number) => {
    for (let i = 0; i < count; i++) level[queue[i]!] = -1;
  };

  // Work list of parts: [start node, part id]. Parts are connected (split into components here).
  const work: [number, number][] = [];
  for (let v = 0; v < n; v++) {
    if (part[v] === 0) {
      const id = nextPart++;
      // Label the component of v.
      let head = 0;
      let tail = 0;
      queue[tail++] = v;
      part[v] = id;
      while (head < tail) {
        const x = queue[head++]!;
        for (let p = ptr[x]!; p < ptr[x + 1]!; p++) {
          const u = adj[p]!;
          if (part[u] === 0) {
            part[u] = id;
            queue[tail++] = u;
          }
        }
      }
      work.push([v, id]);
    }
  }
  while (work.length > 0) {
    const [start, id] = work.pop()!;
    // Pseudo-peripheral node: repeat BFS from the last node reached while the depth grows.
    let s = start;
    let [count, depth, last] = bfs(s, id);
    for (let t = 0; t < 3; t++) {
      clearLevels(count);
      const [c2, d2, l2] = bfs(last, id);
      if (d2 <= depth) {
        clearLevels(c2);
        [count, depth, last] = bfs(s, id);
        break;
      }
      s = last;
      [count, depth, last] = [c2, d2, l2];
    }
    const nodes = queue.slice(0, count);
    if (count <= ND_LEAF || depth < 2) {
      // Leaf: reverse Cuthill–McKee inside the part (the BFS order from a peripheral node, reversed).
      clearLevels(count);
      for (let i = 0; i < count; i++) {
        out[--outEnd] = nodes[i]!;
        part[nodes[i]!] = -1;
      }
      continue;
    }
    // Separator: the middle level, ordered last among this part's nodes.
    const mid = depth >> 1;
    const sep: number[] = [];
    for (let i = 0; i < count; i++) {
      const v = nodes[i]!;
      if (level[v] === mid) sep.push(v);
    }
    clearLevels(count);
    for (let i = sep.length - 1; i >= 0; i--) {
      out[--outEnd] = sep[i]!;
      part[sep[i]!] = -1;
    }
    // The rest splits into components: label each as a new part.
    for (let i = 0; i < count; i++) {
      const v = nodes[i]!;
      if (part[v] !== id) continue;
      const nid = nextPart++;
      let head = 0;
      let tail = 0;
      queue[tail++] = v;
      part[v] = nid;
      while (head < tail) {
        const x = queue[head++]!;
        for (let p = ptr[x]!; p < ptr[x + 1]!; p++) {
          const u = adj[p]!;
          if (part[u] === id) {
            part[u] = nid;
            queue[tail++] = u;
          }
        }
      }
      work.push([v, nid]);
    }
  }
  return out;
}
