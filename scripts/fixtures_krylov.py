#!/usr/bin/env python3
"""The Krylov test collection (issue 23): small real matrices and SciPy's results on them.

Writes tests/fixtures/linalg/collection/<name>.mtx (Matrix Market, read back by the tests with
cohortjs/io's mmread) and tests/fixtures/linalg/collection.json: for each matrix and each solver
SciPy's `info` (or `istop` for lsqr/lsmr), iteration count (callback calls; `itn` for lsqr/lsmr),
its spread when b is perturbed at rounding level (iterations_min/max: ill-conditioned cases are
chaotic), the relative true residual, and the operator calls SciPy made (matvec, rmatvec, psolve,
rpsolve) plain, with a Jacobi preconditioner, with an exact one (A⁻¹), and as SciPy's
test_precond_inverse makes them (`inverse`: an operator built without dtype, x0 = 0·b, exact M).

Every system is `b = ones(n)`, `rtol = 1e-8` (lsqr/lsmr: atol = btol = 1e-8).

The matrices come from public definitions (Higham's Test Matrix Toolbox / MATLAB's `gallery`, and
finite-difference operators):
  poisson2d   SPD, 5-point Laplacian on an 8×8 grid (n = 64)
  wathen      SPD, Wathen's finite-element mass matrix, nx = ny = 3 (n = 40), seeded density
  lehmer      SPD, Lehmer matrix min(i,j)/max(i,j), n = 30 (cond ~ 9e2)
  kms         SPD, Kac–Murdock–Szegő Toeplitz r^|i−j|, r = 0.9, n = 30
  grcar       nonsymmetric, Grcar matrix, n = 30, k = 3 (non-normal)
  frank       nonsymmetric, Frank matrix, n = 12 (cond ~ 4e9)
  dorr        nonsymmetric, Dorr matrix, n = 30, θ = 0.01 (cond ~ 2e5)
  convdiff    nonsymmetric, upwind convection–diffusion on an 8×8 grid, Péclet ~ 10 (n = 64)
  shifted     symmetric indefinite, poisson2d − 1.3·I (n = 64)
  rowscaled   nonsymmetric, random sparse with rows scaled over 1 … 1e-6 (n = 30, cond ~ 3e6), solved
              with maxiter 2000: issue 23's setting, where SciPy's own cgs converges or not depending
              on rounding-level perturbations of b
  saddle      symmetric indefinite KKT matrix [[P, Bᵀ], [B, 0]], P = 1-D Laplacian (20), B = first
              differences (10×20) (n = 30)

Run through `npm run fixtures` (scripts/make_fixtures.py) or directly: python3 scripts/fixtures_krylov.py
"""
import json
import pathlib
import warnings

import numpy as np
import scipy
import scipy.io
import scipy.sparse as sp
import scipy.sparse.linalg as sla

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "linalg"
RTOL = 1e-8


def poisson1d(n):
    return sp.diags([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], [-1, 0, 1])


def poisson2d(nx):
    t = poisson1d(nx)
    i = sp.identity(nx)
    return (sp.kron(t, i) + sp.kron(i, t)).tocsr()


def wathen(nx, ny, rng):
    """Higham's gallery('wathen', nx, ny) with densities drawn from rng."""
    e1 = np.array([[6, -6, 2, -8], [-6, 32, -6, 20], [2, -6, 6, -6], [-8, 20, -6, 32]])
    e2 = np.array([[3, -8, 2, -6], [-8, 16, -8, 20], [2, -8, 3, -8], [-6, 20, -8, 16]])
    e = np.block([[e1, e2], [e2.T, e1]]) / 45
    n = 3 * nx * ny + 2 * nx + 2 * ny + 1
    a = np.zeros((n, n))
    rho = 100 * rng.random((nx, ny))
    for j in range(1, ny + 1):
        for i in range(1, nx + 1):
            nn = np.zeros(8, dtype=int)
            nn[0] = 3 * j * nx + 2 * i + 2 * j + 1
            nn[1] = nn[0] - 1
            nn[2] = nn[1] - 1
            nn[3] = (3 * j - 1) * nx + 2 * j + i - 1
            nn[4] = 3 * (j - 1) * nx + 2 * i + 2 * j - 3
            nn[5] = nn[4] + 1
            nn[6] = nn[5] + 1
            nn[7] = nn[3] + 1
            em = e * rho[i - 1, j - 1]
            idx = nn - 1
            a[np.ix_(idx, idx)] += em
    return sp.csr_array(a)


