/**
 * Child of tests/runtime/wasm-tier.test.ts (run with --allow-natives-syntax): compiles two
 * distinct kernel modules through runtime/wasm-tier.ts — one for a small piece, one for a large
 * one — calls each once and prints which V8 tier runs them (V8's test natives).
 */
import { gemvRowsWasmBytes } from '../../../dense/gemv-wasm.js';
import { compileKernelModule } from '../../../runtime/wasm-tier.js';

type Fn = (...a: number[]) => void;
const isLiftoff = new Function('f', 'return %IsLiftoffFunction(f)') as (f: Fn) => boolean;
const isTurboFan = new Function('f', 'return %IsTurboFanFunction(f)') as (f: Fn) => boolean;
const W = (
  globalThis as unknown as {
    WebAssembly: {
      Instance: new (m: object, i: object) => { exports: { kernel: Fn } };
      Memory: new (d: object) => object;
    };
  }
).WebAssembly;
const mem = new W.Memory({ initial: 1, maximum: 1, shared: true });
const kernel = (bytes: Uint8Array, elements: number): Fn =>
  new W.Instance(compileKernelModule(bytes, elements), { e: { mem } }).exports.kernel;
// Two different byte strings: V8 shares one compiled module per byte string.
const small = kernel(gemvRowsWasmBytes(2), 1000);
const large = kernel(gemvRowsWasmBytes(1), 1 << 20);
for (const k of [small, large]) k(0, 24, 0, 24, 0, 0, 4, 8, 8);
const tier = (k: Fn) => (isTurboFan(k) ? 'turbofan' : isLiftoff(k) ? 'liftoff' : 'other');
console.log(JSON.stringify({ small: tier(small), large: tier(large) }));
