// The page-advice addon, or `null` when it was not built (no compiler, not Linux); `reason` says why.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, 'build', 'cohort_pages.node');
let addon = null;
let reason = '';
if (!existsSync(file)) {
  reason = `${file} does not exist (build it with \`node ${join(__dirname, 'build.mjs')}\`)`;
} else {
  try {
    addon = require(file);
  } catch (err) {
    reason = `${file} failed to load: ${err instanceof Error ? err.message : String(err)}`;
  }
}
module.exports = { addon, reason };
