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

# ---- element-wise ------------------------------------------------------------------------------
for dt in ["float64", "float32", "int32", "uint8"]:
    a = rand(dt, (4, 6), nan=0.1)
    b = rand(dt, (6,), nan=0.1)
    if dt in ("int32", "uint8"):
        b[b == 0] = 3
    case(f"mod-{dt}", {"a": a, "b": b}, "np.mod(a, b)", lambda a, b: np.mod(a, b))
    case(f"round-{dt}", {"a": a}, "np.round(a)", lambda a: np.round(a))
    case(f"isinf-{dt}", {"a": a}, "np.isinf(a)", lambda a: np.isinf(a))
    case(f"round2-{dt}", {"a": a / 7 if dt.startswith("f") else a}, "np.round(a, 2)", lambda a: np.round(a, 2))
    case(f"roundm1-{dt}", {"a": a}, "np.round(a, -1)", lambda a: np.round(a, -1))
    if dt == "uint8":
        continue  # NumPy gives float16 (cohort has none: float64)
    case(f"log10-{dt}", {"a": np.abs(a)}, "np.log10(a)", lambda a: np.log10(a))
    case(f"log2-{dt}", {"a": np.abs(a)}, "np.log2(a)", lambda a: np.log2(a))
halves = np.arange(-40, 41) / 2 + np.array([0.0, 1e-9] * 40 + [0.0])
case("round-halves", {"a": halves}, "np.round(a)", lambda a: np.round(a))
case("round3-grid", {"a": np.arange(-500, 500) / 997}, "np.round(a, 3)", lambda a: np.round(a, 3))

# ---- reductions --------------------------------------------------------------------------------
for dt in ["float64", "float32", "int32"]:
    for sh in [(9,), (4, 5), (3, 4, 2)]:
        a = rand(dt, sh, nan=0.25)
        if dt.startswith("f") and len(sh) == 2:
            a[1, :] = np.nan  # an all-NaN row
        tag = f"{dt}-{'x'.join(map(str, sh))}"
        for ax in [None, 0, -1]:
            at = "N" if ax is None else str(ax)
            case(f"nansum{at}-{tag}", {"a": a}, f"np.nansum(a, axis={ax})", lambda a, ax=ax: np.nansum(a, axis=ax))
            if dt.startswith("f"):
                with np.errstate(all="ignore"):
                    import warnings
                    warnings.simplefilter("ignore")
                    case(f"nanmean{at}-{tag}", {"a": a}, f"np.nanmean(a, axis={ax})", lambda a, ax=ax: np.nanmean(a, axis=ax))
                    case(f"nanmax{at}-{tag}", {"a": a}, f"np.nanmax(a, axis={ax})", lambda a, ax=ax: np.nanmax(a, axis=ax))
                    case(f"nanmin{at}-{tag}", {"a": a}, f"np.nanmin(a, axis={ax})", lambda a, ax=ax: np.nanmin(a, axis=ax))
            case(f"median{at}-{tag}", {"a": a}, f"np.median(a, axis={ax})", lambda a, ax=ax: np.median(a, axis=ax))
            case(f"pct{at}-{tag}", {"a": a}, f"np.percentile(a, 37, axis={ax})", lambda a, ax=ax: np.percentile(a, 37, axis=ax))
            case(f"pctq{at}-{tag}", {"a": a, "q": np.array([0, 12.5, 50, 81, 100])}, f"np.percentile(a, q, axis={ax})", lambda a, q, ax=ax: np.percentile(a, q, axis=ax))
            case(f"cumprod{at}-{tag}", {"a": np.where(np.isnan(a), 1, a) / 4 if dt.startswith("f") else a % 3}, f"np.cumprod(a, axis={ax})", lambda a, ax=ax: np.cumprod(a, axis=ax))
for dt in ["float64", "float32", "int32"]:
    a = rand(dt, (10,), nan=0.0)
    case(f"median-even-{dt}", {"a": a}, "np.median(a)", lambda a: np.median(a))
x = rng.integers(0, 50, 70000).astype(np.int32)
w = rng.standard_normal(70000)
case("bincount-big", {"x": x}, "np.bincount(x)", lambda x: np.bincount(x).astype(np.int32))
case("bincount-w", {"x": x, "w": w}, "np.bincount(x, weights=w)", lambda x, w: np.bincount(x, weights=w))
case("bincount-min", {"x": np.array([1, 1, 4], dtype=np.uint8)}, "np.bincount(x, minlength=8)", lambda x: np.bincount(x, minlength=8).astype(np.int32))

