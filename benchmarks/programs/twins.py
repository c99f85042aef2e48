"""NumPy/SciPy twins of the ported programs in ports/ (the same algorithms, sizes and inputs).

CLI: python3 twins.py NAME:N:OUT [...] -- for each program build its inputs, time run() (the first
call), write the result as raw float64 to OUT, print {"name", "n", "ms", "setupMs", "blasThreads"}
as JSON (blasThreads: the threads OpenBLAS runs NumPy's matrix products on, None when unknown).
scripts/make_program_fixtures.py imports PROGRAMS from here.
"""
import json
import sys
import time

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

_M = np.uint64(0xFFFFFFFF)


def blas_threads():
    """The threads OpenBLAS runs NumPy's matrix products on here (OPENBLAS_NUM_THREADS, else one
    per core), read from the loaded library; None when no OpenBLAS is loaded or it cannot say."""
    import ctypes
    import re

    try:
        with open("/proc/self/maps") as f:
            libs = sorted(set(re.findall(r"(/\S*openblas\S*\.so\S*)", f.read())))
    except OSError:
        return None
    for lib in libs:
        try:
            handle = ctypes.CDLL(lib)
        except OSError:
            continue
        for sym in ("scipy_openblas_get_num_threads64_", "scipy_openblas_get_num_threads",
                    "openblas_get_num_threads64_", "openblas_get_num_threads"):
            fn = getattr(handle, sym, None)
            if fn is not None:
                return int(fn())
    return None


def uniform(count, seed):
    """The same hashed values in [0, 1) as uniform() in ports/_program.ts."""
    h = np.arange(count, dtype=np.uint64) ^ np.uint64((seed * 0x3C6EF35F) & 0xFFFFFFFF)
    h = (h * np.uint64(0x9E3779B1)) & _M
    h ^= h >> np.uint64(15)
    h = (h * np.uint64(0x85EBCA77)) & _M
    h ^= h >> np.uint64(13)
    return h.astype(np.float64) / 4294967296.0


def jacobi(N):
    A = uniform(N * N, 1).reshape(N, N) + N * np.eye(N)
    b = uniform(N, 2)
    d = np.diag(A)
    R = A - np.diag(d)

    def run():
        x = np.zeros(N)
        for _ in range(20):
            x = (b - np.dot(R, x)) / d
        return x

    return run


def stencil(N):
    grid = np.zeros((N + 2, N + 2))
    grid[:, 0] = -273.15
    grid[:, -1] = -273.15
    grid[-1, :] = -273.15
    grid[0, :] = 40.0
    center = grid[1:-1, 1:-1]
    north = grid[0:-2, 1:-1]
    east = grid[1:-1, 2:]
    west = grid[1:-1, 0:-2]
    south = grid[2:, 1:-1]

    def run():
        for _ in range(20):
            average = center + north + east + west + south
            work = 0.2 * average
            center[:] = work
        return grid

    return run


def _cnd(d):
    A1, A2, A3, A4, A5 = 0.31938153, -0.356563782, 1.781477937, -1.821255978, 1.330274429
    RSQRT2PI = 0.3989422804014327
    K = 1.0 / (1.0 + 0.2316419 * np.absolute(d))
    c = RSQRT2PI * np.exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))))
    return np.where(d > 0, 1.0 - c, c)


def black_scholes(N):
    S = uniform(N, 1) * 25 + 5
    X = uniform(N, 2) * 99 + 1
    T = uniform(N, 3) * 9.75 + 0.25
    R, V = 0.02, 0.3

    def run():
        sqrt_t = np.sqrt(T)
        d1 = np.log(S / X) + (R + 0.5 * V * V) * T / (V * sqrt_t)
        d2 = d1 - V * sqrt_t
        cnd_d1 = _cnd(d1)
        cnd_d2 = _cnd(d2)
        exp_rt = np.exp(-R * T)
        call = S * cnd_d1 - X * exp_rt * cnd_d2
        put = X * exp_rt * (1.0 - cnd_d2) - S * (1.0 - cnd_d1)
        return np.concatenate([call, put])

    return run


def logreg(N, F=32):
    X = uniform(N * F, 1).reshape(N, F) - 0.5
    target = np.floor(2.0 * uniform(N, 2))

    def run():
        w = np.zeros(F)
        for _ in range(20):
            scores = np.dot(X, w)
            predictions = 1.0 / (1.0 + np.exp(-scores))
            error = target - predictions
            gradient = np.dot(error, X)
            w += 1e-5 * gradient
        return w

    return run


def linreg(N, F=32):
    X = uniform(N * F, 1).reshape(N, F) - 0.5
    y = uniform(N, 2)

    def run():
        w = np.zeros(F)
        for _ in range(20):
            scores = np.dot(X, w)
            error = scores - y
            gradient = -(1.0 / N) * error.dot(X)
            w += 1e-5 * gradient
        return w

    return run


