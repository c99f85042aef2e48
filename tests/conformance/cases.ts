/**
 * The conformance cases of issue #19, translated from NumPy's and SciPy's docstring examples and
 * test files as a porting user would write them (keywords → one options object, tuples → arrays,
 * operators → methods). Expected results come from NumPy/SciPy: see
 * scripts/fixtures_conformance.py and tests/fixtures/conformance/expected.json.
 */
import * as np from '../../dense/index.js';
import * as sp from '../../sparse/index.js';
import * as spla from '../../sparse/linalg/index.js';

const a33 = () => np.arange(9).reshape(3, 3);
const T = () =>
  sp.csr_array([
    [1, 2, 0, 0, 3],
    [4, 5, 0, 6, 7],
    [0, 0, 8, 9, 0],
  ]);
const M3 = () =>
  sp.csr_array([
    [0, 1, 2],
    [3, -4, 5],
    [-6, 7, 9],
  ]);

/** Case id → the ported call. */
export const CASES: Record<string, () => unknown> = {
  'clip-1': () => np.clip(np.arange(10), 1, 8),
  'clip-2': () => np.clip(np.arange(10), 8, 1),
  'clip-3': () => np.clip(np.arange(10), [3, 4, 1, 1, 1, 4, 4, 4, 4, 4], 8),
  'clip-uint8': () => np.clip(np.array([1, 2, 3], { dtype: np.uint8 }), -1, 300),
  'clip-min-kw': () => np.clip(np.arange(5), { min: 1, max: 3 }),
  'sum-1': () => np.sum([0.5, 1.5]),
  'sum-2': () =>
    np.sum([
      [0, 1],
      [0, 5],
    ]),
  'sum-3': () =>
    np.sum(
      [
        [0, 1],
        [0, 5],
      ],
      { axis: 0 },
    ),
  'sum-4': () =>
    np.sum(
      [
        [0, 1],
        [0, 5],
      ],
      { axis: 1 },
    ),
  'sum-5': () => np.sum([10], { initial: 5 }),
  'sum-6': () => np.sum([0.5, 0.7, 0.2, 1.5], { dtype: np.int32 }),
  'mean-1': () =>
    np.mean(
      np.array([
        [1, 2],
        [3, 4],
      ]),
    ),
  'mean-2': () =>
    np.mean(
      np.array([
        [1, 2],
        [3, 4],
      ]),
      { axis: 0 },
    ),
  'mean-3': () =>
    np.mean(
      np.array([
        [1, 2],
        [3, 4],
      ]),
      { axis: 1 },
    ),
  'var-1': () =>
    np.var(
      np.array([
        [1, 2],
        [3, 4],
      ]),
    ),
  'var-2': () =>
    np.var(
      np.array([
        [1, 2],
        [3, 4],
      ]),
      { axis: 0 },
    ),
  'std-1': () =>
    np.std(
      np.array([
        [1, 2],
        [3, 4],
      ]),
      { axis: 1 },
    ),
  'prod-1': () =>
    np.prod(
      np.array(
        [
          [1, 2],
          [3, 4],
        ],
        { dtype: 'float64' },
      ),
      { axis: 1 },
    ),
  'amax-1': () => np.max(np.arange(4).reshape([2, 2]), { axis: 0 }),
  'amax-2': () => np.max([5], { initial: 6 }),
  'argmax-1': () => np.argmax(np.arange(6).reshape(2, 3).add(10), { axis: 1 }),
  'cumsum-1': () =>
    np.cumsum(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
    ),
  'cumsum-2': () =>
    np.cumsum(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
      { dtype: np.float64 },
    ),
  'cumsum-3': () =>
    np.cumsum(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
      { axis: 0 },
    ),
  'arange-1': () => np.arange(3),
  'arange-2': () => np.arange(3, { dtype: 'float64' }),
  'arange-3': () => np.arange(3, 7),
  'arange-4': () => np.arange(3, 7, 2),
  'arange-dtype': () => np.arange(6, { dtype: 'float64' }),
  'linspace-1': () => np.linspace(2.0, 3.0, { num: 5 }),
  'linspace-2': () => np.linspace(2.0, 3.0, { num: 5, endpoint: false }),
  'linspace-3': () =>
    (np.linspace(2.0, 3.0, { num: 5, retstep: true }) as unknown as [np.ndarray, number])[1],
  'eye-1': () => np.eye(2, { dtype: np.int32 }),
  'eye-2': () => np.eye(3, { k: 1 }),
  'identity-1': () => np.identity(3),
  'diag-1': () => np.diag(a33()),
  'diag-2': () => np.diag(a33(), { k: 1 }),
  'diag-3': () => np.diag(a33(), { k: -1 }),
  'diag-4': () => np.diag(np.diag(a33())),
  'full-1': () => np.full([2, 2], np.inf),
  'full-2': () => np.full([2, 2], 10),
  'zeros_like-1': () => np.zeros_like(np.arange(6).reshape([2, 3])),
  'ones-1': () => np.ones([5], { dtype: np.int32 }),
  'reshape-1': () => np.reshape(np.arange(6), [3, -1]),
  'reshape-F': () =>
    np.reshape(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
      [3, 2],
      { order: 'F' },
    ),
  'ravel-1': () =>
    np.ravel(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
    ),
  'ravel-F': () =>
    np.ravel(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
      { order: 'F' },
    ),
  'transpose-1': () => np.transpose(np.ones([1, 2, 3]), [1, 0, 2]).shape,
  'swapaxes-1': () => np.swapaxes(np.array([[1, 2, 3]]), 0, 1),
  'expand_dims-1': () => np.expand_dims(np.array([1, 2]), { axis: [0, 1] }).shape,
  'squeeze-1': () => np.squeeze(np.array([[[0], [1], [2]]]), { axis: 0 }).shape,
  'concatenate-1': () =>
    np.concatenate(
      [
        np.array([
          [1, 2],
          [3, 4],
        ]),
        np.array([[5, 6]]),
      ],
      { axis: 0 },
    ),
  'concatenate-2': () =>
    np.concatenate(
      [
        np.array([
          [1, 2],
          [3, 4],
        ]),
        np.array([[5, 6]]).T,
      ],
      { axis: 1 },
    ),
  'concatenate-3': () =>
    np.concatenate(
      [
        np.array([
          [1, 2],
          [3, 4],
        ]),
        np.array([[5, 6]]),
      ],
      { axis: null },
    ),
  'stack-1': () => np.stack([np.array([1, 2, 3]), np.array([4, 5, 6])], { axis: -1 }),
  'hstack-1': () => np.hstack([np.array([1, 2, 3]), np.array([4, 5, 6])]),
  'vstack-1': () => np.vstack([np.array([1, 2, 3]), np.array([4, 5, 6])]),
  'sqrt-1': () => np.sqrt([1, 4, 9]),
  'power-1': () => np.power([0, 1, 2, 3, 4, 5], 3),
  'power-2': () => np.power([0, 1, 2, 3, 4, 5], np.array([1, 2, 3, 3, 2, 1], { dtype: 'float64' })),
  'power-neg': () => np.power(np.array([2]), -1),
  'maximum-1': () => np.maximum([2, 3, 4], [1, 5, 2]),
  'add-1': () =>
    np.add(np.arange(9, { dtype: 'float64' }).reshape([3, 3]), np.arange(3, { dtype: 'float64' })),
  'where-1': () => np.where(np.less(np.arange(10), 5), np.arange(10), np.multiply(10, np.arange(10))),
  'isclose-1': () => np.isclose([1e10, 1e-7], [1.00001e10, 1e-8]),
  'isclose-2': () => np.isclose([1.0, np.nan], [1.0, np.nan], { equal_nan: true }),
  'allclose-1': () => np.allclose([1e10, 1e-8], [1.00001e10, 1e-9]),
  'allclose-2': () => np.allclose([1.0, np.nan], [1.0, np.nan], { equal_nan: true }),
  'array_equal-1': () => np.array_equal([1, 2], [1, 2]),
  'array_equal-2': () => np.array_equal([1, 2], [1, 2, 3]),
  'array_equal-3': () => np.array_equal(np.array([1, np.nan]), np.array([1, np.nan]), { equal_nan: true }),
  'dot-1': () => np.dot(3, 4),
  'dot-2': () =>
    np.dot(
      [
        [1, 0],
        [0, 1],
      ],
      [
        [4, 1],
        [2, 2],
      ],
    ),
  'vdot-1': () =>
    np.vdot(
      np.array([
        [1, 4],
        [5, 6],
      ]),
      np.array([
        [4, 1],
        [2, 2],
      ]),
    ),
  'inner-1': () => np.inner(np.array([1, 2, 3]), np.array([0, 1, 0])),
  'outer-1': () => np.outer(np.ones(3), np.linspace(-2, 2, 3)),
  'matmul-1': () =>
    np.matmul(
      [
        [1, 0],
        [0, 1],
      ],
      [
        [4, 1],
        [2, 2],
      ],
    ),
  'norm-1': () => np.linalg.norm(np.subtract(np.arange(9), 4)),
  'norm-2': () => np.linalg.norm(np.subtract(np.arange(9), 4).reshape([3, 3]), np.inf),
  'norm-3': () =>
    np.linalg.norm(
      np.array([
        [1, 2, 3],
        [-1, 1, 4],
      ]),
      { axis: 0 },
    ),
  'norm-4': () =>
    np.linalg.norm(
      np.array([
        [1, 2, 3],
        [-1, 1, 4],
      ]),
      { ord: 1, axis: 1 },
    ),
  'count_nonzero-1': () =>
    np.count_nonzero(
      np.array([
        [0, 1, 7, 0],
        [3, 0, 2, 19],
      ]),
      { axis: 0 },
    ),
  'all-1': () =>
    np.all(
      [
        [true, false],
        [true, true],
      ],
      { axis: 0 },
    ),
  'any-1': () =>
    np.any(
      [
        [true, false],
        [false, false],
      ],
      { axis: 0 },
    ),
  'astype-1': () => np.array([1, 2, 2.5]).astype(np.int32),
  'sum-axis-typo': () => np.sum(np.ones(2), { axsi: 0 } as never),
  'sp-diags-1': () => sp.diags([1, -2, 1], [-1, 0, 1], { shape: [4, 4] }).toarray(),
  'sp-diags-2': () =>
    sp
      .diags(
        [
          [1, 2, 3, 4],
          [1, 2, 3],
          [1, 2],
        ],
        [0, -1, 2],
      )
      .toarray(),
  'sp-diags-3': () => sp.diags([1, 2, 3], 1).toarray(),
  'sp-eye-1': () => sp.eye(3, { dtype: 'int8' as never }).toarray(),
  'sp-eye-k': () => sp.eye(3, { k: 1 }).toarray(),
  'sp-identity-1': () => sp.identity(3).toarray(),
  'sp-kron-1': () =>
    sp
      .kron(
        sp.csr_array(
          np.array([
            [0, 2],
            [5, 0],
          ]),
        ),
        sp.csr_array(
          np.array([
            [1, 2],
            [3, 4],
          ]),
        ),
      )
      .toarray(),
  'sp-hstack-1': () =>
    sp
      .hstack([
        sp.coo_array([
          [1, 2],
          [3, 4],
        ]),
        sp.coo_array([[5], [6]]),
      ])
      .toarray(),
  'sp-vstack-1': () =>
    sp
      .vstack([
        sp.coo_array([
          [1, 2],
          [3, 4],
        ]),
        sp.coo_array([[5, 6]]),
      ])
      .toarray(),
  'sp-block_diag-1': () =>
    sp
      .block_diag([
        sp.coo_array([
          [1, 2],
          [3, 4],
        ]),
        sp.coo_array([[5], [6]]),
        sp.coo_array([[7]]),
      ])
      .toarray(),
  'sp-tril-1': () => sp.tril(T()).toarray(),
  'sp-tril-2': () => sp.tril(T(), { k: 1 }).toarray(),
  'sp-triu-1': () => sp.triu(T(), { k: -1 }).toarray(),
  'sp-csr-dense': () =>
    sp
      .csr_array([
        [1, 2, 3, 4],
        [0, 5, 1, 2],
        [0, 1, 3, 3],
      ])
      .toarray(),
  'sp-csr-triple': () =>
    sp
      .csr_array([np.array([1, 2, 3, 4, 5, 6]), np.array([0, 2, 2, 0, 1, 2]), np.array([0, 2, 3, 6])], {
        shape: [3, 3],
      })
      .toarray(),
  'sp-csr-coo': () =>
    sp
      .csr_array(
        [np.array([1, 2, 3, 4, 5, 6]), [np.array([0, 0, 1, 2, 2, 2]), np.array([0, 2, 2, 0, 1, 2])]],
        {
          shape: [3, 3],
        },
      )
      .toarray(),
  'sp-csr-dups': () =>
    sp
      .csr_array(
        [np.array([1, 1, 1, 1, 1, 1]), [np.array([0, 1, 1, 0, 0, 1]), np.array([0, 2, 2, 0, 0, 0])]],
        {
          shape: [3, 3],
        },
      )
      .toarray(),
  'sp-sum-axis0': () => M3().sum({ axis: 0 }),
  'sp-sum-axis1': () => M3().sum({ axis: 1 }),
  'sp-mean-all': () => M3().mean(),
  'sp-diagonal-k': () =>
    sp
      .csr_array([
        [1, 2, 3],
        [4, 5, 6],
      ])
      .diagonal({ k: 1 }),
  'sp-count_nonzero-axis': () =>
    sp
      .csr_array([
        [0, 1, 0],
        [2, 0, 3],
      ])
      .count_nonzero({ axis: 0 }),
  'sp-matmul-scalar': () =>
    sp
      .csr_array([
        [1, 2],
        [3, 4],
      ])
      .matmul(3 as never),
  'sp-dot-vec': () =>
    sp
      .csr_array([
        [1, 0, 2],
        [0, 3, 0],
      ])
      .matmul(np.array([1, 2, 3])),
  'sp-add-dense': () =>
    sp
      .csr_array([
        [1, 0],
        [0, 2],
      ])
      .add(np.ones([2, 2])),
  'sp-add-broadcast': () =>
    sp
      .csr_array([
        [1, 0],
        [0, 2],
      ])
      .add(np.ones(2)),
  'spla-cg-tol': () => spla.cg(sp.eye(3), np.ones(3), { tol: 1e-12 } as never),
  'spla-norm-1': () => spla.norm(sp.csr_array(np.subtract(np.arange(9), 4).reshape([3, 3]))),
  'spla-norm-inf': () => spla.norm(sp.csr_array(np.subtract(np.arange(9), 4).reshape([3, 3])), np.inf),
  'spla-norm-axis': () => spla.norm(sp.csr_array(np.subtract(np.arange(9), 4).reshape([3, 3])), { axis: 1 }),
  'mix-add': () =>
    np.ones([2, 2]).add(
      sp.csr_array([
        [1, 0],
        [2, 3],
      ]),
    ),
  'mix-sub': () =>
    np.ones([2, 2]).subtract(
      sp.csr_array([
        [1, 0],
        [2, 3],
      ]),
    ),
  'mix-mul': () =>
    np
      .ones([2, 2])
      .multiply(
        sp.csr_array([
          [1, 0],
          [2, 3],
        ]),
      )
      .toarray(),
  'mix-matmul': () =>
    np.array([1, 1]).matmul(
      sp.csr_array([
        [1, 0],
        [2, 3],
      ]),
    ),
  'mix-matmul-2d': () =>
    np
      .array([
        [1, 1],
        [0, 1],
      ])
      .matmul(
        sp.csr_array([
          [1, 0],
          [2, 3],
        ]),
      ),
  'mix-div': () =>
    np.ones([2, 2]).divide(
      sp.csr_array([
        [1, 0],
        [2, 3],
      ]),
    ),
  // ---- methods bound to their signatures (issue #19, second part) ----
  'item-1': () => np.arange(9).reshape(3, 3).item(3),
  'item-2': () => np.arange(9).reshape(3, 3).item(7),
  'item-3': () => np.arange(9).reshape(3, 3).item([0, 1]),
  'item-4': () => np.arange(9).reshape(3, 3).item(2, 2),
  'item-size': () => np.arange(9).reshape(3, 3).item(),
  'item-oob': () => np.arange(9).reshape(3, 3).item(9),
  'item-nargs': () => np.arange(9).reshape(3, 3).item(1, 2, 0),
  'fill-1': () => np.array([1, 2]).fill(0),
  'fill-kw': () => np.array([1, 2]).fill({ value: 0 } as never),
  'flatten-1': () =>
    np
      .array([
        [1, 2],
        [3, 4],
      ])
      .flatten(),
  'flatten-2': () =>
    np
      .array([
        [1, 2],
        [3, 4],
      ])
      .flatten('F'),
  'flatten-kw': () =>
    np
      .array([
        [1, 2],
        [3, 4],
      ])
      .flatten({ order: 'F' }),
  'sp-transpose-1': () =>
    sp
      .csr_array([
        [1, 2, 0],
        [0, 0, 3],
      ])
      .transpose()
      .toarray(),
  'sp-transpose-copy': () =>
    sp
      .coo_array([
        [1, 2, 0],
        [0, 0, 3],
      ])
      .transpose({ copy: true })
      .toarray(),
  'sp-transpose-axes': () =>
    sp
      .csr_array([
        [1, 2, 0],
        [0, 0, 3],
      ])
      .transpose({ axes: [0, 1] }),
  'sp-copy': () =>
    sp
      .csc_array([
        [1, 0],
        [0, 2],
      ])
      .copy()
      .toarray(),
  'sp-neg': () =>
    sp
      .csr_array([
        [1, -2],
        [0, 3],
      ])
      .neg()
      .toarray(),
  'sp-abs': () =>
    sp
      .csr_array([
        [1, -2],
        [0, -3],
      ])
      .abs()
      .toarray(),
  'sp-eliminate-zeros': () => {
    const A = sp.csr_array([new Float64Array([1, 0, 2]), new Int32Array([0, 1, 2]), new Int32Array([0, 3])], {
      shape: [1, 3],
    });
    A.eliminate_zeros();
    return A.nnz;
  },
  'sp-sum-duplicates': () => {
    const A = sp.coo_array(
      [
        [1, 2, 3],
        [
          [0, 0, 1],
          [1, 1, 0],
        ],
      ],
      { shape: [2, 2] },
    );
    A.sum_duplicates();
    return A.nnz;
  },
  'sp-check-format': () =>
    sp
      .csr_array([new Float64Array([1, 2]), new Int32Array([0, 5]), new Int32Array([0, 2])], {
        shape: [1, 2],
      })
      .check_format(),
  'np-add-sparse': () => np.add(D22(), S22()),
  'np-subtract-sparse': () => np.subtract(S22(), D22()),
  'np-multiply-sparse': () => np.multiply(D22(), S22()).toarray(),
  'np-matmul-sparse': () => np.matmul(D22(), S22()),
  'np-dot-sparse': () => np.dot(S22(), D22()),
  // ---- Tier 2 (issue #20) ----
  'sort-1': () =>
    np.sort(
      np.array([
        [1, 4],
        [3, 1],
      ]),
    ),
  'sort-2': () =>
    np.sort(
      np.array([
        [1, 4],
        [3, 1],
      ]),
      { axis: null },
    ),
  'sort-3': () =>
    np.sort(
      np.array([
        [1, 4],
        [3, 1],
      ]),
      { axis: 0 },
    ),
  'argsort-1': () => np.argsort(np.array([3, 1, 2])),
  'argsort-2': () =>
    np.argsort(
      np.array([
        [0, 3],
        [2, 2],
      ]),
      { axis: 0 },
    ),
  'unique-1': () => np.unique([1, 1, 2, 2, 3, 3]),
  'unique-2': () =>
    np.unique(
      np.array([
        [1, 1],
        [2, 3],
      ]),
    ),
  'searchsorted-1': () => np.searchsorted([11, 12, 13, 14, 15], 13),
  'searchsorted-2': () => np.searchsorted([11, 12, 13, 14, 15], 13, { side: 'right' }),
  'searchsorted-3': () => np.searchsorted([11, 12, 13, 14, 15], [-10, 20, 12, 13]),
  'diff-1': () => np.diff(np.array([1, 2, 4, 7, 0])),
  'diff-2': () => np.diff(np.array([1, 2, 4, 7, 0]), { n: 2 }),
  'diff-3': () =>
    np.diff(
      np.array([
        [1, 3, 6, 10],
        [0, 5, 6, 8],
      ]),
      { axis: 0 },
    ),
  'take-1': () => np.take([4, 3, 5, 7, 6, 8], [0, 1, 4]),
  'take-2': () =>
    np.take(
      [4, 3, 5, 7, 6, 8],
      [
        [0, 1],
        [2, 3],
      ],
    ),
  'nonzero-1': () =>
    np.nonzero(
      np.array([
        [3, 0, 0],
        [0, 4, 0],
        [5, 6, 0],
      ]),
    )[1],
  'bincount-1': () => np.bincount(np.array([0, 1, 1, 3, 2, 1, 7])),
  'bincount-2': () =>
    np.bincount(np.array([0, 1, 1, 2, 2, 2]), { weights: np.array([0.3, 0.5, 0.2, 0.7, 1, -0.6]) }),
  'einsum-1': () => np.einsum('ii', np.arange(25).reshape(5, 5)),
  'einsum-2': () => np.einsum('ii->i', np.arange(25).reshape(5, 5)),
  'einsum-3': () => np.einsum('ij,j', np.arange(25).reshape(5, 5), np.arange(5)),
  'round-1': () => np.round([0.37, 1.64]),
  'round-2': () => np.round([0.37, 1.64], { decimals: 1 }),
  'round-3': () => np.round([0.5, 1.5, 2.5, 3.5, 4.5]),
  'round-4': () => np.round([1, 2, 3, 11], { decimals: -1 }),
  'mod-1': () => np.remainder([4, 7], [2, 3]),
  'mod-2': () => np.remainder(np.arange(7), 5),
  'log2-1': () => np.log2(np.array([0, 1, 2, 2 ** 4])),
  'log10-1': () => np.log10([1e-15, -3]),
  'isinf-1': () => np.isinf([np.inf, -np.inf, 1.0, np.nan]),
  'nansum-1': () =>
    np.nansum(
      np.array([
        [1, 2],
        [3, np.nan],
      ]),
      { axis: 0 },
    ),
  'nanmean-1': () =>
    np.nanmean(
      np.array([
        [1, np.nan],
        [3, 4],
      ]),
      { axis: 1 },
    ),
  'nanmax-1': () =>
    np.nanmax(
      np.array([
        [1, 2],
        [3, np.nan],
      ]),
      { axis: 1 },
    ),
  'nanmin-1': () =>
    np.nanmin(
      np.array([
        [1, 2],
        [3, np.nan],
      ]),
      { axis: 0 },
    ),
  'median-1': () =>
    np.median(
      np.array([
        [10, 7, 4],
        [3, 2, 1],
      ]),
      { axis: 0 },
    ),
  'median-2': () =>
    np.median(
      np.array([
        [10, 7, 4],
        [3, 2, 1],
      ]),
      { axis: 1 },
    ),
  'percentile-1': () =>
    np.percentile(
      np.array([
        [10, 7, 4],
        [3, 2, 1],
      ]),
      50,
    ),
  'percentile-2': () =>
    np.percentile(
      np.array([
        [10, 7, 4],
        [3, 2, 1],
      ]),
      50,
      { axis: 0 },
    ),
  'cumprod-1': () =>
    np.cumprod(
      np.array([
        [1, 2, 3],
        [4, 5, 6],
      ]),
      { axis: 1 },
    ),
  'tile-1': () => np.tile(np.array([0, 1, 2]), [2, 2]),
  'repeat-1': () =>
    np.repeat(
      np.array([
        [1, 2],
        [3, 4],
      ]),
      [1, 2],
      { axis: 0 },
    ),
  'flip-1': () => np.flip(np.arange(8).reshape([2, 2, 2]), 0),
  'roll-1': () => np.roll(np.arange(10).reshape(2, 5), 1, { axis: 1 }),
  'meshgrid-1': () => np.meshgrid(np.linspace(0, 1, 3), np.linspace(0, 1, 2))[0],
};

function D22() {
  return np.array(
    [
      [1, 2],
      [3, 4],
    ],
    { dtype: 'float64' },
  );
}
function S22() {
  return sp.csr_array([
    [1, 0],
    [2, 3],
  ]);
}
