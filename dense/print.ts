/**
 * NumPy-style printing (`str(a)`): the recursive layout of `numpy.core.arrayprint._formatArray`
 * with line width 75, summarization with `...` past 1000 elements (3 edge items) and NumPy's
 * element formats.
 */
import { floatFormatter, pyFloat } from './float-format.js';
import type { ndarray } from './ndarray.js';

const LINE_WIDTH = 75;
const THRESHOLD = 1000;
const EDGE = 3;

/** Formats an array; `prefix` is the text printed before it (e.g. `array(`) for repr layouts. */
export function formatArray(a: ndarray, prefix = ''): string {
  const data = a.toArray();
  const shape = a.shape;
  const dt = a.dtype;
  const sep = prefix === '' ? ' ' : ', ';
  if (shape.length === 0) {
    const v = data[0]!;
    if (dt === 'bool') return v ? 'True' : 'False';
    if (dt === 'float64' || dt === 'float32') return pyFloat(v, dt === 'float32');
    return String(v);
  }
  const summarize = data.length > THRESHOLD;
  const strides = shape.map((_, d) => shape.slice(d + 1).reduce((x, y) => x * y, 1));
  // Values that will be shown (edges when summarizing) decide the format.
  const shown: number[] = [];
  const collect = (d: number, off: number): void => {
    const n = shape[d]!;
    const idx = summarize && n > 2 * EDGE ? [0, 1, 2, n - 3, n - 2, n - 1] : [...Array(n).keys()];
    for (const i of idx) {
      if (d + 1 === shape.length) shown.push(data[off + i]!);
      else collect(d + 1, off + i * strides[d]!);
    }
  };
  if (data.length > 0) collect(0, 0);
  let fmt: (v: number) => string;
  if (dt === 'float64' || dt === 'float32') fmt = floatFormatter(shown, dt === 'float32');
  else if (dt === 'bool') fmt = (v) => (v ? ' True' : 'False');
  else {
    let w = 0;
    for (const v of shown) w = Math.max(w, String(v).length);
    fmt = (v) => String(v).padStart(w);
  }
  if (data.length === 0) return `[${'['.repeat(0)}]`.replace('[]', emptyText(shape));
  const nextLinePrefix = ' '.repeat(1 + prefix.length);
  const recurse = (d: number, off: number, hanging: string, width: number): string => {
    const n = shape[d]!;
    const showSummary = summarize && 2 * EDGE < n;
    const lead = showSummary ? EDGE : 0;
    const trail = showSummary ? EDGE : n;
    const nextHanging = `${hanging} `;
    const nextWidth = width - 1;
    const axesLeft = shape.length - d;
    const at = (i: number) => off + (i < 0 ? n + i : i) * strides[d]!;
    let s = '';
    if (axesLeft === 1) {
      const elemWidth = width - Math.max(sep.trimEnd().length, 1);
      let line = hanging;
      const extend = (word: string, w: number) => {
        let wrap = line.length + word.length > w;
        if (line.length <= hanging.length) wrap = false;
        if (wrap) {
          s += `${line.trimEnd()}\n`;
          line = hanging;
        }
        line += word;
      };
      for (let i = 0; i < lead; i++) {
        extend(fmt(data[at(i)]!), elemWidth);
        line += sep;
      }
      if (showSummary) {
        extend('...', elemWidth);
        line += sep;
      }
      for (let i = trail; i > 1; i--) {
        extend(fmt(data[at(-i)]!), elemWidth);
        line += sep;
      }
      extend(fmt(data[at(-1)]!), elemWidth);
      s += line;
    } else {
      const lineSep = sep.trimEnd() + '\n'.repeat(axesLeft - 1);
      for (let i = 0; i < lead; i++) s += hanging + recurse(d + 1, at(i), nextHanging, nextWidth) + lineSep;
      if (showSummary) s += `${hanging}...${lineSep}`;
      for (let i = trail; i > 1; i--) s += hanging + recurse(d + 1, at(-i), nextHanging, nextWidth) + lineSep;
      s += hanging + recurse(d + 1, at(-1), nextHanging, nextWidth);
    }
    return `[${s.slice(hanging.length)}]`;
  };
  return recurse(0, 0, nextLinePrefix, LINE_WIDTH - (prefix === '' ? 0 : 1));
}

function emptyText(shape: readonly number[]): string {
  // NumPy prints an empty array as nested brackets down to the first zero dimension: [] or [[]].
  let depth = 0;
  for (const e of shape) {
    depth++;
    if (e === 0) break;
  }
  return '['.repeat(depth) + ']'.repeat(depth);
}