def cg(N):
    n = N * N
    A = np.zeros((n, n)) + 4 * np.eye(n)
    off_one = np.full(n - 1, -1.0)
    off_n = np.full(N * (N - 1), -1.0)
    A += np.diag(off_one, k=1)
    A += np.diag(off_one, k=-1)
    A += np.diag(off_n, k=N)
    A += np.diag(off_n, k=-N)
    b = uniform(n, 1)
    M = np.diag(np.full(n, 1.0 / (4 * n)))
    steps = min(25, (N * N) // 2)

    def run():
        x = np.zeros(n)
        r = b - A.dot(x)
        z = M.dot(r)
        p = z
        rzold = r.dot(z)
        for _ in range(steps):
            Ap = A.dot(p)
            alpha = rzold / p.dot(Ap)
            x = x + alpha * p
            r = r - alpha * Ap
            z = M.dot(r)
            rznew = r.dot(z)
            beta = rznew / rzold
            p = z + beta * p
            rzold = rznew
        return x

    return run


def gemm(N):
    A0 = uniform(N * N, 1).reshape(N, N)
    B0 = uniform(N * N, 2).reshape(N, N)

    def run():
        A, B, C = A0, B0, np.zeros((N, N))
        for _ in range(3):
            np.dot(A, B, out=C)
            A, B, C = B, C, A
        return B

    return run


def kmeans(N, D=2, C=10):
    data = uniform(N * D, 1).reshape(N, D)
    init = uniform(C * D, 2).reshape(C, D)

    def run():
        centroids = init.copy()
        data_dots = np.square(np.linalg.norm(data, ord=2, axis=1))
        distance_sum = 0.0
        for _ in range(10):
            centroid_dots = np.square(np.linalg.norm(centroids, ord=2, axis=1))
            pairwise = data_dots[:, np.newaxis] + centroid_dots[np.newaxis, :]
            pairwise -= 2.0 * np.dot(data, centroids.T)
            labels = np.argmin(pairwise, axis=1)
            counts = np.bincount(labels, minlength=C)
            for idx in range(D):
                centroids[:, idx] = np.bincount(labels, weights=data[:, idx], minlength=C)
            distance_sum = np.sum(np.amin(pairwise, axis=1))
            counts = np.maximum(counts, 1)
            centroids /= counts[:, np.newaxis]
        return np.concatenate([centroids.ravel(), [distance_sum]])

    return run


def spmv(n, nnz_per_row=11):
    A = sp.diags([1] * nnz_per_row, [k - nnz_per_row // 2 for k in range(nnz_per_row)],
                 shape=(n, n), format="csr", dtype=np.float64)
    x = np.ones(n)

    def run():
        y = np.zeros(n)
        for _ in range(20):
            y = A.dot(x)
        return y

    return run


def pde(nx):
    ny = nx
    dx, dy = 1.0 / (nx - 1), 1.0 / (ny - 1)
    X, Y = np.meshgrid(np.linspace(0.0, 1.0, nx), np.linspace(-0.5, 0.5, ny), indexing="ij")
    b = np.sin(np.pi * X) * np.cos(np.pi * Y) + np.sin(5.0 * np.pi * X) * np.cos(5.0 * np.pi * Y)
    bflat = b[1:-1, 1:-1].flatten("F")
    a, g = 1.0 / dx**2, 1.0 / dy**2
    c = -2.0 * a - 2.0 * g
    diag_size = (nx - 2) * (ny - 2) - 1
    first = np.full(nx - 3, a)
    chunks = np.concatenate([np.zeros(1), first])
    diag_a = np.concatenate([first, np.tile(chunks, (diag_size - (nx - 3)) // (nx - 2))])
    diag_g = g * np.ones((nx - 2) * (ny - 3))
    diag_c = c * np.ones((nx - 2) * (ny - 2))
    A = sp.diags([diag_g, diag_a, diag_c, diag_a, diag_g], [-(nx - 2), -1, 0, 1, nx - 2],
                 dtype=np.float64).tocsc().T.tocsr()

    def run():
        return spla.cg(A, bflat, rtol=0, atol=0, maxiter=50)[0]

    return run


def _poisson2d(N):
    t = sp.diags([np.full(N - 1, -1.0), np.full(N, 2.0), np.full(N - 1, -1.0)], [-1, 0, 1])
    i = sp.identity(N)
    return (sp.kron(t, i) + sp.kron(i, t)).tocsr()


def _restriction1d(nc):
    rows = np.repeat(np.arange(nc), 3)
    cols = (2 * np.arange(nc)[:, None] + np.arange(3)[None, :]).ravel()
    vals = np.tile([0.25, 0.5, 0.25], nc)
    return sp.coo_matrix((vals, (rows, cols)), shape=(nc, 2 * nc + 1)).tocsr()


def _max_eigenvalue(A, iters=15):
    x1 = uniform(A.shape[1], 7)
    for _ in range(iters):
        x1 = A @ x1
        x1 = x1 / np.linalg.norm(x1)
    return float(np.dot(x1, A @ x1))


def gmg(nx):
    A0 = _poisson2d(nx)
    levels = []
    A, m = A0, nx
    while True:
        dinv = 1.0 / A.diagonal()
        lv = {"A": A, "dinv": dinv, "omega": 4.0 / 3.0 / _max_eigenvalue((A @ sp.diags([dinv], [0])).tocsr())}
        levels.append(lv)
        if m <= 7:
            break
        mc = (m - 1) // 2
        r1 = _restriction1d(mc)
        lv["R"] = sp.kron(r1, r1, format="csr")
        lv["P"] = lv["R"].T.tocsr()
        A = (lv["R"] @ A @ lv["P"]).tocsr()
        m = mc

    def cycle(l, r):
        lv = levels[l]
        pre = lv["omega"] * r * lv["dinv"]
        if "R" not in lv:
            return pre
        fine_r = r - lv["A"].dot(pre)
        coarse_x = cycle(l + 1, lv["R"].dot(fine_r))
        x = pre + lv["P"].dot(coarse_x)
        return x + lv["omega"] * (r - lv["A"].dot(x)) * lv["dinv"]

    n = nx * nx
    b = uniform(n, 1)
    M = spla.LinearOperator((n, n), matvec=lambda r: cycle(0, r), dtype=float)

    def run():
        return spla.cg(A0, b, rtol=0, atol=0, maxiter=10, M=M)[0]

    return run


def power(n):
    bands = [-7, -1, 0, 1, 7]
    M = sp.diags([uniform(n - abs(k), 10 + q) for q, k in enumerate(bands)], bands,
                 shape=(n, n), format="csr")
    x0 = uniform(n, 1)

    def run():
        y = M.dot(x0)
        pnorm = np.sqrt(np.sum(y**2))
        x = y / pnorm
        res, it = 1, 0
        while res > 0 and it < 10:
            y = M.dot(x)
            ynorm = np.sqrt(np.sum(y**2))
            res = abs(pnorm - ynorm)
            pnorm = np.copy(ynorm)
            x = y / ynorm
            it += 1
        v = M.dot(x)
        return np.concatenate([x, [np.sqrt(np.sum(v**2))]])

    return run


def lasso(N, F=20, lam=0.1):
    X = uniform(N * F, 1).reshape(N, F) - 0.5
    X[:, 0] = 1.0
    truth = uniform(F, 2) - 0.5
    y = X @ truth + 0.01 * uniform(N, 3)

    def soft(rho):
        return rho + lam if rho < -lam else rho - lam if rho > lam else 0.0

    def run():
        theta = np.zeros(F)
        for _ in range(2):
            for j in range(F):
                X_j = X[:, j]
                y_est = X @ theta
                theta_j = theta[j].item()
                rho = (X_j * (y - y_est + theta_j * X_j)).mean().item()
                theta[j] = rho if j == 0 else soft(rho)
        return theta

    return run


def rydberg(atoms, omega=1.0, delta=0.5, V=2.0, steps=10, dt=0.01):
    n = 2**atoms
    s = np.arange(n)
    bits = (s[:, None] >> np.arange(atoms)[None, :]) & 1
    diag = -delta * bits.sum(1) + V * (bits[:, :-1] * bits[:, 1:]).sum(1)
    rows = np.repeat(s, atoms + 1)
    cols = np.concatenate([s[:, None] ^ (1 << np.arange(atoms))[None, :], s[:, None]], axis=1).ravel()
    vals = np.concatenate([np.full((n, atoms), omega / 2), diag[:, None]], axis=1).ravel()
    H = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    H.sort_indices()

    def run():
        u = np.zeros(n)
        u[0] = 1.0
        v = np.zeros(n)
        for _ in range(steps):
            k1u = H @ v
            k1v = -(H @ u)
            k2u = H @ (v + dt / 2 * k1v)
            k2v = -(H @ (u + dt / 2 * k1u))
            k3u = H @ (v + dt / 2 * k2v)
            k3v = -(H @ (u + dt / 2 * k2u))
            k4u = H @ (v + dt * k3v)
            k4v = -(H @ (u + dt * k3u))
            u = u + dt / 6 * (k1u + 2 * (k2u + k3u) + k4u)
            v = v + dt / 6 * (k1v + 2 * (k2v + k3v) + k4v)
        return np.concatenate([u, v])

    return run


PROGRAMS = {
    f.__name__: f
    for f in [jacobi, stencil, black_scholes, logreg, linreg, cg, gemm, kmeans, spmv, pde, gmg,
              power, lasso, rydberg]
}

if __name__ == "__main__":
    for spec in sys.argv[1:]:
        name, n, out = spec.split(":")
        s0 = time.perf_counter()
        run = PROGRAMS[name](int(n))
        t0 = time.perf_counter()
        result = np.ascontiguousarray(run(), dtype=np.float64).ravel()
        ms = (time.perf_counter() - t0) * 1000
        result.tofile(out)
        print(json.dumps({"name": name, "n": int(n), "ms": ms, "setupMs": (t0 - s0) * 1000,
                          "blasThreads": blas_threads()}), flush=True)
