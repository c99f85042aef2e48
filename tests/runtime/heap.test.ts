/**
 * The region heap (runtime/heap.ts): the allocator's invariants under random alloc/free
 * sequences, quarantine of blocks with tasks in flight, zeroed reuse, and recycling in a
 * synchronous loop (no event-loop turn) through the runtime's collections.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as np from '../../dense/index.js';
import { allocSeq, completeEvent } from '../../runtime/events.js';
import { heapAlloc, heapFree, heapHeadroom, heapMemory, heapStats } from '../../runtime/heap.js';
import { createRegion, fence } from '../../runtime/index.js';
import { collectNow, gcStats } from '../../runtime/memory.js';

describe('heap allocator', () => {
  it('live blocks are 64-byte aligned, inside the memory, disjoint, and keep their contents', () => {
    const mem = heapMemory();
    expect(mem).not.toBeNull();
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.record({ alloc: fc.integer({ min: 1, max: 300_000 }) }), fc.record({ free: fc.nat() })),
          { maxLength: 60 },
        ),
        (ops) => {
          const live: { off: number; bytes: number; tag: number }[] = [];
          let tag = 1;
          const check = (b: { off: number; bytes: number; tag: number }) => {
            const v = new Uint8Array(mem!.buffer, b.off, b.bytes);
            for (let k = 0; k < b.bytes; k += 997) expect(v[k]).toBe(b.tag);
            expect(v[b.bytes - 1]).toBe(b.tag);
          };
          for (const op of ops) {
            if ('alloc' in op) {
              const b = heapAlloc(op.alloc);
              expect(b).not.toBeNull();
              expect(b!.off % 64).toBe(0);
              expect(b!.bytes).toBeGreaterThanOrEqual(op.alloc);
              expect(b!.off + b!.bytes).toBeLessThanOrEqual(mem!.buffer.byteLength);
              for (const o of live)
                expect(b!.off + b!.bytes <= o.off || o.off + o.bytes <= b!.off).toBe(true);
              const t = (tag++ % 250) + 1;
              new Uint8Array(mem!.buffer, b!.off, b!.bytes).fill(t);
              live.push({ off: b!.off, bytes: b!.bytes, tag: t });
            } else if (live.length > 0) {
              const [b] = live.splice(op.free % live.length, 1);
              check(b!);
              heapFree(b!.off, b!.bytes, []);
            }
          }
          for (const b of live) {
            check(b);
            heapFree(b.off, b.bytes, []);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a program whose sizes keep changing reuses freed memory instead of growing the heap', () => {
    const before = heapStats().top;
    const live: { off: number; bytes: number }[] = [];
    let r = 12345;
    for (let k = 0; k < 3000; k++) {
      r = (Math.imul(r, 69069) + 1) >>> 0;
      live.push(heapAlloc(1 + (r % (1 << 20)))!);
      if (live.length > 8) {
        const [b] = live.splice(r % live.length, 1);
        heapFree(b!.off, b!.bytes, []);
      }
    }
    // At most 9 blocks of at most 1 MB are live at once; the heap grew by a few times that.
    expect(heapStats().top - before).toBeLessThan(40 * 2 ** 20);
    for (const b of live) heapFree(b.off, b.bytes, []);
  });

  it('a freed block with a task in flight is reused only after the task completes', () => {
    const size = 123_456 * 64;
    const b = heapAlloc(size)!;
    const e = allocSeq();
    heapFree(b.off, b.bytes, [e]);
    expect(heapStats().quarantined).toBeGreaterThanOrEqual(b.bytes);
    const other = heapAlloc(size)!;
    expect(other.off).not.toBe(b.off);
    completeEvent(e);
    const again = heapAlloc(size)!;
    expect(again.off).toBe(b.off);
    expect(again.dirty).toBe(true);
    heapFree(again.off, again.bytes, []);
    heapFree(other.off, other.bytes, []);
  });

  it('regions on recycled memory read as zeros unless asked not to be zeroed', () => {
    const dirty = () => {
      for (let k = 0; k < 8; k++) createRegion('float64', 5000).data.fill(7);
    };
    dirty();
    collectNow(); // the 8 regions are gone: their blocks are free and dirty
    let reused = 0;
    for (let k = 0; k < 8; k++) {
      const r = createRegion('float64', 5000);
      const u = createRegion('float64', 5000, false);
      expect(r.heapOffset).toBeGreaterThanOrEqual(0);
      for (let i = 0; i < r.size; i++) expect(r.data[i]).toBe(0);
      if (u.data[0] === 7) reused++;
      keep.push(r, u);
    }
    expect(reused).toBeGreaterThan(0); // not zeroed: the old contents show
  });
});
const keep: unknown[] = [];

describe('recycling', () => {
  it('a synchronous loop making fresh 8 MB results runs on recycled memory', () => {
    const x = np.ones([1_000_000]);
    const before = heapStats().top;
    let check = 0;
    for (let k = 0; k < 120; k++) {
      const y = x.multiply(k);
      check += y.get('999999').item() as number;
    }
    fence();
    expect(check).toBe((119 * 120) / 2);
    // 120 results of 8 MB are 960 MB; the heap grew by a fraction of that.
    expect(heapStats().top - before).toBeLessThan(400 * 2 ** 20);
  });

  it('a loop making fresh large results collects every few steps, not every step', () => {
    // 192 MB of operands in use and a fresh 64 MB result per step: room for four results between
    // collections lets one collection recycle them all. (Paced by the cost of a collection alone,
    // this loop collected at nearly every step.) Young-generation collections (a few ms, see
    // runtime/reclaim-young.ts) may come at every step: they are cheaper than a result's page
    // faults. What must not come at every step is a full one (CI saw 39 collections, all but a
    // few young, when the young ones happened to free enough).
    const x = np.ones([24_000_000]);
    const head = x.get(':8000000');
    const before = heapStats().top;
    const full0 = gcStats.full;
    let check = 0;
    for (let k = 0; k < 40; k++) check += head.multiply(k).add(1).get('0').item() as number;
    fence();
    expect(check).toBe((39 * 40) / 2 + 40);
    expect(gcStats.full - full0).toBeLessThanOrEqual(20);
    expect(heapStats().top - before).toBeLessThan(600 * 2 ** 20);
  });

  it('near the heap limit, a loop collects instead of spilling results out of the heap', () => {
    // Live (never-touched) arrays up to 600 MB below the 3 GiB limit, then fresh 128 MB results:
    // the room between collections (four results) must not run the heap into its limit, and
    // blocks freed behind tasks still in flight are waited for there (found by review).
    collectNow();
    const live: np.ndarray[] = [];
    while (heapHeadroom() > 600 * 2 ** 20) live.push(np.zeros([16 * 2 ** 20]));
    const src = np.zeros([16 * 2 ** 20]);
    let outside = 0;
    for (let k = 0; k < 16; k++) if (src.add(k).store.region.heapOffset < 0) outside++;
    fence();
    expect(outside).toBe(0);
    expect(live.length).toBeGreaterThan(0);
  });
});
