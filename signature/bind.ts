/**
 * The binder: turns a signature line and an implementation into the public function. The public
 * function takes Python's positional arguments followed by at most one options object (Python's
 * keywords); the implementation receives every parameter in signature order, checked and coerced,
 * defaults filled in. Pure: the library supplies its kinds and its error class.
 */
import { type Param, parseSignature, type Signature } from './parse.js';

/**
 * Checks (and may convert) one argument; throws through `fail` when it is of the wrong kind.
 * @param value the argument as given (never `undefined`)
 * @param fn the function name, for messages
 * @param name the parameter name, for messages
 * @returns the value the implementation receives
 */
export type KindCheck = (value: unknown, fn: string, name: string) => unknown;

/** What a library gives the binder. */
export interface BinderConfig {
  /** Checks by kind name (`array_like`, `axis`, ...). Built-in kinds may be overridden. */
  readonly kinds: Readonly<Record<string, KindCheck>>;
  /** Makes the error thrown for a bad call (the library's `ArgumentTypeError`). */
  readonly error: (message: string) => Error;
  /** Describes a received value in messages. */
  readonly describe: (value: unknown) => string;
}

/** The symbol under which a bound function carries its {@link Signature}. */
export const SIGNATURE: unique symbol = Symbol.for('cohort.signature') as never;

/** A function made by a binder. */
export interface Bound {
  readonly [SIGNATURE]: Signature;
}

/**
 * The signature of a function made by a binder, or undefined.
 * @param f any value
 * @returns its signature when `f` went through a binder
 * @example signatureOf(np.sum)?.name // 'sum'
 */
export function signatureOf(f: unknown): Signature | undefined {
  return (typeof f === 'function' && (f as unknown as Partial<Bound>)[SIGNATURE]) || undefined;
}

/**
 * True for a plain options object (`{...}` literal or `Object.create(null)`).
 * @param v any value
 * @returns whether `v` is a plain object
 * @example isOptions({ axis: 0 }) // true
 */
export function isOptions(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
}

const BUILTIN: Record<string, KindCheck | null> = { any: null };

/** A library's binder: `bind(line, impl)` makes one public function. */
export interface Binder {
  /**
   * Makes the public function of `line` that calls `impl` with every parameter in order.
   * @param line the signature line (see parseSignature)
   * @param impl the implementation
   */
  bind<F extends (...args: never[]) => unknown>(line: string, impl: (...args: never[]) => unknown): F & Bound;
  /** The config this binder was made with. */
  readonly config: BinderConfig;
}

/**
 * Makes a binder for one library.
 * @param config the library's kinds, error class and value printer
 * @returns the binder
 * @example
 * const b = makeBinder({ kinds: {}, error: (m) => new TypeError(m), describe: String });
 * const f = b.bind('f(x, /, y = 2)', (x, y) => x + y);
 * [f(1), f(1, 3), f(1, { y: 5 })] // [3, 4, 6]
 */
export function makeBinder(config: BinderConfig): Binder {
  const kinds = { ...BUILTIN, ...config.kinds };
  const bind = <F>(line: string, impl: (...args: never[]) => unknown): F & Bound => {
    const sig = parseSignature(line);
    const checks = sig.params.map((p) => checkOf(kinds, p, sig.name));
    const slow = makeCaller(sig, checks, impl as (...a: unknown[]) => unknown, config);
    const f = compileFast(sig, checks, impl as (...a: unknown[]) => unknown, slow);
    Object.defineProperty(f, 'name', { value: sig.name.slice(sig.name.lastIndexOf('.') + 1) });
    Object.defineProperty(f, SIGNATURE, { value: sig });
    return f as unknown as F & Bound;
  };
  return { bind, config };
}

