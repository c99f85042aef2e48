/**
 * The cohort side of the ported programs, in a fresh process:
 * `node --import tsx benchmarks/programs/_child.ts WORKERS NAME:N:OUT [NAME:N:OUT ...]`.
 * For each program: build its inputs and wait for them (not timed; see `settle`), then time `run()` together
 * with waiting for its result and getting its values (the first run, counted; see
 * `resultValues`), write the result as raw float64 to OUT and print one JSON line
 * `{"name", "n", "ms", "setupMs"}`.
 */
import { writeFileSync } from 'node:fs';
import * as np from 'cohortjs/numpy';
import { configure, fence } from 'cohortjs/runtime';
import * as sparse from 'cohortjs/sparse';
import { PROGRAMS } from './ports/index.js';

/**
 * Waits for the inputs as the twin has them: computed, nothing more. Each input's pending value
 * is issued (reaching `.store` materializes a lazy array; a sparse array's `data`, `indices`,
 * `indptr`, `offsets`), then `fence` waits for all work issued so far. No pass over the values:
 * until 2026-11-28 this read a sum of every input, an extra full pass over (and first touch of)
 * memory NumPy's setup never makes — stencil's `np.zeros` grid is calloc'd pages there, touched
 * only by the run — which counted 20–70 ms into cohort's setup.
 */
function settle(inputs: readonly unknown[]): void {
  const arrays: np.ndarray[] = [];
  for (const x of inputs) {
    if (x instanceof np.ndarray) arrays.push(x);
    else if (sparse.issparse(x)) {
      const parts = x as unknown as Record<string, unknown>;
      for (const k of ['data', 'indices', 'indptr', 'offsets']) {
        const v = parts[k];
        if (v instanceof np.ndarray) arrays.push(v);
      }
    }
  }
  for (const a of arrays) void a.store;
  fence();
  // `fence` does not throw a failed task's error: reading one element does, so an input that
  // failed to build fails here, in the setup, not inside the timed run.
  for (const a of arrays) if (a.size > 0) a.item(0);
}

/**
 * The finished result as float64 values, read the way the NumPy twin has its result: the
 * array's own memory once its writes are done (`to_ndarray`, zero copy) when it is a contiguous
 * float64 vector or matrix — NumPy's `ascontiguousarray(result, float64)` copies nothing there
 * either — else a copy (`toArray`, converted to float64).
 */
function resultValues(r: np.ndarray): Float64Array {
  const v = r.to_ndarray();
  const size = r.size;
  const contiguous = v.stride.every((st, d) => st === v.shape.slice(d + 1).reduce((a, b) => a * b, 1));
  if (v.data instanceof Float64Array && contiguous) return v.data.subarray(v.offset, v.offset + size);
  return Float64Array.from(r.toArray() as ArrayLike<number>);
}

const workers = Number(process.argv[2]);
configure({ workers });
for (const spec of process.argv.slice(3)) {
  const [name, nStr, out] = spec.split(':') as [string, string, string];
  const prog = PROGRAMS.find((p) => p.name === name);
  if (prog === undefined) throw new Error(`child: no program named '${name}'`);
  const n = Number(nStr);
  const s0 = performance.now();
  const { inputs, run } = prog.prepare(n);
  settle(inputs);
  const t0 = performance.now();
  const result = resultValues(run());
  const ms = performance.now() - t0;
  writeFileSync(out, new Uint8Array(result.buffer, result.byteOffset, result.byteLength));
  console.log(JSON.stringify({ name, n, ms, setupMs: t0 - s0 }));
}
