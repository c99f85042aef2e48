/**
 * `cohortjs`: everything — `np` (cohortjs/numpy), `sp` (cohortjs/sparse), `linalg`
 * (cohortjs/sparse/linalg), `io` (cohortjs/io), `integrate` (cohortjs/integrate) — plus runtime
 * configuration.
 *
 * @example
 * import { configure, np, sp, linalg } from 'cohortjs';
 * configure({ workers: 2 });
 * const A = sp.diags([[-1], [2], [-1]], [-1, 0, 1], { shape: [4, 4], format: 'csr' });
 * const [x, info] = linalg.cg(A, np.ones(4));
 * console.log(info, np.allclose(A.dot(x), np.ones(4))); // 0 true
 */

export * as np from './dense/index.js';
export * as integrate from './integrate/index.js';
export {
  configure,
  DefaultMapper,
  type DefaultMapperOptions,
  fence,
  fenceAsync,
  type Mapper,
  type RuntimeOptions,
  workerCount,
} from './runtime/index.js';
export * as sp from './sparse/index.js';
export * as io from './sparse/io/index.js';
export * as linalg from './sparse/linalg/index.js';
