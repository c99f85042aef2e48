#!/usr/bin/env python3
"""NumPy's results for the functions of dense/shape-extra.ts, matrix-extra.ts, stats-extra.ts,
numeric-extra.ts and histogram.ts on seeded random inputs (every dtype where the function takes
it, 0-size and 1-element edges, NaN/inf where meaningful). Writes
tests/fixtures/dense/numpy-extra.json: per case an id (its prefix names the call), the inputs
(dtype, shape, flat values), scalar parameters, and NumPy's result (an array or a tuple of
arrays); tests/dense/numpy-extra.test.ts makes the same calls. int64 results are recorded as int32
(cohort's default integer), int8 never occurs.
"""
import json
import pathlib
import sys
import warnings

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from fixture_arrays import Cases  # noqa: E402

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "numpy-extra.json"
rng = np.random.default_rng(77)


def rand(dtype, shape, special=False):
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype == "uint8":
        return rng.integers(0, 9, shape).astype(np.uint8)
    if dtype == "int32":
        return rng.integers(-9, 10, shape).astype(np.int32)
    x = np.round(rng.standard_normal(shape) * 5, 2).astype(dtype)
    if special and x.size >= 3:
        f = x.reshape(-1)
        f[rng.integers(0, x.size)] = np.nan
        f[rng.integers(0, x.size)] = np.inf
        f[rng.integers(0, x.size)] = -np.inf
    return x


C = Cases()
cases = C.cases
case = C.add


DT = ["float64", "float32", "int32", "uint8", "bool"]
SHAPES2 = [(0, 3), (1, 1), (3, 4), (5, 2), (4, 4)]

for dt in DT:
    for sh in SHAPES2:
        a = rand(dt, sh)
        t = f"{dt}-{sh[0]}x{sh[1]}"
        for k in (-1, 0, 2):
            case(f"tril{k}-{t}", {"a": a}, {"k": k}, lambda a, k=k: np.tril(a, k))
            case(f"triu{k}-{t}", {"a": a}, {"k": k}, lambda a, k=k: np.triu(a, k))
        case(f"fliplr-{t}", {"a": a}, {}, np.fliplr)
        case(f"flipud-{t}", {"a": a}, {}, np.flipud)
        for k in (1, 2, 3, -1):
            case(f"rot90{k}-{t}", {"a": a}, {"k": k}, lambda a, k=k: np.rot90(a, k))
        for off in (0, 1, -2):
            case(f"diagonal{off}-{t}", {"a": a}, {"offset": off}, lambda a, off=off: np.diagonal(a, off))
            if dt != "bool":
                case(f"trace{off}-{t}", {"a": a}, {"offset": off},
                     lambda a, off=off: np.trace(a, off, dtype=np.float64 if a.dtype.kind == "f" else None))
        case(f"moveaxis-{t}", {"a": a}, {}, lambda a: np.moveaxis(a, 0, -1))
        case(f"atleast3d-{t}", {"a": a}, {}, np.atleast_3d)
        if dt not in ("bool",):
            case(f"ptp-{t}", {"a": a}, {}, lambda a: np.ptp(a, axis=1) if a.size else np.zeros(a.shape[0], a.dtype))
        b = rand(dt, (2, 3))
        if dt != "bool":
            case(f"kron-{t}", {"a": a, "b": b}, {}, np.kron)
    a3 = rand(dt, (2, 3, 4))
    case(f"diagonal3-{dt}", {"a": a3}, {}, lambda a: np.diagonal(a, 1, 1, 2))
    case(f"moveaxis3-{dt}", {"a": a3}, {}, lambda a: np.moveaxis(a, [0, 1], [-1, 0]))
    case(f"rot90ax-{dt}", {"a": a3}, {}, lambda a: np.rot90(a, 1, (1, 2)))
    case(f"broadcastto-{dt}", {"a": rand(dt, (3, 1))}, {}, lambda a: np.broadcast_to(a, (2, 3, 4)))
    case(f"split-{dt}", {"a": rand(dt, (6, 2))}, {}, lambda a: np.split(a, 3))
    case(f"splitidx-{dt}", {"a": rand(dt, (2, 7))}, {}, lambda a: np.split(a, [2, 5, 9], axis=1))
    case(f"arraysplit-{dt}", {"a": rand(dt, (7,))}, {}, lambda a: np.array_split(a, 3))
    case(f"hsplit-{dt}", {"a": rand(dt, (2, 4))}, {}, lambda a: np.hsplit(a, 2))
    case(f"vsplit-{dt}", {"a": rand(dt, (4, 2))}, {}, lambda a: np.vsplit(a, 2))
    case(f"colstack-{dt}", {"a": rand(dt, (3,)), "b": rand(dt, (3, 2))}, {}, lambda a, b: np.column_stack((a, b)))
    case(f"dstack-{dt}", {"a": rand(dt, (2, 3)), "b": rand(dt, (2, 3))}, {}, lambda a, b: np.dstack((a, b)))
    if dt != "bool":
        case(f"tensordot-{dt}", {"a": rand(dt, (2, 3, 4)), "b": rand(dt, (3, 4, 2))}, {},
             np.tensordot)
        case(f"tensordotax-{dt}", {"a": rand(dt, (3, 2, 4)), "b": rand(dt, (4, 3))}, {},
             lambda a, b: np.tensordot(a, b, ([0, 2], [1, 0])))
        case(f"cross-{dt}", {"a": rand(dt, (4, 3)), "b": rand(dt, (4, 3))}, {}, np.cross)
        case(f"crossb-{dt}", {"a": rand(dt, (3,)), "b": rand(dt, (2, 3))}, {}, np.cross)
        case(f"vander-{dt}", {"x": rand(dt, (4,))}, {}, lambda x: np.vander(x))
        case(f"vanderinc-{dt}", {"x": rand(dt, (3,))}, {}, lambda x: np.vander(x, 5, increasing=True))
    case(f"isin-{dt}", {"a": rand(dt, (3, 4)), "b": rand(dt, (5,))}, {}, np.isin)
    case(f"isininv-{dt}", {"a": rand(dt, (6,)), "b": rand(dt, (3,))}, {}, lambda a, b: np.isin(a, b, invert=True))
