import { describe, expect, it } from 'vitest';
import { isOptions, makeBinder, parseSignature, SIGNATURE, signatureOf } from '../../signature/index.js';

class BadCall extends Error {}
const kinds = {
  int: (v: unknown, fn: string, name: string) => {
    if (!Number.isInteger(v))
      throw new BadCall(`${fn}: argument '${name}' expected an integer, received ${v}`);
    return v;
  },
  str: (v: unknown, fn: string, name: string) => {
    if (typeof v !== 'string')
      throw new BadCall(`${fn}: argument '${name}' expected a string, received ${v}`);
    return v;
  },
  double: (v: unknown) => Number(v) * 2,
};
const b = makeBinder({ kinds, error: (m) => new BadCall(m), describe: String });
const f = b.bind<(...a: unknown[]) => unknown[]>(
  'f(x: int, /, y: int = 2, z = None, *, w: str = "a")',
  (...a: unknown[]) => a,
);

describe('parseSignature', () => {
  it('reads modes, kinds and defaults', () => {
    const s = parseSignature(
      "g(a: array_like, /, axis: axis = None, *, keepdims: bool = False, s = 'x', n = 1.5)",
    );
    expect(s.params.map((p) => [p.name, p.mode, p.kind, p.required, p.default])).toEqual([
      ['a', 'positional', 'array_like', true, undefined],
      ['axis', 'either', 'axis', false, undefined],
      ['keepdims', 'keyword', 'bool', false, false],
      ['s', 'keyword', 'any', false, 'x'],
      ['n', 'keyword', 'any', false, 1.5],
    ]);
    expect(s.maxPositional).toBe(2);
    expect([...s.keywords.keys()]).toEqual(['axis', 'keepdims', 's', 'n']);
  });
  it('reads *args', () => {
    const s = parseSignature('r(self, *shape: int, order = "C")');
    expect(s.varargs).toBe(1);
    expect(s.params[2]!.mode).toBe('keyword');
    expect(s.maxPositional).toBe(Number.POSITIVE_INFINITY);
  });
  it('rejects malformed lines, parameters and defaults', () => {
    expect(() => parseSignature('nope')).toThrow(/signature: cannot parse "nope"/);
    expect(() => parseSignature('f(a b)')).toThrow(/signature f: cannot parse parameter "a b"/);
    expect(() => parseSignature('f(a = foo)')).toThrow(/signature f: default "foo" is not a literal/);
    expect(() => b.bind('f(a: nokind)', () => 0)).toThrow(/signature f: unknown kind 'nokind' of 'a'/);
  });
});

