#!/usr/bin/env python3
"""Generates tests/fixtures/dense/*.json with NumPy: reductions, type promotion and printing.

Run by `npm run fixtures` (scripts/make_fixtures.py). The inputs are written next to the expected
outputs, so the tests rebuild the same arrays in cohort and compare.
"""
import json
import math
import pathlib

import numpy as np

out = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense"
out.mkdir(parents=True, exist_ok=True)

DTYPES = ["bool", "uint8", "int32", "float32", "float64"]


def enc(v):
    """JSON-safe number (NaN/Inf as strings)."""
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def enc_list(a):
    return [enc(x) for x in np.asarray(a, dtype=np.float64).ravel()]


rng = np.random.default_rng(12345)

# --- promotion: result dtype of add/multiply/divide/less between every pair, and with JS scalars.
promotion = []
for a in DTYPES:
    for b in DTYPES:
        x = np.ones(2, dtype=a)
        y = np.ones(2, dtype=b)
        row = {"a": a, "b": b}
        for op in ["add", "multiply", "divide", "maximum", "less"]:
            row[op] = str(getattr(np, op)(x, y).dtype)
        promotion.append(row)
scalars = []
for a in DTYPES:
    x = np.ones(2, dtype=a)
    for s, kind in [(2, "int"), (2.5, "float"), (True, "bool")]:
        r = np.add(x, s).dtype
        scalars.append({"a": a, "scalar": kind, "add": str(r)})
(out / "promotion.json").write_text(json.dumps({"arrays": promotion, "scalars": scalars}, indent=1))

# --- reductions over a few shapes and axes.
reductions = []
for dt in ["float64", "float32", "int32"]:
    for shape in [(7,), (3, 5), (2, 3, 4)]:
        if dt == "int32":
            data = rng.integers(-3, 4, size=shape).astype(np.int32)  # products stay within int32
        else:
            data = rng.standard_normal(shape).astype(dt)
        for axis in [None] + list(range(len(shape))):
            case = {"dtype": dt, "shape": list(shape), "data": enc_list(data), "axis": axis}
            for op in ["sum", "prod", "min", "max", "mean", "var", "std", "argmin", "argmax"]:
                r = getattr(np, op)(data, axis=axis)
                case[op] = enc_list(r)
            case["cumsum"] = enc_list(np.cumsum(data, axis=axis))
            reductions.append(case)
(out / "reductions.json").write_text(json.dumps(reductions))

# --- printing: str() of arrays (NumPy's default print options).
printing = []
def p(values, dtype, shape=None):
    a = np.array(values, dtype=dtype)
    if shape is not None:
        a = a.reshape(shape)
    printing.append({"dtype": dtype, "shape": list(a.shape), "data": enc_list(a), "str": str(a)})

p([1.0, 2.5, 3.0], "float64")
p([0.1, 0.25, 1e-5], "float64")
p([1e10, 1.5, -2.0], "float64")
p([np.nan, np.inf, -np.inf, 1.0], "float64")
p([np.nan, -np.inf], "float64")
p([0.1, 0.2, 0.3], "float32")
p([1.0 / 3.0, 2.0 / 3.0, 100.0], "float64")
p([123456789.0, 1.0], "float64")
p([-0.0, 0.0, 1.0], "float64")
p(list(range(12)), "int32", (3, 4))
p(list(range(24)), "float64", (2, 3, 4))
p([True, False, True], "bool")
p([0, 255, 7], "uint8")
p(list(range(-5, 5)), "int32")
p(np.arange(2000), "int32")
p(np.arange(3000, dtype=np.float64) / 7, "float64")
p(np.arange(1200).reshape(40, 30), "int32", (40, 30))
p(rng.standard_normal(40), "float64")
p(rng.standard_normal((5, 6)), "float64")
p([], "float64")
p(2.5, "float64")
p(7, "int32")
(out / "printing.json").write_text(json.dumps(printing, indent=1))
print(f"wrote {len(promotion) + len(scalars)} promotion, {len(reductions)} reduction, {len(printing)} printing cases to {out}")

# --- examples: Legate NumPy's figures 1 (Jacobi) and 2 (five-point stencil) at small size.
def stencil(n, iters):
    grid = np.zeros((n + 2, n + 2))
    grid[0, :] = 1
    center = grid[1:-1, 1:-1]
    north = grid[0:-2, 1:-1]
    east = grid[1:-1, 2:]
    west = grid[1:-1, 0:-2]
    south = grid[2:, 1:-1]
    for _ in range(iters):
        average = center + north + east + west + south
        center[:] = 0.2 * average
    return grid


def jacobi(n, iters):
    i = np.arange(n)
    A = 1.0 / (i[:, None] + i[None, :] + 1) + np.diag(np.full(n, 2.0 * n))
    b = np.arange(n, dtype=np.float64)
    x = np.zeros(n)
    d = np.diag(A)
    R = A - np.diag(d)
    for _ in range(iters):
        x = (b - np.dot(R, x)) / d
    return x


examples = {
    "stencil": {"n": 6, "iters": 5, "grid": enc_list(stencil(6, 5))},
    "jacobi": {"n": 7, "iters": 20, "x": enc_list(jacobi(7, 20))},
}
(out / "examples.json").write_text(json.dumps(examples))

# --- float64 sums whose bits depend on the order of additions: NumPy sums pairwise along the
# axis that is innermost in memory and in order along the others; cohort must give the same bits.
# Own generator, so that the cases above keep their data.
srng = np.random.default_rng(2026)
sums = []
for shape in [(3, 7), (4, 8), (4, 130), (2, 1000), (1, 2500), (3, 4, 257)]:
    data = srng.standard_normal(shape) * 10.0 ** srng.integers(-3, 8, size=shape)
    case = {"shape": list(shape), "data": enc_list(data)}
    case["sum_last"] = enc_list(data.sum(axis=-1))
    case["sum_first"] = enc_list(data.sum(axis=0))
    # The transpose is Fortran-ordered: its axis 0 is the innermost in memory.
    case["sumT_first"] = enc_list(data.T.sum(axis=0))
    sums.append(case)
(out / "sums.json").write_text(json.dumps(sums))
