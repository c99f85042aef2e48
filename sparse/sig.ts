/**
 * The sparse library's binder (signature/): SciPy's signatures for `cohort/sparse`,
 * `cohort/sparse/linalg` and `cohort/io`. array_like arguments are converted through dense's
 * public `asarray` (DESIGN.md §1: sparse never reaches into dense internals).
 */
import * as np from '../dense/index.js';
import { ArgumentTypeError, argMessage, checkDType, describe, ValueError } from '../runtime/index.js';
import { type Bound, type KindCheck, makeBinder, signatureOf } from '../signature/index.js';

const bad = (fn: string, name: string, expected: string, v: unknown): never => {
  throw new ArgumentTypeError(argMessage(fn, name, expected, v));
};
const int: KindCheck = (v, fn, name) =>
  typeof v === 'number' && Number.isInteger(v) ? v : bad(fn, name, 'an integer', v);

const FORMATS = ['csr', 'csc', 'coo', 'dia', 'bsr', 'lil', 'dok'];

/** The sparse kinds (see signature/README.md). */
export const SPARSE_KINDS: Record<string, KindCheck> = {
  /** np.asarray of anything dense (ndarrays pass through). */
  array_like: (v, fn, name) => {
    if (v instanceof np.ndarray) return v;
    if (typeof v === 'number' || typeof v === 'boolean' || Array.isArray(v) || ArrayBuffer.isView(v))
      return np.asarray(v);
    return bad(fn, name, 'an array_like (an ndarray, a number, a typed array or nested arrays)', v);
  },
  int,
  number: (v, fn, name) => (typeof v === 'number' ? v : bad(fn, name, 'a number', v)),
  bool: (v, fn, name) => (typeof v === 'boolean' ? v : bad(fn, name, 'true or false', v)),
  str: (v, fn, name) => (typeof v === 'string' ? v : bad(fn, name, 'a string', v)),
  callable: (v, fn, name) => (typeof v === 'function' ? v : bad(fn, name, 'a function', v)),
  axis: int,
  /** A dense array (an `out` argument). */
  ndarray: (v, fn, name) => (v instanceof np.ndarray ? v : bad(fn, name, 'an ndarray', v)),
  dtype: (v, fn, name) => checkDType(fn, name, v),
  /** A sparse format name. */
  format: (v, fn, name) => {
    if (typeof v !== 'string') return bad(fn, name, `one of ${FORMATS.join(', ')}`, v);
    if (!FORMATS.includes(v)) throw new ValueError(argMessage(fn, name, `one of ${FORMATS.join(', ')}`, v));
    return v;
  },
  /** A `[rows, cols]` shape (checked by the function). */
  shape: (v, fn, name) => (Array.isArray(v) ? v : bad(fn, name, 'a shape [rows, cols]', v)),
};

const binder = makeBinder({ kinds: SPARSE_KINDS, error: (m) => new ArgumentTypeError(m), describe });

/**
 * Binds a sparse public function to its SciPy signature line (see signature/README.md).
 * @param line the signature line
 * @param impl the implementation, receiving every parameter in order
 * @returns the public function, tagged with its signature
 */
export function ssig<F extends (...args: never[]) => unknown>(
  line: string,
  impl: (...args: never[]) => unknown,
): F & Bound {
  return binder.bind<F>(line, impl);
}

/**
 * Binds a function whose implementation takes its leading `lead` parameters positionally and the
 * rest as one options object of the given values (keys whose value is undefined are left out).
 * @param line the signature line
 * @param lead how many leading parameters are passed positionally
 * @param impl the implementation `(p0, …, p(lead-1), opts)`
 * @returns the public function, tagged with its signature
 */
export function ssigOpts<F extends (...args: never[]) => unknown>(
  line: string,
  lead: number,
  impl: (...args: never[]) => unknown,
): F & Bound {
  let names: string[] = [];
  const f = binder.bind<F>(line, function (this: unknown, ...vals: unknown[]) {
    const opts: Record<string, unknown> = {};
    for (let i = lead; i < vals.length; i++) if (vals[i] !== undefined) opts[names[i]!] = vals[i];
    const args = vals.slice(0, lead);
    args.push(opts);
    return (impl as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  names = signatureOf(f)!.params.map((p) => p.name);
  return f;
}
