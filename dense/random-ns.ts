/** The `random` namespace object of `cohortjs/numpy`. */
export { default_rng, Generator, rand, randn, seed } from './random.js';