function checkOf(kinds: Record<string, KindCheck | null>, p: Param, fn: string): KindCheck | null {
  const alts = p.kind.split('|');
  const found = alts.map((k) => {
    const c = kinds[k];
    if (c === undefined) throw new SyntaxError(`signature ${fn}: unknown kind '${k}' of '${p.name}'`);
    return c;
  });
  if (found.length === 1) return found[0]!;
  if (found.includes(null)) return null;
  // A union: the first kind that accepts the value; the last one's error otherwise.
  return (v, f, n) => {
    for (let i = 0; i < found.length - 1; i++) {
      try {
        return found[i]!(v, f, n);
      } catch {
        /* try the next kind */
      }
    }
    return found[found.length - 1]!(v, f, n);
  };
}

function makeCaller(
  sig: Signature,
  checks: readonly (KindCheck | null)[],
  impl: (...a: unknown[]) => unknown,
  config: BinderConfig,
): (...args: unknown[]) => unknown {
  const { params, name: fn, maxPositional, varargs, keywords } = sig;
  const np = params.length;
  const accepted = [...keywords.keys()];
  const fail = (msg: string): never => {
    throw config.error(`${fn}: ${msg}`);
  };
  const acceptedText = accepted.length > 0 ? accepted.join(', ') : '(none)';
  const call = caller(np);
  return function (this: unknown, ...args: unknown[]): unknown {
    let n = args.length;
    while (n > 0 && args[n - 1] === undefined) n--;
    let opts: Record<string, unknown> | null = null;
    if (n > 0) {
      const last = args[n - 1];
      if (typeof last === 'object' && last !== null && isOptions(last)) {
        opts = last;
        n--;
      }
    }
    // A fresh array of exactly the parameters (writing past the end of `args` would grow it).
    const out: unknown[] = new Array(np);
    let given = n;
    if (varargs >= 0) {
      const rest: unknown[] = [];
      for (let i = varargs; i < n; i++) rest.push(args[i]);
      out[varargs] = rest;
      if (given > varargs) given = varargs;
    } else if (n > maxPositional) {
      fail(
        `takes at most ${maxPositional} positional argument${maxPositional === 1 ? '' : 's'} (${params
          .slice(0, maxPositional)
          .map((p) => p.name)
          .join(', ')}), received ${n}; pass the others in the options object`,
      );
    }
    if (opts !== null) {
      for (const key in opts) {
        const i = keywords.get(key);
        if (i === undefined) {
          const p = params.find((q) => q.name === key);
          if (p !== undefined)
            fail(`argument '${key}' is positional-only and cannot be given in the options object`);
          fail(`unknown option '${key}' (accepted keys: ${acceptedText})`);
        }
        if (opts[key] !== undefined && i! < given)
          fail(`argument '${key}' given twice (by position and by key)`);
      }
    }
    for (let i = 0; i < np; i++) {
      if (i === varargs) continue;
      const p = params[i]!;
      let v = i < given ? args[i] : opts !== null ? opts[p.name] : undefined;
      if (v === undefined || (v === null && p.nullable)) {
        if (p.required) fail(`missing required argument '${p.name}'`);
        // None given for a None default reaches the implementation as undefined (one None).
        out[i] = v === null && p.default !== undefined ? null : p.default;
        continue;
      }
      const c = checks[i];
      if (c !== null) v = c!(v, fn, p.name);
      out[i] = v;
    }
    return call(impl, this, out);
  };
}

type Call = (impl: (...a: unknown[]) => unknown, self: unknown, a: unknown[]) => unknown;
/**
 * Calls `impl` with the bound values as separate arguments: `Function.prototype.apply` with an
 * array costs several times a direct call on V8, and the binder sits on every element-wise call.
 */
