/**
 * Every kernel name of the sparse library, in one place (CONVENTIONS.md 6). Hot kernels are
 * registered once per value dtype (`<name>.<dtype>`), so each compiled loop stays monomorphic.
 */

/** CSR SpMV `y = A x` over a piece of rows. */
export const CSR_SPMV = 'sparse.csr.spmv';
/** CSR SpMM `C = A B` (B, C dense row-major) over a piece of rows. */
export const CSR_SPMM = 'sparse.csr.spmm';
/** DIA SpMV over a piece of rows. */
export const DIA_SPMV = 'sparse.dia.spmv';
/** Scatters CSR rows into a dense row-major matrix (toarray). */
export const CSR_TODENSE = 'sparse.csr.todense';
/** Adds `sign ×` CSR rows into an existing dense matrix (sparse ± dense). */
export const CSR_ADD_DENSE = 'sparse.csr.adddense';
/** Expands CSR `indptr` into a COO row array. */
export const CSR_EXPAND_ROWS = 'sparse.csr.expandrows';
/** Inclusive scan of per-row counts into `indptr` (one piece). */
export const SCAN = 'sparse.scan';
/** Canonicalization, phase 1: distinct columns per row. */
export const CANON_COUNT = 'sparse.canon.count';
/** Canonicalization, phase 2: sorted rows with duplicates summed. */
export const CANON_FILL = 'sparse.canon.fill';
/** Row filters (explicit zeros, tril/triu, a diagonal), phase 1. */
export const FILTER_COUNT = 'sparse.filter.count';
/** Row filters, phase 2. */
export const FILTER_FILL = 'sparse.filter.fill';
/** Union / intersection of canonical CSR rows, phase 1. */
export const BINOP_COUNT = 'sparse.binop.count';
/** Union / intersection of canonical CSR rows, phase 2. */
export const BINOP_FILL = 'sparse.binop.fill';
/** SpGEMM (Gustavson), phase 1: symbolic count (distinct columns per row of A B). */
export const SPGEMM_COUNT = 'sparse.spgemm.count';
/** SpGEMM (Gustavson), phase 2: numeric fill, rows sorted, zero sums dropped. */
export const SPGEMM_FILL = 'sparse.spgemm.fill';
/** SpGEMM, phase 3 (only when a sum was zero): rows copied together. */
export const SPGEMM_COMPACT = 'sparse.spgemm.compact';
/** Dense → CSR, phase 1: nonzeros per row. */
export const DENSE_COUNT = 'sparse.dense.count';
/** Dense → CSR, phase 2. */
export const DENSE_FILL = 'sparse.dense.fill';
/** DIA → CSR, phase 1. */
export const DIA_COUNT = 'sparse.dia.count';
/** DIA → CSR, phase 2. */
export const DIA_FILL = 'sparse.dia.fill';
/** Element-wise map of values (scale, divide, power, abs, negate, cast). */
export const MAP_VALUES = 'sparse.values.map';
/** Copies a range of a 1-D array, optionally shifting values (row slicing, stacking). */
export const COPY_SHIFT = 'sparse.copy.shift';
/** CSR × dense element-wise (the sparse pattern is kept). */
export const CSR_MUL_DENSE = 'sparse.csr.muldense';
/** Row sums of CSR. */
export const CSR_ROW_SUM = 'sparse.csr.rowsum';
/** Column sums of CSR (one piece: columns are scattered). */
export const CSR_COL_SUM = 'sparse.csr.colsum';
/** Sum / count-nonzero partials of a values array. */
export const VALUES_REDUCE = 'sparse.values.reduce';
/** The k-th diagonal of CSR. */
export const CSR_DIAGONAL = 'sparse.csr.diagonal';
/** Writes a future (times a scalar) into a one-element store. */
export const FROM_FUTURE = 'sparse.fromfuture';
/** Multiplies an array by a scalar into another (means). */
export const SCALE_DENSE = 'sparse.dense.scale';
/** Kronecker product of two COO arrays, over A's entries. */
export const KRON = 'sparse.kron';
/** Checks a CSR structure (full check_format): returns an error code partial per block. */
export const CSR_CHECK = 'sparse.csr.check';
/** Sortedness / canonicity flags of CSR rows. */
export const CSR_FLAGS = 'sparse.csr.flags';
/** Math on stored values (`A.sqrt()`, `A.sin()`, ...; the scalar `maximum`/`minimum`). */
export const MAP_MATH = 'sparse.values.math';
/** Per-row maximum/minimum and its column over canonical CSR rows (`max`, `argmax`, ...). */
export const CSR_ROW_EXTREME = 'sparse.csr.rowextreme';
/** COO coordinates of a reshape: linear index → new (row, col). */
export const RESHAPE_COORDS = 'sparse.coo.reshape';
/** Gather of rows `R` and columns (all, or mapped through a column map), phase 1: counts. */
export const GATHER_COUNT = 'sparse.gather.count';
/** Gather, phase 2: the entries. */
export const GATHER_FILL = 'sparse.gather.fill';
/** Values at (row, column) pairs into a dense vector. */
export const GATHER_PAIRS = 'sparse.gather.pairs';
/** Assignment merge of canonical CSR rows (B's entries replace A's; B's zeros are stored), count. */
export const ASSIGN_COUNT = 'sparse.assign.count';
/** Assignment merge, fill. */
export const ASSIGN_FILL = 'sparse.assign.fill';
/** COO facts over chunks of entries: index ranges, row order, canonical order. */
export const COO_STATS_KERNEL = 'sparse.coo.stats';
/** CSR `indptr` of a COO in row order, by binary search (rows partitioned). */
export const SORTED_ROW_PTR = 'sparse.coo.sortedptr';
/** `col`, `data` of a COO in row order → CSR `indices`, `data` (entries partitioned; memcpy). */
export const SORTED_COPY = 'sparse.coo.sortedcopy';
/** CSR → CSR of the transpose, phase 1: entries per column of A. */
export const TRANSPOSE_COUNT = 'sparse.transpose.count';
/** CSR → CSR of the transpose, phase 2: rows of Aᵀ in A's row order. */
export const TRANSPOSE_FILL = 'sparse.transpose.fill';
/** kron(A, B) → CSR, phase 1: entries per result row. */
export const KRON_COUNT = 'sparse.kron.count';
/** kron(A, B) → CSR, phase 2: result rows in order. */
export const KRON_FILL = 'sparse.kron.fill';
/** Range check of a CSR structure (guards the Wasm kernels): 1 per block when in range. */
export const CSR_IN_RANGE = 'sparse.csr.inrange';
/** BSR SpMV `y = A x` over a piece of block rows. */
export const BSR_SPMV = 'sparse.bsr.spmv';
/** BSR SpMM `Y = A B` (B, Y dense row-major) over a piece of block rows. */
export const BSR_SPMM = 'sparse.bsr.spmm';
/** BSR → CSR over a piece of block rows (every stored block entry becomes a CSR entry). */
export const BSR_TOCSR = 'sparse.bsr.tocsr';
/** CSR → BSR, phase 1: distinct block columns per block row. */
export const BSR_COUNT = 'sparse.bsr.count';
/** CSR → BSR, phase 2: blocks in order of first appearance, values placed. */
export const BSR_FILL = 'sparse.bsr.fill';
/** SDDMM `C(i,j) = A(i,j) · Σ_l X(i,l) Y(l,j)` over a piece of rows of A's pattern. */
export const CSR_SDDMM = 'sparse.csr.sddmm';
/** `eye`: the k-th diagonal's COO entries (row, col, 1). */
export const EYE_FILL = 'sparse.eye.fill';
/** Counting sort of a COO in any order, phase 1: chunks staged by row block. */
export const COO_SCATTER = 'sparse.coo.scatter';
/** Counting sort, assembly count: entries per row from the staged segments. */
export const COO_STAGED_COUNT = 'sparse.coo.staged.count';
/** Counting sort, assembly fill: rows placed (and sorted) from the staged segments. */
export const COO_STAGED_FILL = 'sparse.coo.staged.fill';
/** DIA → CSR, tiled count (sparse/dia-csr.ts). */
export const DIA_COUNT_TILED = 'sparse.dia.count.tiled';
/** DIA → CSR, tiled fill. */
export const DIA_FILL_TILED = 'sparse.dia.fill.tiled';
/** CSR → DIA, phase 1: diagonals present (bitmap) and largest column per chunk of entries. */
export const DIA_SCAN = 'sparse.dia.scan';
/** CSR → DIA, phase 1: the chunks' bitmaps folded by OR. */
export const DIA_SCAN_OR = 'sparse.dia.scan.or';
/** CSR → DIA, phase 2: tiles of the diagonals (by columns) written from the rows. */
export const DIA_SCATTER = 'sparse.dia.scatter';
/** Constant diagonals → CSR: indptr in closed form. */
export const BAND_PTR = 'sparse.band.ptr';
/** Constant diagonals → CSR: the fill. */
export const BAND_FILL = 'sparse.band.fill';
/** `y = Sᵀ x` by blocks of outputs, without a transpose (sparse/core/spmv-transposed.ts). */
export const CSR_SPMV_T = 'sparse.csr.spmv.t';
/** `sparse.random`: each block's distinct sorted positions and values (sparse/kernels/random.ts). */
export const RANDOM_FILL = 'sparse.random.fill';