for k in (-1, 0, 1):
    case(f"tri{k}-float64", {}, {"k": k}, lambda k=k: np.tri(3, 5, k))
    case(f"tri{k}-int32", {}, {"k": k}, lambda k=k: np.tri(4, 2, k, dtype=np.int32))
case("tril1d", {"a": rand("float64", (4,))}, {}, np.tril)

for dt in ("float64", "float32"):
    for sh in [(3, 5), (2, 8), (1, 4)]:
        t = f"{dt}-{sh[0]}x{sh[1]}"
        m = rand(dt, sh)
        case(f"cov-{t}", {"a": m}, {}, lambda a: np.cov(a))
        case(f"covbias-{t}", {"a": m}, {}, lambda a: np.cov(a, bias=True))
        case(f"covcols-{t}", {"a": m}, {}, lambda a: np.cov(a, rowvar=False))
        case(f"corrcoef-{t}", {"a": m}, {}, np.corrcoef)
        w = np.abs(rand(dt, (sh[1],))) + 0.5
        case(f"average-{t}", {"a": m, "w": w}, {}, lambda a, w: np.average(a, axis=1, weights=w))
        case(f"averagefull-{t}", {"a": m, "w": np.abs(rand(dt, sh)) + 0.1}, {}, lambda a, w: np.average(a, weights=w))
        case(f"mean-average-{t}", {"a": m}, {}, lambda a: np.average(a, axis=0))
    case(f"covxy-{dt}", {"a": rand(dt, (5,)), "b": rand(dt, (5,))}, {}, lambda a, b: np.cov(a, b))
    case(f"nantonum-{dt}", {"a": rand(dt, (9,), special=True)}, {}, np.nan_to_num)
    case(f"nantonumv-{dt}", {"a": rand(dt, (9,), special=True)}, {},
         lambda a: np.nan_to_num(a, nan=-1.0, posinf=7.0, neginf=-7.0))
    for n in (7, 1):
        xp = np.sort(rand(dt, (n,)))
        xp = np.unique(xp)
        fp = rand(dt, xp.shape)
        x = np.concatenate([rand(dt, (12,)), xp[:2], [np.nan]]).astype(dt)
        case(f"interp{n}-{dt}", {"x": x, "xp": xp, "fp": fp}, {}, np.interp)
        case(f"interplr{n}-{dt}", {"x": x, "xp": xp, "fp": fp}, {}, lambda x, xp, fp: np.interp(x, xp, fp, left=-99.0, right=99.0))
    case(f"interpperiod-{dt}", {"x": np.array([-180, -170, -185, 185, -10, -5, 0, 365], dtype=dt),
                                "xp": np.array([190, -190, 350, -350], dtype=dt),
                                "fp": np.array([5, 10, 3, 4], dtype=dt)}, {}, lambda x, xp, fp: np.interp(x, xp, fp, period=360))
    bins = np.sort(np.unique(rand(dt, (5,))))
    x = rand(dt, (10,))
    case(f"digitize-{dt}", {"x": x, "bins": bins}, {}, np.digitize)
    case(f"digitizer-{dt}", {"x": np.concatenate([x, bins]).astype(dt), "bins": bins}, {}, lambda x, bins: np.digitize(x, bins, right=True))
    case(f"digitizedec-{dt}", {"x": x, "bins": bins[::-1].copy()}, {}, np.digitize)
    data = rand(dt, (40,))
    case(f"histogram-{dt}", {"a": data}, {}, lambda a: np.histogram(a))
    case(f"histogram7-{dt}", {"a": data}, {}, lambda a: np.histogram(a, bins=7, range=(-3, 4)))
    case(f"histogramw-{dt}", {"a": data, "w": rand(dt, (40,))}, {}, lambda a, w: np.histogram(a, bins=5, weights=w))
    case(f"histogramd-{dt}", {"a": data}, {}, lambda a: np.histogram(a, bins=6, density=True))
    case(f"histogrambins-{dt}", {"a": data, "bins": bins}, {}, lambda a, bins: np.histogram(a, bins=bins))
    for m in (1, 3, 20):
        a = rand(dt, (25,))
        v = rand(dt, (m,))
        for mode in ("full", "same", "valid"):
            case(f"convolve-{mode}-{m}-{dt}", {"a": a, "v": v}, {"mode": mode}, lambda a, v, mode=mode: np.convolve(a, v, mode))
            case(f"convolveswap-{mode}-{m}-{dt}", {"a": v, "v": a}, {"mode": mode}, lambda a, v, mode=mode: np.convolve(a, v, mode))
    case(f"polyval-{dt}", {"p": rand(dt, (4,)), "x": rand(dt, (3, 2))}, {}, np.polyval)
