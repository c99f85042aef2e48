/**
 * Issue #19: every public function of cohortjs/numpy, cohortjs/sparse, cohortjs/sparse/linalg and
 * cohortjs/io goes through the signature layer — the binder tags what it makes with its
 * signature (`signatureOf`). Classes are constructed, not bound (their methods delegate to bound
 * functions; the sparse factories `csr_array` ... are bound functions themselves).
 */
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import * as integrate from '../../integrate/index.js';
import { signatureOf } from '../../signature/index.js';
import * as sp from '../../sparse/index.js';
import * as io from '../../sparse/io/index.js';
import * as la from '../../sparse/linalg/index.js';

const isClass = (f: unknown): boolean =>
  typeof f === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(f));

/**
 * Public functions whose last argument is a plain object by design, so the binder's convention (a
 * trailing plain object is Python's keywords) cannot apply: `fromJSON` reads a JSON document
 * (and is a `JSON.parse` reviver, called as `(key, value)`); `savez` takes NumPy's `**kwds`, the
 * arrays by name, as a trailing object. They check their arguments themselves.
 */
const OWN_CONVENTION = new Set(['np.fromJSON', 'sparse.fromJSON', 'io.savez', 'io.savez_compressed']);

/** Names of public functions that bypass the binder (`module.name`). */
function unbound(prefix: string, mod: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [name, v] of Object.entries(mod)) {
    if (typeof v === 'function') {
      const key = `${prefix}.${name}`;
      if (!isClass(v) && signatureOf(v) === undefined && !OWN_CONVENTION.has(key)) out.push(key);
    } else if (
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.getPrototypeOf(v) === null
    ) {
      out.push(...unbound(`${prefix}.${name}`, v as Record<string, unknown>)); // namespaces (np.linalg)
    }
  }
  return out;
}

describe('public exports go through the signature layer', () => {
  it.each([
    ['np', np],
    ['sparse', sp],
    ['sparse.linalg', la],
    ['io', io],
    ['integrate', integrate],
  ])('%s', (prefix, mod) => {
    expect(unbound(prefix, mod as Record<string, unknown>)).toEqual([]);
  });

  it('the check finds an unbound function and recurses into namespaces', () => {
    const ns = Object.assign(Object.create(null), { g: () => 0 });
    expect(unbound('m', { f: () => 0, ns, C: class {}, bound: np.sum })).toEqual(['m.f', 'm.ns.g']);
  });

  it('ndarray and sparse methods delegate to bound functions (their errors come from the binder)', () => {
    expect(() => np.ones([2]).sum({ axsi: 0 } as never)).toThrow(/^sum: unknown option 'axsi'/);
    expect(() => sp.eye(2).sum({ axsi: 0 } as never)).toThrow(/^sum: unknown option 'axsi'/);
    expect(() => sp.eye(2).diagonal({ kk: 0 } as never)).toThrow(/^diagonal: unknown option 'kk'/);
    expect(() => np.random.default_rng(0).random({ shape: [2] } as never)).toThrow(
      /^Generator\.random: unknown option 'shape' \(accepted keys: size, dtype\)$/,
    );
  });
});
