/**
 * The `any` detector of tests/package/public-types.ts, which install.test.ts runs over the
 * declarations of the installed package: it must see `any` in type positions only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anyTypes, reachableDeclarations } from './public-types.js';

describe('public declaration checks', () => {
  it('see any in type positions, not in comments, strings or a method named any', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cohort-dts-'));
    try {
      const probe = join(dir, 'probe.d.ts');
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
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follow relative imports and re-exports from the entries', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cohort-dts-'));
    try {
      writeFileSync(join(dir, 'index.d.ts'), "export * from './a.js';\nexport type { B } from './b.js';\n");
      writeFileSync(join(dir, 'a.d.ts'), "import type { C } from './c.js';\nexport type A = C;\n");
      writeFileSync(join(dir, 'b.d.ts'), 'export type B = number;\n');
      writeFileSync(join(dir, 'c.d.ts'), "export type C = import('./d.js').D;\n");
      writeFileSync(join(dir, 'd.d.ts'), 'export type D = string;\n');
      writeFileSync(join(dir, 'unused.d.ts'), 'export type U = any;\n');
      expect(reachableDeclarations(dir, ['./index.d.ts'])).toEqual([
        'a.d.ts',
        'b.d.ts',
        'c.d.ts',
        'd.d.ts',
        'index.d.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
