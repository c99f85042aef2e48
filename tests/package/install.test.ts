/**
 * "A package people can install" (API.md, Packaging), checked the way users meet it: `npm pack`
 * this checkout (its `prepare` builds dist/), install the tarball into an empty project with no dev
 * toolchain and no install scripts, then run a program over every subpath export, type-check a
 * strict TypeScript file against the shipped declarations (no skipLibCheck; moduleResolution
 * nodenext, bundler and node10; no `any` in them), require() it from CommonJS, bundle the program
 * with esbuild and run the bundle. A folder install of the checkout (`npm install ../cohort`) runs
 * the same program.
 *
 * Needs the npm registry (the tarball's dependencies); about 30 s alone, most of it the build.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyTypes, exportedTypes, reachableDeclarations } from './public-types.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const consumer = fileURLToPath(new URL('./consumer', import.meta.url));
const bin = (pkg: string, file: string) => join(root, 'node_modules', pkg, file);
const npmFlags = ['--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'];
const env = { ...process.env, COHORT_WORKERS: '2', npm_config_update_notifier: 'false' };

let tmp = '';
let tarball = '';
let files: string[] = [];

function run(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${cmd} ${args.join(' ')} failed in ${cwd}:\n${err.stdout ?? ''}${err.stderr ?? err.message}`,
    );
  }
}

/** An empty ESM project holding the consumer sources. */
function project(name: string): string {
  const dir = join(tmp, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  cpSync(consumer, dir, { recursive: true });
  return dir;
}

/** The result line the consumer program prints. */
function expectSolved(out: string): void {
  expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
    info: 0,
    solved: true,
    nnz: 190,
    sum: 200002,
    workers: 2,
    oneModule: true,
    ode: true,
    ncomp: 1,
  });
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'cohort-pkg-'));
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', tmp, '--loglevel=error'], root),
  ) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = join(tmp, packed[0]!.filename);
  files = packed[0]!.files.map((f) => f.path);
}, 180_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('ships the bundle, the declarations, README and LICENSE, and no sources, tests or per-module JavaScript', () => {
    for (const f of [
      'LICENSE',
      'README.md',
      'package.json',
      'dist/index.d.ts',
      'dist/runtime/index.d.ts',
      // The bundle the exports load (scripts/bundle.mjs), its worker file beside its runtime.
      'dist/bundle/index.js',
      'dist/bundle/runtime/index.js',
      'dist/bundle/runtime/worker.js',
    ]) {
      expect(files).toContain(f);
    }
    // tsc's per-module JavaScript is built (benchmarks and scripts read it) but nothing installed
    // loads it: the exports point into the bundle.
    expect(files.filter((f) => f.endsWith('.js') && !f.startsWith('dist/bundle/'))).toEqual([]);
    // The huge-page addon's source and build script (built by the install script where it can be).
    const pages = [
      'packages/pages/README.md',
      'packages/pages/build.mjs',
      'packages/pages/index.cjs',
      'packages/pages/src/cohort_pages.c',
    ];
    for (const f of pages) expect(files).toContain(f);
    const stray = files.filter(
      (f) =>
        !['LICENSE', 'README.md', 'package.json', ...pages].includes(f) && !/^dist\/.*\.(js|d\.ts)$/.test(f),
    );
    expect(stray).toEqual([]);
    expect(files.some((f) => f.includes('.test.'))).toBe(false);
  });

  describe('installed from the tarball', () => {
    let dir = '';
    beforeAll(() => {
      dir = project('from-tarball');
      run('npm', ['install', tarball, ...npmFlags], dir);
    }, 180_000);

    it('declares no any in the declarations reachable from its exports', () => {
      const pkg = join(dir, 'node_modules', 'cohortjs');
      const entries = exportedTypes(join(pkg, 'package.json'));
      const files = reachableDeclarations(pkg, entries);
      for (const e of entries) expect(files).toContain(e.replace(/^\.\//, ''));
      const found: Record<string, string[]> = {};
      for (const f of files) {
        const lines = anyTypes(join(pkg, f));
        if (lines.length > 0) found[f] = lines;
      }
      expect(found).toEqual({});
    });

    it('runs a program over every subpath export, on the worker pool', () => {
      expectSolved(run(process.execPath, ['app.mjs'], dir));
    });

    it.skipIf(process.platform !== 'linux')(
      'builds its huge-page addon with the shipped script, and the heap then uses it',
      () => {
        // The install ran without scripts: no addon yet, and hugePages() says how to build it.
        // The advice is off by default (runtime/huge-pages.ts): the program asks for it.
        writeFileSync(
          join(dir, 'pages.mjs'),
          "process.env.COHORT_HUGE_PAGES = '1';\n" +
            "const np = await import('cohortjs/numpy'); const { hugePages } = await import('cohortjs/runtime');\n" +
            'np.ones([1 << 20]).sum().item(); console.log(JSON.stringify(hugePages())); process.exit(0);\n',
        );
        const before = JSON.parse(run(process.execPath, ['pages.mjs'], dir)) as {
          advised: boolean;
          reason: string;
        };
        expect(before.advised).toBe(false);
        expect(before.reason).toMatch(/build\.mjs/);
        const built = run(
          process.execPath,
          [join('node_modules', 'cohortjs', 'packages', 'pages', 'build.mjs')],
          dir,
        );
        if (!built.includes('built')) return; // no C compiler here: the line says why
        const after = JSON.parse(run(process.execPath, ['pages.mjs'], dir)) as {
          advised: boolean;
          bytes: number;
        };
        expect(after.advised).toBe(true);
        expect(after.bytes).toBeGreaterThanOrEqual(8 << 20);
      },
      60_000,
    );

    it('is require()d from CommonJS', () => {
      expect(JSON.parse(run(process.execPath, ['require.cjs'], dir))).toEqual([6, 2, 'function']);
    });

    it("runs the README's quick start", () => {
      const readme = readFileSync(join(root, 'README.md'), 'utf8');
      const start = readme.indexOf('```ts', readme.indexOf('## Quick start'));
      const code = readme.slice(start + '```ts'.length, readme.indexOf('```', start + 5));
      writeFileSync(join(dir, 'quick.mjs'), code);
      const lines = run(process.execPath, ['quick.mjs'], dir).trim().split('\n');
      const stated = [...code.matchAll(/console\.log\(.*\/\/ (.*?)(?:: |$)/gm)].map((m) => m[1]!.trim());
      expect(lines.slice(0, 3)).toEqual(stated.slice(0, 3));
      expect(lines.slice(3)).toEqual(['[1. 0.]', '[0. 1.]']);
    });

    it.each(['nodenext', 'bundler', 'node10'])('type-checks strictly under moduleResolution %s', (mr) => {
      const tsconfig = {
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          target: 'es2022',
          lib: ['es2023'],
          module: mr === 'nodenext' ? 'nodenext' : 'esnext',
          moduleResolution: mr,
          types: [],
        },
        files: ['check.ts'],
      };
      writeFileSync(join(dir, `tsconfig.${mr}.json`), JSON.stringify(tsconfig));
      // check.ts's @ts-expect-error fails the build if the product were `any`.
      run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', `tsconfig.${mr}.json`], dir);
    });

    it('bundles with esbuild (piscina external) and the bundle runs', () => {
      run(
        bin('.bin', 'esbuild'),
        [
          'app.mjs',
          '--bundle',
          '--platform=node',
          '--format=esm',
          '--external:piscina',
          '--outfile=bundle/app.mjs',
          '--log-level=error',
        ],
        dir,
      );
      expect(readdirSync(join(dir, 'bundle'))).toEqual(['app.mjs']);
      expectSolved(run(process.execPath, ['bundle/app.mjs'], dir));
    });
  });

  it('installs from the checkout folder (a link to it; prepare built dist/)', () => {
    const dir = project('from-folder');
    run('npm', ['install', root, ...npmFlags], dir);
    expectSolved(run(process.execPath, ['app.mjs'], dir));
  });
});
