#!/usr/bin/env python3
"""NumPy's results for dense/partition.ts, sets.ts, ufuncs-int.ts, ufuncs-float-more.ts and
poly.ts/signal.ts on seeded random inputs (every dtype the function takes, 0-size and
1-element edges, NaN/inf where meaningful). Writes tests/fixtures/dense/numpy-more2.json in the
format of numpy-extra.json: per case an id (its prefix names the call), the inputs (dtype, shape,
flat values), scalar parameters, and NumPy's result (an array, a tuple of arrays — the fields of
NumPy 2's named tuples in order — or the error NumPy raises). int64 results are recorded as int32
(cohort's default integer); NumPy's float16 results of float functions of 8-bit input are
recorded from the float64 input (cohort gives float64 there); int8 results of bool shifts as uint8.
`partition`/`argpartition` record only what is unique: the k-th element along the axis.
"""
import json
import math
import pathlib
import warnings

import numpy as np

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "numpy-more2.json"
rng = np.random.default_rng(2026)


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
    if dt in ("int64", "uint64"):
        dt = "int32"
    if dt == "int8":
        assert (a >= 0).all()
        dt = "uint8"
    return {"dtype": dt, "shape": list(a.shape), "values": [enc(x) for x in a.ravel()]}


def rand(dtype, shape, special=False, lo=-9, hi=10):
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype == "uint8":
        return rng.integers(0, 9 if hi == 10 else hi, shape).astype(np.uint8)
    if dtype == "int32":
        return rng.integers(lo, hi, shape).astype(np.int32)
    x = np.round(rng.standard_normal(shape) * 5, 2).astype(dtype)
    if special and x.size >= 3:
        f = x.reshape(-1)
        f[rng.integers(0, x.size)] = np.nan
        f[rng.integers(0, x.size)] = np.inf
        f[rng.integers(0, x.size)] = -np.inf
    return x


cases = []


def case(cid, inputs, params, fn):
    try:
        res = fn(*inputs.values())
    except (TypeError, ValueError) as e:
        cases.append({"id": cid, "inputs": {k: arr(v) for k, v in inputs.items()}, "params": params,
                      "expected": {"kind": "error", "error": type(e).__name__}})
        return
    if isinstance(res, tuple):
        exp = {"kind": "tuple", "values": [arr(r) for r in res]}
    else:
        exp = {"kind": "array", **arr(res)}
    cases.append({"id": cid, "inputs": {k: arr(v) for k, v in inputs.items()}, "params": params, "expected": exp})


DT = ["float64", "float32", "int32", "uint8", "bool"]
FLOAT = ("float32", "float64")

