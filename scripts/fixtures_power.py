#!/usr/bin/env python3
"""NumPy's results of `power` with a scalar exponent (its loops' fast paths: -1 reciprocal, 0 ones,
0.5 sqrt, 1 copy, 2 square) and of `float_power` (no fast path: C's pow), on special values (NaN,
±inf, ±0, subnormals, the square's overflow and underflow edges) and seeded random values and bit
patterns, for float64, float32, int32, uint8 and bool bases. Writes
tests/fixtures/dense/power-scalar.json; tests/dense/power-scalar.test.ts makes the same calls.
"""
import json
import math
import pathlib
import warnings

import numpy as np

warnings.simplefilter("ignore")
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "dense" / "power-scalar.json"
rng = np.random.default_rng(2411)


def enc(v):
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if v == 0 and math.copysign(1, v) < 0:
        return "-0"
    return v


SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 5e-324, -5e-324, 1e-310, -1e-310,
           2.2250738585072014e-308, 1.4916681462400413e-154, 1.4916681462400412e-154, 1.3407807929942596e154,
           1.3407807929942597e154, -1.3407807929942597e154, 1e-162, 1.7976931348623157e308,
           -1.7976931348623157e308, np.inf, -np.inf, np.nan, 1.0000000000000002, 0.9999999999999999]


def float_values(dtype):
    bits = rng.integers(0, 2**64, 200, dtype=np.uint64, endpoint=False)
    if dtype == "float32":
        bits = (bits >> np.uint64(32)).astype(np.uint32)
        pattern = bits.view(np.float32)
    else:
        pattern = bits.view(np.float64)
    rnd = np.concatenate([rng.uniform(-4, 4, 60), rng.standard_normal(40) * 1e3, rng.uniform(0, 1e-3, 20)])
    return np.concatenate([np.array(SPECIAL).astype(dtype), rnd.astype(dtype), pattern.astype(dtype)])


def values(dtype):
    if dtype == "bool":
        return np.array([True, False, True], dtype=bool)
    if dtype == "uint8":
        return np.array([0, 1, 2, 3, 15, 16, 100, 200, 255], dtype=np.uint8)
    if dtype == "int32":
        return np.array([0, 1, -1, 2, -2, 3, 7, -7, 46340, 46341, -46341, 65536, 2147483647, -2147483648],
                        dtype=np.int32)
    return float_values(dtype)


cases = []
for dtype in ["float64", "float32", "int32", "uint8", "bool"]:
    a = values(dtype)
    for e in [2, -1, 0.5, 1, 0, 3, 1.5]:
        for op in ["power", "float_power"]:
            if op == "power" and dtype in ("int32", "uint8", "bool") and isinstance(e, int) and e < 0:
                continue
            r = getattr(np, op)(a, e)
            cases.append({
                "op": op, "exponent": e,
                "a": {"dtype": dtype, "values": [enc(x) if dtype.startswith("float") else (bool(x) if dtype == "bool" else int(x)) for x in a]},
                "result": {"dtype": str(r.dtype), "values": [enc(x) for x in r]},
            })
OUT.parent.mkdir(parents=True, exist_ok=True)
OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, separators=(",", ":")) + "\n")
print(f"wrote {OUT} ({len(cases)} cases)")
