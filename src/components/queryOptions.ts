/** For a page that shows its own load failure (with Retry): no notification as well. */
export const FAILURE_SHOWN_IN_PAGE = { onError: () => {} };
