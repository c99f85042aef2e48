#!/usr/bin/env python3
"""NumPy's `histogramdd` and `histogram2d` on seeded random points and on hand-picked corner
cases (values on the last edge, outside the edges, NaN, a constant coordinate, explicit edges,
per-dimension counts, ranges, weights, density). Writes tests/fixtures/dense/histogramdd.json;
tests/dense/histogramdd.test.ts makes the same calls.
"""
import json
import math
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "histogramdd.json"
rng = np.random.default_rng(1127)


def enc(v):
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def lst(a):
    return [enc(v) for v in np.asarray(a, dtype=float).ravel()]


cases = []


def case2d(name, x, y, **kw):
    h, xe, ye = np.histogram2d(np.asarray(x, float), np.asarray(y, float), **kw)
    cases.append({"name": name, "kind": "2d", "x": lst(x), "y": lst(y), "kw": jkw(kw),
                  "hist": lst(h), "shape": list(h.shape), "edges": [lst(xe), lst(ye)]})


def casedd(name, sample, **kw):
    s = np.asarray(sample, float)
    h, edges = np.histogramdd(s, **kw)
    cases.append({"name": name, "kind": "dd", "sample": lst(s), "sampleShape": list(s.shape),
                  "kw": jkw(kw), "hist": lst(h), "shape": list(h.shape), "edges": [lst(e) for e in edges]})


def jkw(kw):
    out = {}
    for k, v in kw.items():
        if isinstance(v, np.ndarray):
            v = v.tolist()
        out[k] = v
    return out


x = [0.1, 0.5, 0.9, 2.0, -1, float("nan"), 1.0]
y = [1, 2, 3, 4, 5, 6, 3]
case2d("corners", x, y, bins=[3, [1, 2, 4, 6]], range=[[0, 1], None])
case2d("density-weights", x, y, bins=3, density=True, weights=[1, 2, 3, 4, 5, 6, 7], range=[[0, 1], [0, 7]])
case2d("edges-both", x, y, bins=[0, 0.5, 1, 3])
case2d("constant-x", [2, 2, 2], [0, 1, 2], bins=2)
case2d("empty", [], [], bins=3)
for k in range(4):
    n = int(rng.integers(1, 200))
    xs = rng.normal(size=n)
    ys = rng.uniform(-2, 2, size=n)
    case2d(f"random-{k}", xs, ys, bins=[int(rng.integers(1, 9)), int(rng.integers(1, 9))])
    case2d(f"random-density-{k}", xs, ys, bins=5, density=True)
    w = rng.uniform(0, 3, size=n)
    case2d(f"random-weights-{k}", xs, ys, bins=4, weights=w, range=[[-1, 1], [-1, 1]])
for k in range(3):
    n = int(rng.integers(1, 100))
    d = int(rng.integers(1, 4))
    s = rng.normal(size=(n, d))
    casedd(f"dd-{k}", s, bins=[int(rng.integers(1, 6)) for _ in range(d)])
    casedd(f"dd-density-{k}", s, bins=3, density=True)
for k in range(3):
    n = int(rng.integers(1, 80))
    s32 = rng.normal(size=(n, 2)).astype(np.float32)
    h, edges = np.histogramdd(s32, bins=[int(rng.integers(1, 9)), 7])
    cases.append({"name": f"dd-float32-{k}", "kind": "dd", "sample": lst(s32), "sampleShape": list(s32.shape),
                  "dtype": "float32", "kw": {"bins": [len(edges[0]) - 1, 7]}, "hist": lst(h),
                  "shape": list(h.shape), "edges": [lst(e) for e in edges], "edgeDtype": str(edges[0].dtype)})
s32 = np.array([[1.1, 2.0], [1.1, 3.0]], dtype=np.float32)
h, edges = np.histogramdd(s32, bins=3)
cases.append({"name": "dd-float32-constant", "kind": "dd", "sample": lst(s32), "sampleShape": [2, 2],
              "dtype": "float32", "kw": {"bins": 3}, "hist": lst(h), "shape": list(h.shape),
              "edges": [lst(e) for e in edges], "edgeDtype": str(edges[0].dtype)})
OUT.write_text(json.dumps(cases))
print(f"wrote {OUT} ({len(cases)} cases)")
