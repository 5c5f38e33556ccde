import { splitOffers } from './botValues';

/** How many game names a hint or a warning lists before '…'. */
const LISTED = 5;

const listed = (games: readonly string[]) =>
  games.length > LISTED ? `${games.slice(0, LISTED).join(', ')}, …` : games.join(', ');

/** The distinct game names of the offers, in the order given (the first spelling wins). */
export const distinctGames = (names: readonly string[]): string[] => [
  ...new Set(names.map((name) => name.trim()).filter(Boolean)),
];

/** The part being typed: what follows the last comma. */
const typing = (text: string) => text.slice(text.lastIndexOf(',') + 1).trim();

/**
 * The allowed offers typed that name no offer's game (exact spelling, as the bots match).
 * `stillTyping`: the name after the last comma is left out while it begins a game's name.
 */
export const unknownGames = (text: string, games: readonly string[], stillTyping = false) => {
  const known = new Set(games);
  const part = typing(text).toLowerCase();
  const begun =
    stillTyping && part !== '' && games.some((game) => game.toLowerCase().startsWith(part));
  const names = splitOffers(begun ? text.slice(0, text.lastIndexOf(',') + 1) : text);
  return [...new Set(names)].filter((name) => !known.has(name));
};

/**
 * 'No offer has the game "nosuchgame". Games: Solitaire, Bubble Shooter, …', with the spelling
 * meant when only the letters' case differs.
 */
export const unknownGamesWarning = (unknown: readonly string[], games: readonly string[]) => {
  if (unknown.length === 0) return undefined;
  const named = unknown
    .map((name) => {
      const meant = games.find((game) => game.toLowerCase() === name.toLowerCase());
      return meant ? `"${name}" (did you mean "${meant}"?)` : `"${name}"`;
    })
    .join(', ');
  const noun = unknown.length === 1 ? 'the game' : 'the games';
  const offered = games.length > 0 ? ` Games: ${listed(games)}` : ' No offer has a game yet.';
  return `No offer has ${noun} ${named}.${offered}`;
};

/** The field's hint, its example taken from the games that exist. */
export const offersHint = (games: readonly string[]) =>
  games.length > 0
    ? `Game names, comma-separated, e.g. ${games.slice(0, 2).join(', ')}`
    : 'Game names as the offers spell them, comma-separated';

/** The games to suggest for the part being typed, leaving out those already listed. */
export const suggestGames = (text: string, games: readonly string[]): string[] => {
  const part = typing(text).toLowerCase();
  const listedBefore = new Set(splitOffers(text.slice(0, text.lastIndexOf(',') + 1)));
  return games.filter(
    (game) => !listedBefore.has(game) && (part === '' || game.toLowerCase().includes(part)),
  );
};

/** The text with the part being typed replaced by `game`, ready for the next one. */
export const withGame = (text: string, game: string) => {
  const before = text.slice(0, text.lastIndexOf(',') + 1);
  return `${before}${before ? ' ' : ''}${game}, `;
};
