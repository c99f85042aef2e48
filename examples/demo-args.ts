/**
 * The command line of the main demo (`npm start -- nx=255 rtol=1e-8`, or positionally
 * `npm start -- 255 1e-8`), parsed and checked: a bad value is a one-line message naming the
 * argument, what it accepts and what it got, not a failure deep inside the solve.
 */

/** The demo's parameters. */
export interface DemoArgs {
  /** Interior grid points per side: 2^k − 1, so that multigrid halves it down to 7. */
  nx: number;
  /** Relative residual tolerance of both solves. */
  rtol: number;
}

/** A command-line mistake; `main.ts` prints its message and exits with status 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = 'usage: npm start [-- [nx=]1023 [rtol=]1e-10]';

const NX_VALUES = Array.from({ length: 11 }, (_, k) => 2 ** (k + 2) - 1); // 3 … 4095

function bad(arg: string, expected: string, got: string): never {
  throw new UsageError(`npm start: argument '${arg}' expected ${expected}, received '${got}'\n${USAGE}`);
}

/** A decimal or exponent number, the whole string. */
function num(s: string): number {
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s.trim()) ? Number(s) : Number.NaN;
}

/**
 * Parses `argv` (after the script name): `nx` and `rtol`, by name (`nx=255`) or by position.
 * @param argv - `process.argv.slice(2)`
 * @returns the parameters, defaults filled in (nx 1023, rtol 1e-10)
 * @throws {UsageError} on an unknown name, an extra argument, or a value out of range
 * @example parseDemoArgs(['nx=63', '1e-6']) // { nx: 63, rtol: 1e-6 }
 */
export function parseDemoArgs(argv: readonly string[]): DemoArgs {
  const names = ['nx', 'rtol'] as const;
  const given: Partial<Record<(typeof names)[number], string>> = {};
  let pos = 0;
  for (const a of argv) {
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(0, eq) : names[pos++];
    if (name === undefined) bad('(extra)', 'at most nx and rtol', a);
    if (!(names as readonly string[]).includes(name)) bad(name, 'one of nx=, rtol=', a);
    const key = name as (typeof names)[number];
    if (given[key] !== undefined) bad(key, 'one value', a);
    given[key] = eq >= 0 ? a.slice(eq + 1) : a;
  }
  const nx = given.nx === undefined ? 1023 : num(given.nx);
  if (!NX_VALUES.includes(nx)) {
    bad('nx', `2^k - 1 between 3 and 4095 (${NX_VALUES.slice(0, 4).join(', ')}, …, 1023, 2047)`, given.nx!);
  }
  const rtol = given.rtol === undefined ? 1e-10 : num(given.rtol);
  if (!(rtol > 0 && rtol < 1)) bad('rtol', 'a number between 0 and 1 (e.g. 1e-10)', given.rtol!);
  return { nx, rtol };
}
