/** The `linalg` namespace object of `cohortjs/numpy`. */

export { LinAlgError } from './errors.js';
export {
  type EighOptions,
  eigh,
  type QrMode,
  type QrOptions,
  qr,
  type SvdOptions,
  svd,
} from './linalg/decomp-api.js';
export { type LstsqOptions, lstsq, type PinvOptions, pinv } from './linalg/lstsq-api.js';
export { type CholeskyOptions, cholesky, det, inv, solve } from './linalg/solve-api.js';
export { type NormOptions, norm } from './linalg-api.js';
