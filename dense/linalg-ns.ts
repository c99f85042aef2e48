/** The `linalg` namespace object of `cohortjs/numpy`. */
export { type NormOptions, norm } from './linalg-api.js';