# ---- sorting and sets -----------------------------------------------------------------------
for dt in DT:
    for n in (0, 1, 7, 40):
        k1 = rand(dt, n, special=dt in FLOAT)
        k2 = rand("int32", n, lo=0, hi=3)
        k3 = rand(dt, n)
        case(f"lexsort2-{dt}-{n}", {"a": k1, "b": k2}, {}, lambda a, b: np.lexsort((a, b)))
        case(f"lexsort3-{dt}-{n}", {"a": k1, "b": k2, "c": k3}, {}, lambda a, b, c: np.lexsort((a, b, c)))
    m = rand(dt, (3, 6))
    case(f"lexsortrows-{dt}", {"a": m}, {}, lambda a: np.lexsort(a))
    x = rand(dt, (4, 5))
    y = rand("int32", (4, 5), lo=0, hi=2)
    case(f"lexsortax0-{dt}", {"a": x, "b": y}, {}, lambda a, b: np.lexsort((a, b), axis=0))
    for shape, axis in (((13,), -1), ((4, 9), -1), ((6, 5), 0), ((2, 3, 5), 1)):
        a = rand(dt, shape, special=dt in FLOAT)
        n = shape[axis]
        for k in sorted({0, n // 2, n - 1, -1}):
            t = f"{dt}-{'x'.join(map(str, shape))}-ax{axis}-k{k}"
            case(f"partitionk-{t}", {"a": a}, {"k": k, "axis": axis},
                 lambda a, k=k, axis=axis: np.take(np.partition(a, k, axis=axis), k, axis=axis))
            case(f"argpartitionk-{t}", {"a": a}, {"k": k, "axis": axis},
                 lambda a, k=k, axis=axis: np.take(np.take_along_axis(a, np.argpartition(a, k, axis=axis), axis), k, axis=axis))

for d1, d2 in (("float64", "float64"), ("int32", "int32"), ("uint8", "int32"), ("float32", "float64"), ("bool", "bool"), ("int32", "float32")):
    for n1, n2 in ((0, 5), (6, 0), (1, 1), (12, 9), (30, 25)):
        a = rand(d1, n1, special=d1 in FLOAT)
        b = rand(d2, n2, special=d2 in FLOAT)
        if n1 > 0 and n2 > 0:
            b[0] = a[0]
        t = f"{d1}-{d2}-{n1}-{n2}"
        ins = {"a": a, "b": b}
        case(f"intersect-{t}", ins, {}, lambda a, b: np.intersect1d(a, b))
        case(f"intersectidx-{t}", ins, {}, lambda a, b: np.intersect1d(a, b, return_indices=True))
        case(f"union-{t}", ins, {}, lambda a, b: np.union1d(a, b))
        case(f"setdiff-{t}", ins, {}, lambda a, b: np.setdiff1d(a, b))
        case(f"setxor-{t}", ins, {}, lambda a, b: np.setxor1d(a, b))
        ua, ub = np.unique(a), np.unique(b)
        if not np.isnan(ua.astype(float)).any() and not np.isnan(ub.astype(float)).any():
            rng.shuffle(ua)
            uins = {"a": ua, "b": ub}
            case(f"intersectuniq-{t}", uins, {}, lambda a, b: np.intersect1d(a, b, assume_unique=True, return_indices=True))
            case(f"setdiffuniq-{t}", uins, {}, lambda a, b: np.setdiff1d(a, b, assume_unique=True))
            case(f"setxoruniq-{t}", uins, {}, lambda a, b: np.setxor1d(a, b, assume_unique=True))
for dt in DT:
    for shape in ((0,), (1,), (17,), (3, 5)):
        x = rand(dt, shape, special=dt in FLOAT)
        t = f"{dt}-{'x'.join(map(str, shape))}"
        # NumPy 2.3+ returns integer unique values in hash order (unspecified); cohort sorts.
        case(f"uvalues-{t}", {"x": x}, {}, lambda x: np.sort(np.unique_values(x)))
        case(f"ucounts-{t}", {"x": x}, {}, lambda x: tuple(np.unique_counts(x)))
        case(f"uinverse-{t}", {"x": x}, {}, lambda x: tuple(np.unique_inverse(x)))
        case(f"uall-{t}", {"x": x}, {}, lambda x: tuple(np.unique_all(x)))

# ---- integer and bitwise ufuncs ---------------------------------------------------------------
INT_BIN = ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "gcd", "lcm",
           "bitwise_left_shift", "bitwise_right_shift"]
for op in INT_BIN:
    f = getattr(np, op)
    for d1 in DT:
        for d2 in DT:
            shift = "shift" in op
            a = rand(d1, (3, 5), lo=-300, hi=300)
            b = rand(d2, (5,), lo=-2 if shift else -30, hi=40 if shift else 30)
            if d1 == "int32" and not shift:
                a.reshape(-1)[0] = -2147483648
            case(f"{op}-{d1}-{d2}", {"a": a, "b": b}, {}, lambda a, b, f=f: f(a, b))
    for d1 in ("int32", "uint8", "bool"):
        a = rand(d1, (6,), lo=-300, hi=300)
        case(f"{op}-{d1}-scalar", {"a": a}, {"s": 3}, lambda a, f=f: f(a, 3))
for op in ("bitwise_not", "invert", "bitwise_invert"):
    for d in DT:
        a = rand(d, (2, 7), lo=-2147483648, hi=2147483647) if d == "int32" else rand(d, (2, 7))
        case(f"{op}-{d}", {"a": a}, {}, lambda a, f=getattr(np, op): f(a))


def f64(x):
    return x.astype(np.float64) if x.dtype.kind in "bui" else x


SPECIAL = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1e-310, -1e-310, 5e-324, 1.7976931348623157e308, np.inf, -np.inf, np.nan, 3.0, -7.25, 1e16, 123456.789]
for d in DT:
    if d in FLOAT:
        x = np.concatenate([np.array(SPECIAL, dtype=d), rand(d, (20,))])
    else:
        x = rand(d, (20,), lo=-100, hi=100)
    for op in ("rint", "fix", "sinc", "spacing", "isneginf", "isposinf", "i0", "modf", "frexp"):
        f = getattr(np, op)
        if op == "i0" and d in FLOAT:
            xi = np.concatenate([x[np.isfinite(x) & (np.abs(x) < 1e300)], np.array([30, 30.5, -45, 100, 700, 710, 720], dtype=d)])
            case(f"{op}-{d}", {"x": xi}, {}, lambda x, f=f: f(x))
            continue
        fx = (lambda x, f=f: f(f64(x))) if op not in ("fix", "isneginf", "isposinf") else (lambda x, f=f: f(x))
        case(f"{op}-{d}", {"x": x}, {}, fx)
