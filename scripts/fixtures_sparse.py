#!/usr/bin/env python3
"""Generates tests/fixtures/sparse/*.json with SciPy: what SciPy defines (eye, identity, diags,
spdiags, kron layouts, tril/triu, stacking formats, todia layouts, str() printing).

Run by `npm run fixtures` (scripts/make_fixtures.py); tests read the committed files.
"""
import json
import pathlib

import numpy as np
import scipy
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse"


def dense(a):
    return np.asarray(a.toarray(), dtype=float).tolist()


def desc(a):
    return {"format": a.format, "shape": list(a.shape), "dtype": str(a.dtype), "nnz": int(a.nnz), "dense": dense(a)}


def constructors():
    cases = []
    for m, n, k in [(3, 3, 0), (3, 4, 1), (4, 3, -1), (3, 5, -2), (2, 2, 3), (0, 3, 0), (4, 4, -4), (1, 1, 0), (5, 2, -3)]:
        try:
            out = desc(sp.eye(m, n, k=k))
        except ValueError as e:
            out = {"raises": "ValueError", "message": str(e)}
        cases.append({"fn": "eye", "args": [m, n], "opts": {"k": k}, "out": out})
    cases.append({"fn": "eye", "args": [3, None], "opts": {"dtype": "float32", "format": "csr"},
                  "out": desc(sp.eye(3, dtype=np.float32, format="csr"))})
    cases.append({"fn": "identity", "args": [4], "opts": {}, "out": desc(sp.identity(4))})
    cases.append({"fn": "identity", "args": [3], "opts": {"format": "csc"}, "out": desc(sp.identity(3, format="csc"))})
    diag_cases = [
        ([1.0, 2.0, 3.0], 0, None, None),
        ([[1.0, 2.0, 3.0], [4.0, 5.0], [6.0, 7.0]], [0, 1, -1], None, None),
        ([[1.0, 2.0], [3.0]], [0, 1], None, None),
        ([[1.0], [2.0], [3.0]], [-1, 0, 1], [4, 4], None),
        ([[1.0, 2.0, 3.0, 4.0]], [1], [3, 5], None),
        ([[1.0, 2.0]], [-1], None, None),
        ([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [2, -1, 0], [4, 5], "csr"),
        ([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0]], [2, -1, 0], [4, 5], None),
        ([[1.0, 2.0]], [5], [2, 2], None),
        ([[1.0, -2.0, 1.0]], [0], [3, 3], "coo"),
        ([[-1.0], [2.0], [-1.0]], [-1, 0, 1], [6, 6], "csr"),
    ]
    for d, o, shape, fmt in diag_cases:
        kw = {}
        if shape is not None:
            kw["shape"] = tuple(shape)
        if fmt is not None:
            kw["format"] = fmt
        opts = {k: (list(v) if isinstance(v, tuple) else v) for k, v in kw.items()}
        try:
            out = desc(sp.diags_array(d, offsets=o, **kw))
        except ValueError as e:
            out = {"raises": "ValueError", "message": str(e)}
        cases.append({"fn": "diags", "args": [d, o], "opts": opts, "out": out})
    data = np.arange(1.0, 13.0).reshape(3, 4)
    for diags_, m, n in [([0, -1, 2], 4, 4), ([0, 1, -2], 3, 5), ([1, -1, 0], 5, 3)]:
        cases.append({"fn": "spdiags", "args": [data.tolist(), diags_, m, n], "opts": {},
                      "out": desc(sp.spdiags(data, diags_, m, n))})
    mats = {
        "I2": np.eye(2),
        "B": np.array([[1.0, 2.0], [3.0, 4.0]]),
        "R": np.array([[0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]),
        "C": np.array([[1.0], [0.0], [-1.0]]),
        "Z": np.zeros((2, 2)),
    }
    for a, b in [("I2", "B"), ("B", "I2"), ("R", "C"), ("C", "R"), ("R", "B"), ("Z", "B"), ("B", "R")]:
        k = sp.kron(sp.csr_array(mats[a]), sp.csr_array(mats[b]))
        # SciPy picks BSR (explicit zeros inside blocks) for dense-ish B; cohort has no BSR and
        # returns COO, so the stored count is only comparable when SciPy chose COO too.
        out = {**desc(k.tocoo()), "format": "coo"}
        if k.format == "bsr":
            out["nnz"] = None
        cases.append({"fn": "kron", "args": [mats[a].tolist(), mats[b].tolist()], "opts": {}, "out": out})
    M = np.array([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]])
    for k in [-2, -1, 0, 1, 3]:
        cases.append({"fn": "tril", "args": [M.tolist(), k], "opts": {}, "out": desc(sp.tril(sp.csr_array(M), k))})
        cases.append({"fn": "triu", "args": [M.tolist(), k], "opts": {}, "out": desc(sp.triu(sp.csr_array(M), k))})
    return cases


