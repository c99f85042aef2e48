/**
 * The dense linear-algebra Wasm kernels on one thread, timed in CPU time (less sensitive to other
 * processes than wall time on a shared host): the dot (dense/dot-wasm.ts) on cached data (4096
 * elements) and on 1e7 from memory (one block at a time, and in pairs of blocks as the kernel calls it), the GEMV row sweep (dense/gemv-wasm.ts) on a cached 32 × 1024
 * block, 2000 × 2000 and a tall 125,000 × 32 (logreg's X @ w), the column sweep on 1024 × 32
 * cached and 1000 rows × 2000 columns, and the GEMM micro-kernel (dense/gemm-wasm.ts) on one
 * 64 × 1024 × 256 block. Each figure is the best of 9 batches. Prints elements (or flops) per
 * CPU-second.
 *
 * Run: node --import tsx benchmarks/dense/_kernels-cpu.ts (the leading _ keeps it out of `npm run bench`: it is a kernel probe, not a NumPy comparison)
 */
import { dotWasmBytes } from '../../dense/dot-wasm.js';
import { GEMM_NR_PACKED, gemmWasmBytes } from '../../dense/gemm-wasm.js';
import { gemvColumnsWasmBytes, gemvRowsWasmBytes } from '../../dense/gemv-wasm.js';

interface WasmApi {
  Memory: new (d: object) => { buffer: SharedArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
type Fn = (...a: number[]) => number;
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** Best CPU milliseconds per call of `fn` over 9 batches of `reps` calls. */
function cpuMs(fn: () => void, reps: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 9; r++) {
    const c0 = process.cpuUsage();
    for (let q = 0; q < reps; q++) fn();
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000 / reps);
  }
  return best;
}

const N = 10_000_000;
const mem = new Wasm.Memory({
  initial: Math.ceil((8 * (2 * N + 4_100_000)) / 65536),
  maximum: 65536,
  shared: true,
});
const f = new Float64Array(mem.buffer);
for (let i = 0; i < f.length; i++) f[i] = ((i * 7919) % 977) * 1e-3 - 0.4;
const inst = (b: Uint8Array) => new Wasm.Instance(new Wasm.Module(b), { e: { mem } }).exports.kernel as Fn;
const dot = inst(dotWasmBytes());
const dot2 = inst(dotWasmBytes(2));
const rows = inst(gemvRowsWasmBytes());
const cols = inst(gemvColumnsWasmBytes());
const [A, B] = [0, 8 * N];
const [XP, YP] = [8 * 2 * N, 8 * (2 * N + 50_000)];
const rate = (elems: number, ms: number) => `${(elems / ms / 1e6).toFixed(2)} Gelem/s`;
const lines: string[] = [];
lines.push(
  `dot, 4096 cached: ${rate(
    4096,
    cpuMs(() => dot(A, B, 4096), 20_000),
  )}`,
);
lines.push(
  `dot, 1e7 in blocks of 4096: ${rate(
    N,
    cpuMs(() => {
      for (let b = 0; b < N; b += 4096) dot(A + 8 * b, B + 8 * b, Math.min(4096, N - b));
    }, 3),
  )}`,
);
lines.push(
  `dot, 1e7 in pairs of blocks of 4096 a half apart (the kernel's way): ${rate(
    N,
    cpuMs(() => {
      const full = Math.floor(N / 4096);
      const h = full >> 1;
      for (let j = 0; j < h; j++) {
        const [a, b] = [8 * 4096 * j, 8 * 4096 * (j + h)];
        dot2(A + a, B + a, A + b, B + b, 4096);
      }
      for (let b = 2 * h * 4096; b < N; b += 4096) dot(A + 8 * b, B + 8 * b, Math.min(4096, N - b));
    }, 3),
  )}`,
);
lines.push(
  `GEMV rows, 32 × 1024 cached: ${rate(
    32 * 1024,
    cpuMs(() => rows(YP, 8, A, 8 * 1024, XP, 32, 1024, 8 * 8 * 1024, 8 * 8), 20_000),
  )}`,
);
lines.push(
  `GEMV rows, 2000 × 2000: ${rate(
    4e6,
    cpuMs(() => rows(YP, 8, A, 8 * 2000, XP, 2000, 2000, 500 * 8 * 2000, 500 * 8), 10),
  )}`,
);
lines.push(
  `GEMV rows, 125000 × 32: ${rate(
    4e6,
    cpuMs(() => rows(YP, 8, A, 8 * 32, XP, 125_000, 32, 31_250 * 8 * 32, 31_250 * 8), 10),
  )}`,
);
lines.push(
  `GEMV columns, 1024 × 32 cached: ${rate(
    32 * 1024,
    cpuMs(() => cols(YP, A, 8 * 1024, XP, 8, 32, 1024), 20_000),
  )}`,
);
lines.push(
  `GEMV columns, 1000 rows × 2000 columns: ${rate(
    2e6,
    cpuMs(() => cols(YP, A, 8 * 2000, XP, 8, 2000, 1000), 10),
  )}`,
);
{
  const ex = new Wasm.Instance(new Wasm.Module(gemmWasmBytes()), {}).exports as {
    gemm: Fn;
    mem: { buffer: ArrayBuffer; grow(p: number): number };
  };
  const [mc, nc, kc] = [64, 1024, 256];
  const bBytes = kc * (nc / 4) * GEMM_NR_PACKED * 8;
  const aBytes = mc * kc * 8;
  ex.mem.grow(Math.ceil((bBytes + aBytes + mc * nc * 8) / 65536) + 1);
  new Float64Array(ex.mem.buffer).fill(0.01);
  const ms = cpuMs(() => ex.gemm(bBytes, 0, bBytes + aBytes, mc, nc, kc, nc * 8, 0), 10);
  lines.push(`GEMM micro-kernel, 64 × 1024 × 256: ${((2 * mc * nc * kc) / ms / 1e6).toFixed(2)} GFlop/s`);
}
for (const l of lines) console.log(`${l} (one thread, CPU time)`);
