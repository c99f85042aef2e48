/**
 * Splits one line of bytes into whitespace-separated tokens and parses them as numbers in place:
 * no string per line or per token on the common path.
 *
 * Reals: a token of at most 15 significant digits with a decimal exponent within ±22 is computed
 * exactly as `m * 10^e` or `m / 10^-e` (both operands exact, so the one rounding is correct —
 * Clinger's fast path); any other token goes through `Number(text)`, which rounds correctly too.
 * Either way the result equals what NumPy/SciPy read from the same text.
 */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
const SP = 32;
const TAB = 9;

/** `buf[s, e)` as a string (bytes as Latin-1 code points); native slicing past a few characters. */
function latin1(buf: Buffer, s: number, e: number): string {
  if (e - s < 8) {
    let t = '';
    for (let i = s; i < e; i++) t += String.fromCharCode(buf[i]!);
    return t;
  }
  return buf.toString('latin1', s, e);
}

const SPLIT = 134217729; // 2^27 + 1, Dekker's splitter
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** Exact a*b as hi + lo (Dekker's TwoProduct; no overflow in our ranges). */
function twoProdLo(a: number, b: number, p: number): number {
  let c = SPLIT * a;
  const ah = c - (c - a);
  const al = a - ah;
  c = SPLIT * b;
  const bh = c - (c - b);
  const bl = b - bh;
  return ah * bh - p + ah * bl + al * bh + al * bl;
}

/**
 * (m * 10^k + b) * 10^exp correctly rounded, for 16 to 19 significant digits and |exp| <= 22, or
 * NaN when this method cannot prove the rounding (then the caller uses `Number(text)`). The
 * mantissa is formed exactly as a double-double, scaled by the exact double 10^|exp| with an
 * error below 2^-100 relative, and the rounded sum is accepted only when the exact value lies
 * clearly inside its rounding interval (not within the error bound of a halfway point).
 */
function longDecimal(m: number, b: number, k: number, exp: number): number {
  if (exp > 22 || exp < -22) return Number.NaN;
  const pk = POW10[k]!;
  const w1 = m * pk; // exact? not always: m < 10^15, pk <= 10^4, product < 2^63
  const w1lo = twoProdLo(m, pk, w1);
  const hi = w1 + b; // TwoSum(w1, b)
  const bb = hi - w1;
  const lo = w1 - (hi - bb) + (b - bb) + w1lo; // |lo| tiny relative to hi; lo rounded (error < 2^-106 |hi|)
  const P = POW10[exp < 0 ? -exp : exp]!;
  let q1: number;
  let q2: number;
  if (exp >= 0) {
    q1 = hi * P;
    q2 = twoProdLo(hi, P, q1) + lo * P;
  } else {
    q1 = hi / P;
    const pr = q1 * P;
    q2 = (hi - pr - twoProdLo(q1, P, pr) + lo) / P;
  }
  const s = q1 + q2; // TwoSum(q1, q2): s and the exact remainder err
  const sb = s - q1;
  const err = q1 - (s - sb) + (q2 - sb);
  f64[0] = s;
  const bits = u32[1]! >>> 20;
  if ((u32[1]! & 0xfffff) === 0 && u32[0] === 0) return Number.NaN; // a power of two: asymmetric interval
  const half = 2 ** (bits - 1076); // half an ulp of s (s is normal here)
  const delta = Math.abs(s) * 2 ** -98; // generous bound on |exact - (q1 + q2)|
  return Math.abs(err) < half - delta ? s : Number.NaN;
}

export class Tokens {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  end = 0;
  /** The current token is `buf[tokStart, tokEnd)`. */
  tokStart = 0;
  tokEnd = 0;
  /** Set by {@link real} when the token is not a number. */
  bad = false;

  /** Starts on the line `buf[start, end)`. */
  reset(buf: Buffer, start: number, end: number): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  /** Moves to the next token; false when the line has no more. */
  next(): boolean {
    const buf = this.buf;
    let p = this.pos;
    const end = this.end;
    while (p < end && (buf[p] === SP || buf[p] === TAB)) p++;
    if (p >= end) {
      this.pos = p;
      return false;
    }
    this.tokStart = p;
    while (p < end && buf[p] !== SP && buf[p] !== TAB) p++;
    this.tokEnd = p;
    this.pos = p;
    return true;
  }

  /** The current token as text. */
  text(): string {
    return latin1(this.buf, this.tokStart, this.tokEnd);
  }

  /** The current token as an integer (`[+-]digits`); NaN when it is not one. Exact up to 2^53. */
  int(): number {
    const buf = this.buf;
    let p = this.tokStart;
    const e = this.tokEnd;
    let neg = false;
    if (buf[p] === 45 /* - */ || buf[p] === 43 /* + */) {
      neg = buf[p] === 45;
      p++;
    }
    if (p >= e) return Number.NaN;
    let v = 0;
    for (; p < e; p++) {
      const d = buf[p]! - 48;
      if (d < 0 || d > 9) return Number.NaN;
      v = v * 10 + d;
    }
    if (v > Number.MAX_SAFE_INTEGER) return Number(this.text());
    return neg ? -v : v;
  }

  /** The current token as a real; sets {@link bad} (and returns NaN) when it is not a number. */
  real(): number {
    const buf = this.buf;
    let p = this.tokStart;
    const e = this.tokEnd;
    let neg = false;
    if (buf[p] === 45 || buf[p] === 43) {
      neg = buf[p] === 45;
      p++;
    }
    // m: the first 15 significant digits; b: up to 4 more (k of them); sig counts them all.
    let m = 0;
    let b = 0;
    let k = 0;
    let sig = 0;
    let digits = 0;
    let exp = 0;
    let frac = false;
    for (; p < e; p++) {
      const c = buf[p]!;
      if (c === 46 /* . */ && !frac) {
        frac = true;
        continue;
      }
      const d = c - 48;
      if (d < 0 || d > 9) break;
      digits++;
      if (frac) exp--;
      if (sig === 0 && d === 0) continue;
      sig++;
      if (sig <= 15) m = m * 10 + d;
      else if (sig <= 19) {
        b = b * 10 + d;
        k++;
      }
    }
    if (digits > 0 && p < e && (buf[p] === 101 || buf[p] === 69) /* e E */) {
      p++;
      let eneg = false;
      if (buf[p] === 45 || buf[p] === 43) {
        eneg = buf[p] === 45;
        p++;
      }
      let x = 0;
      const p0 = p;
      for (; p < e; p++) {
        const d = buf[p]! - 48;
        if (d < 0 || d > 9) break;
        if (x < 100000) x = x * 10 + d;
      }
      if (p === p0) return this.special();
      exp += eneg ? -x : x;
    }
    if (digits === 0 || p !== e) return this.special();
    if (sig > 15) {
      // Digits past the 15th were not scaled into m: their count (sig - 15 - k) raises the exponent.
      exp += sig - 15 - k;
      const v = sig <= 19 ? longDecimal(m, b, k, exp) : Number.NaN;
      // A well-formed decimal that neither path proves exact: the engine's correctly rounded conversion.
      if (Number.isNaN(v)) return Number(this.text());
      return neg ? -v : v;
    }
    if (exp > 22 || exp < -22) return Number(this.text());
    const v = exp >= 0 ? m * POW10[exp]! : m / POW10[-exp]!;
    return neg ? -v : v;
  }

  /** Tokens that are not plain decimals: the spellings of non-finite values (nan, inf, infinity), or not a number. */
  private special(): number {
    const low = this.text().toLowerCase();
    const body = low.charCodeAt(0) === 45 || low.charCodeAt(0) === 43 ? low.slice(1) : low;
    if (body === 'nan') return Number.NaN;
    if (body === 'inf' || body === 'infinity') return low.charCodeAt(0) === 45 ? -Infinity : Infinity;
    this.bad = true;
    return Number.NaN;
  }
}
