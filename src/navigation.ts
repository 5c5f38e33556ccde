/**
 * Full-page navigations (they leave the single-page app). Kept in one object so that unit
 * tests can replace them: jsdom does not implement navigation.
 */
export const pageNavigation = {
  assign: (url: string): void => window.location.assign(url),
  replace: (url: string): void => window.location.replace(url),
};