for d1 in DT:
    for d2 in DT:
        a = np.array(SPECIAL[:14], dtype=d1) if d1 in FLOAT else rand(d1, (14,), lo=-50, hi=50)
        b = np.array((SPECIAL[5:] + SPECIAL[:5])[:14], dtype=d2) if d2 in FLOAT else rand(d2, (14,), lo=-50, hi=50)
        case(f"nextafter-{d1}-{d2}", {"a": a, "b": b}, {}, lambda a, b: np.nextafter(f64(a) if a.dtype.kind in "bui" and b.dtype.kind in "bui" else a, b))
        if d1 != "bool" or d2 != "bool":  # NumPy: int8 remainders; cohort's mod keeps bool there
            case(f"divmod-{d1}-{d2}", {"a": a, "b": b}, {}, lambda a, b: np.divmod(a, b))
        e = rand(d2, (14,), lo=-1100, hi=1100)
        case(f"ldexp-{d1}-{d2}", {"a": a, "b": e}, {}, lambda a, b: np.ldexp(f64(a) if a.dtype.kind in "bu" else a, b))

# ---- polynomials, correlate, windows, vector products, unwrap --------------------------------
for d in ("float64", "float32", "int32"):
    for n in (0, 1, 3, 6):
        r = rand(d, n)
        case(f"poly-{d}-{n}", {"a": r}, {}, lambda a: np.poly(a))
for d1, d2 in (("float64", "float64"), ("int32", "int32"), ("float32", "int32"), ("uint8", "uint8"), ("bool", "bool"), ("int32", "float64")):
    for n1, n2 in ((1, 1), (3, 5), (6, 2), (4, 4)):
        a, b = rand(d1, n1), rand(d2, n2)
        t = f"{d1}-{d2}-{n1}-{n2}"
        case(f"polyadd-{t}", {"a": a, "b": b}, {}, lambda a, b: np.polyadd(a, b))
        case(f"polysub-{t}", {"a": a, "b": b}, {}, lambda a, b: np.polysub(a, b))
        case(f"polymul-{t}", {"a": a, "b": b}, {}, lambda a, b: np.polymul(a, b))
        if d1 != "bool" and d2 != "bool" and d1 != "uint8":
            bb = b.copy()
            bb[0] = bb[0] if bb[0] != 0 else 3
            case(f"polydiv-{t}", {"a": a, "b": bb}, {}, lambda a, b: np.polydiv(a, b))
for d in ("float64", "float32", "int32"):
    for n in (1, 2, 5):
        p = rand(d, n)
        for m in (0, 1, 2, 3):
            case(f"polyder-{d}-{n}-m{m}", {"p": p}, {"m": m}, lambda p, m=m: np.polyder(p, m))
            case(f"polyint-{d}-{n}-m{m}", {"p": p}, {"m": m}, lambda p, m=m: np.polyint(p, m))
        case(f"polyintk-{d}-{n}", {"p": p}, {}, lambda p: np.polyint(p, 2, [1.5, -2]))
