/**
 * Catalogue of bad inputs, part 3: cohort/sparse, cohort/sparse/linalg and cohort/io — the gaps
 * left by tests/sparse/errors.test.ts, tests/linalg/*.test.ts and tests/io/*.test.ts, and the
 * regressions the fuzzer found (raw TypeErrors, RangeErrors and Node system errors).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import * as np from '../../dense/index.js';
import {
  AllocationError,
  ArgumentTypeError,
  DTypeError,
  ShapeError,
  ValueError,
} from '../../runtime/index.js';
import * as sp from '../../sparse/index.js';
import { load, load_npz, mmread, mmwrite, save, save_npz } from '../../sparse/io/index.js';
import { cg, gmres, LinearOperator, minres } from '../../sparse/linalg/index.js';
import { type Row, runRows } from './rows.js';

const S = sp.csr_array(np.eye(3));
const b = np.ones([3]);
const dir = mkdtempSync(join(tmpdir(), 'cohort-reliability-'));

const sparse: Row[] = [
  {
    name: 'matmul: two dense operands (a raw TypeError)',
    call: () => sp.matmul(np.ones([2]), np.ones([2]) as never),
    error: ArgumentTypeError,
    message: /^matmul: argument 'b' expected a sparse array \(when a is dense\), received a ndarray$/,
    regression: true,
  },
  {
    name: 'dot: nothing at all (a raw TypeError)',
    call: () => (sp.dot as (...x: unknown[]) => unknown)(),
    error: ArgumentTypeError,
    message: /^matmul: missing required argument 'a'$/,
    regression: true,
  },
  {
    name: 'diags: diagonals of the wrong type (a raw TypeError)',
    call: () => sp.diags('x' as never),
    error: ArgumentTypeError,
    message: /^diags: argument 'diagonals' expected an array of diagonals or an ndarray, received "x"$/,
    regression: true,
  },
  {
    name: 'diags: offsets of the wrong type (a raw TypeError)',
    call: () => sp.diags([[1, 2]], 'x' as never),
    error: ArgumentTypeError,
    message: /^diags: argument 'offsets' expected an integer or an array of integers, received "x"$/,
    regression: true,
  },
  {
    name: 'diags: a null diagonal (a raw TypeError)',
    call: () => sp.diags([null] as never, [0]),
    error: ArgumentTypeError,
    message: /^diags: argument 'diagonals\[0\]' expected an array of numbers or an ndarray, received null$/,
    regression: true,
  },
  {
    name: 'diags: strings in a diagonal (gave NaN)',
    call: () => sp.diags([[1, 'x']] as never, [0]),
    error: ArgumentTypeError,
    message:
      /^diags: argument 'diagonals\[0\]' expected an array of numbers or an ndarray, received \[1, "x"\]$/,
    regression: true,
  },
  {
    name: 'diags: no diagonal and no shape (a raw TypeError)',
    call: () => sp.diags([], []),
    error: ValueError,
    message: /^diags: argument 'diagonals' expected at least one diagonal \(or a shape\), received \[\]$/,
    regression: true,
  },
  {
    name: 'eye: beyond int32 indices names eye (not createRegion)',
    call: () => sp.eye(3e9),
    error: ValueError,
    message: /^eye: argument 'm' expected at most 2147483647 \(int32 indices\), received 3000000000$/,
    regression: true,
  },
  {
    name: 'tril: options of the wrong type',
    call: () => sp.tril(S, 0, 'xyz' as never),
    error: ValueError,
    message: /^tril: argument 'format' expected one of csr, csc, coo, dia, bsr, lil, dok, received "xyz"$/,
    regression: true,
  },
  {
    name: 'hstack: options of the wrong type',
    call: () => sp.hstack([S, S], { fmt: 'csr' } as never),
    error: ArgumentTypeError,
    message: /^hstack: unknown option 'fmt' \(accepted keys: blocks, format, dtype\)$/,
    regression: true,
  },
  {
    name: 'random: 5e11 entries (a RangeError from a Set; now beyond int32 indices)',
    call: () => sp.random(1e6, 1e6, { density: 0.5 }),
    error: AllocationError,
    message:
      /^random: argument 'density' expected at most 2147483647 entries \(density·m·n; int32 indices\), received "500000000000 entries"$/,
    regression: true,
  },
  {
    name: 'random: density NaN',
    call: () => sp.random(3, 3, { density: Number.NaN }),
    error: ValueError,
    message: /^random: argument 'density' expected a number in \[0, 1\], received NaN$/,
  },
  {
    name: 'power: a string',
    call: () => S.power('x' as never),
    error: ArgumentTypeError,
    message: /^power: argument 'n' expected a number, received "x"$/,
  },
  {
    name: 'asformat: an unknown format',
    call: () => S.asformat('xyz' as never),
    error: ValueError,
    message:
      /^asformat: argument 'format' expected one of csr, csc, coo, dia, bsr, lil, dok, received "xyz"$/,
  },
  {
    name: 'astype: unknown dtype',
    call: () => S.astype('x' as never),
    error: DTypeError,
    message: /^astype: argument 'dtype' expected one of .*, received "x"$/,
  },
  {
    name: 'sum: axis out of range',
    call: () => S.sum(3),
    error: ValueError,
    message: /^sum: argument 'axis' expected null, 0, 1, -1 or -2, received 3$/,
  },
  {
    name: 'diagonal: fractional k',
    call: () => S.diagonal(1.5),
    error: ArgumentTypeError,
    message: /^diagonal: argument 'k' expected an integer, received 1\.5$/,
  },
  {
    name: 'add: dense of another shape',
    call: () => S.add(np.ones([2, 2])),
    error: ShapeError,
    message: /^add: argument 'b' with shape \[2,2\] cannot broadcast to \[3,3\]$/,
  },
  {
    name: 'coo_array: a NaN index',
    call: () => sp.coo_array([[1], [[Number.NaN], [0]]]),
    error: ValueError,
    message: /^coo_array: argument 'row' expected int32 integers, received "NaN at position 0"$/,
  },
];

const linalg: Row[] = [
  {
    name: 'cg: options of the wrong type',
    call: () => cg(S, b, 3 as never),
    error: ArgumentTypeError,
    message: /^cg: argument 'x0' expected an ndarray or an array of numbers, received 3$/,
  },
  {
    name: 'cg: rtol NaN',
    call: () => cg(S, b, { rtol: Number.NaN }),
    error: ValueError,
    message: /^cg: argument 'rtol' expected a non-negative number, received NaN$/,
  },
  {
    name: 'cg: maxiter negative',
    call: () => cg(S, b, { maxiter: -1 }),
    error: ValueError,
    message: /^cg: argument 'maxiter' expected a non-negative integer, received -1$/,
  },
  {
    name: 'cg: x0 of the wrong type',
    call: () => cg(S, b, { x0: 'x' as never }),
    error: ArgumentTypeError,
    message: /^cg: argument 'x0' expected an ndarray or an array of numbers, received "x"$/,
  },
  {
    name: 'cg: b of the wrong type',
    call: () => cg(S, 'x' as never),
    error: ArgumentTypeError,
    message: /^cg: argument 'b' expected an ndarray or an array of numbers, received "x"$/,
  },
  {
    name: 'gmres: restart 0',
    call: () => gmres(S, b, { restart: 0 }),
    error: ValueError,
    message: /^gmres: argument 'restart' expected a positive integer, received 0$/,
  },
  {
    name: 'minres: shift of the wrong type (message named no expectation)',
    call: () => minres(S, b, { shift: 'x' as never }),
    error: ArgumentTypeError,
    message: /^minres: argument 'shift' expected a number, received "x"$/,
    regression: true,
  },
  {
    name: 'LinearOperator: null options',
    call: () => new LinearOperator(null as never),
    error: ArgumentTypeError,
    message: /^LinearOperator: argument 'shape' expected a shape \[rows, cols\], received null$/,
  },
  {
    name: 'LinearOperator: a negative dimension',
    call: () => new LinearOperator({ shape: [-1, 2], matvec: (v) => v }),
    error: ShapeError,
    message: /^LinearOperator: argument 'shape' expected two non-negative integers, received \[-1, 2\]$/,
  },
];

const io: Row[] = [
  {
    name: 'mmread: a number as path (a raw TypeError)',
    call: () => mmread(123 as never),
    error: ArgumentTypeError,
    message:
      /^mmread: argument 'file' expected a path \(a non-empty string\) or the bytes of a file \(Buffer, Uint8Array\), received 123$/,
    regression: true,
  },
  {
    name: 'mmread: a missing file (a raw ENOENT Error)',
    call: () => mmread(join(dir, 'missing.mtx')),
    error: ValueError,
    message:
      /^mmread: argument 'path' expected a readable file, received ".*" \(ENOENT: no such file or directory, open .*missing\.mtx/,
    regression: true,
  },
  {
    name: 'load_npz: a directory (a raw EISDIR Error)',
    call: () => load_npz(dir),
    error: ValueError,
    message: /^load_npz: argument 'path' expected a readable file, received ".*" \(EISDIR: /,
    regression: true,
  },
  {
    name: 'load: null path (a raw TypeError)',
    call: () => load(null as never),
    error: ArgumentTypeError,
    message:
      /^load: argument 'file' expected a path \(a non-empty string\) or the bytes of a file \(Buffer, Uint8Array\), received null$/,
    regression: true,
  },
  {
    name: 'mmwrite: into a missing directory (a raw ENOENT Error)',
    call: () => mmwrite(join(dir, 'no', 'a.mtx'), S),
    error: ValueError,
    message: /^mmwrite: argument 'path' expected a writable file path, received ".*" \(ENOENT: /,
    regression: true,
  },
  {
    name: 'mmwrite: options of the wrong type',
    call: () => mmwrite(join(dir, 'a.mtx'), S, { fields: 'real' } as never),
    error: ArgumentTypeError,
    message:
      /^mmwrite: unknown option 'fields' \(accepted keys: path, A, comment, field, precision, symmetry\)$/,
    regression: true,
  },
  {
    name: 'save_npz: null path (a raw TypeError)',
    call: () => save_npz(null as never, S),
    error: ArgumentTypeError,
    message: /^save_npz: argument 'path' expected a non-empty string, received null$/,
    regression: true,
  },
  {
    name: 'save: an empty path',
    call: () => save('', np.ones([2])),
    error: ArgumentTypeError,
    message: /^save: argument 'path' expected a non-empty string, received ""$/,
    regression: true,
  },
];

describe('catalogue: cohort/sparse', () => runRows(sparse));
describe('catalogue: cohort/sparse/linalg', () => runRows(linalg));
describe('catalogue: cohort/io', () => runRows(io));
