/** The main demo's command line (examples/demo-args.ts): names, positions, defaults, messages. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDemoArgs } from '../../examples/demo-args.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm start arguments', () => {
  it('by name, by position, defaults', () => {
    expect(parseDemoArgs([])).toEqual({ nx: 1023, rtol: 1e-10 });
    expect(parseDemoArgs(['nx=1023'])).toEqual({ nx: 1023, rtol: 1e-10 });
    expect(parseDemoArgs(['255', '1e-8'])).toEqual({ nx: 255, rtol: 1e-8 });
    expect(parseDemoArgs(['rtol=0.5', '7'])).toEqual({ nx: 7, rtol: 0.5 });
  });

  it.each([
    [
      ['nx=abc'],
      "argument 'nx' expected 2^k - 1 between 3 and 4095 (3, 7, 15, 31, …, 1023, 2047), received 'abc'",
    ],
    [['1000'], "argument 'nx' expected 2^k - 1 between 3 and 4095"],
    [['nx='], "argument 'nx' expected 2^k - 1 between 3 and 4095"],
    [['rtol=0'], "argument 'rtol' expected a number between 0 and 1 (e.g. 1e-10), received '0'"],
    [['63', '1e-3x'], "argument 'rtol' expected a number between 0 and 1"],
    [['size=5'], "argument 'size' expected one of nx=, rtol=, received 'size=5'"],
    [['nx=7', 'nx=15'], "argument 'nx' expected one value, received 'nx=15'"],
    [['7', '0.1', '3'], "argument '(extra)' expected at most nx and rtol, received '3'"],
  ])('%j: %s', (argv, message) => {
    expect(() => parseDemoArgs(argv)).toThrow(message);
  });

  it('main.ts prints the message and the usage and exits with status 2', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'examples/main.ts', 'nx=abc'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, COHORT_WORKERS: '0' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      "npm start: argument 'nx' expected 2^k - 1 between 3 and 4095 (3, 7, 15, 31, …, 1023, 2047), received 'abc'\n" +
        'usage: npm start [-- [nx=]1023 [rtol=]1e-10]\n',
    );
    expect(r.stdout).toBe('');
  });
});
