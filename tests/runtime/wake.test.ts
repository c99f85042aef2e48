/**
 * The workers' wake protocol (issue 24; runtime/worker.js, runtime/events.ts `want`,
 * runtime/pool.ts `needsBell`). A worker asleep with tasks set aside is rung by the completion of
 * an input it waits for — and by nothing else: not by unrelated completions, and not by records
 * posted to it that cannot run yet. A posted one-piece launch is offered to every worker, so the
 * worker that completes its input runs it while its own worker is busy.
 *
 * Deterministic: worker 0 is held inside a kernel on a gate (an int32 region the test opens), so
 * what can run where is fixed; the assertions read doorbell words, which only a ring changes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DefaultMapper, type Mapper } from '../../mapper/index.js';
import { flush } from '../../runtime/engine.js';
import { currentPool } from '../../runtime/engine-pool.js';
import {
  configure,
  createRegion,
  fence,
  launch,
  readStore,
  readStoreAsync,
  registerKernel,
  Store,
  traceStart,
  traceStop,
} from '../../runtime/index.js';
import { warmPool } from './pool-helpers.js';

// Waits until the int32 gate (argument 1) is opened, then out[i] = i.
registerKernel('test.wake.gate', (t) => {
  const g = t.arrays[1] as Int32Array;
  while (Atomics.load(g, 0) === 0) Atomics.wait(g, 0, 0, 20);
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = i;
});
// out[i] = in[i] * 2 + scalars[0]
registerKernel('test.wake.step', (t) => {
  const o = t.arrays[0]!;
  const x = t.arrays[1]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = x[i]! * 2 + t.scalars[0]!;
});
// out[i] = scalars[0]
registerKernel('test.wake.fill', (t) => {
  const o = t.arrays[0]!;
  for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = t.scalars[0]!;
});

const N = 1024;
/** The slot the next launch goes to (a stateful mapper: the test places every piece). */
let target = 0;
const defaults = new DefaultMapper();
/** One piece per launch, on slot `target`, never inline with a pool; the gate is never shared. */
const placed = (share: boolean): Mapper => ({
  pieces: () => 1,
  worker: () => target,
  inline: (_op, _b, w) => w === 0,
  share: (op, colors, workers) => share && op !== 'gate' && defaults.share(op, colors, workers),
  startPool: () => true,
});

const vec = () => Store.whole(createRegion('float64', N));
const on = (slot: number, op: string, kernel: string, out: Store, input: Store | null, s: number) => {
  target = slot;
  launch({
    op,
    kernel,
    key: 0,
    args:
      input === null
        ? [{ store: out, privilege: 'write-discard' }]
        : [
            { store: out, privilege: 'write-discard' },
            { store: input, privilege: 'read' },
          ],
    scalars: [s],
  });
};
/** Holds worker `slot` in a kernel until the returned function opens the gate; writes `out`. */
const hold = (slot: number, out: Store): (() => void) => {
  const gate = createRegion('int32', 1);
  target = slot;
  launch({
    op: 'gate',
    kernel: 'test.wake.gate',
    key: 0,
    args: [
      { store: out, privilege: 'write-discard' },
      { store: Store.whole(gate), privilege: 'read' },
    ],
  });
  flush();
  const g = gate.data as Int32Array;
  return () => {
    Atomics.store(g, 0, 1);
    Atomics.notify(g, 0);
  };
};
/** Starts `workers` slots and runs one piece on each, so kernels and threads are up. */
async function start(workers: number, share: boolean): Promise<void> {
  configure({ workers, mapper: placed(share) });
  const w = vec();
  for (let k = 0; k < workers; k++) on(k, 'fill', 'test.wake.fill', w, null, k);
  readStore(w);
  await warmPool();
  for (let k = 0; k < workers; k++) {
    const x = vec();
    on(k, 'step', 'test.wake.step', x, w, k);
    readStore(x);
  }
}
/** Waits (bounded) until slot `i` sleeps with tasks set aside. */
async function untilAsleep(i: number): Promise<void> {
  const pool = currentPool()!;
  for (let t = 0; t < 1000 && !pool.sleepsWithTasks(i); t++) await new Promise((r) => setTimeout(r, 10));
  expect(pool.sleepsWithTasks(i)).toBe(true);
}
const bell = (i: number) => Atomics.load(currentPool()!.ctl, i * 16);

