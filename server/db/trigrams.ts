/** Share of rows holding each common trigram (pg_trgm's form: lower-cased, blank-padded words). */
export type TrigramFrequencies = ReadonlyMap<string, number>;

/** A trigram in more rows than this is too costly to look up when a rarer one will do. */
const COMMON = 0.02;
/** Longer terms hold enough trigrams to be selective whatever they are. */
const LONGEST_CONSIDERED = 64;

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/**
 * The trigrams pg_trgm looks up for `LIKE '%piece%'`: those of each run of letters and digits,
 * blank-padded where the run ends inside the piece (two blanks before, one after) and not
 * where it meets the surrounding wildcards.
 */
export function likeTrigrams(piece: string): string[] {
  const found = new Set<string>();
  for (const run of piece.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = run.index;
    const end = start + run[0].length;
    const padded = `${start > 0 ? '  ' : ''}${run[0]}${end < piece.length ? ' ' : ''}`;
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i++) found.add(chars.slice(i, i + 3).join(''));
  }
  return [...found];
}

/**
 * The piece of `term` to give the trigram index: of the pieces none of whose trigrams is common,
 * the one with the most trigrams (the most selective), the shorter on a tie. None when no piece
 * avoids every common trigram: then the term is found in many rows, or its frequencies are not
 * known. Trigrams missing from the statistics are rarer than every one listed, so count as rare.
 */
export function rarestPiece(term: string, frequencies: TrigramFrequencies): string | undefined {
  if (frequencies.size === 0 || term.length > LONGEST_CONSIDERED) return undefined;
  let best = { piece: term, trigrams: 0 };
  for (let start = 0; start < term.length; start++) {
    if (!isWordChar(term.charAt(start))) continue;
    for (let end = start + 1; end <= term.length; end++) {
      if (!isWordChar(term.charAt(end - 1))) continue;
      const piece = term.slice(start, end);
      const trigrams = likeTrigrams(piece);
      if (trigrams.length === 0) continue;
      if (trigrams.some((t) => (frequencies.get(t) ?? 0) >= COMMON)) continue;
      const better =
        trigrams.length > best.trigrams ||
        (trigrams.length === best.trigrams && piece.length < best.piece.length);
      if (better) best = { piece, trigrams: trigrams.length };
    }
  }
  return best.trigrams > 0 ? best.piece : undefined;
}