def lehmer(n):
    i = np.arange(1, n + 1)
    return sp.csr_array(np.minimum.outer(i, i) / np.maximum.outer(i, i))


def kms(n, r):
    i = np.arange(n)
    return sp.csr_array(r ** np.abs(np.subtract.outer(i, i)).astype(float))


def grcar(n, k):
    a = sp.diags([-np.ones(n - 1)] + [np.ones(n - d) for d in range(k + 1)], [-1] + list(range(k + 1)))
    return sp.csr_array(a)


def frank(n):
    a = np.zeros((n, n))
    for i in range(n):
        for j in range(max(0, i - 1), n):
            a[i, j] = n - max(i, j)
    return sp.csr_array(a)


def dorr(n, theta):
    h = 1 / (n + 1)
    m = (n + 1) // 2
    term = theta / h**2
    c, d, e = np.zeros(n), np.zeros(n), np.zeros(n)
    for i in range(1, n + 1):
        if i <= m:
            c[i - 1] = -term
            e[i - 1] = c[i - 1] - (0.5 - i * h) / h
        else:
            e[i - 1] = -term
            c[i - 1] = e[i - 1] + (0.5 - i * h) / h
        d[i - 1] = -(c[i - 1] + e[i - 1])
    return sp.csr_array(sp.diags([c[1:], d, e[:-1]], [-1, 0, 1]))


def convdiff(nx, c):
    h = 1.0 / (nx + 1)
    d = poisson1d(nx)
    up = sp.diags([-np.ones(nx - 1), np.ones(nx)], [-1, 0]) * h
    i = sp.identity(nx)
    return sp.csr_array(sp.kron(i, d) + sp.kron(d, i) + c[0] * sp.kron(i, up) + c[1] * sp.kron(up, i))


def saddle(m, k):
    p = poisson1d(m)
    bm = sp.diags([np.ones(k), -np.ones(k)], [0, 1], shape=(k, m))
    return sp.csr_array(sp.bmat([[p, bm.T], [bm, None]]))


def rowscaled(seed):
    """A 30×30 random sparse nonsymmetric matrix with its rows scaled over 1 … 1e-6 (cond ~ 1e6):
    the kind of system of issue 23, where SciPy's own cgs converges or stops at maxiter depending
    on rounding-level perturbations of b."""
    rng = np.random.default_rng(seed)
    a = sp.random(30, 30, density=0.15, random_state=rng) + sp.diags(rng.uniform(0.5, 2, 30))
    d = sp.diags(np.logspace(0, -6, 30)[rng.permutation(30)])
    return sp.csr_array(d @ a)


def collection():
    rng = np.random.default_rng(20261126)
    return {
        "poisson2d": (poisson2d(8), "spd"),
        "wathen": (wathen(3, 3, rng), "spd"),
        "lehmer": (lehmer(30), "spd"),
        "kms": (kms(30, 0.9), "spd"),
        "grcar": (grcar(30, 3), "nonsymmetric"),
        "frank": (frank(12), "nonsymmetric"),
        "dorr": (dorr(30, 0.01), "nonsymmetric"),
        "convdiff": (convdiff(8, (10.0, 5.0)), "nonsymmetric"),
        "shifted": (sp.csr_array(poisson2d(8) - 1.3 * sp.identity(64)), "indefinite"),
        "saddle": (saddle(20, 10), "indefinite"),
        "rowscaled": (rowscaled(4), "nonsymmetric"),
    }


# Matrices solved with a larger maxiter (and plain runs only): the setting.
MAXITER = {"rowscaled": 2000}


