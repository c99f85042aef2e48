/**
 * `cohortjs/sparse/linalg`: SciPy's sparse linear algebra on cohort — Krylov solvers (`cg cgs bicg
 * bicgstab gmres minres …`), `LinearOperator`, `norm`, eigensolvers (`eigsh eigs svds lobpcg`),
 * `expm_multiply`, `onenormest` and the direct solvers. Built only on the
 * public dense (`cohortjs/numpy`) and sparse (`cohortjs/sparse`) APIs: the solvers run deferred and in
 * parallel, their scalars stay 0-d arrays, and a convergence check is their only read. Small `cg` and
 * `bicgstab` solves on CSR arrays run as one task instead (one-task.ts: the whole loop in one kernel,
 * bitwise the same results).
 */
export { bicg } from './bicg.js';
export { bicgstab } from './bicgstab.js';
export { cg } from './cg.js';
export { cgs } from './cgs.js';
export { type EigsOptions, eigs } from './eigs.js';
export { type EigshOptions, eigsh } from './eigsh.js';
export { ArpackNoConvergence } from './errors.js';
export { type ExpmMultiplyOptions, expm_multiply } from './expm-multiply.js';
export { type GmresOptions, gmres } from './gmres.js';
export {
  aslinearoperator,
  LinearOperator,
  type LinearOperatorConstructor,
  type LinearOperatorOptions,
  type MatrixLike,
  type Operand,
} from './interface.js';
export { type LgmresOptions, lgmres, type OuterVector } from './lgmres.js';
export { type BlockFunction, type LobpcgOptions, lobpcg } from './lobpcg.js';
export { type LsmrOptions, type LsmrResult, lsmr } from './lsmr.js';
export { type LsqrOptions, type LsqrResult, lsqr } from './lsqr.js';
export { type MinresOptions, minres } from './minres.js';
export { type NormOrd, norm } from './norm.js';
export { type OnenormestOptions, onenormest } from './onenormest.js';
export { type QmrOptions, type QmrSolver, qmr } from './qmr.js';
export {
  factorized,
  type PermcSpec,
  type SpiluOptions,
  type SpluOptions,
  SuperLU,
  spilu,
  splu,
} from './splu.js';
export { type SpsolveOptions, spsolve } from './spsolve.js';
export { type SpsolveTriangularOptions, spsolve_triangular } from './spsolve-triangular.js';
export { type SvdsOptions, svds } from './svds.js';
export type { SolverOptions } from './system.js';
export { type TfqmrOptions, tfqmr } from './tfqmr.js';

// Last: runs the library's warm-up once every module above is evaluated (sparse/linalg/warm.ts).
import './warm.js';
