#!/usr/bin/env python3
"""Generates tests/fixtures/sparse/tier2.json with SciPy: the Tier 2 sparse methods on stored
values (sqrt ... tanh), max/min/argmax/argmin (axis, explicit), trace, nonzero, find, reshape,
maximum/minimum, and the constructors eye_array, diags_array, block_array, bmat, kronsum.

Inputs are COO entry lists with duplicates and explicit zeros; run by `npm run fixtures`.
"""
import json
import pathlib
import warnings

import numpy as np
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse" / "tier2.json"
MATH = ["sqrt", "sin", "tan", "expm1", "log1p", "sign", "floor", "ceil", "rint", "trunc", "deg2rad",
        "rad2deg", "arcsin", "arcsinh", "arctan", "arctanh", "sinh", "tanh"]


def num(x):
    x = float(x)
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def dense(a):
    return [[num(v) for v in row] for row in np.asarray(a.toarray() if sp.issparse(a) else a, dtype=float)]


def matrices(rng):
    out = []
    for m, n in [(3, 4), (4, 3), (1, 5), (5, 1), (4, 4), (2, 6)]:
        k = int(rng.integers(0, 2 * m * n))
        i = rng.integers(0, m, k).tolist()
        j = rng.integers(0, n, k).tolist()
        v = rng.choice([-3.0, -1.5, -0.5, 0.0, 0.25, 0.5, 1.0, 2.0], k).tolist()
        out.append({"m": m, "n": n, "i": i, "j": j, "v": v})
    # a full row / column, an all-negative matrix and an empty one
    out.append({"m": 2, "n": 3, "i": [0, 0, 0, 1], "j": [0, 1, 2, 1], "v": [-1.0, -2.0, -0.5, -3.0]})
    out.append({"m": 3, "n": 2, "i": [], "j": [], "v": []})
    out.append({"m": 2, "n": 2, "i": [0, 1, 1], "j": [0, 0, 1], "v": [0.0, 2.0, -1.0]})
    return out


def case(mat):
    A = sp.coo_array((mat["v"], (mat["i"], mat["j"])), shape=(mat["m"], mat["n"]))
    C = A.tocsr()
    res = {}
    for f in MATH:
        res[f] = dense(getattr(A.tocsr(), f)())
    for fn in ["max", "min"]:
        for explicit in [False, True]:
            key = f"{fn}{'_explicit' if explicit else ''}"
            res[key] = num(getattr(C, fn)(explicit=explicit))
            for ax in [0, 1]:
                r = getattr(C, fn)(axis=ax, explicit=explicit)
                res[f"{key}_axis{ax}"] = [num(x) for x in (r.toarray() if sp.issparse(r) else r)]
    D = C.toarray()
    for fn in ["argmax", "argmin"]:
        # NumPy's argmax of the dense array: SciPy's own agrees except where a stored zero ties an
        # implicit one (it compares a position in its data array with a column there).
        res[fn] = int(getattr(np, fn)(D)) if D.size else 0
        for ax in [0, 1]:
            res[f"{fn}_axis{ax}"] = [int(x) for x in getattr(np, fn)(D, axis=ax)]
            res[f"{fn}_explicit_axis{ax}"] = [int(x) for x in getattr(C, fn)(axis=ax, explicit=True)]
    res["trace"] = [num(C.trace(k)) for k in [-1, 0, 1]]
    r, c, v = sp.find(A)
    res["find"] = [r.tolist(), c.tolist(), [num(x) for x in v]]
    m, n = A.shape
    res["reshape"] = {"shape": [n, m], "C": dense(A.reshape((n, m))), "F": dense(A.reshape((n, m), order="F"))}
    res["reshape_flat"] = dense(A.reshape((1, m * n)))
    B = sp.coo_array(A.toarray()[::-1, ::-1] * 0.5 - 0.25 * (A.toarray() != 0))
    res["other"] = dense(B)
    res["maximum"] = dense(C.maximum(B.tocsr()))
    res["minimum"] = dense(C.minimum(B.tocsr()))
    res["maximum_scalar"] = dense(C.maximum(-1.0))
    res["minimum_scalar"] = dense(C.minimum(0.5))
    res["maximum_scalar_pos"] = dense(C.maximum(1.0))
    return {"input": mat, "out": res}


def constructors():
    out = []
    out.append({"fn": "eye_array", "args": [3, 4], "opts": {"k": 1}, "dense": dense(sp.eye_array(3, 4, k=1)),
                "format": sp.eye_array(3, 4, k=1).format})
    d = sp.diags_array([[1.0, 2.0, 3.0], [4.0, 5.0]], offsets=[0, -1])
    out.append({"fn": "diags_array", "args": [[[1.0, 2.0, 3.0], [4.0, 5.0]]], "opts": {"offsets": [0, -1]},
                "dense": dense(d), "format": d.format})
    d = sp.diags_array([1.0, -2.0, 1.0], offsets=[-1, 0, 1], shape=(4, 4))
    out.append({"fn": "diags_array", "args": [[1.0, -2.0, 1.0]], "opts": {"offsets": [-1, 0, 1], "shape": [4, 4]},
                "dense": dense(d), "format": d.format})
    T = sp.csr_array([[2.0, -1.0, 0.0], [-1.0, 2.0, -1.0], [0.0, -1.0, 2.0]])
    S = sp.csr_array([[1.0, 3.0], [0.0, 4.0]])
    k = sp.kronsum(T, S)
    out.append({"fn": "kronsum", "args": ["T", "S"], "opts": {}, "dense": dense(k), "format": k.format})
    b = sp.block_array([[T, None], [None, S]])
    out.append({"fn": "block_array", "args": [[["T", None], [None, "S"]]], "opts": {}, "dense": dense(b),
                "format": b.format})
    b = sp.block_array([[S, S], [S, S]])
    out.append({"fn": "block_array", "args": [[["S", "S"], ["S", "S"]]], "opts": {}, "dense": dense(b),
                "format": b.format})
    b = sp.bmat([[S, None, S]], format="csc")
    out.append({"fn": "bmat", "args": [[["S", None, "S"]]], "opts": {"format": "csc"}, "dense": dense(b),
                "format": b.format})
    return {"T": dense(T), "S": dense(S), "cases": out}


def main():
    warnings.simplefilter("ignore")  # SciPy's efficiency warnings and NumPy's invalid-value ones
    rng = np.random.default_rng(20261126)
    data = {"cases": [case(m) for m in matrices(rng)], "constructors": constructors()}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {OUT.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
