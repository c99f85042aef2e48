/** Kernels shared by the engine's tests. */
import { registerKernel } from '../../runtime/index.js';

export const EK = {
  fill: 'test.engine.fill',
  copyScale: 'test.engine.copyScale',
  throwIf: 'test.engine.throwIf',
  exit: 'test.engine.exit',
  spin: 'test.engine.spin',
  sum: 'test.engine.sum',
  ratio: 'test.engine.ratio',
  warmed: 'test.engine.warmed',
} as const;

let done = false;

/** Registers the engine tests' kernels once. */
export function registerEngineKernels(): void {
  if (done) return;
  done = true;
  registerKernel(EK.fill, (t) => {
    const o = t.arrays[0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[t.offsets[0]! + i] = t.scalars[0]!;
  });
  // out = in * s   (aligned)
  registerKernel(EK.copyScale, (t) => {
    const o = t.arrays[0]!;
    const x = t.arrays[1]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = x[i]! * t.scalars[0]!;
  });
  // writes, then throws in the piece that contains index scalars[0]
  registerKernel(EK.throwIf, (t) => {
    const o = t.arrays[0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = -1;
    if (t.lo[0]! <= t.scalars[0]! && t.scalars[0]! < t.hi[0]!)
      throw new RangeError(`boom at ${t.scalars[0]}`);
  });
  registerKernel(EK.exit, (t) => {
    if (t.lo[0] === 0) process.exit(7);
  });
  registerKernel(EK.spin, (t) => {
    const end = Date.now() + t.scalars[0]!;
    while (Date.now() < end);
    const o = t.arrays[0]!;
    const off = t.offsets[0]!;
    const st = t.strides[0]![0]!;
    for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[off + i * st] = o[off + i * st]! + 1;
  });
  registerKernel(EK.sum, (t) => {
    const x = t.arrays[0]!;
    const p = t.partials!;
    for (let b0 = t.lo[0]!; b0 < t.hi[0]!; b0 += t.block) {
      let s = 0;
      const e = Math.min(t.hi[0]!, b0 + t.block);
      for (let i = b0; i < e; i++) s += x[i]!;
      p[(b0 / t.block) | 0] = s;
    }
  });
  registerKernel(EK.ratio, (t) => t.futures[0]! / t.futures[1]!);
  registerKernel(
    EK.warmed,
    (t) => {
      const o = t.arrays[0]!;
      for (let i = t.lo[0]!; i < t.hi[0]!; i++) o[i] = i * 2;
    },
    {
      warm: () => ({
        arrays: [new Float64Array(64)],
        offsets: [0],
        strides: [[1]],
        shapes: [[64]],
        lo: [0],
        hi: [64],
        scalars: [],
        futures: [],
        color: 0,
        colors: 1,
        partials: null,
        block: 0,
      }),
    },
  );
}
