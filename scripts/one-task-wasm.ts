/**
 * Prints sparse/linalg/one-task-wasm-base64.ts's constant for the module that
 * sparse/linalg/one-task-wasm.ts assembles (run after changing the module; a test compares them).
 * Run: node --import tsx scripts/one-task-wasm.ts
 */
import { oneTaskWasmBytes } from '../sparse/linalg/one-task-wasm.js';

console.log(Buffer.from(oneTaskWasmBytes()).toString('base64'));
