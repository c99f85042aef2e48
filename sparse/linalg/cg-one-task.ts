/**
 * `cg` as one task (one-task.ts): the loop of cg-host.ts in one kernel. Step for step the same
 * arithmetic as the per-launch loop — the CSR SpMV loop (`t = 0; t += v·x[j]` in storage order),
 * the dot's 4,096-element blocks (four accumulators over k ≡ 0…3 mod 4, the tail into the first,
 * `s0 + s1 + (s2 + s3)` per block, blocks added in order from 0), `z + p·β`, `x + p·α`, `r − q·α`,
 * the float64 divisions of the host scalars and the same stopping tests — so the result is
 * bitwise that of the per-launch loop, at every pool size.
 */
import * as np from '../../dense/index.js';
import {
  DEFAULT_REDUCTION_BLOCK,
  ensureKernel,
  type LaunchArg,
  launch,
  readStore,
} from '../../runtime/index.js';
import { broadcastRest, contiguous, csrParts, eligible, oneTask, oneTaskStats } from './one-task.js';
import { cgSource } from './one-task-kernels.js';
import type { System } from './system.js';

type ndarray = np.ndarray;

const CG_ONE_TASK = 'sparse.linalg.cg.one-task';

/**
 * Runs `cg` as one task when the system qualifies and the mapper says so; else undefined (the
 * caller runs the per-launch loop).
 * @param s - the system.
 * @param callback - the user's callback (one-task solves have none).
 * @returns `[x, info]`, or undefined.
 */
export function cgOneTask(s: System, callback: unknown): [ndarray, number] | undefined {
  if (!eligible(s, callback)) return undefined;
  const n = s.n;
  const A = csrParts(s.A, n);
  if (A === undefined) return undefined;
  const M = s.M === undefined ? undefined : csrParts(s.M, n);
  if (s.M !== undefined && M === undefined) return undefined;
  // One iteration: A (and M), and x, b, r, p, q (and z).
  const bytes = A.bytes + (M === undefined ? 5 * 8 * n : M.bytes + 6 * 8 * n);
  if (!oneTask('cg', bytes)) return undefined;
  ensureKernel(CG_ONE_TASK, () => ({ source: cgSource() }));
  const scratch: ndarray[] = [];
  const work = (): LaunchArg => {
    const v = np.empty([n]);
    scratch.push(v);
    return { store: v.store, privilege: 'write-discard' };
  };
  const outArr = np.empty([1]);
  const out = outArr.store;
  const args: LaunchArg[] = [
    { store: s.x.store, privilege: 'read-write' },
    { store: A.indptr, privilege: 'read' },
    { store: A.indices, privilege: 'read' },
    { store: A.data, privilege: 'read' },
    { store: contiguous(s.b), privilege: 'read' },
    work(),
    work(),
    work(),
    { store: out, privilege: 'write-discard' },
  ];
  if (M !== undefined) {
    args.push(
      { store: M.indptr, privilege: 'read' },
      { store: M.indices, privilege: 'read' },
      { store: M.data, privilege: 'read' },
      work(),
    );
  }
  launch({
    op: 'cg',
    kernel: CG_ONE_TASK,
    args,
    scalars: [
      n,
      s.rtol,
      s.atol,
      s.maxiter,
      s.hasX0 ? 1 : 0,
      M !== undefined ? 1 : 0,
      DEFAULT_REDUCTION_BLOCK,
    ],
    constraints: broadcastRest(args.length),
    key: 0,
    single: true,
  });
  oneTaskStats.solves++;
  const info = readStore(out)[0]!;
  for (const v of scratch) v.dispose();
  outArr.dispose();
  return [s.x, info];
}
