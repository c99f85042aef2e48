#!/usr/bin/env python3
"""Generates tests/fixtures/linalg/expm-eig.json: SciPy's expm_multiply, onenormest, eigs, svds and
lobpcg on small sparse matrices (seeded), with the exact quantities the tests check against
(‖A‖₁, eigenvalues from a dense eigensolver, singular values from a dense SVD, expm by scipy.linalg).

Run by `npm run fixtures` (scripts/make_fixtures.py).
"""
import json
import pathlib

import numpy as np
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "linalg" / "expm-eig.json"


def coo(A):
    A = sp.coo_array(A)
    return {"shape": list(A.shape), "row": A.row.tolist(), "col": A.col.tolist(), "data": A.data.tolist()}


def lst(a):
    return np.asarray(a, dtype=float).tolist()


def main():
    rng = np.random.default_rng(20)
    out = {}

    # onenormest: random signed, nonnegative, and a diagonal-dominant band
    cases = []
    for n, density, sign in [(30, 0.2, True), (60, 0.1, False), (120, 0.05, True), (8, 0.5, True)]:
        A = sp.random_array((n, n), density=density, rng=rng, format="csr")
        if sign:
            A.data = A.data - 0.5
        A = A + sp.eye_array(n) * 0.1
        np.random.seed(0)
        est = spla.onenormest(A)
        exact = np.abs(A.toarray()).sum(axis=0).max()
        cases.append({"A": coo(A), "nonneg": not sign, "scipy": float(est), "exact": float(exact)})
    out["onenormest"] = cases

    # expm_multiply: vector and matrix right-hand sides, a stiff Laplacian (s > 1), a grid
    cases = []
    n = 40
    R = sp.random_array((n, n), density=0.15, rng=rng, format="csr")
    R.data -= 0.5
    L = sp.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(n, n), format="csr") * 25.0
    b = rng.standard_normal(n)
    Bm = rng.standard_normal((n, 3))
    for name, A in [("random", R), ("laplacian", L), ("shifted", R * 3 + sp.eye_array(n) * 5)]:
        for B in [b, Bm]:
            ref = sla.expm(A.toarray()) @ B
            cases.append({"name": name, "A": coo(A), "B": lst(B), "scipy": lst(spla.expm_multiply(A, B)), "exact": lst(ref)})
    grid = spla.expm_multiply(L, b, start=0.0, stop=0.5, num=6, endpoint=True)
    cases.append({"name": "grid", "A": coo(L), "B": lst(b), "start": 0.0, "stop": 0.5, "num": 6, "endpoint": True, "scipy": lst(grid)})
    grid2 = spla.expm_multiply(R, Bm, start=1.0, stop=2.0, num=4, endpoint=False)
    cases.append({"name": "grid-open", "A": coo(R), "B": lst(Bm), "start": 1.0, "stop": 2.0, "num": 4, "endpoint": False, "scipy": lst(grid2)})
    out["expm_multiply"] = cases

    # eigs: nonsymmetric with a real spectrum (triangular plus a similarity by a sparse unit-triangular)
    cases = []
    for n, k in [(50, 4), (100, 6)]:
        d = np.arange(1, n + 1, dtype=float) * (1 + 0.01 * rng.random(n))
        U = sp.triu(sp.random_array((n, n), density=0.05, rng=rng), k=1)
        A = (sp.diags(d) + U).tocsr()
        T = (sp.eye_array(n) + sp.tril(sp.random_array((n, n), density=0.03, rng=rng), k=-1) * 0.3).tocsr()
        Tinv = sp.csr_array(np.linalg.inv(T.toarray()))
        A = sp.csr_array(T @ A @ Tinv)
        A.data[np.abs(A.data) < 1e-14] = 0
        A.eliminate_zeros()
        ev = np.sort(np.linalg.eigvals(A.toarray()).real)
        c = {"A": coo(A), "k": k, "eigenvalues": lst(ev), "which": {}}
        for which in ["LM", "SM", "LR", "SR"]:
            w = spla.eigs(A, k=k, which=which, return_eigenvectors=False)
            c["which"][which] = lst(np.sort(w.real))
        cases.append(c)
    # a matrix with complex eigenvalues (a rotation block)
    Rot = sp.csr_array(np.array([[0.0, -1.0, 0, 0, 0], [1.0, 0, 0, 0, 0], [0, 0, 0.5, 0, 0], [0, 0, 0, 0.2, 0], [0, 0, 0, 0, 0.1]]))
    out["eigs"] = cases
    out["eigs_complex"] = {"A": coo(Rot), "k": 2, "scipy": [[float(z.real), float(z.imag)] for z in spla.eigs(Rot, k=2, return_eigenvectors=False)]}

    # svds: rectangular random
    cases = []
    for m, n, k in [(60, 40, 5), (30, 70, 4)]:
        A = sp.random_array((m, n), density=0.2, rng=rng, format="csr")
        s = np.linalg.svd(A.toarray(), compute_uv=False)
        sv = spla.svds(A, k=k, return_singular_vectors=False, random_state=0)
        sm = spla.svds(A, k=k, which="SM", return_singular_vectors=False, random_state=0)
        cases.append({"A": coo(A), "k": k, "singular_values": lst(np.sort(s)), "LM": lst(np.sort(sv)), "SM": lst(np.sort(sm))})
    out["svds"] = cases

    # lobpcg: 1-D Laplacian, smallest and largest, with a given X
    n = 100
    A = sp.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(n, n), format="csr")
    X = rng.standard_normal((n, 3))
    ev = np.linalg.eigvalsh(A.toarray())
    cases = []
    for largest in [False, True]:
        w, _ = spla.lobpcg(A, X, largest=largest, tol=1e-8, maxiter=500)
        cases.append({"largest": largest, "scipy": lst(np.sort(w))})
    out["lobpcg"] = {"A": coo(A), "X": lst(X), "eigenvalues": lst(ev), "cases": cases}

    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
