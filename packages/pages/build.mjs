// Builds the page-advice addon (build/cohort_pages.node) with the system C compiler, without
// node-gyp or Python. At `npm install` (no flag) a missing compiler or a failed compile prints one
// line and exits 0: cohort then runs with the operating system's default pages. `--strict`
// (npm run build:pages) fails instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const strict = process.argv.includes('--strict');
const out = join(here, 'build', 'cohort_pages.node');

function skip(reason) {
  const line = `cohortjs-pages: huge-page advice not built: ${reason}`;
  if (strict) {
    console.error(line);
    process.exit(1);
  }
  console.log(`${line} (cohort runs on default pages; see runtime/README "Huge pages")`);
  process.exit(0);
}

if (process.platform !== 'linux')
  skip(`transparent huge pages are a Linux feature (this is ${process.platform})`);
const cc = process.env.CC ?? 'cc';
if (spawnSync(cc, ['--version'], { stdio: 'ignore' }).error) skip(`no C compiler (\`${cc}\` not found)`);
const dirs = [];
try {
  dirs.push(
    join(dirname(createRequire(import.meta.url).resolve('node-api-headers/package.json')), 'include'),
  );
} catch {
  // the npm package is absent: the headers that ship with Node may be there
}
dirs.push(join(dirname(process.execPath), '..', 'include', 'node'));
const include = dirs.find((dir) => existsSync(join(dir, 'node_api.h')));
if (include === undefined) skip('node_api.h not found (install the npm package node-api-headers)');
mkdirSync(join(here, 'build'), { recursive: true });
const args = ['-O2', '-shared', '-fPIC', '-DNAPI_VERSION=8', '-DNODE_GYP_MODULE_NAME=cohort_pages'];
args.push(`-I${include}`, join(here, 'src', 'cohort_pages.c'), '-o', out);
try {
  execFileSync(cc, args, { stdio: ['ignore', 'inherit', 'inherit'] });
} catch (err) {
  skip(`${cc} failed: ${err instanceof Error ? err.message : String(err)}`);
}
console.log(`cohortjs-pages: built ${out}`);
