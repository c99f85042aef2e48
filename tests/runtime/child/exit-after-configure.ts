/**
 * Child program of tests/runtime/lifecycle.test.ts: asks for a pool (`configure({ workers })`
 * starts its threads at once) and does no work; it must then exit by itself while or after the
 * threads boot. Prints whether the pool existed right after `configure`.
 */
import { currentPool } from '../../../runtime/engine-pool.js';
import { configure } from '../../../runtime/index.js';

configure({ workers: 2 });
console.log(`pool ${currentPool()?.size ?? 0}`);
console.log(`finished ${Date.now()}`);
