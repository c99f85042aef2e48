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
/** Each thread's id and nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
const threads = () =>
  readdirSync('/proc/self/task').map((t) => {
    const st = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
    const fields = st.slice(st.lastIndexOf(')') + 2).split(' ');
    return { tid: Number(t), nice: Number(fields[16]) };
  });
let sum = run();
if (process.argv[2] !== undefined) {
  const nice = Number(process.argv[2]);
  configure({ mapper: new DefaultMapper({ workerNice: nice, inlineLaunchBytes: 0 }) });
  sum = run();
  // A worker applies it at the next batch it reads; one whose pieces the other claimed may read
  // it after the fence (a loaded host): give both a few more launches, up to ~5 s.
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (let k = 0; k < 100 && threads().filter((t) => t.nice === nice).length < 2; k++) {
    Atomics.wait(nap, 0, 0, 50);
    sum = run();
  }
}
console.log(JSON.stringify({ pid: process.pid, threads: threads(), sum }));
