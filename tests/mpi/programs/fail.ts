/**
 * A rank that fails: rank `argv[2]` throws while the others wait in a collective. The job must end
 * at once with a non-zero code and that rank's error on stderr — never hang.
 */
import { barrier, rank } from 'cohortjs/runtime';

const failing = Number(process.argv[2] ?? 1);
if (rank() === failing) {
  process.stderr.write(`failing at ${Date.now()}\n`);
  throw new Error(`rank ${failing} fails on purpose`);
}
barrier();
console.log(`rank ${rank()} passed the barrier (it must not)`);
