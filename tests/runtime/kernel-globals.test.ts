/**
 * `registerKernel`'s `globals` (runtime/kernels.ts): values made once on the issuing thread and
 * set on each worker's globalThis when the kernel is first shipped to it, a WebAssembly.Module
 * included (structured-cloned, its compiled code shared), before the kernel's first call.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import {
  configure,
  createRegion,
  launch,
  readStore,
  registerKernel,
  Store,
  ValueError,
} from '../../runtime/index.js';

/** A module exporting `f() = 42`. */
const BYTES = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0, 10, 6, 1, 4, 0, 65,
  42, 11,
]);
let made = 0;
registerKernel(
  'test.globals.read',
  (t) => {
    const g = globalThis as unknown as {
      __testKernelGlobals?: { v: number; mod: object };
      WebAssembly: { Instance: new (m: object) => { exports: { f: () => number } } };
    };
    const k = g.__testKernelGlobals;
    const v = k === undefined ? -1 : k.v + new g.WebAssembly.Instance(k.mod).exports.f();
    const o = t.arrays[0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = v;
  },
  {
    globals: () => {
      made++;
      const W = (globalThis as unknown as { WebAssembly: { Module: new (b: Uint8Array) => object } })
        .WebAssembly;
      return { __testKernelGlobals: { v: 7, mod: new W.Module(BYTES) } };
    },
  },
);

/** Two pieces, never inline when there is a pool. */
const poolMapper: Mapper = {
  pieces: (q) => Math.min(2, q.volume),
  worker: (c, _n, w) => (w > 0 ? c % w : 0),
  inline: (_op, _b, w) => w === 0,
};

afterAll(() => configure({ workers: 0, mapper: new DefaultMapper() }));

describe('kernel globals', () => {
  it('reach every worker before the first call, made once; not set on the issuing thread', () => {
    for (const workers of [0, 1, 2, 1, 2]) {
      configure({ workers, mapper: poolMapper });
      const o = Store.whole(createRegion('float64', 8));
      launch({ op: 'globals', kernel: 'test.globals.read', args: [{ store: o, privilege: 'write' }] });
      expect(Array.from(readStore(o))).toEqual(new Array(8).fill(workers === 0 ? -1 : 49));
    }
    expect(made).toBe(1);
  });

  it('rejects globals that are not a function', () => {
    expect(() =>
      registerKernel('test.globals.bad', () => {}, {
        globals: 3 as unknown as () => Record<string, unknown>,
      }),
    ).toThrow(ValueError);
  });
});
