/**
 * Where the pool's worker file (runtime/worker.js) is. Installed, it sits beside this module. A
 * bundler moves this module into the bundle and leaves the worker file behind, so the default
 * also tries the installed package (`cohortjs/runtime`'s folder), and the user may name the file:
 * `configure({ workerUrl })` or the environment variable `COHORT_WORKER_URL`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { argMessage, ValueError } from './errors.js';

let chosen: string | null = null;

/** A file: URL, a path or another URL, as a URL string (`fn`/`arg` name it in errors). */
export function toWorkerUrl(fn: string, arg: string, v: unknown): string {
  if (typeof v === 'object' && v !== null && typeof (v as URL).href === 'string') {
    return new URL((v as URL).href).href;
  }
  if (typeof v === 'string' && v !== '') {
    if (/^[a-z][a-z\d+.-]+:/i.test(v) && !/^[a-z]:[\\/]/i.test(v)) return new URL(v).href;
    return pathToFileURL(v).href;
  }
  throw new ValueError(argMessage(fn, arg, "a URL or a path of cohort's worker file", v));
}

/** Sets the worker file for pools started from now on (`null`: back to the default). */
export function setWorkerUrl(url: string | null): void {
  chosen = url;
}

function exists(url: string): boolean {
  return !url.startsWith('file:') || existsSync(fileURLToPath(url));
}

/** The default candidates: beside this module, then beside the installed `cohortjs/runtime`. */
function defaults(): string[] {
  const out: string[] = [];
  try {
    out.push(new URL('./worker.js', import.meta.url).href);
  } catch {
    // no import.meta.url (a CommonJS bundle)
  }
  try {
    out.push(new URL('./worker.js', import.meta.resolve('cohortjs/runtime')).href);
  } catch {
    // not installed where this module can resolve it
  }
  return out;
}

/**
 * The worker file the pool starts its threads with.
 * @throws {ValueError} when the file is not found (naming the places tried and how to set it)
 */
export function workerUrl(): string {
  const env = process.env.COHORT_WORKER_URL;
  const given =
    chosen ?? (env !== undefined && env !== '' ? toWorkerUrl('cohort', 'COHORT_WORKER_URL', env) : null);
  const tried = given !== null ? [given] : defaults();
  const found = tried.find(exists);
  if (found !== undefined) return found;
  throw new ValueError(
    argMessage(
      'cohort',
      'workerUrl',
      "cohort's worker file (when bundled, copy node_modules/cohortjs/dist/runtime/worker.js beside " +
        'the bundle as cohort-worker.mjs and set configure({ workerUrl }) or COHORT_WORKER_URL to it)',
      `none at ${tried.join(', ') || 'any default place'}`,
    ),
  );
}

/** TypeScript loaders: the worker file is plain JavaScript and needs none of them. */
const TS_LOADER = /(^|[/\\@])(tsx|ts-node|esbuild-register|@swc-node\/register)([/\\]|$|\/esm|\/cjs)/;

/**
 * The Node options the pool's threads start with: the process's own, less a TypeScript loader
 * (`--import tsx`, `--loader ts-node/esm`, `-r esbuild-register`, ...). The worker file and the
 * kernels it receives (as source text) are plain JavaScript, and a loader costs each thread about
 * 0.5 s of CPU to start (a program run through tsx paid it on every pool start). Every other
 * option is passed on as Node does by default.
 * @param argv - the process's `execArgv`
 * @returns the threads' `execArgv`
 */
export function workerExecArgv(argv: readonly string[]): string[] {
  const out: string[] = [];
  const LOADERS = new Set(['--import', '--loader', '--experimental-loader', '--require', '-r']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (LOADERS.has(flag)) {
      const target = eq > 0 ? a.slice(eq + 1) : (argv[i + 1] ?? '');
      if (TS_LOADER.test(target)) {
        if (eq < 0) i++;
        continue;
      }
    }
    out.push(a);
  }
  return out;
}
