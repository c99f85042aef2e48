#!/usr/bin/env python3
"""Correctly rounded references for cohort's transcendentals (codegen/wasm-math.ts), by mpmath.

Writes tests/fixtures/math/<fn>.json: {"fn", "x": [...], "y": [...]} where each entry is the
16-hex-digit IEEE 754 bit pattern of a float64 — x the argument, y f(x) correctly rounded to
float64 (computed at 300 bits, then rounded once). Arguments: random bit patterns over each
function's whole domain (every binade, subnormals included), dense samples near the reduction
boundaries and overflow/underflow thresholds, and the special values.
"""
import json
import pathlib
import random
import struct

import mpmath

mpmath.mp.prec = 300
OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "math"


def bits(x: float) -> str:
    return struct.pack(">d", x).hex()


def from_bits(u: int) -> float:
    return struct.unpack(">d", struct.pack(">Q", u))[0]


def rounded(v) -> float:
    """mpmath value -> nearest float64 (ties to even), with overflow to inf and gradual underflow."""
    if mpmath.isnan(v):
        return float("nan")
    if mpmath.isinf(v):
        return float(v)
    if v == 0:
        return 0.0
    # Round to 53 bits (or to the subnormal grid) in one step.
    m, e = mpmath.frexp(v)  # v = m * 2^e, 0.5 <= |m| < 1
    e = int(e)
    if e > 1024:
        return float("inf") if v > 0 else float("-inf")
    p = 53 if e >= -1021 else 53 - (-1021 - e)
    scaled = mpmath.ldexp(v, p - e)
    n = int(mpmath.nint(scaled))  # nint: ties to even
    r = mpmath.ldexp(n, e - p)
    f = float(r)  # exact now (or inf)
    return f


def rand_doubles(rng: random.Random, lo: float, hi: float, n: int):
    """Random doubles in [lo, hi] spread over binades (uniform over bit patterns)."""
    out = []
    for _ in range(n):
        if lo >= 0:
            a, b = struct.unpack(">Q", struct.pack(">d", lo))[0], struct.unpack(">Q", struct.pack(">d", hi))[0]
            out.append(from_bits(rng.randint(a, b)))
        else:
            # symmetric: magnitude by bit pattern up to max(|lo|, |hi|), random sign within range
            m = max(-lo, hi)
            x = from_bits(rng.randint(0, struct.unpack(">Q", struct.pack(">d", m))[0]))
            x = -x if rng.random() < 0.5 else x
            if lo <= x <= hi:
                out.append(x)
    return out


def specials():
    return [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 5e-324, -5e-324, 2.2250738585072014e-308,
            2.225073858507201e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1.0, -1.0, 0.5, 2.0]


