/**
 * The pool's threads start without a TypeScript loader (runtime/worker-url.ts `workerExecArgv`):
 * the worker file and kernels are plain JavaScript, and a loader cost each thread ~0.5 s of CPU.
 * Every other Node option is passed on.
 */
import { describe, expect, it } from 'vitest';
import { workerExecArgv } from '../../runtime/worker-url.js';

describe('workerExecArgv', () => {
  it('drops TypeScript loaders in every spelling and keeps the rest', () => {
    expect(
      workerExecArgv([
        '--import',
        'tsx',
        '--expose-gc',
        '--import=tsx/esm',
        '--loader',
        'ts-node/esm',
        '-r',
        'esbuild-register',
        '--import',
        './otel.mjs',
        '--require=/p/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///p/node_modules/tsx/dist/loader.mjs',
        '--require',
        '@swc-node/register',
        '--max-semi-space-size=64',
      ]),
    ).toEqual(['--expose-gc', '--import', './otel.mjs', '--max-semi-space-size=64']);
  });

  it('keeps modules whose names only contain a loader name', () => {
    expect(workerExecArgv(['--import', './tsxutils.mjs', '--require', 'my-ts-node-helper'])).toEqual([
      '--import',
      './tsxutils.mjs',
      '--require',
      'my-ts-node-helper',
    ]);
  });
});
