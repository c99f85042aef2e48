import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The import rule of DESIGN.md §1: which top-level folder may import which. */
const ROOT = resolve(import.meta.dirname, '../..');
const LAYERS = ['runtime', 'mapper', 'codegen', 'signature', 'dense', 'sparse', 'integrate'] as const;
type Layer = (typeof LAYERS)[number];

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function importsOf(src: string): string[] {
  const out: string[] = [];
  const re = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of src.matchAll(re)) out.push((m[1] ?? m[2])!);
  return out;
}

/** Returns a reason when `from` (a file in layer `layer`) may not import `target` (repo-relative). */
function violation(layer: Layer, target: string): string | undefined {
  const top = target.split('/')[0]!;
  if (top === layer) return undefined;
  const isPublic = (t: string) => /^(runtime|codegen|signature|dense)\/index\.(ts|js)$/.test(t);
  switch (layer) {
    case 'runtime':
      return ['dense', 'sparse', 'codegen', 'integrate'].includes(top)
        ? 'runtime imports a library or codegen'
        : undefined;
    case 'mapper':
      return top !== 'runtime' || !isPublic(target)
        ? 'mapper may import only the runtime public face'
        : undefined;
    case 'codegen':
      return ['runtime', 'dense', 'sparse', 'mapper', 'signature'].includes(top)
        ? 'codegen must be pure'
        : undefined;
    case 'signature':
      return 'the signature binder must be pure (it imports nothing outside its folder)';
    case 'dense':
      if (top === 'sparse' || top === 'integrate') return `dense imports ${top}`;
      return ['runtime', 'codegen', 'signature'].includes(top) && !isPublic(target)
        ? 'dense reaches into internals'
        : undefined;
    case 'sparse':
      return ['runtime', 'codegen', 'signature', 'dense'].includes(top) && !isPublic(target)
        ? 'sparse reaches into internals (only public entry points)'
        : top === 'mapper' || top === 'integrate'
          ? `sparse imports ${top}`
          : undefined;
    case 'integrate':
      // Like a user program: the public faces of the runtime, the binder, dense and sparse.
      return /^(runtime|signature|dense|sparse|sparse\/linalg)\/index\.(ts|js)$/.test(target)
        ? undefined
        : 'integrate may import only the public entry points of runtime, signature, dense and sparse';
  }
}

describe('import rule (DESIGN.md §1)', () => {
  it('no file imports across the layers it may not', () => {
    const bad: string[] = [];
    for (const layer of LAYERS) {
      for (const f of files(join(ROOT, layer))) {
        for (const spec of importsOf(readFileSync(f, 'utf8'))) {
          let target: string;
          if (spec.startsWith('.')) target = relative(ROOT, resolve(dirname(f), spec)).replaceAll('\\', '/');
          else if (spec.startsWith('cohort')) target = spec;
          else continue;
          if (target.startsWith('cohort')) {
            bad.push(`${relative(ROOT, f)} imports '${spec}': library code imports by relative path`);
            continue;
          }
          const why = violation(layer, target);
          if (why) bad.push(`${relative(ROOT, f)} imports '${spec}': ${why}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('the rule catches forbidden imports', () => {
    expect(violation('runtime', 'dense/index.ts')).toBeDefined();
    expect(violation('sparse', 'dense/ndarray.ts')).toBeDefined();
    expect(violation('sparse', 'dense/index.ts')).toBeUndefined();
    expect(violation('dense', 'sparse/index.ts')).toBeDefined();
    expect(violation('codegen', 'runtime/index.ts')).toBeDefined();
    expect(violation('mapper', 'runtime/region.ts')).toBeDefined();
    expect(violation('runtime', 'mapper/index.ts')).toBeUndefined();
    expect(violation('signature', 'runtime/index.ts')).toBeDefined();
    expect(violation('dense', 'signature/index.ts')).toBeUndefined();
    expect(violation('dense', 'signature/bind.ts')).toBeDefined();
    expect(violation('sparse', 'signature/index.ts')).toBeUndefined();
    expect(violation('integrate', 'dense/index.ts')).toBeUndefined();
    expect(violation('integrate', 'sparse/index.ts')).toBeUndefined();
    expect(violation('integrate', 'dense/ndarray.ts')).toBeDefined();
    expect(violation('integrate', 'sparse/linalg/cg.ts')).toBeDefined();
    expect(violation('sparse', 'integrate/index.ts')).toBeDefined();
    expect(violation('dense', 'integrate/index.ts')).toBeDefined();
  });
});
