import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tokens } from '../../sparse/io/tokens.js';

const tk = new Tokens();
function parse(text: string): { v: number; bad: boolean } {
  const b = Buffer.from(text, 'latin1');
  tk.reset(b, 0, b.length);
  tk.next();
  tk.bad = false;
  const v = tk.real();
  return { v, bad: tk.bad };
}

describe('Tokens.real parses exactly as Number() (correct rounding on every path)', () => {
  it('every spelling of random doubles: shortest, 17 digits, %e and %f at any precision', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 0, max: 20 }),
        (x, p) => {
          for (const t of [
            String(x),
            x.toExponential(16),
            x.toPrecision(17),
            x.toExponential(p),
            x.toPrecision(p + 1),
            x.toFixed(p),
            String(x).toUpperCase(),
          ]) {
            const got = parse(t);
            if (!Object.is(got.v, Number(t)) || got.bad)
              expect(`${t} -> ${got.v}`).toBe(`${t} -> ${Number(t)}`);
          }
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('random decimal strings of 1 to 25 digits with exponents (the long-mantissa path and its fallback)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 25 }),
        fc.nat(25),
        fc.integer({ min: -40, max: 40 }),
        (ds, dot, e) => {
          const at = Math.min(dot, ds.length);
          const t = `${ds.slice(0, at)}.${ds.slice(at)}e${e}`.replace(/^\.e/, '0.e');
          expect(parse(t).v).toBe(Number(t));
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('hard cases: halfway points, extremes, subnormals', () => {
    for (const t of [
      '0.1',
      '1.0000000000000002',
      '9007199254740993',
      '9007199254740993.0',
      '9007199254740995',
      '123456789012345678',
      '1.2345678901234567e-22',
      '7.535131086748066E-1',
      '2.7559113243068367E-2',
      '4.9406564584124654e-324',
      '2.2250738585072014e-308',
      '1.7976931348623157e308',
      '0.30000000000000004',
      '1e23',
      '8.98846567431158e307',
      '2.4703282292062327e-324',
      '1.00000000000000011102230246251565404236316680908203125',
      '-0',
      '+0.0',
      '-1.5E+3',
      '1.',
      '.5',
    ])
      expect(Object.is(parse(t).v, Number(t)), t).toBe(true);
  });

  it('non-finite spellings and malformed tokens', () => {
    expect(parse('NaN').v).toBeNaN();
    expect(parse('-nan').v).toBeNaN();
    expect(parse('inf').v).toBe(Infinity);
    expect(parse('-Infinity').v).toBe(-Infinity);
    expect(parse('+INF').v).toBe(Infinity);
    for (const t of ['abc', '1.5e', '1e+', '0x10', '1..2', '--1', '.', 'e5', '1,5', 'infinite'])
      expect(parse(t).bad, t).toBe(true);
    expect(parse('nan').bad).toBe(false);
  });
});
