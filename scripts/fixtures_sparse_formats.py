#!/usr/bin/env python3
"""Generates tests/fixtures/sparse/formats_t2.json with SciPy: bsr_array (tobsr with explicit and
estimated block sizes, the (data, indices, indptr) form, SpMV/SpMM, tocsr, transpose), sequences of
lil_array / dok_array assignments (the stored rows, the dict's key order, zeros removing entries,
casts to int32), and sddmm (A .* (B @ C), computed densely here: SciPy has no sddmm).

Run by `npm run fixtures` (scripts/make_fixtures.py).
"""
import json
import pathlib
import warnings

import numpy as np
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse" / "formats_t2.json"


def ints(a):
    return [int(x) for x in np.asarray(a).ravel()]


def floats(a):
    return [float(x) for x in np.asarray(a, dtype=float).ravel()]


def coo_entries(rng, m, n, k, blocky=None):
    """Entries with duplicates and explicit zeros; `blocky=(R, C)` fills whole blocks."""
    if blocky:
        R, C = blocky
        nb = int(rng.integers(0, (m // R) * (n // C) + 1))
        I = rng.integers(0, m // R, nb)
        J = rng.integers(0, n // C, nb)
        i = [int(a * R + r) for a in I for r in range(R) for c in range(C)]
        j = [int(b * C + c) for b in J for r in range(R) for c in range(C)]
        v = [float(x) for x in rng.choice([-2.0, -1.0, 0.5, 1.0, 3.0], len(i))]
        return {"m": m, "n": n, "i": i, "j": j, "v": v}
    i = rng.integers(0, m, k).tolist() if m else []
    j = rng.integers(0, n, k).tolist() if n else []
    v = rng.choice([-3.0, -1.5, 0.0, 0.5, 1.0, 2.0], len(i)).tolist()
    return {"m": m, "n": n, "i": i, "j": j, "v": v}


def bsr_case(mat, blocksize, rng):
    A = sp.coo_array((mat["v"], (mat["i"], mat["j"])), shape=(mat["m"], mat["n"])).tocsr()
    B = A.tobsr(blocksize=blocksize) if blocksize else A.tobsr()
    m, n = A.shape
    x = rng.integers(-3, 4, n).astype(float)
    X = rng.integers(-3, 4, (n, 3)).astype(float)
    T = B.T
    C = B.tocsr()
    return {
        "input": mat,
        "blocksize": list(blocksize) if blocksize else None,
        "out": {
            "blocksize": list(B.blocksize),
            "indptr": ints(B.indptr),
            "indices": ints(B.indices),
            "data": floats(B.data),
            "nnz": int(B.nnz),
            "x": floats(x),
            "spmv": floats(B @ x),
            "X": floats(X),
            "spmm": floats(B @ X),
            "dense": floats(B.toarray()),
            "T_blocksize": list(T.blocksize),
            "T_dense": floats(T.toarray()),
            "csr_indptr": ints(C.indptr),
            "csr_indices": ints(C.indices),
            "csr_data": floats(C.data),
        },
    }


def bsr_cases(rng):
    out = []
    for (m, n), bs in [((4, 6), (2, 3)), ((6, 6), (2, 2)), ((6, 4), (3, 1)), ((3, 5), (1, 1)),
                       ((8, 8), (4, 2)), ((0, 4), (2, 2)), ((4, 0), (2, 2))]:
        for _ in range(2):
            out.append(bsr_case(coo_entries(rng, m, n, int(rng.integers(0, 2 * m * n + 1))), bs, rng))
    # the estimate: block-filled matrices of 2x2, 3x3, 4x4, 6x6 and scattered ones
    for (m, n), blk in [((12, 12), (2, 2)), ((12, 12), (3, 3)), ((12, 12), (6, 6)), ((8, 8), (4, 4)),
                        ((12, 18), None), ((5, 7), None), ((6, 6), (2, 2))]:
        mat = coo_entries(rng, m, n, m * n // 3, blk)
        out.append(bsr_case(mat, None, rng))
    return out


def bsr_tuples():
    data = np.arange(1, 13, dtype=float).reshape(3, 2, 2)
    indices = np.array([0, 2, 1])
    indptr = np.array([0, 2, 3])
    A = sp.bsr_array((data, indices, indptr))
    Bs = sp.bsr_array((data, indices, indptr), shape=(4, 8))
    return [
        {"data": data.tolist(), "indices": ints(indices), "indptr": ints(indptr), "shape": None,
         "out_shape": list(A.shape), "dense": floats(A.toarray())},
        {"data": data.tolist(), "indices": ints(indices), "indptr": ints(indptr), "shape": [4, 8],
         "out_shape": list(Bs.shape), "dense": floats(Bs.toarray())},
    ]


def apply(A, op):
    idx = eval(f"np.s_[{op['index']}]")  # noqa: S307 (our own index strings)
    A[idx] = np.asarray(op["value"]) if isinstance(op["value"], list) else op["value"]


SEQUENCES = [
    {"shape": [3, 4], "dtype": "float64", "ops": [
        {"index": "0, 1", "value": 2.5}, {"index": "2, 3", "value": -1.0}, {"index": "0, 1", "value": 0.0},
        {"index": "1, :", "value": [0.0, 1.0, 0.0, 3.0]}, {"index": ":, 2", "value": 7.0},
        {"index": "-1, -1", "value": 4.0}, {"index": "0:2, 0", "value": [5.0, 0.0]},
        {"index": "[0, 2], [3, 0]", "value": [9.0, 8.0]}, {"index": "2, 2", "value": 0.0}]},
    {"shape": [2, 3], "dtype": "int32", "ops": [
        {"index": "1, 2", "value": 2.7}, {"index": "0, 0", "value": -1.9}, {"index": "1, 2", "value": 0.4},
        {"index": "0, :", "value": [1, 2, 3]}, {"index": "0, 1", "value": 0}]},
    {"shape": [4, 4], "dtype": "float64", "ops": [
        {"index": "3, 0", "value": 1.0}, {"index": "0, 3", "value": 2.0}, {"index": "1, 1", "value": 3.0},
        {"index": "3, 0", "value": 0.0}, {"index": "3, 0", "value": 6.0}, {"index": "1:3, 1:3", "value": 1.5}]},
]


def sequences():
    out = []
    for seq in SEQUENCES:
        res = {"shape": seq["shape"], "dtype": seq["dtype"], "ops": seq["ops"], "lil": [], "dok": []}
        L = sp.lil_array(tuple(seq["shape"]), dtype=seq["dtype"])
        D = sp.dok_array(tuple(seq["shape"]), dtype=seq["dtype"])
        for op in seq["ops"]:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                apply(L, op)
                apply(D, op)
            res["lil"].append({"rows": [list(map(int, r)) for r in L.rows],
                               "data": [[float(v) for v in r] for r in L.data], "nnz": int(L.nnz)})
            res["dok"].append({"keys": [[int(i), int(j)] for i, j in D.keys()],
                               "values": [float(v) for v in D.values()], "nnz": int(D.nnz)})
        res["dense"] = floats(L.toarray())
        res["dok_T_keys"] = [[int(i), int(j)] for i, j in D.T.keys()]
        res["lil_T_rows"] = [list(map(int, r)) for r in L.T.rows]
        out.append(res)
    return out


def conversions(rng):
    out = []
    for m, n in [(3, 4), (5, 2), (1, 1), (0, 3)]:
        mat = coo_entries(rng, m, n, 2 * m * n)
        A = sp.coo_array((mat["v"], (mat["i"], mat["j"])), shape=(m, n))
        L = A.tolil()
        D = A.todok()
        out.append({"input": mat, "lil_rows": [list(map(int, r)) for r in L.rows],
                    "lil_data": [[float(v) for v in r] for r in L.data],
                    "dok_keys": [[int(i), int(j)] for i, j in D.keys()], "dok_values": floats(list(D.values())),
                    "dense": floats(A.toarray())})
    return out


def sddmm_cases(rng):
    out = []
    for m, n, k in [(3, 4, 2), (5, 5, 3), (1, 6, 1), (4, 1, 4), (3, 3, 0), (0, 2, 2)]:
        mat = coo_entries(rng, m, n, 2 * m * n)
        A = sp.coo_array((mat["v"], (mat["i"], mat["j"])), shape=(m, n)).tocsr()
        B = rng.integers(-3, 4, (m, k)).astype(float)
        C = rng.integers(-3, 4, (k, n)).astype(float)
        out.append({"input": mat, "k": k, "B": floats(B), "C": floats(C),
                    "dense": floats(A.multiply(B @ C).toarray() if m and n else np.zeros((m, n)))})
    return out


def main():
    rng = np.random.default_rng(20)
    doc = {"scipy": __import__("scipy").__version__, "bsr": bsr_cases(rng), "bsr_tuples": bsr_tuples(),
           "sequences": sequences(), "conversions": conversions(rng), "sddmm": sddmm_cases(rng)}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    print(f"wrote {OUT.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