case("logspace", {}, {}, lambda: np.logspace(2.0, 3.0, num=4))
case("logspace-base2", {}, {}, lambda: np.logspace(0, 10, num=11, base=2.0, endpoint=False))
case("geomspace", {}, {}, lambda: np.geomspace(1, 256, num=9))
case("geomspace-neg", {}, {}, lambda: np.geomspace(-1000, -1, num=4))
case("geomspace-noend", {}, {}, lambda: np.geomspace(1, 2, num=5, endpoint=False))
case("polyval-int", {"p": np.array([3, 0, 1], np.int32), "x": np.array([1, 2, 5], np.int32)}, {}, np.polyval)

# Weighted cov (frequency and observation weights): drawn last, so the cases above keep their inputs.
for dt in ("float64", "float32"):
    for sh in [(3, 6), (1, 5), (2, 9)]:
        t = f"{dt}-{sh[0]}x{sh[1]}"
        m = rand(dt, sh)
        f = rng.integers(0, 4, sh[1]).astype(np.int32)
        f[0] = max(f[0], 1)
        a = (np.abs(rand(dt, (sh[1],))) + 0.25).astype(dt)
        case(f"covfw-{t}", {"a": m, "f": f}, {}, lambda a, f: np.cov(a, fweights=f))
        case(f"covaw-{t}", {"a": m, "w": a}, {}, lambda a, w: np.cov(a, aweights=w))
        case(f"covfwaw-{t}", {"a": m, "f": f, "w": a}, {}, lambda a, f, w: np.cov(a, fweights=f, aweights=w))
        case(f"covfwawddof0-{t}", {"a": m, "f": f, "w": a}, {}, lambda a, f, w: np.cov(a, fweights=f, aweights=w, ddof=0))
        case(f"covawddof2-{t}", {"a": m, "w": a}, {}, lambda a, w: np.cov(a, aweights=w, ddof=2))
        case(f"covfwcols-{t}", {"a": m.T.copy(), "f": f}, {}, lambda a, f: np.cov(a, rowvar=False, fweights=f))

OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")))
print(f"wrote {OUT} ({len(cases)} cases)")