def gen_exp(rng):
    xs = specials()
    xs += rand_doubles(rng, -750.0, 750.0, 4000)
    xs += [rng.uniform(-745.2, 709.8) for _ in range(4000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(1000)]
    for t in (709.782712893384, -745.1332191019411, -708.3964185322641, -744.44007192138126):
        for k in range(-40, 41):
            xs.append(from_bits(struct.unpack(">Q", struct.pack(">d", t))[0] + k))
    import math
    for k in range(-1100, 1030):  # multiples of ln2 and halfway points: reduction boundaries
        xs.append(k * math.log(2))
        xs.append((k + 0.5) * math.log(2))
    return xs, mpmath.exp


def gen_log(rng):
    xs = specials()
    xs += rand_doubles(rng, 0.0, 1.7976931348623157e308, 6000)
    xs += [rng.uniform(0.5, 2.0) for _ in range(3000)]
    xs += [1 + rng.uniform(-1, 1) * 2.0 ** -rng.randint(1, 60) for _ in range(1000)]
    xs += [-rng.uniform(0, 10) for _ in range(20)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 300)

    def f(x):
        if x < 0:
            return mpmath.mpf("nan")
        if x == 0:
            return mpmath.mpf("-inf")
        return mpmath.log(x)
    return xs, f


def gen_trig(rng):
    """sin/cos: the whole range (Payne-Hanek beyond 1.6e6), near multiples of pi/2 (the
    reduction's cancellation), around the 1.6e6 switch, and the double closest to a multiple of
    pi/2 (6381956970095103 * 2^797)."""
    import math
    xs = specials()
    xs += rand_doubles(rng, -1.7976931348623157e308, 1.7976931348623157e308, 4000)
    xs += [rng.uniform(-10, 10) for _ in range(2000)]
    xs += [rng.uniform(-2e6, 2e6) for _ in range(1000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(500)]
    half_pi = mpmath.pi / 2
    for k in list(range(-200, 201)) + [rng.randint(-2**20, 2**20) for _ in range(600)]:
        c = float(k * half_pi)
        u = struct.unpack(">Q", struct.pack(">d", abs(c)))[0]
        for d in (-1, 0, 1):
            xs.append(math.copysign(from_bits(u + d), c) if c != 0 else from_bits(d if d >= 0 else 0))
    u = struct.unpack(">Q", struct.pack(">d", 1.6e6))[0]
    xs += [from_bits(u + d) for d in range(-20, 21)] + [-from_bits(u + d) for d in range(-20, 21)]
    xs += [math.ldexp(6381956970095103, 797), -math.ldexp(6381956970095103, 797), 2.0**1023, 1e22, 1e300]
    xs += [math.ldexp(rng.randint(2**52, 2**53 - 1), rng.randint(-10, 971)) for _ in range(500)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 100)
    return xs


def gen_sin(rng):
    return gen_trig(rng), mpmath.sin


def gen_cos(rng):
    return gen_trig(rng), mpmath.cos


def gen_tanh(rng):
    """tanh: the whole range, [-1, 1] and [-25, 25] densely, around the 0.55 switch, tiny values."""
    xs = specials()
    xs += rand_doubles(rng, -1.7976931348623157e308, 1.7976931348623157e308, 3000)
    xs += [rng.uniform(-1, 1) for _ in range(3000)]
    xs += [rng.uniform(-25, 25) for _ in range(2000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(1000)]
    u = struct.unpack(">Q", struct.pack(">d", 0.55))[0]
    xs += [from_bits(u + d) for d in range(-50, 51)] + [-from_bits(u + d) for d in range(-50, 51)]
    xs += [rng.uniform(0.5, 0.6) for _ in range(1000)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 100)
    return xs, mpmath.tanh


def gen_expm1(rng):
    """expm1: the whole range, |x| < 1 densely, tiny values, the k = -1, 0, 1, 2 and 20/56 regions of
    the reduction (multiples and half multiples of ln2), the overflow threshold, large negatives."""
    import math
    xs = specials()
    xs += rand_doubles(rng, -1.7976931348623157e308, 1.7976931348623157e308, 3000)
    xs += [rng.uniform(-1, 1) for _ in range(2000)]
    xs += [rng.uniform(-50, 710) for _ in range(2000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(1000)]
    for k in range(-70, 1030):
        xs.append(k * math.log(2))
        xs.append((k + 0.5) * math.log(2))
    u = struct.unpack(">Q", struct.pack(">d", 709.782712893384))[0]
    xs += [from_bits(u + d) for d in range(-40, 41)]
    xs += [rng.uniform(-0.36, -0.25) for _ in range(500)] + [rng.uniform(0.3, 1.1) for _ in range(500)]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 100)
    xs += [-37.0, -38.0, -39.0, -40.0, -44.9, -45.0, -45.1, 710.0, 2.0 ** -54, -(2.0 ** -54), 2.0 ** -55]
    return xs, mpmath.expm1


def gen_log1p(rng):
    """log1p: the whole domain (-1, inf), near -1, near 0, tiny values, 1 + x near powers of two."""
    xs = specials()
    xs += rand_doubles(rng, 0.0, 1.7976931348623157e308, 3000)
    xs += [-from_bits(rng.randint(0, struct.unpack(">Q", struct.pack(">d", 1.0))[0])) for _ in range(2000)]
    xs += [rng.uniform(-1, 2) for _ in range(2000)]
    xs += [rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 60) for _ in range(1000)]
    xs += [-1 + 2.0 ** -rng.randint(1, 53) * rng.random() for _ in range(300)]
    for e in range(-60, 70):  # 1 + x near 2^e and near sqrt(2) 2^e (the reduction's boundaries)
        for c in (1.0, 2 ** 0.5):
            v = c * 2.0 ** e - 1
            u = struct.unpack(">Q", struct.pack(">d", abs(v)))[0] if v != 0 else 0
            for d in range(-3, 4):
                w = from_bits(max(u + d, 0))
                xs.append(w if v >= 0 else -w)
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 100)
    xs += [-1.0, -1.0000000000000002, -2.0, -0.9999999999999999]

    def f(x):
        if x < -1:
            return mpmath.mpf("nan")
        if x == -1:
            return mpmath.mpf("-inf")
        return mpmath.log1p(x)
    f.odd = True
    return xs, f


def gen_logb(rng, base):
    """log2 / log10: the whole domain, near 1, exact powers of the base, subnormals, negatives."""
    xs = specials()
    xs += rand_doubles(rng, 0.0, 1.7976931348623157e308, 5000)
    xs += [rng.uniform(0.5, 2.0) for _ in range(2000)]
    xs += [1 + rng.uniform(-1, 1) * 2.0 ** -rng.randint(1, 60) for _ in range(1000)]
    pw = [rounded(mpmath.mpf(base) ** k) for k in range(-1080, 1030)]  # the base's powers, rounded
    xs += [v for v in pw if 0 < v < float("inf")]
    xs += rand_doubles(rng, 0.0, 2.2250738585072014e-308, 300)
    xs += [-rng.uniform(0, 10) for _ in range(20)]

    def f(x):
        if x < 0:
            return mpmath.mpf("nan")
        if x == 0:
            return mpmath.mpf("-inf")
        return mpmath.log(x, base)
    return xs, f


def gen_log2(rng):
    return gen_logb(rng, 2)


def gen_log10(rng):
    return gen_logb(rng, 10)


def gen_pow(rng):
    """pow(x, b): random x over every binade with b aimed at results over the whole range, x in
    [0.5, 2] with |b| up to 2000, x near 1 with huge b (the double-double logarithm's hard region),
    exact cases (small integers to integer powers), negative bases with integer exponents,
    subnormal bases and subnormal results, the overflow/underflow thresholds, and the grid of C99's
    special values (0, -0, inf, -inf, nan, 1, -1, ...) both ways."""
    import math
    xs, bs = [], []

    def add(x, b):
        xs.append(x)
        bs.append(b)
    for _ in range(3000):
        x = rand_doubles(rng, 0.0, 1.7976931348623157e308, 1)[0]
        if x == 0 or x == 1:
            continue
        add(x, rng.uniform(-1100, 1100) / math.log2(x))
    for _ in range(2000):
        add(rng.uniform(0.5, 2.0), rng.uniform(-2000, 2000))
    for _ in range(1000):
        d = rng.uniform(-1, 1) * 2.0 ** -rng.randint(1, 52)
        add(1 + d, rng.uniform(-740, 700) / math.log1p(d))
    for _ in range(1000):  # exact results
        x = rng.randint(2, 40)
        k = rng.randint(0, int(53 / math.log2(x)))
        add(float(x) if rng.random() < 0.5 else -float(x), float(k if rng.random() < 0.8 else -k))
    for _ in range(1000):  # negative bases, integer exponents of both parities
        x = -rand_doubles(rng, 0.0, 1.7976931348623157e308, 1)[0]
        if x == 0 or x == -1:
            continue
        add(x, float(round(rng.uniform(-1100, 1100) / math.log2(-x))))
    for _ in range(300):  # subnormal bases
        x = rand_doubles(rng, 0.0, 2.2250738585072014e-308, 1)[0]
        if x > 0:
            add(x, rng.uniform(-0.95, 1.0))
    for w in (1024, -1022, -1074, -1075):  # results at the thresholds: 2^w = x^b
        for _ in range(150):
            x = rng.uniform(1.5, 10.0)
            add(x, (w + rng.uniform(-0.02, 0.02)) / math.log2(x))
    for _ in range(300):  # subnormal results
        x = rng.uniform(0.1, 0.9)
        add(x, rng.uniform(-1074, -1022) / math.log2(x))
    sp = [0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
          2.5, -2.5, 1e300, -1e300, 5e-324, -5e-324, 2.0 ** 53, 2.0 ** 53 + 2, 2.0 ** 64, 2.0 ** 70]
    for x in sp:
        for b in sp + [-b for b in sp[9:]]:
            add(x, b)

    def f(x, b):
        import numpy as np
        if not (math.isfinite(x) and math.isfinite(b)) or x == 0 or (x < 0 and b != math.floor(b)) or b == 0 or x == 1:
            with np.errstate(all="ignore"):  # NumPy's array loop (C's pow; a scalar 0.5 would take sqrt)
                return float(np.power(np.array([x, 2.0]), np.array([b, 1.0]))[0])
        v = mpmath.power(mpmath.mpf(abs(x)), mpmath.mpf(b))
        if x < 0 and b % 2 == 1:
            v = -v
        r = rounded(v)
        return r if r != 0 or v > 0 else -0.0
    return xs, bs, f


def reference(fn, x: float) -> float:
    import math
    if math.isnan(x):
        return float("nan")
    if math.isinf(x):
        if fn is mpmath.exp:
            return float("inf") if x > 0 else 0.0
        if fn is mpmath.sin or fn is mpmath.cos:
            return float("nan")
        if fn is mpmath.tanh:
            return 1.0 if x > 0 else -1.0
        if fn is mpmath.expm1:
            return float("inf") if x > 0 else -1.0
        return float("inf") if x > 0 else float("nan")
    if x == 0 and (fn is mpmath.expm1 or getattr(fn, "odd", False)):
        return x  # odd functions keep the sign of zero
    v = fn(mpmath.mpf(x))
    return rounded(v)


def coefficients():
    """The polynomial coefficients of codegen/wasm-expm1.ts (P) and wasm-logs.ts (R1): Chebyshev
    fits by mpmath (`python3 scripts/fixtures_math.py --coefficients` prints them)."""
    def p(u):  # (e^u - 1 - u - u^2/2)/u^3
        return mpmath.mpf(1) / 6 if abs(u) < mpmath.mpf("1e-30") else (mpmath.expm1(u) - u - u * u / 2) / u**3

    def r1(z):  # (2(atanh s - s)/s^3 - 2/3)/z, z = s^2
        if z < mpmath.mpf("1e-30"):
            return mpmath.mpf(2) / 5
        s = mpmath.sqrt(z)
        return (2 * (mpmath.atanh(s) - s) / s**3 - mpmath.mpf(2) / 3) / z

    zmax = ((mpmath.sqrt(2) - 1) / (mpmath.sqrt(2) + 1)) ** 2 * 1.02
    for name, f, lo, hi, n in (("P", p, -0.3466 * 1.02, 0.3466 * 1.02, 10), ("R1", r1, 0, zmax, 8)):
        c, err = mpmath.chebyfit(f, [lo, hi], n, error=True)
        print(name, [float(x) for x in c][::-1], "max abs error", mpmath.nstr(err, 3))


def main():
    import sys
    if sys.argv[1:] == ["--coefficients"]:
        coefficients()
        return
    OUT.mkdir(parents=True, exist_ok=True)
    gens = (("exp", gen_exp), ("log", gen_log), ("sin", gen_sin), ("cos", gen_cos), ("tanh", gen_tanh),
            ("expm1", gen_expm1), ("log1p", gen_log1p), ("log2", gen_log2), ("log10", gen_log10))
    only = sys.argv[1:]  # names to regenerate (default: all)
    if not only or "pow" in only:
        rng = random.Random(20261127)
        xs, bs, f = gen_pow(rng)
        ys = [f(x, b) for x, b in zip(xs, bs)]
        (OUT / "pow.json").write_text(json.dumps({"fn": "pow", "x": [bits(x) for x in xs], "b": [bits(b) for b in bs],
                                                  "y": [bits(y) for y in ys]}))
        print(f"math/pow.json: {len(xs)} points")
    for name, gen in gens:
        if only and name not in only:
            continue
        rng = random.Random(20261126)
        xs, fn = gen(rng)
        ys = [reference(fn, x) for x in xs]
        (OUT / f"{name}.json").write_text(json.dumps({"fn": name, "x": [bits(x) for x in xs], "y": [bits(y) for y in ys]}))
        print(f"math/{name}.json: {len(xs)} points")


if __name__ == "__main__":
    main()
