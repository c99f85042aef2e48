#!/usr/bin/env python3
"""NumPy's results for the element-wise math of dense/ufuncs-math.ts (arcsin ... float_power) on
special values (NaN, ±inf, ±0, subnormals, huge and tiny magnitudes, domain edges) and seeded
random values, for every cohort dtype. Writes tests/fixtures/dense/ufuncs-math.json: per case the
op, the operands (dtype, flat values) and NumPy's result (dtype, flat values);
tests/dense/ufuncs-math.test.ts makes the same calls. NumPy's float16 results (8-bit and bool
input of float-only ops) are recorded as float64 values computed from float64 input, which is what
cohort promises (no float16); its int8 results as uint8 (cohort has no int8).
"""
import json
import math
import pathlib
import warnings

import numpy as np

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "ufuncs-math.json"
rng = np.random.default_rng(2026)

UNARY = ["arcsin", "arccos", "arctan", "sinh", "cosh", "tan", "arcsinh", "arccosh", "arctanh", "expm1",
         "log1p", "cbrt", "exp2", "deg2rad", "rad2deg", "fabs", "square", "reciprocal", "trunc",
         "positive", "signbit"]
BINARY = ["arctan2", "hypot", "copysign", "logaddexp", "logaddexp2", "heaviside", "floor_divide", "fmod",
          "fmax", "fmin", "float_power"]
FLOAT_ONLY = set(UNARY[:16]) | {"arctan2", "hypot", "copysign", "logaddexp", "logaddexp2", "heaviside"}


def enc(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    v = float(v)
    if math.isnan(v):
        return "-nan" if math.copysign(1, v) < 0 else "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0"
    return v


def arr(a):
    return {"dtype": str(a.dtype), "values": [enc(x) for x in a.ravel()]}


SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e-300, -1e-300, 5e-324, 2.2250738585072014e-308, 1e-10,
           -1e-10, 0.9999999, 1.0000001, 2.0, 3.0, 10.0, -10.0, 100.0, 700.0, 710.0, -745.0, 1e300,
           -1e300, math.pi, math.pi / 2, 1e22, np.inf, -np.inf, np.nan, -np.nan]


def values(dtype):
    if dtype == "bool":
        return np.array([True, False, True, True], dtype=bool)
    if dtype == "uint8":
        return np.array([0, 1, 2, 3, 7, 100, 200, 255], dtype=np.uint8)
    if dtype == "int32":
        return np.array([0, 1, -1, 2, -2, 3, 7, -7, 46340, 46341, -65536, 2147483647, -2147483648],
                        dtype=np.int32)
    rnd = np.concatenate([rng.uniform(-1, 1, 12), rng.standard_normal(12) * 30, rng.uniform(-3, 3, 12)])
    return np.concatenate([np.array(SPECIAL), rnd]).astype(dtype)


cases = []
DTYPES = ["float64", "float32", "int32", "uint8", "bool"]


def result(op, *xs):
    f = getattr(np, op)
    if all(x.dtype in (np.uint8, np.bool_) for x in xs) and op in FLOAT_ONLY:
        r = f(*[x.astype(np.float64) for x in xs])  # cohort: float64, not float16
    else:
        r = f(*xs)
    if r.dtype == np.int8:
        r = r.astype(np.uint8)
    return r


for op in UNARY:
    for dt in DTYPES:
        x = values(dt)
        if op == "positive" and dt == "bool":
            continue
        cases.append({"op": op, "args": [arr(x)], "expected": arr(result(op, x))})

for op in BINARY:
    for dt in DTYPES:
        x = values(dt)
        # Every pair of a sample of the values (both orders), as two flat operands.
        k = min(len(x), 16)
        idx = rng.choice(len(x), size=k, replace=False) if len(x) > k else np.arange(len(x))
        if dt in ("float64", "float32"):
            idx = np.unique(np.concatenate([idx, np.arange(8), [len(SPECIAL) - 4, len(SPECIAL) - 3, len(SPECIAL) - 2]]))
        s = x[idx]
        a = np.repeat(s, len(s))
        b = np.tile(s, len(s))
        cases.append({"op": op, "args": [arr(a), arr(b)], "expected": arr(result(op, a, b))})
    # Mixed dtypes: NumPy's promotion.
    for da, db in [("int32", "float32"), ("uint8", "int32"), ("float32", "float64"), ("bool", "int32")]:
        a = values(da)[:4]
        b = values(db)[1:5]
        cases.append({"op": op, "args": [arr(a), arr(b)], "expected": arr(result(op, a, b))})

OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")))
print(f"wrote {OUT} ({len(cases)} cases)")
