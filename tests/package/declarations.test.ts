/**
 * The declarations users compile against: built from the sources as `npm run build` builds them,
 * every `.d.ts` reachable from the `exports` must type things, never `any` (an `any` turns off
 * checking in the user's code: `A.dot(x).foo` would compile).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyTypes, exportedTypes, reachableDeclarations } from './public-types.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
let out = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'cohort-dts-'));
  execFileSync(
    process.execPath,
    [tsc, '-p', join(root, 'tsconfig.build.json'), '--emitDeclarationOnly', '--outDir', join(out, 'dist')],
    { stdio: 'pipe' },
  );
}, 120_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('public declarations', () => {
  it('reach every subpath entry and the files they import', () => {
    const files = reachableDeclarations(out, exportedTypes(join(root, 'package.json')));
    for (const entry of exportedTypes(join(root, 'package.json'))) {
      expect(files).toContain(entry.replace(/^\.\//, ''));
    }
    expect(files.length).toBeGreaterThan(20);
  });

  it('have no any', () => {
    const found: Record<string, string[]> = {};
    for (const f of reachableDeclarations(out, exportedTypes(join(root, 'package.json')))) {
      const lines = anyTypes(join(out, f));
      if (lines.length > 0) found[f] = lines;
    }
    expect(found).toEqual({});
  });

  it('the any detector sees type positions, not comments, strings or a method named any', () => {
    const probe = join(out, 'probe.d.ts');
    const text = [
      '/** returns: any */',
      "type K = 'any';",
      'export declare function any(a: number): boolean;',
      'export declare function f(a: any): void;',
      'export declare const g: Array<any>;',
      'export type H = any[];',
    ].join('\n');
    writeFileSync(probe, text);
    expect(anyTypes(probe).map((l) => Number(l.split(':')[0]))).toEqual([4, 5, 6]);
  });
});
