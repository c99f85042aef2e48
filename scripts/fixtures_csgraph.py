#!/usr/bin/env python3
"""Generates tests/fixtures/sparse/csgraph.json with SciPy's csgraph on random graphs (directed,
weighted with distinct random weights so that shortest paths and spanning trees have no ties).

Run by `npm run fixtures` (scripts/make_fixtures.py); tests read the committed file.
"""
import json
import pathlib
import warnings

import numpy as np
import scipy.sparse as sp
import scipy.sparse.csgraph as cg

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse" / "csgraph.json"


def f(x):
    x = float(x)
    return "inf" if np.isinf(x) else x


def lst(a):
    return [[f(v) for v in row] for row in np.asarray(a, dtype=float)] if np.ndim(a) == 2 else [f(v) for v in a]


def graph(rng, n, density):
    mask = rng.random((n, n)) < density
    np.fill_diagonal(mask, False)
    w = np.round(rng.random((n, n)) * 9 + 1, 6)
    return sp.csr_array(np.where(mask, w, 0.0))


def case(G):
    n = G.shape[0]
    out = {"n": n, "dense": lst(G.toarray())}
    for conn in ["weak", "strong"]:
        k, labels = cg.connected_components(G, directed=True, connection=conn)
        out[f"cc_{conn}"] = [int(k), labels.tolist()]
    k, labels = cg.connected_components(G, directed=False)
    out["cc_undirected"] = [int(k), labels.tolist()]
    for directed in [True, False]:
        key = "d" if directed else "u"
        o, p = cg.breadth_first_order(G, 0, directed=directed)
        out[f"bfs_{key}"] = [o.tolist(), p.tolist()]
        o, p = cg.depth_first_order(G, n - 1, directed=directed)
        out[f"dfs_{key}"] = [o.tolist(), p.tolist()]
        d, p = cg.shortest_path(G, directed=directed, return_predecessors=True)
        out[f"sp_{key}"] = [lst(d), p.tolist()]
        d = cg.shortest_path(G, directed=directed, unweighted=True)
        out[f"sp_unweighted_{key}"] = lst(d)
    d, p = cg.dijkstra(G, indices=[0, n - 1], limit=8.0, return_predecessors=True)
    out["dijkstra_limit"] = [lst(d), p.tolist()]
    d, p, s = cg.dijkstra(G, indices=[0, 1], min_only=True, return_predecessors=True)
    out["dijkstra_min_only"] = [lst(d), p.tolist(), s.tolist()]
    out["mst"] = lst(cg.minimum_spanning_tree(G).toarray())
    out["rcm"] = cg.reverse_cuthill_mckee(G).tolist()
    out["rcm_sym"] = cg.reverse_cuthill_mckee(sp.csr_array(G + G.T), symmetric_mode=True).tolist()
    out["laplacian"] = lst(cg.laplacian(G).toarray())
    out["laplacian_out"] = lst(cg.laplacian(G, use_out_degree=True).toarray())
    L, dg = cg.laplacian(G, normed=True, return_diag=True)
    out["laplacian_normed"] = [lst(L.toarray()), lst(dg)]
    out["laplacian_sym"] = lst(cg.laplacian(G, symmetrized=True).toarray())
    return out


def main():
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(112026)
    cases = [case(graph(rng, n, d)) for n, d in [(6, 0.3), (8, 0.2), (10, 0.15), (12, 0.25), (9, 0.1), (7, 0.5)]]
    OUT.write_text(json.dumps({"cases": cases}, separators=(",", ":")) + "\n")
    print(f"wrote {OUT.name}")


if __name__ == "__main__":
    main()
