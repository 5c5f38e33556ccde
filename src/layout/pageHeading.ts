/** The top bar's h1, where react-admin's `<Title>` portals each page's title. */
export const PAGE_HEADING_ID = 'react-admin-title';

/**
 * Moves focus to the page's heading once the navigation that opened it has rendered (and the
 * overlay menu, closing, has given focus back to its button): keyboard and screen reader users
 * land on the page they picked, not in the sidebar they picked it from.
 */
export const focusPageHeadingSoon = () => {
  setTimeout(() => document.getElementById(PAGE_HEADING_ID)?.focus(), 0);
};
