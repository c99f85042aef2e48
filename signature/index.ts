/**
 * The signature binder (DESIGN.md §1): Python-style signatures as data, positional and keyword
 * binding, option validation. Pure: imports nothing outside this folder; each library declares its
 * own signature tables with it and supplies its own kinds (array_like coercion, dtypes, axes).
 */
export {
  type Binder,
  type BinderConfig,
  type Bound,
  isOptions,
  type KindCheck,
  makeBinder,
  SIGNATURE,
  signatureOf,
} from './bind.js';
export { type Param, type ParamMode, parseSignature, type Signature } from './parse.js';
