/**
 * The runtime's deferred-reader contract (runtime/region.ts): readers of a region run before the
 * first launch that writes it; when one throws, the write is not launched, and the readers not
 * reached stay registered for the next write.
 */
import { describe, expect, it } from 'vitest';
import {
  configure,
  createRegion,
  type DeferredReader,
  launch,
  readStore,
  registerKernel,
  Store,
} from '../../runtime/index.js';

registerKernel('test.deferred.fill', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = t.scalars[0]!;
});

describe('deferred readers', () => {
  it('run before a write; a throwing reader stops the write and keeps the others registered', () => {
    configure({ workers: 0 });
    const r = createRegion('float64', 8);
    const s = Store.whole(r);
    const seen: string[] = [];
    let failOnce = true;
    const failing: DeferredReader = {
      beforeWrite(region) {
        if (failOnce) {
          failOnce = false;
          (region.deferred ??= new Set()).add(failing); // still has work: re-registers
          throw new Error('no memory');
        }
        seen.push(`a:${readStore(Store.whole(region))[0]}`);
      },
    };
    const other: DeferredReader = {
      beforeWrite(region) {
        seen.push(`b:${readStore(Store.whole(region))[0]}`);
      },
    };
    r.deferred = new Set([failing, other]);
    const fill = (v: number) =>
      launch({
        op: 'fill',
        kernel: 'test.deferred.fill',
        args: [{ store: s, privilege: 'write-discard' }],
        scalars: [v],
      });
    expect(() => fill(1)).toThrow('no memory');
    expect(readStore(s)[0]).toBe(0); // the write was not launched
    expect(seen).toEqual([]);
    fill(2); // both readers run first, and see the old contents
    expect(seen).toEqual(['a:0', 'b:0']);
    expect(readStore(s)[0]).toBe(2);
    fill(3); // flushed once: not called again
    expect(seen).toEqual(['a:0', 'b:0']);
  });
});
