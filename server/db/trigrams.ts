/** Share of rows holding each common trigram (pg_trgm's form: lower-cased, blank-padded words). */
export type TrigramFrequencies = ReadonlyMap<string, number>;

/**
 * How much of the index one search may read: the index lists each trigram's rows, so looking
 * up trigrams whose shares add up to 0.1 reads about a tenth of the table's entries (a few
 * milliseconds at a million rows). Within that, every further trigram narrows the rows that
 * must then be read and checked against the whole term.
 */
const SHARE_BUDGET = 0.1;
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
 * The piece of `term` to give the trigram index: of the pieces whose trigrams' shares add up to
 * no more than the budget, the one with the most trigrams (the most selective), then the
 * smallest share. None when no piece fits: then the term is found in many rows, or its
 * frequencies are not known. Trigrams missing from the statistics are rarer than every one
 * listed (ANALYZE lists the most common), so they count as nothing; pieces are ASCII only.
 */
export function rarestPiece(term: string, frequencies: TrigramFrequencies): string | undefined {
  if (frequencies.size === 0 || term.length > LONGEST_CONSIDERED) return undefined;
  let best: { piece: string; trigrams: number; share: number } | undefined;
  for (let start = 0; start < term.length; start++) {
    if (!isWordChar(term.charAt(start))) continue;
    for (let end = start + 1; end <= term.length; end++) {
      if (!isWordChar(term.charAt(end - 1))) continue;
      const piece = term.slice(start, end);
      // pg_trgm lists a trigram with other than ASCII letters as a hash the statistics name
      // differently: its share is unknown, not small.
      if (!/^[\x20-\x7e]*$/.test(piece)) continue;
      const trigrams = likeTrigrams(piece);
      const share = trigrams.reduce((sum, t) => sum + (frequencies.get(t) ?? 0), 0);
      if (trigrams.length === 0 || share > SHARE_BUDGET) continue;
      const better =
        !best ||
        trigrams.length > best.trigrams ||
        (trigrams.length === best.trigrams && share < best.share);
      if (better) best = { piece, trigrams: trigrams.length, share };
    }
  }
  return best?.piece;
}
