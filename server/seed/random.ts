/** A small seeded PRNG (mulberry32): the demo data comes out the same on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** An integer in [min, max]. */
    int,
    /** An integer in [0, n): the shape `randomCode` takes. */
    below: (n: number) => int(0, n - 1),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    /** Picks by weight: `[[value, weight], ...]`. */
    weighted: <T>(choices: readonly (readonly [T, number])[]): T => {
      let roll = next() * choices.reduce((sum, [, w]) => sum + w, 0);
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return (choices[choices.length - 1] as readonly [T, number])[0];
    },
  };
}

export type Random = ReturnType<typeof seededRandom>;
