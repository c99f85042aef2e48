/** The `random` namespace object of `cohort/numpy`. */
export { default_rng, Generator, rand, randn, seed } from './random.js';
