/**
 * Issue 20, `sparse.csgraph`: every function against SciPy on random directed weighted graphs
 * (scripts/fixtures_csgraph.py; distinct weights, so paths and trees have no ties), pool sizes
 * 0, 1, 2; plus SciPy's conventions (inf, -9999) and the error messages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { configure, ValueError } from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { close, POOLS } from './ref.js';

afterAll(() => configure({ workers: 0 }));

type V = number | 'inf';
type Case = Record<string, unknown> & { n: number; dense: V[][] };
const FIX = JSON.parse(
  readFileSync(join(import.meta.dirname, '../fixtures/sparse/csgraph.json'), 'utf8'),
) as {
  cases: Case[];
};
const num = (v: V): number => (v === 'inf' ? Number.POSITIVE_INFINITY : v);
const flat = (x: unknown): number[] => (x as V[] | V[][]).flat().map((v) => num(v as V));
const vals = (a: np.ndarray): number[] => Array.from(a.toArray() as ArrayLike<number>, Number);
const g = sp.csgraph;

/** The bandwidth of `S` with rows and columns permuted by `p`. */
function bandwidth(S: sp.sparray, p: readonly number[]): number {
  const at = new Array<number>(p.length);
  p.forEach((v, k) => {
    at[v] = k;
  });
  const [r, c] = sp.find(S);
  const R = vals(r);
  const C = vals(c);
  let b = 0;
  for (let k = 0; k < R.length; k++) b = Math.max(b, Math.abs(at[R[k]!]! - at[C[k]!]!));
  return b;
}

describe.each(POOLS)('csgraph against SciPy, pool size %i', (workers) => {
  it.each(FIX.cases.map((c, k) => [k, c] as const))('graph %i', (_k, c) => {
    configure({ workers });
    const G = sp.csr_array(c.dense.map((r) => r.map(num)));
    const n = c.n;
    for (const [key, opts] of [
      ['cc_weak', {}],
      ['cc_strong', { connection: 'strong' as const }],
      ['cc_undirected', { directed: false }],
    ] as const) {
      const [k, labels] = g.connected_components(G, opts);
      expect([k, vals(labels)], key).toEqual(c[key]);
    }
    for (const directed of [true, false]) {
      const key = directed ? 'd' : 'u';
      expect(g.breadth_first_order(G, 0, directed).map(vals), `bfs ${key}`).toEqual(c[`bfs_${key}`]);
      expect(g.depth_first_order(G, n - 1, { directed }).map(vals), `dfs ${key}`).toEqual(c[`dfs_${key}`]);
      const [D, P] = g.shortest_path(G, { directed, return_predecessors: true }) as unknown as np.ndarray[];
      const want = c[`sp_${key}`] as [V[][], number[][]];
      close(vals(D!), flat(want[0]), 'float64', `shortest_path ${key}`);
      expect(vals(P!), `predecessors ${key}`).toEqual(want[1].flat());
      close(
        vals(g.shortest_path(G, { directed, unweighted: true })),
        flat(c[`sp_unweighted_${key}`]),
        'float64',
        'unweighted',
      );
      // Bellman–Ford gives the same distances
      close(vals(g.shortest_path(G, { directed, method: 'BF' })), flat(want[0]), 'float64', 'BF');
    }
    const [DL, PL] = g.dijkstra(G, {
      indices: [0, n - 1],
      limit: 8,
      return_predecessors: true,
    }) as unknown as np.ndarray[];
    const wl = c.dijkstra_limit as [V[][], number[][]];
    close(vals(DL!), flat(wl[0]), 'float64', 'dijkstra limit');
    expect(vals(PL!)).toEqual(wl[1].flat());
    const [DM, PM, SM] = g.dijkstra(G, {
      indices: [0, 1],
      min_only: true,
      return_predecessors: true,
    }) as unknown as np.ndarray[];
    const wm = c.dijkstra_min_only as [V[], number[], number[]];
    close(vals(DM!), flat(wm[0]), 'float64', 'min_only');
    expect([vals(PM!), vals(SM!)]).toEqual([wm[1], wm[2]]);
    close(vals(g.minimum_spanning_tree(G).toarray()), flat(c.mst), 'float64', 'mst');
    // RCM breaks ties between nodes of equal degree in node order; SciPy's argsort is not stable
    // on every CPU (AVX-512 sorting), so its ties may differ: compare the bandwidth it achieves.
    const S = sp.csr_array(G.add(G.T) as sp.sparray);
    for (const [perm, want] of [
      [g.reverse_cuthill_mckee(G), c.rcm],
      [g.reverse_cuthill_mckee(S, true), c.rcm_sym],
    ] as const) {
      const p = vals(perm);
      expect(
        [...p].sort((a, b) => a - b),
        'a permutation',
      ).toEqual(Array.from({ length: n }, (_, k) => k));
      expect(bandwidth(S, p), 'rcm bandwidth').toBe(bandwidth(S, want as number[]));
    }
    close(vals(g.laplacian(G).toarray()), flat(c.laplacian), 'float64', 'laplacian');
    close(vals(g.laplacian(G, { use_out_degree: true }).toarray()), flat(c.laplacian_out), 'float64', 'out');
    const [L, d] = g.laplacian(G, { normed: true, return_diag: true }) as unknown as [sp.sparray, np.ndarray];
    const wn = c.laplacian_normed as [V[][], V[]];
    close(vals(L.toarray()), flat(wn[0]), 'float64', 'normed');
    close(vals(d), flat(wn[1]), 'float64', 'degrees');
    close(
      vals(g.laplacian(G, { symmetrized: true }).toarray()),
      flat(c.laplacian_sym),
      'float64',
      'symmetrized',
    );
  });
});

