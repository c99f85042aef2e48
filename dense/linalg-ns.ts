/** The `linalg` namespace object of `cohort/numpy`. */
export { type NormOptions, norm } from './linalg-api.js';
