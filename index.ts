/**
 * `cohort`: everything — `np` (cohort/numpy), `sp` (cohort/sparse), `linalg`
 * (cohort/sparse/linalg), `io` (cohort/io) — plus runtime configuration.
 */
export { configure, type RuntimeOptions, workerCount } from './runtime/index.js';
