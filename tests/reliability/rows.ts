/**
 * The catalogue's row type and runner: each row is a bad call, the typed error it must raise and
 * a regex its message must match. Messages are anchored on the function's name (`^fn: ...`), so
 * every row also checks that the error names the function (CONVENTIONS.md 12).
 */
import { expect, it } from 'vitest';
import { CohortError } from '../../runtime/index.js';

/** One catalogue row. `regression` marks a case the fuzzer or the catalogue found broken. */
export interface Row {
  name: string;
  call: () => unknown;
  error: abstract new (...args: never[]) => CohortError;
  message: RegExp;
  regression?: boolean;
}

/** Declares one test per row. */
export function runRows(rows: readonly Row[]): void {
  for (const row of rows) {
    it(`${row.regression ? '[regression] ' : ''}${row.name}`, () => {
      expect(row.message.source.startsWith('^'), 'message regex must be anchored on the function').toBe(true);
      let caught: unknown;
      try {
        row.call();
      } catch (e) {
        caught = e;
      }
      expect(caught, 'the call must throw').toBeInstanceOf(CohortError);
      expect(caught).toBeInstanceOf(row.error);
      expect((caught as Error).message).toMatch(row.message);
    });
  }
}