afterAll(() => {
  fence();
  configure({ workers: 0, mapper: new DefaultMapper() });
});

describe('wake protocol', () => {
  it('a sleeping worker is rung only by the completion of an input it waits for', async () => {
    await start(3, false);
    const a = vec();
    const open = hold(0, a); // worker 0 holds A's piece until `open`
    try {
      // One batch for worker 1: R can run, B waits for A. Worker 1 runs R and sets B aside.
      const r = vec();
      on(1, 'fill', 'test.wake.fill', r, null, 5);
      const b = vec();
      on(1, 'step', 'test.wake.step', b, a, 1);
      flush();
      await untilAsleep(1);
      const rung = bell(1);
      // Unrelated work completes on worker 2: worker 1 must not be woken for it.
      const c = vec();
      on(2, 'fill', 'test.wake.fill', c, null, 7);
      expect(readStore(c)[5]).toBe(7);
      expect(bell(1)).toBe(rung);
      // Records posted to worker 1 that cannot run yet (D also waits for A): no ring either.
      const d = vec();
      on(1, 'step', 'test.wake.step', d, a, 3);
      flush();
      expect(bell(1)).toBe(rung);
      expect(currentPool()!.sleepsWithTasks(1)).toBe(true);
      // A completes on worker 0: that rings worker 1, which runs B and D.
      open();
      expect(readStore(b)[10]).toBe(21);
      expect(readStore(d)[10]).toBe(23);
      expect(readStore(r)[10]).toBe(5);
      expect(bell(1)).toBeGreaterThan(rung);
    } finally {
      open(); // a failed assertion must not leave worker 0 held
    }
  });

  it('a worker asleep with nothing set aside is not woken for records that cannot run yet', async () => {
    await start(2, false);
    const a = vec();
    const open = hold(0, a);
    try {
      const before = bell(1);
      const b = vec();
      on(1, 'step', 'test.wake.step', b, a, 1);
      flush();
      expect(bell(1)).toBe(before);
      open();
      expect(readStore(b)[4]).toBe(9);
      expect(bell(1)).toBeGreaterThan(before);
    } finally {
      open();
    }
  });

  it('records whose inputs are complete ring the worker at once', async () => {
    await start(2, false);
    const x = vec();
    on(1, 'fill', 'test.wake.fill', x, null, 2);
    expect(readStore(x)[0]).toBe(2); // known complete now
    const before = bell(1);
    const y = vec();
    on(1, 'step', 'test.wake.step', y, x, 1);
    expect(readStore(y)[3]).toBe(5);
    expect(bell(1)).toBeGreaterThan(before);
  });

  it('a posted one-piece launch runs on the worker that completes its input', async () => {
    await start(2, true);
    const g = vec();
    const open = hold(0, g); // worker 0 busy until `open`
    try {
      traceStart();
      const p = vec();
      on(1, 'step', 'test.wake.step', p, Store.whole(createRegion('float64', N)), 4); // P on worker 1
      const q = vec();
      on(0, 'step', 'test.wake.step', q, p, 1); // Q, meant for worker 0, waits for P
      // Worker 0 is held: Q completes only if worker 1 runs it (else it waits for the gate, which
      // opens after 3 s at the latest so that a failing run ends).
      const timer = setTimeout(open, 3000);
      const got = await readStoreAsync(q);
      clearTimeout(timer);
      expect(got[6]).toBe(9);
      const steps = traceStop().filter((rec) => rec.op === 'step');
      expect(steps.map((rec) => rec.worker)).toEqual([1, 1]);
    } finally {
      open();
      fence();
    }
  });
});
