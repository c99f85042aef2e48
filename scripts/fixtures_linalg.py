#!/usr/bin/env python3
"""Fixtures for cohort/sparse/linalg (tests/linalg/): SciPy's solver results on SciPy's kinds of cases.

Writes tests/fixtures/linalg/solvers.json. Every matrix and right-hand side is stored explicitly (CSR
data/indices/indptr and b), so the tests rebuild exactly the systems SciPy solved. For each run the
file records SciPy's `info`, its iteration count (callback calls; for gmres both the outer count,
callback_type='x', and the inner count, callback_type='pr_norm'), the spread of that count when b is
perturbed at rounding level (iterations_min/max), and the final true residual norm.
Also eigsh eigenvalues and sparse norms.

Run through `npm run fixtures` (scripts/make_fixtures.py) or directly: python3 scripts/fixtures_linalg.py
"""
import json
import pathlib

import numpy as np
import scipy
import scipy.sparse as sp
import scipy.sparse.linalg as sla

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "linalg"


def poisson1d(n):
    return sp.diags([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], [-1, 0, 1], format="csr")


def poisson2d(nx):
    t = poisson1d(nx)
    i = sp.identity(nx, format="csr")
    return (sp.kron(t, i) + sp.kron(i, t)).tocsr()


def spd_random(n, rng):
    b = sp.random(n, n, density=0.05, random_state=rng, format="csr")
    a = (b @ b.T + 0.05 * n * sp.identity(n)).tocsr()
    a.sum_duplicates()
    return a


def convdiff(nx, c=(8.0, 4.0)):
    """-Δu + c·∇u on the unit square, 5-point Laplacian plus first-order upwind convection."""
    h = 1.0 / (nx + 1)
    d = poisson1d(nx) / h**2
    up = sp.diags([-np.ones(nx - 1), np.ones(nx)], [-1, 0]) / h  # backward difference (c > 0)
    i = sp.identity(nx)
    a = sp.kron(i, d) + sp.kron(d, i) + c[0] * sp.kron(i, up) + c[1] * sp.kron(up, i)
    return (a * h**2).tocsr()


def csr_json(a):
    a = sp.csr_array(a)
    a.sort_indices()
    return {
        "shape": list(a.shape),
        "dtype": str(a.dtype),
        "data": a.data.astype(np.float64).tolist(),
        "indices": a.indices.tolist(),
        "indptr": a.indptr.tolist(),
    }


def count_iterations(solver, a, b, **kw):
    count = [0]

    def cb(_):
        count[0] += 1

    extra = {"callback_type": "x"} if solver is sla.gmres else {}
    x, info = solver(a, b, callback=cb, **kw, **extra)
    return x, info, count[0]


def run(solver, a, b, **kw):
    x, info, iterations = count_iterations(solver, a, b, **kw)
    out = {"info": int(info), "iterations": iterations}
    # How far rounding alone moves SciPy's own count: the same solve with b perturbed by ~1e-15
    # relative (some cases, e.g. BiCGSTAB on an indefinite matrix, are chaotic).
    spread = [iterations]
    for seed in range(8):
        rng = np.random.default_rng(seed)
        eps = np.finfo(b.dtype).eps
        bp = (b * (1 + eps * rng.standard_normal(b.shape[0]))).astype(b.dtype)
        spread.append(count_iterations(solver, a, bp, **kw)[2])
    out["iterations_min"] = min(spread)
    out["iterations_max"] = max(spread)
    if solver is sla.gmres:
        inner = [0]

        def cb2(_):
            inner[0] += 1

        solver(a, b, callback=cb2, callback_type="pr_norm", **kw)
        out["inner_iterations"] = inner[0]
    r = b - a @ x
    out["residual"] = float(np.linalg.norm(r.astype(np.float64)))
    out["bnorm"] = float(np.linalg.norm(b.astype(np.float64)))
    return out


def main():
    rng = np.random.default_rng(20261122)
    cases = {}
    cases["poisson1d"] = {"A": poisson1d(64), "b": np.ones(64), "symmetric": True, "spd": True}
    p2 = poisson2d(16)
    cases["poisson2d"] = {"A": p2, "b": rng.standard_normal(256), "symmetric": True, "spd": True}
    cases["spd_random"] = {"A": spd_random(120, rng), "b": rng.standard_normal(120), "symmetric": True, "spd": True}
    cases["convdiff"] = {"A": convdiff(14), "b": rng.standard_normal(196), "symmetric": False, "spd": False}
    ind = (poisson1d(48) - 0.35 * sp.identity(48)).tocsr()
    cases["indefinite"] = {"A": ind, "b": rng.standard_normal(48), "symmetric": True, "spd": False}
    cases["poisson2d_f32"] = {
        "A": p2.astype(np.float32),
        "b": cases["poisson2d"]["b"].astype(np.float32),
        "symmetric": True,
        "spd": True,
    }

    solvers = {
        "cg": sla.cg,
        "cgs": sla.cgs,
        "bicg": sla.bicg,
        "bicgstab": sla.bicgstab,
        "gmres": sla.gmres,
        "minres": sla.minres,
    }
    out_cases = {}
    for name, c in cases.items():
        a, b = c["A"], c["b"]
        f32 = a.dtype == np.float32
        rtol = 1e-4 if f32 else 1e-8
        x0 = np.linspace(-1, 1, a.shape[0]).astype(a.dtype)
        jac = sp.diags(1.0 / a.diagonal()).astype(a.dtype).tocsr()
        runs = {}
        for sname, s in solvers.items():
            if sname == "cg" and not c["spd"]:
                continue
            if sname == "minres" and not c["symmetric"]:
                continue
            r = {}
            r["plain"] = run(s, a, b, rtol=rtol)
            r["x0"] = run(s, a, b, rtol=rtol, x0=x0)
            if c["spd"] or sname not in ("minres",):
                r["jacobi"] = run(s, a, b, rtol=rtol, M=jac)
            r["maxiter3"] = run(s, a, b, rtol=rtol, maxiter=3)
            runs[sname] = r
        out_cases[name] = {
            "A": csr_json(a),
            "b": b.astype(np.float64).tolist(),
            "x0": x0.astype(np.float64).tolist(),
            "rtol": rtol,
            "symmetric": c["symmetric"],
            "spd": c["spd"],
            "runs": runs,
        }

    eig = {}
    for name in ("poisson2d", "spd_random", "indefinite"):
        a = cases[name]["A"]
        eig[name] = {}
        for which in ("LM", "LA", "SA"):
            w = sla.eigsh(a, k=4, which=which, return_eigenvectors=False)
            eig[name][which] = sorted(float(v) for v in w)
        eig[name]["all"] = sorted(float(v) for v in np.linalg.eigvalsh(a.toarray()))

    norms = {}
    for name in ("convdiff", "spd_random", "indefinite"):
        a = cases[name]["A"]
        norms[name] = {
            "fro": float(sla.norm(a)),
            "1": float(sla.norm(a, 1)),
            "inf": float(sla.norm(a, np.inf)),
            "-1": float(sla.norm(a, -1)),
            "-inf": float(sla.norm(a, -np.inf)),
        }

    OUT.mkdir(parents=True, exist_ok=True)
    doc = {
        "generator": "scripts/fixtures_linalg.py",
        "scipy": scipy.__version__,
        "numpy": np.__version__,
        "cases": out_cases,
        "eigsh": eig,
        "norms": norms,
    }
    path = OUT / "solvers.json"
    path.write_text(json.dumps(doc, separators=(",", ":")))
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
