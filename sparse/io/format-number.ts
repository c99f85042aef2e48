/**
 * Number → text for Matrix Market files. Without a precision, the shortest text that reads back
 * as the same double (JavaScript's `String`), which is what SciPy writes by default too; with one,
 * C's `%.{precision}g` (SciPy's `precision` argument). Non-finite values are written `nan`, `inf`,
 * `-inf`, which SciPy and every fast_float-based reader accept.
 */
export function formatReal(x: number, precision?: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf';
  if (precision === undefined) return Object.is(x, -0) ? '-0' : String(x);
  return formatG(x, precision);
}

/** C's `%.{p}g`: `p` significant digits, trailing zeros dropped, exponent form when exp < -4 or exp >= p. */
export function formatG(x: number, p: number): string {
  const prec = Math.max(1, p);
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const e = x.toExponential(prec - 1); // d.ddde±x, correctly rounded
  const at = e.indexOf('e');
  const exp = Number(e.slice(at + 1));
  if (exp < -4 || exp >= prec) {
    const mant = stripZeros(e.slice(0, at));
    const ae = Math.abs(exp);
    return `${mant}e${exp < 0 ? '-' : '+'}${ae < 10 ? '0' : ''}${ae}`;
  }
  return stripZeros(x.toFixed(Math.max(0, prec - 1 - exp)));
}

function stripZeros(s: string): string {
  if (!s.includes('.')) return s;
  return s.replace(/0+$/, '').replace(/\.$/, '');
}
