/** The ported programs, in the order of the table. */

import type { Program } from './_program.js';
import { blackScholes } from './black-scholes.js';
import { cg } from './cg.js';
import { gemm } from './gemm.js';
import { gmg } from './gmg.js';
import { jacobi } from './jacobi.js';
import { kmeans } from './kmeans.js';
import { lasso } from './lasso.js';
import { linreg } from './linreg.js';
import { logreg } from './logreg.js';
import { pde } from './pde.js';
import { power } from './power.js';
import { rydberg } from './rydberg.js';
import { spmv } from './spmv.js';
import { stencil } from './stencil.js';

export type { Program } from './_program.js';

export const PROGRAMS: readonly Program[] = [
  jacobi,
  stencil,
  blackScholes,
  logreg,
  linreg,
  cg,
  gemm,
  kmeans,
  spmv,
  pde,
  gmg,
  power,
  lasso,
  rydberg,
];
