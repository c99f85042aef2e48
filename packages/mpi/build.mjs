// Builds the MPI addon (build/cohort_mpi.node) with `mpicc`, without node-gyp or Python.
// At `npm install` (no flag) a missing `mpicc` or a failed compile prints one line and exits 0:
// cohort then runs as one process and its MPI tests are skipped. `--strict` (npm run build:mpi)
// fails instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const strict = process.argv.includes('--strict');
const out = join(here, 'build', 'cohort_mpi.node');

function give(reason) {
  const line = `cohortjs-mpi: MPI support not built: ${reason}`;
  if (strict) {
    console.error(line);
    process.exit(1);
  }
  console.log(`${line} (cohort runs as one process; see README "Beyond one machine")`);
  process.exit(0);
}

function headers() {
  const candidates = [];
  try {
    const req = createRequire(import.meta.url);
    candidates.push(join(dirname(req.resolve('node-api-headers/package.json')), 'include'));
  } catch {
    // not installed: fall back to the headers that ship with Node
  }
  candidates.push(join(dirname(process.execPath), '..', 'include', 'node'));
  return candidates.find((dir) => existsSync(join(dir, 'node_api.h')));
}

const mpicc = process.env.MPICC ?? 'mpicc';
if (spawnSync(mpicc, ['--version'], { stdio: 'ignore' }).error) {
  give(`\`${mpicc}\` not found (Debian: apt-get install openmpi-bin libopenmpi-dev)`);
}
const include = headers();
if (!include) give('node_api.h not found (install the npm package node-api-headers)');
mkdirSync(join(here, 'build'), { recursive: true });
const args = ['-O2', '-shared', '-fPIC', '-DNAPI_VERSION=8', '-DNODE_GYP_MODULE_NAME=cohort_mpi'];
args.push(`-I${include}`, join(here, 'src', 'cohort_mpi.c'), '-o', out);
if (process.platform === 'darwin') args.push('-undefined', 'dynamic_lookup');
try {
  execFileSync(mpicc, args, { stdio: ['ignore', 'inherit', 'inherit'] });
} catch (err) {
  give(`${mpicc} failed: ${err instanceof Error ? err.message : String(err)}`);
}
console.log(`cohortjs-mpi: built ${out}`);