SQUARE = ["cg", "cgs", "bicg", "bicgstab", "gmres", "minres", "qmr", "tfqmr", "lgmres"]
LSQ = ["lsqr", "lsmr"]


class Counts:
    def __init__(self):
        self.c = {"matvec": 0, "rmatvec": 0, "psolve": 0, "rpsolve": 0}


def counting(a, counts, probe=False):
    """A counting operator over a; with probe, built without dtype (SciPy probes it with one matvec
    at construction, which the count leaves out, as in SciPy's test_precond_inverse)."""

    def mv(v):
        counts.c["matvec"] += 1
        return a @ v

    def rmv(v):
        counts.c["rmatvec"] += 1
        return a.T @ v

    if probe:
        op = sla.LinearOperator(a.shape, matvec=mv, rmatvec=rmv)
        counts.c["matvec"] = 0
        return op
    return sla.LinearOperator(a.shape, matvec=mv, rmatvec=rmv, dtype=a.dtype)


def solve(name, a, b, M=None, counts=None, scipy_test=False, maxiter=None):
    """(info, iterations, x) of one SciPy solve, counting callback calls. scipy_test: as SciPy's
    test_precond_inverse (operator without dtype, x0 = 0·b)."""
    n = [0]

    def cb(_):
        n[0] += 1

    op = counting(a, counts, probe=scipy_test) if counts is not None else a
    if name in LSQ:
        fn = getattr(sla, name)
        out = fn(op, b, atol=RTOL, btol=RTOL)
        return int(out[1]), int(out[2]), out[0]
    fn = getattr(sla, name)
    kw = {"rtol": RTOL, "callback": cb}
    if maxiter is not None:
        kw["maxiter"] = maxiter
    if name == "gmres":
        kw["callback_type"] = "x"
    if M is not None:
        kw["M"] = M
    if scipy_test:
        kw["x0"] = 0 * b
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        x, info = fn(op, b, **kw)
    return int(info), n[0], x


def jacobi(a, counts):
    d = 1.0 / a.diagonal()

    def mv(v):
        counts.c["psolve"] += 1
        return d * v

    def rmv(v):
        counts.c["rpsolve"] += 1
        return d * v

    return sla.LinearOperator(a.shape, matvec=mv, rmatvec=rmv, dtype=a.dtype)


def exact(a, counts):
    dense = a.toarray()

    def mv(v):
        counts.c["psolve"] += 1
        return np.linalg.solve(dense, v)

    def rmv(v):
        counts.c["rpsolve"] += 1
        return np.linalg.solve(dense.T, v)

    return sla.LinearOperator(a.shape, matvec=mv, rmatvec=rmv, dtype=a.dtype)


def run(name, a, b, precond=None, scipy_test=False, maxiter=None):
    counts = Counts()
    M = precond(a, counts) if precond is not None else None
    info, iterations, x = solve(name, a, b, M=M, counts=counts, scipy_test=scipy_test, maxiter=maxiter)
    out = {"info": info, "iterations": iterations}
    spread = [iterations]
    infos = {info}
    residuals = []
    calls_stable = True
    for seed in range(8):
        rng = np.random.default_rng(seed)
        bp = b * (1 + np.finfo(float).eps * rng.standard_normal(b.shape[0]))
        pc = Counts()
        pinfo, pit, px = solve(
            name, a, bp, M=precond(a, pc) if precond else None, counts=pc, scipy_test=scipy_test, maxiter=maxiter
        )
        spread.append(pit)
        infos.add(pinfo)
        residuals.append(float(np.linalg.norm(bp - a @ px) / np.linalg.norm(bp)))
        calls_stable = calls_stable and pc.c == counts.c
    out["iterations_min"] = min(spread)
    out["iterations_max"] = max(spread)
    # Every info SciPy returns under those perturbations (more than one where the case is chaotic).
    out["infos"] = sorted(infos)
    out["residual"] = float(np.linalg.norm(b - a @ x) / np.linalg.norm(b))
    # The largest relative residual of the perturbed solves (for solvers that stop on estimates).
    out["residual_max"] = max([out["residual"], *residuals])
    out["calls"] = counts.c
    # Whether the perturbed solves made the same calls (false where rounding moves the count).
    out["calls_stable"] = calls_stable
    return out