describe('binding', () => {
  it('binds positionals, options and defaults', () => {
    expect(f(1)).toEqual([1, 2, undefined, 'a']);
    expect(f(1, 3, 'q')).toEqual([1, 3, 'q', 'a']);
    expect(f(1, { y: 5, w: 'b' })).toEqual([1, 5, undefined, 'b']);
    expect(f(1, 3, { z: 4 })).toEqual([1, 3, 4, 'a']);
    expect(f(1, undefined, { z: 4 })).toEqual([1, 2, 4, 'a']);
    expect(f(1, { y: undefined })).toEqual([1, 2, undefined, 'a']);
  });
  it('treats trailing undefined as absent and null as None (undefined for a None default)', () => {
    expect(f(1, undefined, undefined)).toEqual([1, 2, undefined, 'a']);
    expect(f(1, 4, null)).toEqual([1, 4, undefined, 'a']);
    expect(f(1, 4, { z: null })).toEqual([1, 4, undefined, 'a']);
  });
  it('raises on an unknown key, naming it and the accepted keys', () => {
    expect(() => f(1, { yy: 1 })).toThrow(BadCall);
    expect(() => f(1, { yy: 1 })).toThrow(/^f: unknown option 'yy' \(accepted keys: y, z, w\)$/);
  });
  it('raises on a parameter given twice', () => {
    expect(() => f(1, 2, { y: 3 })).toThrow(/^f: argument 'y' given twice \(by position and by key\)$/);
  });
  it('raises on a positional-only parameter given by key', () => {
    expect(() => f({ x: 1 })).toThrow(
      /^f: argument 'x' is positional-only and cannot be given in the options object$/,
    );
  });
  it('raises on too many positionals', () => {
    expect(() => f(1, 2, 3, 4)).toThrow(
      /^f: takes at most 3 positional arguments \(x, y, z\), received 4; pass the others in the options object$/,
    );
    const g = b.bind<(...a: unknown[]) => unknown>('g(x)', (x: unknown) => x);
    expect(() => g(1, 2)).toThrow(/^g: takes at most 1 positional argument \(x\), received 2/);
  });
  it('raises on a missing required argument', () => {
    expect(() => f()).toThrow(/^f: missing required argument 'x'$/);
  });
  it('checks and converts kinds', () => {
    expect(() => f(1.5)).toThrow(/^f: argument 'x' expected an integer, received 1.5$/);
    expect(() => f(1, { w: 3 })).toThrow(/^f: argument 'w' expected a string, received 3$/);
    const d = b.bind<(...a: unknown[]) => unknown>('d(v: double)', (v: unknown) => v);
    expect(d('4')).toBe(8);
  });
  it('tries the kinds of a union in order', () => {
    const u = b.bind<(...a: unknown[]) => unknown>('u(v: int|str)', (v: unknown) => v);
    expect(u(3)).toBe(3);
    expect(u('s')).toBe('s');
    expect(() => u(1.5)).toThrow(/^u: argument 'v' expected a string, received 1.5$/);
    const any = b.bind<(...a: unknown[]) => unknown>('a(v: int|any)', (v: unknown) => v);
    expect(any(1.5)).toBe(1.5);
  });
  it('accepts None for a kind marked ? whose default is not None', () => {
    const g = b.bind<(...a: unknown[]) => unknown>('g(x: int? = 0)', (x: unknown) => x);
    expect(g()).toBe(0);
    expect(g(null)).toBe(null);
    expect(() => b.bind<(...a: unknown[]) => unknown>('h(x: int = 0)', (x: unknown) => x)(null)).toThrow(
      /^h: argument 'x' expected an integer, received null$/,
    );
  });
  it('collects *args', () => {
    const r = b.bind<(...a: unknown[]) => unknown>('r(self, *shape, order = "C")', (...a: unknown[]) => a);
    expect(r('s', 2, 3)).toEqual(['s', [2, 3], 'C']);
    expect(r('s', [2, 3], { order: 'F' })).toEqual(['s', [[2, 3]], 'F']);
  });
  it('calls without *args take the fast path: one shared empty array, defaults, checks', () => {
    const seen: unknown[][] = [];
    const r = b.bind<(...a: unknown[]) => unknown>('r(x: int, *rest, w: str = "a")', (...a: unknown[]) => {
      seen.push(a);
      return a;
    });
    expect(r(1)).toEqual([1, [], 'a']);
    r(2);
    expect(seen[0]![1]).toBe(seen[1]![1]); // the same array: nothing allocated per call
    expect(Object.isFrozen(seen[0]![1])).toBe(true);
    expect(r(1, 5, 6)).toEqual([1, [5, 6], 'a']);
    expect(r(1, { w: 'b' })).toEqual([1, [], 'b']);
    expect(() => r(0.5)).toThrow(/^r: argument 'x' expected an integer, received 0.5$/);
    expect(() => r()).toThrow(/^r: missing required argument 'x'$/);
    expect(() => r(1, { v: 1 })).toThrow(/^r: unknown option 'v' \(accepted keys: x, w\)$/);
    const k = b.bind<(...a: unknown[]) => unknown>('k(*rest, w: str)', (...a: unknown[]) => a);
    expect(() => k()).toThrow(/^k: missing required argument 'w'$/);
    expect(k({ w: 'z' })).toEqual([[], 'z']);
  });
  it('passes this through (methods)', () => {
    const m = b.bind<(this: { k: number }, x: number) => number>('m(x: int)', function (
      this: { k: number },
      x: number,
    ) {
      return this.k + x;
    } as never);
    expect(m.call({ k: 10 }, 1)).toBe(11);
  });
  it('tags bound functions with their signature', () => {
    expect(signatureOf(f)?.name).toBe('f');
    expect((f as unknown as Record<symbol, unknown>)[SIGNATURE]).toBeDefined();
    expect(signatureOf(() => 0)).toBeUndefined();
    expect(signatureOf(3)).toBeUndefined();
    expect(f.name).toBe('f');
  });
  it('recognizes only plain objects as options', () => {
    expect(isOptions({})).toBe(true);
    expect(isOptions(Object.create(null))).toBe(true);
    expect(isOptions([])).toBe(false);
    expect(isOptions(new Float64Array(1))).toBe(false);
    expect(isOptions(null)).toBe(false);
    expect(isOptions(3)).toBe(false);
  });
});
