/**
 * NumPy's float formatting (`arrayprint.FloatingFormat`, default options: precision 8,
 * floatmode 'maxprec', suppress off): shortest round-trip digits, capped at 8 fractional digits,
 * positional unless values are ≥ 1e8, < 1e-4, or span more than 1e3; padded to a common width.
 */

/** Shortest round-trip decimal digits and exponent of |v| (v finite, nonzero). */
function shortest(v: number, f32: boolean): { digits: string; exp: number } {
  let s: string;
  if (f32) {
    let p = 1;
    for (; p < 9; p++) if (Math.fround(Number(v.toPrecision(p))) === v) break;
    s = Math.abs(v).toExponential(p - 1);
  } else s = Math.abs(v).toExponential();
  const [m, e] = s.split('e') as [string, string];
  return { digits: m.replace('.', ''), exp: Number(e) };
}

function stripZeros(d: string): string {
  let k = d.length;
  while (k > 0 && d[k - 1] === '0') k--;
  return d.slice(0, k);
}

/** Positional `[sign+int, frac]` with at most `prec` fractional digits (unique, trim '.'). */
export function positional(v: number, prec: number, f32: boolean): [string, string] {
  const neg = v < 0 || Object.is(v, -0);
  const sign = neg ? '-' : '';
  if (v === 0) return [`${sign}0`, ''];
  const { digits, exp } = shortest(v, f32);
  const nfrac = digits.length - 1 - exp;
  if (nfrac > prec) {
    const [i, f = ''] = Math.abs(v).toFixed(prec).split('.') as [string, string?];
    return [sign + i, stripZeros(f)];
  }
  if (exp >= 0) {
    const int = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits.padEnd(exp + 1, '0');
    return [sign + int, stripZeros(digits.slice(exp + 1))];
  }
  return [`${sign}0`, stripZeros('0'.repeat(-exp - 1) + digits)];
}

/** Scientific `[sign+int, frac, exp]` with at most `prec` fractional digits (unique). */
export function scientific(v: number, prec: number, f32: boolean): [string, string, number] {
  const neg = v < 0 || Object.is(v, -0);
  const sign = neg ? '-' : '';
  if (v === 0) return [`${sign}0`, '', 0];
  let { digits, exp } = shortest(v, f32);
  if (digits.length - 1 > prec) {
    const [m, e] = Math.abs(v).toExponential(prec).split('e') as [string, string];
    digits = m.replace('.', '');
    exp = Number(e);
  }
  digits = digits[0]! + stripZeros(digits.slice(1));
  return [sign + digits[0]!, digits.slice(1), exp];
}

/** A formatter for a set of float values (the data that will be shown). */
export function floatFormatter(values: ArrayLike<number>, f32: boolean): (v: number) => string {
  const PREC = 8;
  const finite: number[] = [];
  let neginf = false;
  let nonfinite = false;
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isFinite(v)) finite.push(v);
    else {
      nonfinite = true;
      if (v === Number.NEGATIVE_INFINITY) neginf = true;
    }
  }
  let expFormat = false;
  let mx = 0;
  let mn = Number.POSITIVE_INFINITY;
  for (const v of finite) {
    const a = Math.abs(v);
    if (a === 0) continue;
    if (a > mx) mx = a;
    if (a < mn) mn = a;
  }
  if (mx > 0 && (mx >= 1e8 || mn < 0.0001 || mx / mn > 1000)) expFormat = true;
  let padLeft = 0;
  let padRight = 0;
  let precision = 0;
  let expSize = 0;
  if (finite.length > 0) {
    if (expFormat) {
      const parts = finite.map((v) => scientific(v, PREC, f32));
      precision = Math.max(...parts.map((p) => p[1].length));
      expSize = Math.max(2, ...parts.map((p) => String(Math.abs(p[2])).length));
      padLeft = Math.max(...parts.map((p) => p[0].length));
      padRight = expSize + 2 + precision;
    } else {
      const parts = finite.map((v) => positional(v, PREC, f32));
      padLeft = Math.max(...parts.map((p) => p[0].length));
      padRight = Math.max(...parts.map((p) => p[1].length));
    }
  }
  if (nonfinite) {
    const offset = padRight + 1;
    padLeft = Math.max(padLeft, 3 - offset, 3 + (neginf ? 1 : 0) - offset);
  }
  const width = padLeft + padRight + 1;
  return (v: number): string => {
    if (!Number.isFinite(v)) {
      const s = Number.isNaN(v) ? 'nan' : v < 0 ? '-inf' : 'inf';
      return s.padStart(width);
    }
    if (expFormat) {
      const [i, f, e] = scientific(v, PREC, f32);
      const es = `${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(expSize, '0')}`;
      return `${i.padStart(padLeft)}.${f.padEnd(precision, '0')}e${es}`;
    }
    const [i, f] = positional(v, PREC, f32);
    return `${i.padStart(padLeft)}.${f.padEnd(padRight)}`;
  };
}

/** Python's `repr` of a float (0-d arrays print like NumPy scalars). */
export function pyFloat(v: number, f32: boolean): string {
  if (Number.isNaN(v)) return 'nan';
  if (!Number.isFinite(v)) return v < 0 ? '-inf' : 'inf';
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  const { digits, exp } = shortest(v, f32);
  const sign = v < 0 ? '-' : '';
  if (exp < -4 || exp >= 16) {
    const f = digits.slice(1);
    return `${sign}${digits[0]}${f ? `.${f}` : ''}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  const [i, f] = positional(v, 40, f32);
  return `${i}.${f || '0'}`;
}
