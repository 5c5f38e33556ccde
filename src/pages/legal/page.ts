/** The legal page's path: its route, and its name to the access checks. */
export const LEGAL_PAGE = '/settings/legal';
