/**
 * `einsum`'s subscripts, parsed as NumPy parses them: per term letters and at most one `...`,
 * terms separated by `,`, an optional `->` and output. The ellipsis is expanded here into fresh
 * labels, one per broadcast dimension (right-aligned across the operands, as broadcasting aligns
 * shapes), so that the kernel only ever sees plain labels: an operand whose `...` covers fewer
 * dimensions gets the rightmost fresh labels, and a dimension of extent 1 broadcasts like any
 * label of extent 1 (its stride is dropped).
 */
import { argMessage, ValueError } from '../runtime/index.js';

/** The first fresh label (Unicode private use: never a letter a user can write). */
const FRESH = 0xe000;

/**
 * Whether `label` stands for one of the dimensions under `...` (a fresh label).
 * @param label one label of {@link parseSubscripts}' result
 * @returns true for a fresh label
 * @example isEllipsisLabel(parseSubscripts('einsum', '...i', [2])[0][0]![0]!) // true
 */
export const isEllipsisLabel = (label: string): boolean => label.charCodeAt(0) >= FRESH;

const freshLabels = (from: number, to: number): string =>
  String.fromCharCode(...Array.from({ length: to - from }, (_, j) => FRESH + from + j));

/** A term split at its `...`: [before, after], or [letters] without one. */
function splitTerm(fn: string, term: string, subscripts: string): string[] {
  const parts = term.split('...');
  if (parts.length > 2 || !/^[a-zA-Z]*$/.test(parts.join('')))
    throw new ValueError(
      argMessage(fn, 'subscripts', "letters a-z, A-Z and at most one '...' per term", subscripts),
    );
  return parts;
}

/**
 * The labels of each operand and of the output (one character a label), the ellipsis expanded.
 * Without `->` the output is the ellipsis' dimensions, then the letters appearing once, sorted.
 * @param fn the calling function (for messages)
 * @param subscripts the subscripts, e.g. `'...ij,...jk->...ik'`
 * @param ndims each operand's number of dimensions
 * @returns `[ins, out]`
 * @throws {ValueError} for malformed subscripts, a term that does not match its operand's
 *   dimensions, or an output without `...` when the operands' `...` cover dimensions
 * @example parseSubscripts('einsum', 'ij,jk', [2, 2]) // [['ij', 'jk'], 'ik']
 */
export function parseSubscripts(
  fn: string,
  subscripts: string,
  ndims: readonly number[],
): [string[], string] {
  const s = subscripts.replace(/\s+/g, '');
  const sides = s.split('->');
  if (sides.length > 2) throw new ValueError(argMessage(fn, 'subscripts', "at most one '->'", subscripts));
  const terms = sides[0]!.split(',');
  if (terms.length !== ndims.length)
    throw new ValueError(
      `${fn}: argument 'subscripts' names ${terms.length} operands, received ${ndims.length}`,
    );
  const split = terms.map((t) => splitTerm(fn, t, subscripts));
  const nEll = split.map((parts, k) => {
    const named = parts.join('').length;
    const nd = ndims[k]!;
    if (parts.length === 1 ? named !== nd : named > nd)
      throw new ValueError(
        `${fn}: operand ${k} has ${nd} dimensions but subscripts '${terms[k]}' name ${named}`,
      );
    return parts.length === 1 ? 0 : nd - named;
  });
  const nb = Math.max(0, ...nEll);
  const ins = split.map((parts, k) =>
    parts.length === 1 ? parts[0]! : parts[0]! + freshLabels(nb - nEll[k]!, nb) + parts[1]!,
  );
  let out: string;
  if (sides.length === 1) {
    const count = new Map<string, number>();
    for (const ch of split.flat().join('')) count.set(ch, (count.get(ch) ?? 0) + 1);
    const once = [...count.keys()].filter((ch) => count.get(ch) === 1).sort();
    out = freshLabels(0, nb) + once.join('');
  } else {
    const parts = splitTerm(fn, sides[1]!, subscripts);
    if (parts.length === 1 && nb > 0)
      throw new ValueError(
        argMessage(
          fn,
          'subscripts',
          `'...' in the output for the ${nb} dimension(s) the operands' '...' cover`,
          subscripts,
        ),
      );
    out = parts.length === 1 ? parts[0]! : parts[0]! + freshLabels(0, nb) + parts[1]!;
  }
  if (new Set(out).size !== out.length)
    throw new ValueError(argMessage(fn, 'subscripts', 'an output with distinct labels', sides[1] ?? out));
  const all = ins.join('');
  for (const ch of out)
    if (!all.includes(ch))
      throw new ValueError(`${fn}: output subscript '${ch}' does not appear in the inputs`);
  return [ins, out];
}
