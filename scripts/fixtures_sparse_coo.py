#!/usr/bin/env python3
"""Generates tests/fixtures/sparse/coo_convert.json with SciPy: `coo_array((data, (row, col)),
shape).tocsr()` and `.tocsc()` of random structures (issue 18) — entries shuffled, in row order
with duplicates and unsorted columns, and canonical; empty rows and columns, explicit zeros,
rectangular and degenerate shapes; int32/float32/float64. Values are small multiples of 1/4, so
every sum of duplicates is exact whatever order SciPy sums them in (its sort of a row is not
stable), and the expected arrays are SciPy's bit for bit.

Run by `npm run fixtures` (scripts/make_fixtures.py); tests read the committed file.
"""
import json
import pathlib

import numpy as np
import scipy
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse"
VALUES = [-3.0, -1.5, -1.0, 0.0, 0.25, 0.5, 1.0, 2.0, 7.0]


def case(rng, m, n, nnz, order, dtype, empty_rows):
    rows = [r for r in range(m) if r not in empty_rows] or [0]
    row = rng.choice(rows, size=nnz).astype(np.int32)
    col = rng.integers(0, n, size=nnz).astype(np.int32)
    val = rng.choice(VALUES, size=nnz)
    if order == "row":
        k = np.argsort(row, kind="stable")
    elif order == "canonical":
        key = row.astype(np.int64) * n + col
        _, first = np.unique(key, return_index=True)
        k = np.sort(first)
        k = k[np.lexsort((col[k], row[k]))]
    else:
        k = np.arange(nnz)
    row, col, val = row[k], col[k], val[k]
    data = val.astype(dtype)
    a = sp.coo_array((data, (row, col)), shape=(m, n))
    r, c = a.tocsr(), a.tocsc()
    return {
        "shape": [m, n], "dtype": dtype, "order": order,
        "row": row.tolist(), "col": col.tolist(), "data": val.tolist(),
        "csr": [r.indptr.tolist(), r.indices.tolist(), np.asarray(r.data, dtype=float).tolist()],
        "csc": [c.indptr.tolist(), c.indices.tolist(), np.asarray(c.data, dtype=float).tolist()],
        "csr_canonical": bool(r.has_canonical_format),
    }


def cases():
    rng = np.random.default_rng(18)
    out = []
    shapes = [(1, 1), (1, 9), (9, 1), (5, 7), (12, 4), (30, 30), (64, 17), (200, 50)]
    for m, n in shapes:
        for order in ["shuffled", "row", "canonical"]:
            for dtype in ["int32", "float32", "float64"]:
                nnz = int(rng.integers(0, 2 * m * n + 2)) if m * n < 100 else int(rng.integers(m, 3 * m))
                empty = set(rng.choice(m, size=m // 4, replace=False).tolist()) if m > 3 else set()
                out.append(case(rng, m, n, nnz, order, dtype, empty))
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    meta = {"scipy": scipy.__version__, "numpy": np.__version__}
    path = OUT / "coo_convert.json"
    path.write_text(json.dumps({"meta": meta, "cases": cases()}) + "\n")
    print(f"wrote {path.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
