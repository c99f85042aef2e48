/**
 * Child program of tests/runtime/lifecycle.test.ts: runs work on the pool (a sync and an async
 * read), prints when it finished, and must then exit by itself (no shutdown call).
 */
import * as np from '../../../dense/index.js';

const x = np.linspace(0, 1, 2_000_000);
const s = x.multiply(2).add(1).sum();
console.log(`sync ${s.item()}`);
const t = await x.multiply(x).sum().itemAsync();
console.log(`async ${t}`);
console.log(`finished ${Date.now()}`);
