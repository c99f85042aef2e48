#!/usr/bin/env python3
"""Generates tests/fixtures/sparse/random.json with SciPy: what `scipy.sparse.random` promises
that a different generator must also keep — the number of entries `int(round(density·m·n))`
(Python's rounding, halves to even) for shapes and densities at and around halves, the result's
dtype and format, and per value dtype the range SciPy draws from (integers in
`[iinfo.min, iinfo.max)`, so uint8 never gives 255; bool values all true), observed on large
samples. Run by `npm run fixtures`.
"""
import json
import pathlib

import numpy as np
import scipy.sparse as sp

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "sparse" / "random.json"

cases = []
for m, n, d in [(3, 3, 0.5), (3, 5, 0.5), (1, 1, 0.5), (1, 3, 0.5), (2, 5, 0.25), (7, 9, 0.5),
                (10, 10, 0.005), (10, 10, 0.015), (10, 10, 0.025), (4, 5, 0.5), (0, 5, 0.3),
                (5, 0, 0.3), (6, 7, 1.0), (6, 7, 0.0), (100, 100, 0.0123), (13, 17, 0.1)]:
    a = sp.random(m, n, density=d, rng=1)
    cases.append({"m": m, "n": n, "density": d, "nnz": int(a.nnz)})

dtypes = {}
for name in ["float64", "float32", "int32", "uint8", "bool"]:
    a = sp.random(300, 300, density=0.5, dtype=name, format="csr", rng=2)
    v = a.data
    dtypes[name] = {
        "dtype": str(v.dtype),
        "format": a.format,
        "min": float(v.min()),
        "max": float(v.max()),
        "low": float(np.iinfo(name).min) if np.issubdtype(v.dtype, np.integer) else 0.0,
        "high": float(np.iinfo(name).max) if np.issubdtype(v.dtype, np.integer) else 1.0,
        "all_true": bool(v.all()) if name == "bool" else None,
    }

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"cases": cases, "dtypes": dtypes}, indent=1) + "\n")
print(f"wrote {OUT}")