# ---- shape and selection -----------------------------------------------------------------------
for dt in DTYPES:
    for sh in [(0,), (6,), (3, 4), (2, 3, 2)]:
        a = rand(dt, sh, nan=0.1)
        tag = f"{dt}-{'x'.join(map(str, sh))}"
        case(f"flip-{tag}", {"a": a}, "np.flip(a)", lambda a: np.flip(a))
        case(f"flip0-{tag}", {"a": a}, "np.flip(a, 0)", lambda a: np.flip(a, 0))
        case(f"roll-{tag}", {"a": a}, "np.roll(a, 5)", lambda a: np.roll(a, 5))
        case(f"rollm-{tag}", {"a": a}, "np.roll(a, -2, axis=-1)", lambda a: np.roll(a, -2, axis=-1))
        case(f"tile-{tag}", {"a": a}, "np.tile(a, (2, 1, 3))", lambda a: np.tile(a, (2, 1, 3)))
        case(f"repeat-{tag}", {"a": a}, "np.repeat(a, 3)", lambda a: np.repeat(a, 3))
        case(f"repeat0-{tag}", {"a": a}, "np.repeat(a, 2, axis=0)", lambda a: np.repeat(a, 2, axis=0))
        case(f"nonzero-{tag}", {"a": a}, "np.nonzero(a)", lambda a: tuple(x.astype(np.int32) for x in np.nonzero(a)))
        if dt != "bool":
            case(f"diff-{tag}", {"a": a}, "np.diff(a)", lambda a: np.diff(a))
            case(f"diff2-{tag}", {"a": a}, "np.diff(a, 2, axis=0)", lambda a: np.diff(a, 2, axis=0))
        else:
            case(f"diff-{tag}", {"a": a}, "np.diff(a)", lambda a: np.diff(a))
        if a.size:
            idx = rng.integers(-a.shape[0], a.shape[0], (2, 3)).astype(np.int32)
            case(f"take0-{tag}", {"a": a, "i": idx}, "np.take(a, i, axis=0)", lambda a, i: np.take(a, i, axis=0))
            fi = rng.integers(0, a.size, 5).astype(np.int32)
            case(f"take-{tag}", {"a": a, "i": fi}, "np.take(a, i)", lambda a, i: np.take(a, i))
            wi = rng.integers(-30, 30, 7).astype(np.int32)
            case(f"takewrap-{tag}", {"a": a, "i": wi}, "np.take(a, i, mode='wrap')", lambda a, i: np.take(a, i, mode="wrap"))
            case(f"takeclip-{tag}", {"a": a, "i": wi}, "np.take(a, i, mode='clip')", lambda a, i: np.take(a, i, mode="clip"))
            pi = rng.permutation(a.size)[: max(1, a.size // 2)].astype(np.int32)
            v = rand(dt, (3,))

            def putf(a, i, v):
                b = a.copy()
                np.put(b, i, v)
                return b

            case(f"put-{tag}", {"a": a, "i": pi, "v": v}, "np.put(a, i, v)", putf)
m1 = np.array([1.0, 2.5, 3.0])
m2 = np.array([4.0, 5.0])
m3 = np.array([7, 8, 9, 10], dtype=np.int32)
case("meshgrid-xy", {"x": m1, "y": m2, "z": m3}, "np.meshgrid(x, y, z)", lambda x, y, z: tuple(np.meshgrid(x, y, z)))
case("meshgrid-ij", {"x": m1, "y": m2, "z": m3}, "np.meshgrid(x, y, z, indexing='ij')", lambda x, y, z: tuple(np.meshgrid(x, y, z, indexing="ij")))
case("meshgrid-sparse", {"x": m1, "y": m2}, "np.meshgrid(x, y, sparse=True)", lambda x, y: tuple(np.meshgrid(x, y, sparse=True)))
case("diff-prepend", {"a": m3}, "np.diff(a, prepend=0, append=[20, 30])", lambda a: np.diff(a, prepend=0, append=[20, 30]))

# ---- einsum --------------------------------------------------------------------------------------
E = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 2)]),
    ("ii", [(4, 4)]),
    ("ii->i", [(3, 3)]),
    ("ij->ji", [(2, 5)]),
    ("i,i", [(6,), (6,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("ijk,jil->kl", [(3, 4, 5), (4, 3, 2)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 3)]),
    ("ij->", [(3, 3)]),
    ("ij,ij->ij", [(2, 3), (2, 3)]),
]
for k, (sub, shapes) in enumerate(E):
    for dt in ["float64", "int32"]:
        ops = {f"x{i}": rand(dt, sh) for i, sh in enumerate(shapes)}
        case(f"einsum{k}-{dt}", ops, f"np.einsum({sub!r}, ...)", lambda sub=sub, **o: np.einsum(sub, *[o[f"x{i}"] for i in range(len(o))]).astype(np.float64 if dt == "float64" else np.int32))
        cases[-1]["subscripts"] = sub

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")))
print(f"wrote {len(cases)} cases to {OUT}")
