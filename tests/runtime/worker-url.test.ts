/**
 * The worker file's location (runtime/worker-url.ts): the default beside the runtime module,
 * `configure({ workerUrl })`, `COHORT_WORKER_URL`, and the error that says how to set it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { configure, ValueError } from '../../runtime/index.js';
import { setWorkerUrl, toWorkerUrl, workerUrl } from '../../runtime/worker-url.js';

afterEach(() => {
  setWorkerUrl(null);
  delete process.env.COHORT_WORKER_URL;
});

describe('worker file', () => {
  it('defaults to runtime/worker.js beside the runtime module', () => {
    expect(workerUrl()).toBe(new URL('../../runtime/worker.js', import.meta.url).href);
  });

  it('takes a URL, a file URL string or a path (relative to the working directory)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cohort-wurl-'));
    try {
      const file = join(dir, 'cohort-worker.mjs');
      writeFileSync(file, '');
      const href = pathToFileURL(file).href;
      configure({ workerUrl: new URL(href) });
      expect(workerUrl()).toBe(href);
      configure({ workerUrl: file });
      expect(workerUrl()).toBe(href);
      configure({ workerUrl: null });
      process.env.COHORT_WORKER_URL = href;
      expect(workerUrl()).toBe(href);
      expect(toWorkerUrl('f', 'a', 'w.mjs')).toBe(pathToFileURL(join(process.cwd(), 'w.mjs')).href);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects what is not a URL or a path', () => {
    expect(() => configure({ workerUrl: 3 as unknown as string })).toThrow(ValueError);
    expect(() => configure({ workerUrl: '' })).toThrow(
      "configure: argument 'workerUrl' expected a URL or a path of cohort's worker file, received",
    );
  });

  it('names the places tried and how to set it when the file is missing', () => {
    configure({ workerUrl: '/nx/w.mjs' });
    expect(() => workerUrl()).toThrow(
      /cohort: argument 'workerUrl' expected cohort's worker file \(when bundled, copy .*received "none at file:\/\/\/nx\/w\.mjs"/,
    );
    configure({ workerUrl: null });
    process.env.COHORT_WORKER_URL = '/ny/w.mjs';
    expect(() => workerUrl()).toThrow(/none at file:\/\/\/ny\/w\.mjs/);
  });
});
