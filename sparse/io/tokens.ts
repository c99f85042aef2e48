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
    let m = 0;
    let sig = 0; // significant digits accumulated into m
    let digits = 0;
    let exp = 0;
    for (; p < e; p++) {
      const d = buf[p]! - 48;
      if (d < 0 || d > 9) break;
      digits++;
      if (m !== 0 || d !== 0) sig++;
      m = m * 10 + d;
    }
    if (p < e && buf[p] === 46 /* . */) {
      for (p++; p < e; p++) {
        const d = buf[p]! - 48;
        if (d < 0 || d > 9) break;
        digits++;
        if (m !== 0 || d !== 0) sig++;
        m = m * 10 + d;
        exp--;
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
    // A well-formed decimal beyond the fast path: the engine's correctly rounded conversion.
    if (sig > 15 || exp > 22 || exp < -22) return Number(this.text());
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
