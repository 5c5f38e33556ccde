/** The Unity decks page's path: its route, and its name to the access checks. */
export const DECKS_PAGE = '/unity/decks';