def stacking():
    A = np.array([[1.0, 0.0], [0.0, 2.0]])
    B = np.array([[0.0, 3.0, 4.0], [5.0, 0.0, 0.0]])
    out = []
    for fa, fb in [("csr", "csr"), ("csc", "csc"), ("coo", "coo"), ("csr", "csc"), ("dia", "dia")]:
        a = sp.csr_array(A).asformat(fa)
        b = sp.csr_array(B).asformat(fb)
        bt = sp.csr_array(B.T).asformat(fb)
        out.append({"fn": "hstack", "formats": [fa, fb], "blocks": [A.tolist(), B.tolist()], "out": desc(sp.hstack([a, b]))})
        out.append({"fn": "vstack", "formats": [fa, fb], "blocks": [A.tolist(), B.T.tolist()], "out": desc(sp.vstack([a, bt]))})
        out.append({"fn": "block_diag", "formats": [fa, fb], "blocks": [A.tolist(), B.tolist()], "out": desc(sp.block_diag([a, b]))})
    return out


def layouts():
    """todia: offsets and the data layout; tocsr of COO with duplicates: canonical arrays."""
    out = []
    M = np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 3.0, 0.0, 0.0], [4.0, 0.0, 5.0, 6.0]])
    d = sp.csr_array(M).todia()
    out.append({"case": "todia", "dense": M.tolist(), "offsets": d.offsets.tolist(), "data": d.data.tolist()})
    row = [2, 0, 1, 0, 2, 2]
    col = [1, 2, 0, 2, 1, 0]
    val = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    c = sp.coo_array((val, (row, col)), shape=(3, 3)).tocsr()
    out.append({"case": "coo_tocsr", "row": row, "col": col, "data": val, "shape": [3, 3],
                "indptr": c.indptr.tolist(), "indices": c.indices.tolist(), "values": c.data.tolist()})
    cc = sp.coo_array((val, (row, col)), shape=(3, 3)).tocsc()
    out.append({"case": "coo_tocsc", "row": row, "col": col, "data": val, "shape": [3, 3],
                "indptr": cc.indptr.tolist(), "indices": cc.indices.tolist(), "values": cc.data.tolist()})
    return out


def printing():
    out = []
    def add(name, a, spec):
        out.append({"name": name, "spec": spec, "str": str(a), "repr": repr(a)})
    M = [[1.0, 0.0, 0.1], [0.0, -2.5, 0.0], [1e-05, 0.0, 1e20]]
    add("csr_float", sp.csr_array(np.array(M)), {"format": "csr", "dense": M, "dtype": "float64"})
    add("csc_float", sp.csc_array(np.array(M)), {"format": "csc", "dense": M, "dtype": "float64"})
    add("coo_dups", sp.coo_array(([1.0, 2.0, 3.5], ([0, 0, 1], [1, 1, 0])), shape=(2, 3)),
        {"format": "coo", "coo": [[1.0, 2.0, 3.5], [0, 0, 1], [1, 1, 0]], "shape": [2, 3], "dtype": "float64"})
    I = [[1, 0], [7, -3]]
    add("csr_int", sp.csr_array(np.array(I, dtype=np.int32)), {"format": "csr", "dense": I, "dtype": "int32"})
    F = [[0.1, 0.0], [0.0, 3.25]]
    add("csr_f32", sp.csr_array(np.array(F, dtype=np.float32)), {"format": "csr", "dense": F, "dtype": "float32"})
    add("eye60", sp.eye_array(60, format="csr"), {"eye": 60, "format": "csr"})
    add("empty", sp.csr_array((2, 3)), {"format": "csr", "dense": [[0.0] * 3] * 2, "dtype": "float64"})
    # DIA: the header counts in-bounds stored values (a stored zero too) and the diagonals.
    D = [[1.0, 0.0, 2.0], [4.0, 5.0, 6.0]]
    add("dia_two", sp.dia_array((np.array(D), [0, 1]), shape=(3, 3)),
        {"format": "dia", "dia": [D, [0, 1]], "shape": [3, 3], "dtype": "float64"})
    add("dia_one", sp.dia_array((np.array([[3.0, 4.0]]), [-1]), shape=(3, 2)),
        {"format": "dia", "dia": [[[3.0, 4.0]], [-1]], "shape": [3, 2], "dtype": "float64"})
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    meta = {"scipy": scipy.__version__, "numpy": np.__version__}
    for name, fn in [("constructors", constructors), ("stacking", stacking), ("layouts", layouts), ("printing", printing)]:
        path = OUT / f"{name}.json"
        path.write_text(json.dumps({"meta": meta, "cases": fn()}, indent=1) + "\n")
        print(f"wrote {path.relative_to(OUT.parent.parent.parent)}")


if __name__ == "__main__":
    main()
