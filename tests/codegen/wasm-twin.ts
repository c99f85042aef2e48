/**
 * Differential harness for codegen's Wasm back end: runs a generated kernel's Wasm form on copies
 * of its arrays in the region heap and compares them, bit for bit, with the arrays the JavaScript
 * kernel wrote (any NaN equals any NaN: NaN signs and payloads are unspecified).
 */
import { expect } from 'vitest';
import { type emitWasm as EmitWasm, type GeneratedKernel, wasmLengths } from '../../codegen/index.js';
import type { heapAlloc as HeapAlloc, heapMemory as HeapMemory } from '../../runtime/heap.js';

type Arr = Float64Array | Float32Array | Int32Array;
const DTYPE = new Map<unknown, 'float64' | 'float32' | 'int32'>([
  [Float64Array, 'float64'],
  [Float32Array, 'float32'],
  [Int32Array, 'int32'],
]);

/** Kernels checked as Wasm so far (tests assert that the back end was exercised at all). */
export const twinStats = { kernels: 0, calls: 0 };

export interface Twin {
  check(lo: number, hi: number): void;
}

/**
 * A Wasm twin of `gen` over `args`, or null when the kernel has no Wasm form (an array of another
 * type, or a construct the back end refuses).
 */
export function wasmTwin(
  gen: GeneratedKernel,
  args: Record<string, unknown>,
  deps: { emitWasm: typeof EmitWasm; heapAlloc: typeof HeapAlloc; heapMemory: typeof HeapMemory },
): Twin | null {
  const types: Record<string, 'float64' | 'float32' | 'int32'> = {};
  for (const p of gen.ir.params) {
    if (p.kind !== 'array') continue;
    const t = DTYPE.get((args[p.name] as object | undefined)?.constructor);
    if (t === undefined) return null;
    types[p.name] = t;
  }
  let bytes: Uint8Array;
  try {
    bytes = deps.emitWasm(gen.ir, types);
  } catch {
    return null;
  }
  const mem = deps.heapMemory();
  if (mem === null) return null;
  const wasm = (globalThis as any).WebAssembly;
  const fn = new wasm.Instance(new wasm.Module(bytes), { e: { mem } }).exports.kernel as (
    ...a: number[]
  ) => void;
  const copies = new Map<string, Arr>();
  for (const name of Object.keys(types)) {
    const src = args[name] as Arr;
    const b = deps.heapAlloc(Math.max(1, src.byteLength));
    if (b === null) return null;
    const Ctor = src.constructor as new (buf: ArrayBufferLike, off: number, len: number) => Arr;
    const c = new Ctor(mem.buffer, b.off, src.length);
    c.set(src as never);
    copies.set(name, c);
  }
  twinStats.kernels++;
  return {
    check(lo: number, hi: number) {
      twinStats.calls++;
      fn(
        ...gen.params.map((p) => {
          if (p === 'lo') return lo;
          if (p === 'hi') return hi;
          const c = copies.get(p);
          return c === undefined ? (args[p] as number) : c.byteOffset;
        }),
        ...wasmLengths(gen.ir).map((a) => copies.get(a)!.length),
      );
      for (const [name, c] of copies) {
        const js = args[name] as Arr;
        const a = new Uint8Array(js.buffer, js.byteOffset, js.byteLength);
        const w = new Uint8Array(c.buffer, c.byteOffset, c.byteLength);
        if (Buffer.compare(Buffer.from(w), Buffer.from(a)) === 0) continue;
        // The only difference allowed: the sign or payload of a NaN (IEEE 754 and Wasm leave the NaN
        // of NaN + NaN unspecified, and V8 may order the operands of a commutative op either way).
        for (let k = 0; k < js.length; k++) {
          const same = Object.is(c[k], js[k]) || (Number.isNaN(c[k]) && Number.isNaN(js[k]));
          if (!same) expect(c[k], `${gen.name} (Wasm) array ${name}[${k}]`).toBe(js[k]);
        }
      }
    },
  };
}
