/**
 * Late-bound constructors of the four formats (each format's module registers itself), so that
 * shared code can build results of any format without import cycles.
 */
import type { sparray } from './base.js';
import type { Coo, Csr, Dia } from './core/types.js';

export const wrap = {
  /** A CSR array over a CSR structure. */
  csr: null as unknown as (s: Csr) => sparray,
  /** A CSC array over the CSR structure of its transpose. */
  csc: null as unknown as (t: Csr) => sparray,
  /** A COO array. */
  coo: null as unknown as (c: Coo) => sparray,
  /** A DIA array. */
  dia: null as unknown as (d: Dia) => sparray,
};
