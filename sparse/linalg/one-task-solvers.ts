/**
 * `cg` and `bicgstab` as one task (one-task.ts): the loops of cg-host.ts and bicgstab-host.ts in
 * one kernel each (one-task-kernels.ts), bitwise the per-launch loops.
 */
import type * as np from '../../dense/index.js';
import { bicgstabGang, GANG_BICG_HELPERS } from './gang-bicgstab.js';
import { cgGang, GANG_CG_HELPERS } from './gang-cg.js';
import { type OneTaskKernel, solveOneTask } from './one-task.js';
import { bicgstabSource, cgSource, sourceOf } from './one-task-kernels.js';
import { epsOf, type System } from './system.js';

type ndarray = np.ndarray;

const CG: OneTaskKernel = {
  op: 'cg',
  name: 'sparse.linalg.cg.one-task',
  source: cgSource,
  vectors: 3, // r, p, q
  mVectors: 1, // z
  gang: { name: 'sparse.linalg.cg.gang', source: () => sourceOf(cgGang, GANG_CG_HELPERS) },
};

const BICGSTAB: OneTaskKernel = {
  op: 'bicgstab',
  name: 'sparse.linalg.bicgstab.one-task',
  source: bicgstabSource,
  vectors: 5, // r, r̃, p, v, t
  mVectors: 2, // p̂, ŝ
  gang: { name: 'sparse.linalg.bicgstab.gang', source: () => sourceOf(bicgstabGang, GANG_BICG_HELPERS) },
};

/**
 * `cg` as one task when the system qualifies and the mapper says so; else undefined.
 * @param s - the system.
 * @param callback - the user's callback (one-task solves have none).
 * @returns `[x, info]`, or undefined.
 */
export function cgOneTask(s: System, callback: unknown): [ndarray, number] | undefined {
  return solveOneTask(CG, s, callback);
}

/**
 * `bicgstab` as one task when the system qualifies and the mapper says so; else undefined.
 * @param s - the system.
 * @param callback - the user's callback.
 * @returns `[x, info]`, or undefined.
 */
export function bicgstabOneTask(s: System, callback: unknown): [ndarray, number] | undefined {
  return solveOneTask(BICGSTAB, s, callback, [epsOf(s.dtype) ** 2]);
}