def csr_json(a):
    a = sp.csr_array(a)
    a.sort_indices()
    return {"shape": list(a.shape), "data": a.data.tolist(), "indices": a.indices.tolist(), "indptr": a.indptr.tolist()}


def least_squares_cases():
    """Rectangular problems for lsqr/lsmr: SciPy's x, istop, itn and norms per option set."""
    rng = np.random.default_rng(7)
    over = sp.random(40, 25, density=0.2, random_state=rng) + sp.eye(40, 25)
    under = sp.random(25, 40, density=0.2, random_state=rng) + sp.eye(25, 40)
    out = {}
    for name, a in (("over", over), ("under", under)):
        a = sp.csr_array(a)
        m, n = a.shape
        b = rng.standard_normal(m)
        x0 = rng.standard_normal(n)
        runs = {}
        for oname, kw in (
            ("default", {}),
            ("tight", {"atol": 1e-10, "btol": 1e-10}),
            ("damp", {"damp": 0.5, "atol": 1e-10, "btol": 1e-10}),
            ("x0", {"x0": x0, "atol": 1e-10, "btol": 1e-10}),
            ("limit", {"atol": 1e-12, "btol": 1e-12}),
        ):
            for solver in ("lsqr", "lsmr"):
                k = dict(kw)
                if oname == "limit":
                    k["iter_lim" if solver == "lsqr" else "maxiter"] = 5
                r = getattr(sla, solver)(a, b, **k)
                runs[f"{solver}/{oname}"] = {
                    "options": {kk: (vv.tolist() if isinstance(vv, np.ndarray) else vv) for kk, vv in k.items()},
                    "x": r[0].tolist(),
                    "istop": int(r[1]),
                    "itn": int(r[2]),
                    "norms": [float(v) for v in r[3:9 if solver == "lsqr" else 8]],
                }
        out[name] = {"A": csr_json(a), "b": b.tolist(), "runs": runs}
    return out


def main():
    cdir = OUT / "collection"
    cdir.mkdir(parents=True, exist_ok=True)
    doc = {"generator": "scripts/fixtures_krylov.py", "scipy": scipy.__version__, "rtol": RTOL, "matrices": {}}
    for mname, (a, kind) in collection().items():
        a = sp.csr_array(a)
        a.sum_duplicates()
        a.eliminate_zeros()
        symmetric = kind != "nonsymmetric"
        scipy.io.mmwrite(
            str(cdir / f"{mname}.mtx"),
            sp.coo_array(a),
            comment=f"cohort Krylov collection: {mname} ({kind}), scripts/fixtures_krylov.py",
            precision=17,
            symmetry="symmetric" if symmetric else "general",
        )
        n = a.shape[0]
        b = np.ones(n)
        dense = a.toarray()
        runs = {}
        for s in SQUARE + LSQ:
            if s == "cg" and kind != "spd":
                continue
            if s == "minres" and not symmetric:
                continue
            r = {"plain": run(s, a, b, maxiter=MAXITER.get(mname) if s not in LSQ else None)}
            # qmr takes M1/M2, not M; minres needs a positive definite M.
            if mname in MAXITER:
                pass
            elif s not in LSQ and s != "qmr" and not (s == "minres" and kind != "spd"):
                if np.all(a.diagonal() != 0):
                    r["jacobi"] = run(s, a, b, jacobi)
                r["exact"] = run(s, a, b, exact)
                r["inverse"] = run(s, a, b, exact, scipy_test=True)
            runs[s] = r
        doc["matrices"][mname] = {
            "kind": kind,
            "n": n,
            "nnz": int(a.nnz),
            "cond": float(np.linalg.cond(dense)),
            "maxiter": MAXITER.get(mname),
            "runs": runs,
        }
        print(mname, n, kind, f"cond {doc['matrices'][mname]['cond']:.2e}")
    doc["least_squares"] = least_squares_cases()
    path = OUT / "collection.json"
    path.write_text(json.dumps(doc, indent=1))
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
