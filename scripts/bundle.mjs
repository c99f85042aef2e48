/**
 * The package's JavaScript as loaded by users: after `tsc` has written dist/ (one module per
 * source file, and the declarations), esbuild bundles the eight subpath entries into
 * dist/bundle/ with code splitting, so that every entry shares one copy of the runtime (one pool,
 * one heap) and Node loads a few files instead of ~380. Measured on the 2-core machine kind,
 * `import('cohortjs')` in a fresh process: 360–520 ms from the per-module tree, 230–270 ms from
 * the bundle (warm-ups included); the difference is module resolution, file reads and the
 * per-module compile of Node's ESM loader.
 *
 * Layout: the entries keep dist/'s paths (dist/bundle/index.js, dist/bundle/dense/index.js, ...);
 * the shared chunks go to dist/bundle/runtime/, beside the runtime entry, and the pool's worker
 * file (runtime/worker.js, plain JavaScript that imports only Node's builtins) is copied there:
 * runtime/worker-url.ts looks for it beside the module that holds it and beside
 * `cohortjs/runtime`, both that folder now. Dependencies stay external (installed beside it).
 * Names are not kept (`keepNames` would put esbuild's `__name(...)` calls into functions whose
 * text is shipped to the workers as kernel source, where no such helper exists); no cohort class
 * is renamed by the bundling, and no function's `name` is part of cohort's behaviour.
 *
 * Run by `npm run build` after tsc; needs esbuild (a devDependency), the installed package does not.
 */
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
/**
 * The package's subpath entries as tsc wrote them: each export's `./dist/bundle/<path>` is built
 * from `dist/<path>`.
 */
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
const ENTRIES = Object.values(pkg.exports).map((e) => e.default.replace(/^\.\/dist\/bundle\//, ''));

for (const e of ENTRIES) {
  if (!existsSync(`${dist}/${e}`)) throw new Error(`bundle: dist/${e} is missing (run tsc first)`);
}
rmSync(`${dist}/bundle`, { recursive: true, force: true });
await build({
  entryPoints: ENTRIES.map((e) => `${dist}/${e}`),
  outbase: dist,
  outdir: `${dist}/bundle`,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'runtime/chunk-[hash]',
  logLevel: 'warning',
});
copyFileSync(`${dist}/runtime/worker.js`, `${dist}/bundle/runtime/worker.js`);
