// The MPI addon, or `null` when it was not built (no MPI on this machine); `reason` says why.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, 'build', 'cohort_mpi.node');
let addon = null;
let reason = '';
if (!existsSync(file)) {
  reason = `${file} does not exist (install MPI, then run \`npm run build:mpi\`)`;
} else {
  try {
    addon = require(file);
  } catch (err) {
    reason = `${file} failed to load: ${err instanceof Error ? err.message : String(err)}`;
  }
}
module.exports = { addon, reason };
