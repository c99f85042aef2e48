#!/usr/bin/env python3
"""Fixtures for the dense linear algebra of cohortjs/numpy (np.linalg): NumPy's results.

Writes tests/fixtures/dense/linalg.json: for random matrices (seeded), Hilbert matrices and
rank-deficient ones, NumPy's solve/inv/det/cholesky/qr/eigh/svd/lstsq/pinv/norm results. The
inputs are stored explicitly, so the tests rebuild exactly the matrices NumPy factored.

Run through `npm run fixtures` (scripts/make_fixtures.py) or directly:
python3 scripts/fixtures_dense_linalg.py
"""
import json
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "linalg.json"


def hilbert(n):
    i = np.arange(n)
    return 1.0 / (i[:, None] + i[None, :] + 1)


def L(x):
    return np.asarray(x, dtype=np.float64).tolist()


def square_case(a, rng):
    n = a.shape[0]
    b = rng.standard_normal(n)
    B = rng.standard_normal((n, 3))
    c = {"a": L(a), "b": L(b), "B": L(B)}
    c["det"] = float(np.linalg.det(a))
    try:
        c["solve"] = L(np.linalg.solve(a, b))
        c["solveB"] = L(np.linalg.solve(a, B))
        c["inv"] = L(np.linalg.inv(a))
    except np.linalg.LinAlgError:
        c["singular"] = True
    c["cond"] = float(np.linalg.cond(a))
    s = (a + a.T) / 2
    c["eigh_sym"] = L(s)
    c["eigh_w"] = L(np.linalg.eigvalsh(s))
    spd = a @ a.T + n * np.eye(n)
    c["spd"] = L(spd)
    c["cholesky"] = L(np.linalg.cholesky(spd))
    return c


def rect_case(a, rng):
    m, n = a.shape
    b = rng.standard_normal(m)
    B = rng.standard_normal((m, 2))
    q, r = np.linalg.qr(a)
    qc, rc = np.linalg.qr(a, mode="complete")
    x, res, rank, s = np.linalg.lstsq(a, b)
    X, RES, _, _ = np.linalg.lstsq(a, B)
    return {
        "a": L(a),
        "b": L(b),
        "B": L(B),
        "qr_q": L(q),
        "qr_r": L(r),
        "qr_rc": L(rc),
        "svd_s": L(np.linalg.svd(a, compute_uv=False)),
        "lstsq_x": L(x),
        "lstsq_res": L(res),
        "lstsq_rank": int(rank),
        "lstsq_X": L(X),
        "lstsq_RES": L(RES),
        "pinv": L(np.linalg.pinv(a)),
        "norm2": float(np.linalg.norm(a, 2)),
        "normm2": float(np.linalg.norm(a, -2)),
        "nuc": float(np.linalg.norm(a, "nuc")),
    }


def main():
    rng = np.random.default_rng(20)
    square = {}
    for n in (1, 2, 3, 5, 8, 17, 70):
        square[f"random{n}"] = square_case(rng.standard_normal((n, n)), rng)
    for n in (6, 8, 10):
        square[f"hilbert{n}"] = square_case(hilbert(n), rng)
    exact = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    square["singular3"] = square_case(exact, rng)
    rect = {}
    for m, n in ((1, 1), (4, 2), (2, 4), (7, 5), (5, 7), (30, 12), (12, 30)):
        rect[f"random{m}x{n}"] = rect_case(rng.standard_normal((m, n)), rng)
    rect["rankdef6x4"] = rect_case(rng.standard_normal((6, 2)) @ rng.standard_normal((2, 4)), rng)
    rect["hilbert12x8"] = rect_case(hilbert(12)[:, :8], rng)
    rect["zeros3x2"] = rect_case(np.zeros((3, 2)), rng)
    stack = rng.standard_normal((2, 3, 4, 4))
    out = {
        "numpy": np.__version__,
        "square": square,
        "rect": rect,
        "stack": {
            "a": L(stack),
            "det": L(np.linalg.det(stack)),
            "inv": L(np.linalg.inv(stack)),
            "svd_s": L(np.linalg.svd(stack, compute_uv=False)),
            "eigh_w": L(np.linalg.eigvalsh(stack)),
            "eigh_w_U": L(np.linalg.eigvalsh(stack, UPLO="U")),
            "norm2_axes": L(np.linalg.norm(stack, 2, axis=(1, 3))),
        },
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out))
    print(f"wrote {OUT.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
