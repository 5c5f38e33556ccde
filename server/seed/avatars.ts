/** Background colours of the drawn avatars, dark enough for white letters. */
const COLOURS = ['#3949ab', '#00796b', '#c62828', '#6a1b9a', '#ef6c00', '#2e7d32', '#455a64'];

/** 'CleverClara' → 'CC', 'Nova' → 'N': the first letters of its first two words. */
export const initialsOf = (nickname: string) =>
  nickname
    .split(/[^\p{L}\p{N}]+|(?=\p{Lu})/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('') || '?';

const colourOf = (nickname: string) => {
  let hash = 0;
  for (const char of nickname) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
};

/**
 * A demo bot's avatar: its initials on a colour, as an SVG data URL. It ships inside the record,
 * so a list of bots loads no picture from elsewhere (an outside CDN may be down, blocked or
 * slow), under any base path.
 */
export const initialsAvatar = (nickname: string) => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" fill="${colourOf(nickname)}"/>` +
    '<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="sans-serif" ' +
    `font-size="26" font-weight="600" fill="#fff">${initialsOf(nickname)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};
