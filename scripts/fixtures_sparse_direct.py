#!/usr/bin/env python3
"""Fixtures for the sparse direct solvers of cohortjs/sparse/linalg: SciPy's splu / spsolve /
spsolve_triangular results, and spilu-preconditioned GMRES convergence.

Writes tests/fixtures/linalg/direct.json. Matrices are stored as CSC (data/indices/indptr) with
their right-hand sides, so the tests rebuild exactly the systems SciPy solved.

Run through `npm run fixtures` (scripts/make_fixtures.py) or directly:
python3 scripts/fixtures_sparse_direct.py
"""
import json
import pathlib

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as sla

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "linalg" / "direct.json"


def csc_json(a):
    a = sp.csc_array(a)
    a.sort_indices()
    return {"shape": list(a.shape), "data": a.data.astype(float).tolist(), "indices": a.indices.tolist(), "indptr": a.indptr.tolist()}


def poisson2d(nx):
    t = sp.diags([-np.ones(nx - 1), 2 * np.ones(nx), -np.ones(nx - 1)], [-1, 0, 1])
    i = sp.identity(nx)
    return (sp.kron(t, i) + sp.kron(i, t)).tocsc()


def convdiff(nx):
    h = 1 / (nx + 1)
    t = sp.diags([-np.ones(nx - 1), 2 * np.ones(nx), -np.ones(nx - 1)], [-1, 0, 1])
    up = sp.diags([-h * np.ones(nx - 1), h * np.ones(nx)], [-1, 0])
    i = sp.identity(nx)
    return (sp.kron(i, t) + sp.kron(t, i) + 80 * sp.kron(i, up) + 40 * sp.kron(up, i)).tocsc()


def main():
    rng = np.random.default_rng(2020)
    cases = {}
    mats = {
        "poisson2d_12": poisson2d(12),
        "convdiff_10": convdiff(10),
        "random_nonsym_60": (sp.random(60, 60, density=0.08, random_state=rng) + sp.diags(rng.uniform(0.5, 1.5, 60))).tocsc(),
        "needs_pivoting_40": (sp.random(40, 40, density=0.15, random_state=rng) + sp.diags(1e-9 * np.ones(40))).tocsc(),
        "permutation_5": sp.csc_array(np.eye(5)[[3, 0, 4, 1, 2]] * np.arange(1, 6)),
    }
    for name, a in mats.items():
        n = a.shape[0]
        b = rng.standard_normal(n)
        B = rng.standard_normal((n, 2))
        lu = sla.splu(a)
        cases[name] = {
            "A": csc_json(a),
            "b": b.tolist(),
            "B": B.tolist(),
            "x": lu.solve(b).tolist(),
            "xT": lu.solve(b, trans="T").tolist(),
            "X": sla.spsolve(a, B).tolist(),
        }
    tri = {}
    low = sp.tril(sp.random(30, 30, density=0.2, random_state=rng) + sp.diags(rng.uniform(1, 2, 30)), format="csr")
    b = rng.standard_normal(30)
    tri["lower"] = {"A": csc_json(low), "b": b.tolist(), "x": sla.spsolve_triangular(low, b, lower=True).tolist(),
                    "x_unit": sla.spsolve_triangular(low, b, lower=True, unit_diagonal=True).tolist()}
    up = low.T.tocsr()
    tri["upper"] = {"A": csc_json(up), "b": b.tolist(), "x": sla.spsolve_triangular(up, b, lower=False).tolist()}
    # spilu as a GMRES preconditioner: SciPy's inner iteration counts with and without it.
    c = convdiff(30)
    bc = np.ones(c.shape[0])
    counts = {}
    for label, M in (("none", None), ("spilu", sla.LinearOperator(c.shape, sla.spilu(c).solve))):
        its = [0]
        x, info = sla.gmres(c, bc, M=M, rtol=1e-8, restart=30, maxiter=200,
                            callback=lambda r: its.__setitem__(0, its[0] + 1), callback_type="pr_norm")
        counts[label] = {"iterations": its[0], "info": int(info)}
    out = {"cases": cases, "triangular": tri, "gmres": {"A": csc_json(c), "counts": counts}}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
