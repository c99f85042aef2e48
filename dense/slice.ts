/** Index expressions: `slice(start, stop, step)` and the parser of NumPy index strings. */
import { ArgumentTypeError, argMessage, IndexError, ValueError } from '../runtime/index.js';
import { sig } from './sig.js';

/**
 * A basic slice `start:stop:step`; `null` parts take NumPy's defaults.
 * @example np.arange(5).get([new np.Slice(null, null, -2)]).tolist() // [4, 2, 0]
 */
export class Slice {
  constructor(
    readonly start: number | null = null,
    readonly stop: number | null = null,
    readonly step: number | null = null,
  ) {}

  /**
   * The concrete `[start, step, length]` over an axis of `n` elements (Python's slice.indices).
   * @param fn the calling function's name (for error messages)
   * @param n the length of the axis
   * @returns `[start, step, length]`
   * @throws {ValueError} when step is 0
   * @example np.slice(1, null, 2).resolve('get', 6) // [1, 2, 3]
   */
  resolve(fn: string, n: number): [number, number, number] {
    const step = this.step ?? 1;
    if (step === 0) throw new ValueError(argMessage(fn, 'index', 'a slice step other than 0', 0));
    let start: number;
    let stop: number;
    if (step > 0) {
      start =
        this.start === null ? 0 : this.start < 0 ? Math.max(0, this.start + n) : Math.min(this.start, n);
      stop = this.stop === null ? n : this.stop < 0 ? Math.max(0, this.stop + n) : Math.min(this.stop, n);
      return [start, step, Math.max(0, Math.ceil((stop - start) / step))];
    }
    start =
      this.start === null
        ? n - 1
        : this.start < 0
          ? Math.max(-1, this.start + n)
          : Math.min(this.start, n - 1);
    stop = this.stop === null ? -1 : this.stop < 0 ? Math.max(-1, this.stop + n) : Math.min(this.stop, n - 1);
    return [start, step, Math.max(0, Math.ceil((stop - start) / step))];
  }

  /** The slice in Python's `start:stop:step` notation. @example np.slice(1, null, 2).toString() // '1::2' */
  toString(): string {
    const f = (v: number | null) => (v === null ? '' : String(v));
    return `${f(this.start)}:${f(this.stop)}${this.step === null ? '' : `:${this.step}`}`;
  }
}

/**
 * A slice object, as Python's `slice(start, stop, step)`.
 * @param start the first index (null: the start)
 * @param stop the end, excluded (null: the end)
 * @param step the step (null: 1)
 * @returns a {@link Slice}
 * @throws {IndexError} on a non-integer part
 * @example
 * np.arange(6).get([np.slice(1, null, 2)]).tolist() // [1, 3, 5]
 * // Python: np.arange(6)[1::2]
 */
export const slice = sig<(startOrStop?: number | null, stop?: number | null, step?: number | null) => Slice>(
  'slice(*args)',
  ((args: (number | null)[]) => {
    if (args.length > 3)
      throw new ArgumentTypeError(
        `slice: takes at most 3 positional arguments (start, stop, step), received ${args.length}`,
      );
    // Python's slice(stop) with one argument, slice(start, stop, step?) with more.
    return args.length === 1
      ? sliceImpl(null, args[0] ?? null, null)
      : sliceImpl(args[0] ?? null, args[1] ?? null, args[2] ?? null);
  }) as never,
);

function sliceImpl(start: number | null, stop: number | null, step: number | null): Slice {
  for (const [nm, v] of [
    ['start', start],
    ['stop', stop],
    ['step', step],
  ] as const) {
    if (v !== null && v !== undefined && !Number.isInteger(v)) {
      throw new IndexError(argMessage('slice', nm, 'an integer or null', v));
    }
  }
  return new Slice(start ?? null, stop ?? null, step ?? null);
}

/** A parsed part of a string index. */
export type StringPart = number | Slice | null | '...';

const INT = /^[+-]?\d+$/;

/**
 * Parses a NumPy index string (`'1:-1, ::2'`, `'..., 0'`, `'None, :'`).
 * @throws {IndexError} naming the bad part
 */
export function parseIndex(fn: string, text: string): StringPart[] {
  const t = text.trim();
  if (t === '' || t === '()') return [];
  const parts = t.split(',');
  if (parts.length > 1 && parts[parts.length - 1]!.trim() === '') parts.pop(); // trailing comma: '0,'
  return parts.map((raw) => {
    const p = raw.trim();
    if (p === '...' || p === 'Ellipsis') return '...';
    if (p === 'None' || p === 'newaxis' || p === 'np.newaxis') return null;
    if (INT.test(p)) return Number(p);
    const pieces = p.split(':');
    if (pieces.length === 2 || pieces.length === 3) {
      const nums = pieces.map((q) => q.trim());
      if (nums.every((q) => q === '' || INT.test(q))) {
        const v = nums.map((q) => (q === '' ? null : Number(q)));
        if (v[2] === 0) throw new ValueError(argMessage(fn, 'index', 'a slice step other than 0', text));
        return new Slice(v[0] ?? null, v[1] ?? null, v[2] ?? null);
      }
    }
    throw new IndexError(
      `${fn}: argument 'index' expected a NumPy index expression (integers, slices 'start:stop:step', '...', 'None' separated by commas), received ${JSON.stringify(text)} (bad part ${JSON.stringify(p)})`,
    );
  });
}
