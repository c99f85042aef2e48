/**
 * The binder of `cohortjs/integrate` (signature/): SciPy's signatures, with array_like converted
 * through dense's public `asarray`.
 */
import * as np from '../dense/index.js';
import { ArgumentTypeError, argMessage, describe } from '../runtime/index.js';
import { type Bound, type KindCheck, makeBinder } from '../signature/index.js';

const bad = (fn: string, name: string, expected: string, v: unknown): never => {
  throw new ArgumentTypeError(argMessage(fn, name, expected, v));
};

const KINDS: Record<string, KindCheck> = {
  array_like: (v, fn, name) => {
    if (v instanceof np.ndarray) return v;
    if (typeof v === 'number' || typeof v === 'boolean' || Array.isArray(v) || ArrayBuffer.isView(v))
      return np.asarray(v);
    return bad(fn, name, 'an array_like (an ndarray, a number, a typed array or nested arrays)', v);
  },
  number: (v, fn, name) => (typeof v === 'number' ? v : bad(fn, name, 'a number', v)),
  bool: (v, fn, name) => (typeof v === 'boolean' ? v : bad(fn, name, 'true or false', v)),
  str: (v, fn, name) => (typeof v === 'string' ? v : bad(fn, name, 'a string', v)),
  callable: (v, fn, name) => (typeof v === 'function' ? v : bad(fn, name, 'a function', v)),
};

const binder = makeBinder({ kinds: KINDS, error: (m) => new ArgumentTypeError(m), describe });

/**
 * Binds an integrate public function to its SciPy signature line (see signature/README.md).
 * @param line the signature line
 * @param impl the implementation, receiving every parameter in order
 * @returns the public function, tagged with its signature
 */
export function isig<F extends (...args: never[]) => unknown>(
  line: string,
  impl: (...args: never[]) => unknown,
): F & Bound {
  return binder.bind<F>(line, impl);
}
