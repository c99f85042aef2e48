#!/usr/bin/env python3
"""NumPy's results for dense/pad.ts, edit.ts, index-more.ts, index-tri.ts, nanstats.ts and
calculus.ts on seeded random inputs (every dtype the function takes, empty and 1-element edges,
NaN where meaningful). Writes tests/fixtures/dense/numpy-more.json; tests/dense/numpy-more.test.ts
makes the same calls (the id's prefix names the call, params carry its arguments).
"""
import json
import pathlib
import sys
import warnings

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from fixture_arrays import Cases  # noqa: E402

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "numpy-more.json"
rng = np.random.default_rng(2026)
C = Cases()
case = C.add


def rand(dtype, shape, nan=False):
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype == "uint8":
        return rng.integers(0, 9, shape).astype(np.uint8)
    if dtype == "int32":
        return rng.integers(-9, 10, shape).astype(np.int32)
    x = np.round(rng.standard_normal(shape) * 5, 2).astype(dtype)
    if nan and x.size >= 2:
        f = x.reshape(-1)
        f[rng.integers(0, x.size, max(1, x.size // 4))] = np.nan
    return x


DT = ["float64", "float32", "int32", "uint8", "bool"]
NUM = ["float64", "float32", "int32", "uint8"]
FLT = ["float64", "float32"]

# pad: every mode, 1-D and 2-D, widths below and above the array length (rounds)
WIDTHS = [("w1", 1), ("w23", [2, 3]), ("wax", [[1, 2], [4, 0]]), ("wbig", [[7, 5], [0, 9]])]
for dt in NUM:
    a2 = rand(dt, (3, 4))
    a1 = rand(dt, (5,))
    for mode in ["constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum", "reflect", "symmetric", "wrap"]:
        for wn, w in WIDTHS:
            case(f"pad-{mode}-{wn}-{dt}", {"a": a2}, {"mode": mode, "w": w}, lambda a, m=mode, w=w: np.pad(a, w, m))
        case(f"pad-{mode}-1d-{dt}", {"a": a1}, {"mode": mode, "w": [6, 2]}, lambda a, m=mode: np.pad(a, [6, 2], m))
    case(f"pad-constvals-{dt}", {"a": a2}, {"mode": "constant", "w": [[1, 2], [2, 1]], "kw": {"constant_values": [[4, 6], [7, 2]]}},
         lambda a: np.pad(a, [[1, 2], [2, 1]], constant_values=[[4, 6], [7, 2]]))
    case(f"pad-ramp-{dt}", {"a": a2}, {"mode": "linear_ramp", "w": [[3, 2], [4, 5]], "kw": {"end_values": [[5, -3], [1, 9]]}},
         lambda a: np.pad(a, [[3, 2], [4, 5]], "linear_ramp", end_values=[[5, -3], [1, 9]]))
    for m in ["maximum", "mean", "median", "minimum"]:
        case(f"pad-statlen-{m}-{dt}", {"a": a2}, {"mode": m, "w": [[2, 1], [3, 2]], "kw": {"stat_length": [[1, 2], [2, 3]]}},
             lambda a, m=m: np.pad(a, [[2, 1], [3, 2]], m, stat_length=[[1, 2], [2, 3]]))
    if dt in FLT or dt == "int32":
        for m in ["reflect", "symmetric"]:
            case(f"pad-odd-{m}-{dt}", {"a": a1}, {"mode": m, "w": [9, 7], "kw": {"reflect_type": "odd"}},
                 lambda a, m=m: np.pad(a, [9, 7], m, reflect_type="odd"))
case("pad-single-reflect", {"a": np.array([[3.5]])}, {"mode": "reflect", "w": 2}, lambda a: np.pad(a, 2, "reflect"))
case("pad-empty-constant", {"a": np.zeros((0, 2))}, {"mode": "constant", "w": 1}, lambda a: np.pad(a, 1))

for dt in DT:
    a = rand(dt, (3, 4))
    idx = rng.integers(-4, 4, (3, 2)).astype(np.int32)
    case(f"tala-1-{dt}", {"a": a, "i": idx}, {"axis": 1}, lambda a, i: np.take_along_axis(a, i, 1))
    i0 = rng.integers(0, 3, (2, 4)).astype(np.int32)
    case(f"tala-0-{dt}", {"a": a, "i": i0}, {"axis": 0}, lambda a, i: np.take_along_axis(a, i, 0))
    i1 = rng.integers(0, 12, (5,)).astype(np.int32)
    case(f"tala-none-{dt}", {"a": a, "i": i1}, {}, lambda a, i: np.take_along_axis(a, i, None))
    b = a.copy()
    pi = np.array([[1], [0], [3]], np.int32)
    v = rand(dt, (3, 1))
    np.put_along_axis(b, pi, v, 1)
    case(f"pala-{dt}", {"a": a, "i": pi, "v": v}, {"axis": 1}, lambda a, i, v, b=b: b)
    if dt != "bool":
        case(f"amax-{dt}", {"a": a}, {}, lambda a: np.amax(a, axis=0))
        case(f"amin-{dt}", {"a": a}, {}, lambda a: np.amin(a, axis=1, keepdims=True))
    case(f"append-{dt}", {"a": a, "b": rand(dt, (2, 4))}, {}, lambda a, b: np.append(a, b))
    case(f"append0-{dt}", {"a": a, "b": rand(dt, (2, 4))}, {"axis": 0}, lambda a, b: np.append(a, b, axis=0))
    case(f"delete-int-{dt}", {"a": a}, {"obj": 1, "axis": 1}, lambda a: np.delete(a, 1, axis=1))
    case(f"delete-list-{dt}", {"a": a}, {"obj": [0, -1, 5]}, lambda a: np.delete(a, [0, -1, 5]))
    case(f"delete-mask-{dt}", {"a": a}, {"obj": [True, False, True], "axis": 0}, lambda a: np.delete(a, [True, False, True], axis=0))
    case(f"delete-slice-{dt}", {"a": a}, {"slice": [1, None, 2], "axis": 1}, lambda a: np.delete(a, slice(1, None, 2), axis=1))
    vals = rand(dt, (3,))
    case(f"insert-int-{dt}", {"a": a, "v": vals}, {"obj": 2, "axis": 1}, lambda a, v: np.insert(a, 2, v, axis=1))
    case(f"insert-flat-{dt}", {"a": a, "v": vals[:2]}, {"obj": [1, 12]}, lambda a, v: np.insert(a, [1, 12], v))
    case(f"insert-seq-{dt}", {"a": a, "v": vals[:1]}, {"obj": [3, 0, 3], "axis": 1}, lambda a, v: np.insert(a, [3, 0, 3], v, axis=1))
    case(f"insert-one-{dt}", {"a": a, "v": rand(dt, (4,))}, {"obj": [1], "axis": 0}, lambda a, v: np.insert(a, [1], v, axis=0))
    case(f"resize-{dt}", {"a": a}, {"shape": [5, 3]}, lambda a: np.resize(a, (5, 3)))
    case(f"resizeup-{dt}", {"a": rand(dt, (2,))}, {"shape": [7]}, lambda a: np.resize(a, 7))
    z = np.concatenate([np.zeros(2, a.dtype), rand(dt, (5,)), np.zeros(3, a.dtype)])
    for t in ["fb", "f", "b"]:
        case(f"trim-{t}-{dt}", {"a": z}, {"trim": t}, lambda a, t=t: np.trim_zeros(a, t))
    z2 = np.zeros((4, 5), a.dtype)
    z2[1:3, 2:4] = 1
    case(f"trim2d-{dt}", {"a": z2}, {"trim": "fb"}, lambda a: np.trim_zeros(a))
    case(f"trim2dax-{dt}", {"a": z2}, {"trim": "fb", "axis": 1}, lambda a: np.trim_zeros(a, axis=1))
    case(f"trimall0-{dt}", {"a": np.zeros(4, a.dtype)}, {"trim": "fb"}, lambda a: np.trim_zeros(a))
    if dt != "bool":
        case(f"ediff1d-{dt}", {"a": a}, {}, np.ediff1d)
    if dt in ("float64", "float32", "int32"):
        case(f"ediff1dbe-{dt}", {"a": rand(dt, (4,))}, {"end": [7, 8], "begin": 5}, lambda a: np.ediff1d(a, to_end=[7, 8], to_begin=5))
    case(f"block-{dt}", {"a": rand(dt, (2, 2)), "b": rand(dt, (2, 1)), "c": rand(dt, (1, 3))}, {},
         lambda a, b, c: np.block([[a, b], [c]]))
    case(f"block1d-{dt}", {"a": rand(dt, (2,)), "b": rand(dt, (3,))}, {}, lambda a, b: np.block([a, b]))
    case(f"unstack-{dt}", {"a": a}, {"axis": 1}, lambda a: np.unstack(a, axis=1))
    case(f"concat-{dt}", {"a": a, "b": rand(dt, (3, 2))}, {"axis": 1}, lambda a, b: np.concat([a, b], axis=1))
    case(f"concatnone-{dt}", {"a": a, "b": rand(dt, (3, 2))}, {}, lambda a, b: np.concat([a, b], axis=None))
    a3 = rand(dt, (2, 3, 4))
    case(f"permdims-{dt}", {"a": a3}, {"axes": [2, 0, 1]}, lambda a: np.permute_dims(a, (2, 0, 1)))
    case(f"mtrans-{dt}", {"a": a3}, {}, np.matrix_transpose)
    if dt != "bool":
        case(f"cumsumarr-{dt}", {"a": a}, {"axis": 1}, lambda a: np.cumulative_sum(a, axis=1))
        case(f"cumsuminit-{dt}", {"a": a}, {"axis": 0}, lambda a: np.cumulative_sum(a, axis=0, include_initial=True))
        case(f"cumprodarr-{dt}", {"a": rand(dt, (5,))}, {}, lambda a: np.cumulative_prod(a, include_initial=True))
    b3 = a.copy() if dt != "bool" else a.copy()
    np.fill_diagonal(b3, 1)
    case(f"filldiag-{dt}", {"a": a}, {"val": 1}, lambda a, b=b3: b)
    tall = rand(dt, (7, 3))
    bt = tall.copy()
    np.fill_diagonal(bt, [1, 0], wrap=True)
    case(f"filldiagwrap-{dt}", {"a": tall}, {"val": [1, 0], "wrap": True}, lambda a, b=bt: b)
    case(f"diagflat-{dt}", {"a": rand(dt, (2, 2))}, {"k": -1}, lambda a: np.diagflat(a, -1))
    cond = rng.random(4) < 0.5
    case(f"compress-{dt}", {"c": cond, "a": a}, {"axis": 1}, lambda c, a: np.compress(c, a, axis=1))
    case(f"compressflat-{dt}", {"c": np.array([True, False, True]), "a": a}, {}, lambda c, a: np.compress(c, a))
    case(f"extract-{dt}", {"c": rng.random((3, 4)) < 0.5, "a": a}, {}, np.extract)
    ch = [rand(dt, (3, 4)), rand(dt, (4,)), rand(dt, (3, 1))]
    ci = rng.integers(0, 3, (3, 4)).astype(np.int32)
    case(f"choose-{dt}", {"i": ci, "c0": ch[0], "c1": ch[1], "c2": ch[2]}, {}, lambda i, a, b, c: np.choose(i, [a, b, c]))
    cw = rng.integers(-5, 7, (3, 4)).astype(np.int32)
    for mode in ["wrap", "clip"]:
        case(f"choosemode-{mode}-{dt}", {"i": cw, "c0": ch[0], "c1": ch[1], "c2": ch[2]}, {"mode": mode},
             lambda i, a, b, c, m=mode: np.choose(i, [a, b, c], mode=m))
    x = rand(dt, (6,))
    c1 = rng.random(6) < 0.4
    c2 = rng.random(6) < 0.5
    case(f"select-{dt}", {"c1": c1, "c2": c2, "x": x, "y": rand(dt, (6,))}, {"default": 0},
         lambda c1, c2, x, y: np.select([c1, c2], [x, y]))
    case(f"selectdf-{dt}", {"c1": c1, "c2": c2, "x": x, "y": rand(dt, (6,))}, {"default": 2.5},
         lambda c1, c2, x, y: np.select([c1, c2], [x, y], 2.5))

for shape in [(7, 6), (3, 4, 2), (10,)]:
    flat = rng.integers(0, int(np.prod(shape)), 9).astype(np.int32)
    t = "x".join(map(str, shape))
    for order in ["C", "F"]:
        case(f"unravel-{order}-{t}", {"i": flat}, {"shape": list(shape), "order": order},
             lambda i, s=shape, o=order: np.unravel_index(i, s, order=o))
        coords = [rng.integers(0, e, 5).astype(np.int32) for e in shape]
        case(f"ravelmi-{order}-{t}", {f"c{k}": c for k, c in enumerate(coords)}, {"dims": list(shape), "order": order},
             lambda *c, s=shape, o=order: np.ravel_multi_index(c, s, order=o))
wild = [np.array([3, -2, 9, 6], np.int32), np.array([4, 5, -1, 12], np.int32)]
for mode in ["wrap", "clip"]:
    case(f"ravelmi-{mode}-m", {"c0": wild[0], "c1": wild[1]}, {"dims": [7, 6], "mode": mode},
         lambda a, b, m=mode: np.ravel_multi_index((a, b), (7, 6), mode=m))
case("ravelmi-mixed-m", {"c0": wild[0], "c1": wild[1]}, {"dims": [7, 6], "mode": ["clip", "wrap"]},
     lambda a, b: np.ravel_multi_index((a, b), (7, 6), mode=("clip", "wrap")))
case("indices-2x3", {}, {"dims": [2, 3]}, lambda: np.indices((2, 3)))
case("indices-3x1x2-f", {}, {"dims": [3, 1, 2], "dtype": "float64"}, lambda: np.indices((3, 1, 2), dtype=np.float64))
case("indices-sparse", {}, {"dims": [2, 3], "sparse": True}, lambda: np.indices((2, 3), sparse=True))
for n, k, m in [(4, 0, None), (4, 1, None), (3, -1, 5), (5, 2, 2), (0, 0, None)]:
    case(f"trili-{n}-{k}-{m}", {}, {"n": n, "k": k, "m": m}, lambda n=n, k=k, m=m: np.tril_indices(n, k, m))
    case(f"triui-{n}-{k}-{m}", {}, {"n": n, "k": k, "m": m}, lambda n=n, k=k, m=m: np.triu_indices(n, k, m))
case("trilifrom", {"a": np.ones((3, 5))}, {"k": 1}, lambda a: np.tril_indices_from(a, 1))
case("triuifrom", {"a": np.ones((4, 2))}, {"k": -1}, lambda a: np.triu_indices_from(a, -1))
case("diagi", {}, {"n": 4, "ndim": 3}, lambda: np.diag_indices(4, 3))
case("diagifrom", {"a": np.ones((3, 3))}, {}, np.diag_indices_from)
b3d = np.zeros((3, 3, 3))
np.fill_diagonal(b3d, 7)
case("filldiag3d", {"a": np.zeros((3, 3, 3))}, {"val": 7}, lambda a, b=b3d: b)

for dt in FLT:
    for sh, axes in [((7,), [None, 0]), ((4, 5), [None, 0, 1]), ((3, 1, 4), [None, 2])]:
        a = rand(dt, sh, nan=True)
        t = f"{dt}-{'x'.join(map(str, sh))}"
        for ax in axes:
            p = {} if ax is None else {"axis": ax}
            at = "n" if ax is None else str(ax)
            case(f"nanprod-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanprod(a, axis=ax))
            case(f"nanvar-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanvar(a, axis=ax))
            case(f"nanvar1-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanvar(a, axis=ax, ddof=1))
            case(f"nanstd-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanstd(a, axis=ax))
            case(f"nanmedian-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanmedian(a, axis=ax))
            for q in [0, 0.3, 0.5, 0.75, 1]:
                case(f"nanquantile-{q}-{at}-{t}", {"a": a}, {**p, "q": q}, lambda a, ax=ax, q=q: np.nanquantile(a, q, axis=ax))
            case(f"nanpercentile-{at}-{t}", {"a": a}, {**p, "q": 40}, lambda a, ax=ax: np.nanpercentile(a, 40, axis=ax))
            if ax is not None or len(sh) == 1:
                case(f"nancumsum-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nancumsum(a, axis=ax))
                case(f"nancumprod-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nancumprod(a, axis=ax))
            if not np.isnan(a).all(axis=ax).any():
                case(f"nanargmax-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanargmax(a, axis=ax))
                case(f"nanargmin-{at}-{t}", {"a": a}, p, lambda a, ax=ax: np.nanargmin(a, axis=ax))
    allnan = np.array([[np.nan, np.nan], [1, 2]], dtype=dt)
    case(f"nanmedian-allnan-{dt}", {"a": allnan}, {"axis": 1}, lambda a: np.nanmedian(a, axis=1))
    case(f"nanvar-allnan-{dt}", {"a": allnan}, {"axis": 1}, lambda a: np.nanvar(a, axis=1))
    case(f"nanquantile-qarr-{dt}", {"a": rand(dt, (3, 5), nan=True)}, {"axis": 1, "qs": [0.1, 0.9]},
         lambda a: np.nanquantile(a, [0.1, 0.9], axis=1))
for dt in ["int32", "uint8"]:
    a = rand(dt, (3, 4))
    case(f"nanvar-1-{dt}", {"a": a}, {"axis": 1}, lambda a: np.nanvar(a, axis=1))
    case(f"nanmedian-1-{dt}", {"a": a}, {"axis": 1}, lambda a: np.nanmedian(a, axis=1))
    case(f"nanprod-0-{dt}", {"a": a}, {"axis": 0}, lambda a: np.nanprod(a, axis=0))

for dt in NUM:
    f1 = rand(dt, (8,))
    f2 = rand(dt, (5, 6))
    case(f"gradient-1d-{dt}", {"f": f1}, {}, np.gradient)
    case(f"gradient-h-{dt}", {"f": f1}, {"h": 0.5}, lambda f: np.gradient(f, 0.5))
    case(f"gradient-e2-{dt}", {"f": f1}, {"edge": 2}, lambda f: np.gradient(f, edge_order=2))
    x = np.cumsum(rng.random(8) + 0.1)
    case(f"gradient-x-{dt}", {"f": f1, "x": x}, {}, lambda f, x: np.gradient(f, x))
    case(f"gradient-xe2-{dt}", {"f": f1, "x": x}, {"edge": 2}, lambda f, x: np.gradient(f, x, edge_order=2))
    case(f"gradient-ux-{dt}", {"f": f1, "x": np.arange(8) * 0.25}, {}, lambda f, x: np.gradient(f, x))
    case(f"gradient-2d-{dt}", {"f": f2}, {}, np.gradient)
    case(f"gradient-2dax-{dt}", {"f": f2}, {"axis": 1, "h": 2}, lambda f: np.gradient(f, 2, axis=1))
    case(f"gradient-2dhs-{dt}", {"f": f2}, {"hs": [2, 3]}, lambda f: np.gradient(f, 2, 3))
    case(f"trapz-{dt}", {"y": f2}, {}, np.trapezoid)
    case(f"trapzdx-{dt}", {"y": f2}, {"dx": 0.5, "axis": 0}, lambda y: np.trapezoid(y, dx=0.5, axis=0))
    case(f"trapzx-{dt}", {"y": f2, "x": np.cumsum(rng.random(6))}, {}, lambda y, x: np.trapezoid(y, x))
    case(f"trapzx2-{dt}", {"y": f2, "x": rand("float64", (5, 6))}, {"axis": 0}, lambda y, x: np.trapezoid(y, x, axis=0))

for dt in NUM:
    a = rand(dt, (3, 4))
    b = rand(dt, (4,))
    w = rng.random((3, 4)) < 0.5
    d = a.copy()
    np.copyto(d, b, where=w)
    case(f"copyto-{dt}", {"a": a, "b": b, "w": w}, {}, lambda a, b, w, d=d: d)
    m = rng.random((3, 4)) < 0.5
    v = rand(dt, (5,))
    d = a.copy()
    np.putmask(d, m, v)
    case(f"putmask-{dt}", {"a": a, "m": m, "v": v}, {}, lambda a, m, v, d=d: d)
    d = a.copy()
    np.place(d, m, v[:3])
    case(f"place-{dt}", {"a": a, "m": m, "v": v[:3]}, {}, lambda a, m, v, d=d: d)
    a4 = rand(dt, (2, 3, 4, 1))
    for axis, start in [(3, 1), (2, 0), (1, 4), (0, 2), (-1, -3)]:
        case(f"rollaxis-{axis}-{start}-{dt}", {"a": a4}, {"axis": axis, "start": start}, lambda a, x=axis, s=start: np.rollaxis(a, x, s))
    case(f"aaasum-{dt}", {"a": a}, {"axis": 1}, lambda a: np.apply_along_axis(np.sum, 1, a))
    case(f"aaasort-{dt}", {"a": a}, {"axis": 0}, lambda a: np.apply_along_axis(np.sort, 0, a))
    case(f"aaaouter-{dt}", {"a": rand(dt, (2, 3))}, {"axis": 1}, lambda a: np.apply_along_axis(lambda v: np.outer(v, v), 1, a))
    case(f"aoa-{dt}", {"a": rand(dt, (2, 3, 4))}, {"axes": [0, 2]}, lambda a: np.apply_over_axes(np.sum, a, [0, 2]))
    x = rand(dt, (7,))
    c1 = rng.random(7) < 0.4
    case(f"piecewise-{dt}", {"x": x, "c": c1}, {}, lambda x, c: np.piecewise(x, [c], [lambda t: t * 2, 5]))
    case(f"piecewise2-{dt}", {"x": x, "c": c1}, {}, lambda x, c: np.piecewise(x, [c, ~c], [3, lambda t: t - 1]))
    case(f"hbe-{dt}", {"a": rand(dt, (20,))}, {"bins": 4}, lambda a: np.histogram_bin_edges(a, 4))

OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"numpy": np.__version__, "cases": C.cases}, separators=(",", ":")))
print(f"wrote {OUT} ({len(C.cases)} cases)")