function caller(np: number): Call {
  switch (np) {
    case 0:
      return (f, s) => f.call(s);
    case 1:
      return (f, s, a) => f.call(s, a[0]);
    case 2:
      return (f, s, a) => f.call(s, a[0], a[1]);
    case 3:
      return (f, s, a) => f.call(s, a[0], a[1], a[2]);
    case 4:
      return (f, s, a) => f.call(s, a[0], a[1], a[2], a[3]);
    case 5:
      return (f, s, a) => f.call(s, a[0], a[1], a[2], a[3], a[4]);
    case 6:
      return (f, s, a) => f.call(s, a[0], a[1], a[2], a[3], a[4], a[5]);
    case 7:
      return (f, s, a) => f.call(s, a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
    case 8:
      return (f, s, a) => f.call(s, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
    default:
      return (f, s, a) => f.apply(s, a);
  }
}

type Caller = (this: unknown, ...args: unknown[]) => unknown;

/** The `*args` of a call that gives none: one shared, frozen array (no allocation per call). */
const NO_ARGS: readonly unknown[] = Object.freeze([]);

/**
 * The public function of a signature: a function generated for this signature (as codegen does
 * for kernels) whose common case — plain positional arguments, no options object — checks each
 * argument at its own call site and calls `impl` directly, with no array made and no key scanned.
 * With `*args`, the common case is a call that gives none (`a.item()`): `impl` receives one shared
 * empty array. Anything else (an options object, too many arguments, a missing one, `*args`
 * given) goes to `slow`, the generic binder, which also raises every error.
 */
function compileFast(
  sig: Signature,
  checks: readonly (KindCheck | null)[],
  impl: (...a: unknown[]) => unknown,
  slow: Caller,
): Caller {
  const { params, varargs } = sig;
  const np = params.length;
  if (np > 8) return slow;
  // The leading parameters that may come by position (all of them without `*args`).
  const lead = varargs >= 0 ? varargs : np;
  const a = params.slice(0, lead).map((_, i) => `a${i}`);
  const slots = [...a, `a${lead}`]; // one more: the options object (or a first `*args` value)
  const lines: string[] = [];
  if (varargs >= 0) lines.push(`if (arguments.length > ${lead}) return slow.apply(this, arguments);`);
  else
    lines.push(
      `if (arguments.length > ${np + 1} || a${np} !== undefined) return slow.apply(this, arguments);`,
    );
  // Keyword-only parameters cannot be given by position (the generic binder says so).
  for (let i = sig.maxPositional; i < lead; i++)
    lines.push(`if (a${i} !== undefined) return slow.apply(this, arguments);`);
  // The last argument given: an options object sends the call to the generic binder.
  let last = 'undefined';
  for (let i = 0; i < lead; i++) last = `a${i} !== undefined ? a${i} : ${last}`;
  if (lead > 0) {
    lines.push(`const last = ${last};`);
    lines.push(
      `if (typeof last === 'object' && last !== null && isOptions(last)) return slow.apply(this, arguments);`,
    );
  }
  const vals: string[] = [];
  params.forEach((p, i) => {
    if (i === varargs) {
      vals.push('none');
      return;
    }
    if (i > lead) {
      // Keyword-only after `*args`: not given in this call, so its default (or the generic binder).
      if (p.required) lines.push('return slow.apply(this, arguments);');
      vals.push(`d${i}`);
      return;
    }
    const absent = p.nullable ? `a${i} === undefined || a${i} === null` : `a${i} === undefined`;
    if (p.required) lines.push(`if (${absent}) return slow.apply(this, arguments);`);
    if (checks[i] !== null) lines.push(`if (!(${absent})) a${i} = c${i}(a${i}, fn, n${i});`);
    if (p.nullable && p.default === undefined) lines.push(`if (a${i} === null) a${i} = undefined;`);
    vals.push(p.default === undefined ? `a${i}` : `a${i} === undefined ? d${i} : a${i}`);
  });
  lines.push(`return impl.call(this${vals.map((v) => `, ${v}`).join('')});`);
  const names = ['slow', 'impl', 'isOptions', 'fn', 'none'];
  const values: unknown[] = [slow, impl, isOptions, sig.name, NO_ARGS];
  params.forEach((p, i) => {
    names.push(`c${i}`, `n${i}`, `d${i}`);
    values.push(checks[i], p.name, p.default);
  });
  // Strict: a sloppy function that assigns its parameters and reads `arguments` is slow on V8.
  const body = `'use strict';\nreturn function bound(${slots.join(', ')}) {\n  ${lines.join('\n  ')}\n};`;
  return new Function(...names, body)(...values) as Caller;
}
