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

export class Tokens {
  buf: Uint8Array = new Uint8Array(0);
  pos = 0;
  end = 0;
  /** The current token is `buf[tokStart, tokEnd)`. */
  tokStart = 0;
  tokEnd = 0;
  /** Set by {@link real} when the token is not a number. */
  bad = false;

  /** Starts on the line `buf[start, end)`. */
  reset(buf: Uint8Array, start: number, end: number): void {
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
    let s = '';
    for (let i = this.tokStart; i < this.tokEnd; i++) s += String.fromCharCode(this.buf[i]!);
    return s;
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
      if (p === p0) return this.slow();
      exp += eneg ? -x : x;
    }
    if (digits === 0 || p !== e) return this.slow();
    if (sig > 15 || exp > 22 || exp < -22) return this.slow();
    const v = exp >= 0 ? m * POW10[exp]! : m / POW10[-exp]!;
    return neg ? -v : v;
  }

  /** Correctly rounded parse of the token text, plus the spellings of non-finite values (nan, inf, infinity). */
  private slow(): number {
    const t = this.text();
    const v = Number(t);
    if (!Number.isNaN(v) && t !== '' && !/^[+-]?(0[xXbBoO]|Infinity)/.test(t)) return v;
    const low = t.toLowerCase();
    const body = low.replace(/^[+-]/, '');
    if (body === 'nan') return Number.NaN;
    if (body === 'inf' || body === 'infinity') return low.startsWith('-') ? -Infinity : Infinity;
    this.bad = true;
    return Number.NaN;
  }
}