for n, deg in ((5, 1), (9, 2), (12, 3), (4, 3), (20, 5)):
    x = np.sort(rng.standard_normal(n))
    y = rng.standard_normal(n)
    y2 = rng.standard_normal((n, 3))
    w = rng.random(n) + 0.5
    t = f"{n}-{deg}"
    case(f"polyfit-{t}", {"x": x, "y": y}, {"deg": deg}, lambda x, y, deg=deg: np.polyfit(x, y, deg))
    case(f"polyfitw-{t}", {"x": x, "y": y, "w": w}, {"deg": deg}, lambda x, y, w, deg=deg: np.polyfit(x, y, deg, w=w))
    case(f"polyfit2d-{t}", {"x": x, "y": y2}, {"deg": deg}, lambda x, y, deg=deg: np.polyfit(x, y, deg))
    case(f"polyfitfull-{t}", {"x": x, "y": y}, {"deg": deg},
         lambda x, y, deg=deg: (lambda r: (r[0], r[1], np.array(r[2], dtype=np.int32), r[3]))(np.polyfit(x, y, deg, full=True)))
    if n > deg + 1:
        case(f"polyfitcov-{t}", {"x": x, "y": y}, {"deg": deg}, lambda x, y, deg=deg: np.polyfit(x, y, deg, cov=True))
xi = np.arange(8, dtype=np.int32)
case("polyfitint", {"x": xi, "y": xi * xi - 3}, {"deg": 2}, lambda x, y: np.polyfit(x, y, 2))
for d1, d2 in (("float64", "float64"), ("int32", "int32"), ("float32", "float32"), ("int32", "float64")):
    for n1, n2 in ((5, 3), (3, 5), (1, 4), (6, 6), (7, 1)):
        a, b = rand(d1, n1), rand(d2, n2)
        for mode in ("valid", "same", "full"):
            case(f"correlate-{d1}-{d2}-{n1}-{n2}-{mode}", {"a": a, "b": b}, {"mode": mode}, lambda a, b, mode=mode: np.correlate(a, b, mode))
for M in (-1, 0, 1, 2, 5, 12, 51):
    for fn in ("hamming", "hanning", "blackman", "bartlett"):
        case(f"{fn}{M}", {}, {"M": M}, lambda M=M, fn=fn: getattr(np, fn)(M))
    for beta in (0, 5, 14):
        case(f"kaiser{M}-{beta}", {}, {"M": M, "beta": beta}, lambda M=M, beta=beta: np.kaiser(M, beta))
for d in DT:
    a, b = rand(d, (4, 3)), rand(d, (3,))
    case(f"vecdot-{d}", {"a": a, "b": b}, {}, lambda a, b: np.vecdot(a, b))
    a3, b3 = rand(d, (2, 4, 5)), rand(d, (4, 1))
    case(f"vecdotax-{d}", {"a": a3, "b": b3}, {}, lambda a, b: np.vecdot(a, b, axis=-2))
    m, v = rand(d, (2, 3, 4)), rand(d, (4,))
    case(f"matvec-{d}", {"a": m, "b": v}, {}, lambda a, b: np.matvec(a, b))
    v2, m2 = rand(d, (2, 3)), rand(d, (3, 5))
    case(f"vecmat-{d}", {"a": v2, "b": m2}, {}, lambda a, b: np.vecmat(a, b[None]))
for d in ("float64", "float32", "int32"):
    base = np.cumsum(rng.standard_normal(15) * 2.5)
    ph = (np.mod(base + np.pi, 2 * np.pi) - np.pi).astype(d) if d != "int32" else rng.integers(0, 7, 15).astype(np.int32)
    case(f"unwrap-{d}", {"p": ph}, {}, lambda p: np.unwrap(p))
    case(f"unwrapd-{d}", {"p": ph}, {}, lambda p: np.unwrap(p, discont=4.0))
    case(f"unwrapp-{d}", {"p": ph}, {}, lambda p: np.unwrap(p, period=6))
    ph2 = np.stack([ph, ph[::-1]], axis=1)
    case(f"unwrapax-{d}", {"p": ph2}, {}, lambda p: np.unwrap(p, axis=0))

OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")) + "\n")
print(f"wrote {len(cases)} cases to {OUT}")
