/**
 * Late-bound constructors of the formats (each format's module registers itself), so that
 * shared code can build results of any format without import cycles.
 */
import type { BsrArray } from './bsr.js';
import type { CscArray, CsrArray } from './compressed.js';
import type { CooArray } from './coo.js';
import type { Coo, Csr, Dia } from './core/types.js';
import type { DiaArray } from './dia.js';
import type { DokArray } from './dok.js';
import type { LilArray } from './lil.js';

export const wrap = {
  /** A CSR array over a CSR structure. */
  csr: null as unknown as (s: Csr) => CsrArray,
  /** A CSC array over the CSR structure of its transpose. */
  csc: null as unknown as (t: Csr) => CscArray,
  /** A COO array. */
  coo: null as unknown as (c: Coo) => CooArray,
  /** A DIA array. */
  dia: null as unknown as (d: Dia) => DiaArray,
  /** A BSR array of a CSR structure with `blocksize` (estimated when omitted). */
  bsr: null as unknown as (s: Csr, blocksize?: readonly number[] | null) => BsrArray,
  /** A LIL array holding a CSR structure's entries (host rows). */
  lil: null as unknown as (s: Csr) => LilArray,
  /** A DOK array holding a CSR structure's entries (host map). */
  dok: null as unknown as (s: Csr) => DokArray,
};
