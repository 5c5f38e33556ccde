// 'Publish now' and 'Activate this version' make a version the one every player gets: both ask
// first.

export const PUBLISH_QUESTION = 'Publish this version now?';
export const activateQuestion = (version: number) => `Activate v${version}?`;
export const GOES_LIVE = 'It goes live at once for every player, in place of the version live now.';
export const EMPTY_WARNING = 'Both areas are empty: players will get an empty document.';
export const EMPTY_DRAFT_WARNING =
  'It is empty: both areas are empty, so players would get an empty document if it went live.';
