/**
 * Child of tests/runtime/worker-nice.test.ts: runs launches on a pool of 2, optionally switches to
 * a mapper with another nice increment (argv[2]) and runs again, then prints every thread's nice
 * value (from /proc/self/task) and a sum computed on the pool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as np from 'cohortjs/numpy';
import { configure, DefaultMapper, fence } from 'cohortjs/runtime';

configure({ workers: 2 });
const a = np.arange(4_000_000);
const run = () => {
  const s = np.sum(np.multiply(a, 0.5)).item() as number;
  fence();
  return s;
};
let sum = run();
if (process.argv[2] !== undefined) {
  configure({ mapper: new DefaultMapper({ workerNice: Number(process.argv[2]), inlineLaunchBytes: 0 }) });
  sum = run();
}
/** Each thread's name and nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
const threads = readdirSync('/proc/self/task').map((t) => {
  const st = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
  const fields = st.slice(st.lastIndexOf(')') + 2).split(' ');
  return { tid: Number(t), nice: Number(fields[16]) };
});
console.log(JSON.stringify({ pid: process.pid, threads, sum }));
