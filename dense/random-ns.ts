/** The `random` namespace object of `cohortjs/numpy`. */
export { default_rng, Generator, rand, randn, seed } from './random.js';
export {
  choice,
  exponential,
  normal,
  permutation,
  poisson,
  randint,
  random,
  random_sample,
  ranf,
  sample,
  shuffle,
  standard_normal,
  uniform,
} from './random-legacy.js';
