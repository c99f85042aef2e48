#!/usr/bin/env python3
"""Fixtures for the ported programs (benchmarks/programs/): each NumPy/SciPy twin's result at the
program's tiny size, in tests/fixtures/programs/programs.json as {name: {"n": n, "result": [...]}}.
The tiny sizes must equal `sizes.tiny` in benchmarks/programs/ports/*.ts (the test checks `n`).
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "benchmarks" / "programs"))
import twins  # noqa: E402

TINY = {
    "jacobi": 12, "stencil": 6, "black_scholes": 50, "logreg": 40, "linreg": 40, "cg": 4,
    "gemm": 9, "kmeans": 60, "spmv": 40, "pde": 8, "gmg": 15, "power": 30, "lasso": 30,
    "rydberg": 5,
}

if __name__ == "__main__":
    out = {}
    for name, n in TINY.items():
        result = twins.PROGRAMS[name](n)()
        out[name] = {"n": n, "result": [float(v) for v in result.ravel()]}
    path = root / "tests" / "fixtures" / "programs" / "programs.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {path.relative_to(root)} ({len(out)} programs)")
