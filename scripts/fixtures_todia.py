#!/usr/bin/env python3
"""SciPy fixtures for CSR/CSC/COO → DIA (`todia`): offsets, the `data` layout (width = largest
column + 1), explicit zeros, duplicates (summed first), unsorted rows, empty rows and columns,
wide and tall shapes, int32/float32/float64.

Run by `npm run fixtures` (scripts/make_fixtures.py); tests/sparse/todia.test.ts reads the
committed tests/fixtures/sparse/todia.json without Python.
"""
import json
import pathlib

import numpy as np
import scipy
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse"

VALUES = [-3.0, -1.5, -1.0, 0.0, 0.25, 0.5, 1.0, 2.0, 7.0]  # sums are exact in any order


def entries(rng, m, n, k, band=None):
    """k entries (positions may repeat, values may be 0) in random order; within a band if given."""
    if m == 0 or n == 0 or k == 0:
        return [], [], []
    row = rng.integers(0, m, size=k)
    if band is None:
        col = rng.integers(0, n, size=k)
    else:
        col = row + rng.integers(band[0], band[1] + 1, size=k)
        keep = (col >= 0) & (col < n)
        row, col = row[keep], col[keep]
    val = rng.choice(VALUES, size=len(row))
    return row.tolist(), col.tolist(), val.tolist()


def csr_arrays(m, row, col, val):
    """CSR arrays grouped by row, each row in entry order (unsorted, duplicates kept)."""
    order = sorted(range(len(row)), key=lambda t: row[t])  # stable
    indptr = [0] * (m + 1)
    for r in row:
        indptr[r + 1] += 1
    for r in range(m):
        indptr[r + 1] += indptr[r]
    return indptr, [col[t] for t in order], [val[t] for t in order]


def cases():
    rng = np.random.default_rng(20261127)
    specs = [
        ("small", 3, 4, 8, None, "float64"),
        ("dups_zeros", 6, 6, 30, None, "float64"),
        ("wide", 2, 40, 25, None, "float64"),
        ("tall", 40, 3, 25, None, "float32"),
        ("band", 50, 50, 200, (-2, 3), "float64"),
        ("band_wide", 20, 70, 120, (5, 30), "int32"),
        ("band_tall", 70, 20, 120, (-40, -1), "float32"),
        ("empty_rows_cols", 30, 30, 12, None, "int32"),
        ("one_entry", 5, 7, 1, None, "float64"),
        ("no_entries", 4, 6, 0, None, "float64"),
        ("zero_rows", 0, 5, 0, None, "float64"),
    ]
    out = []
    for name, m, n, k, band, dtype in specs:
        row, col, val = entries(rng, m, n, k, band)
        if name == "dups_zeros":
            row += [2, 2, 2, 4]
            col += [5, 5, 5, 0]
            val += [1.0, -1.0, 0.0, 0.0]  # a zero sum and an explicit zero stay stored
        data = np.array(val, dtype=dtype)
        coo = sp.coo_array((data, (np.array(row, dtype=np.int32), np.array(col, dtype=np.int32))), shape=(m, n))
        indptr, indices, cval = csr_arrays(m, row, col, val)
        csr = sp.csr_array((np.array(cval, dtype=dtype), np.array(indices, dtype=np.int32),
                            np.array(indptr, dtype=np.int32)), shape=(m, n))
        d = coo.todia()
        for other in (csr.todia(), coo.tocsc().todia()):
            assert other.offsets.tolist() == d.offsets.tolist()
            assert other.data.shape == d.data.shape and (other.data == d.data).all()
        out.append({
            "name": name, "shape": [m, n], "dtype": dtype,
            "row": row, "col": col, "data": val,
            "indptr": indptr, "indices": indices, "csr_data": cval,
            "offsets": d.offsets.tolist(), "dia_shape": list(d.data.shape),
            "dia_data": d.data.astype(float).ravel().tolist(), "nnz": int(d.nnz),
        })
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    meta = {"scipy": scipy.__version__, "numpy": np.__version__}
    path = OUT / "todia.json"
    path.write_text(json.dumps({"meta": meta, "cases": cases()}) + "\n")
    print(f"wrote {path.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