describe('csgraph conventions and errors', () => {
  it('dense input, forms, single sources', () => {
    configure({ workers: 0 });
    const D = [
      [0, 1, 4],
      [0, 0, 2],
      [0, 0, 0],
    ];
    expect(vals(g.shortest_path(D, { indices: 0 }))).toEqual([0, 1, 3]);
    expect(g.shortest_path(D).shape).toEqual([3, 3]);
    expect(vals(g.connected_components(np.array(D))[1])).toEqual([0, 0, 0]);
    const lap = g.laplacian(D);
    expect(lap).toBeInstanceOf(np.ndarray);
    const L = g.laplacian(sp.csr_array(D), { form: 'lo' }) as unknown as {
      matvec(x: np.ndarray): np.ndarray;
    };
    expect(vals(L.matvec(np.ones(3)))).toEqual(vals(np.sum(g.laplacian(sp.csr_array(D)).toarray(), 1)));
    const f = g.laplacian(sp.csr_array(D), { form: 'function' }) as unknown as (x: np.ndarray) => np.ndarray;
    expect(vals(f(np.ones(3)))).toEqual(vals(L.matvec(np.ones(3))));
    expect(g.connected_components(D, { return_labels: false })).toBe(1);
  });

  it('names the function and the argument', () => {
    configure({ workers: 0 });
    const G = sp.csr_array([
      [0, 1],
      [0, 0],
    ]);
    expect(() => g.connected_components(sp.csr_array([[1, 2, 3]]))).toThrow(
      'connected_components: argument \'csgraph\' expected a square array (N × N), received "shape [1, 3]"',
    );
    expect(() => g.connected_components(G, { connection: 'both' as never })).toThrow(
      "connected_components: argument 'connection' expected 'weak' or 'strong'",
    );
    expect(() => g.breadth_first_order(G, 2)).toThrow(
      "breadth_first_order: argument 'i_start' expected a node in [-2, 2), received 2",
    );
    expect(() => g.shortest_path(G, { method: 'X' as never })).toThrow(
      /shortest_path: argument 'method' expected one of/,
    );
    const N = sp.csr_array([
      [0, -1],
      [0, 0],
    ]);
    expect(() => g.dijkstra(N)).toThrow(/dijkstra: the graph has negative weights/);
    expect(() => g.shortest_path(N, { method: 'D' })).toThrow(/method 'D'/);
    expect(vals(g.shortest_path(N, { indices: 0 }))).toEqual([0, -1]);
    const C = sp.csr_array([
      [0, -1],
      [-1, 0],
    ]);
    expect(() => g.shortest_path(C)).toThrow(ValueError); // a negative cycle
    expect(() => g.laplacian(G, { form: 'x' as never })).toThrow(/laplacian: argument 'form' expected/);
    expect(() => g.connected_components('G' as never)).toThrow(
      /expected a sparse array or a dense 2-D array/,
    );
  });
});
