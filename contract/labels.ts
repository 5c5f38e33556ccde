import { labelOf, singularOf } from './crud-names';

/**
 * The names the console's forms give the API's fields, where the field's own name
 * ('rateUsdPerPoint') would not do. Keyed by field name, or by dotted path for a nested one.
 */
const LABELS: Record<string, string> = {
  emailOrUsername: 'Email or username',
  avatarUrl: 'Avatar URL',
  ids: 'Selected rows',
  q: 'Search',
  isActive: 'Active',
  xp: 'XP',
  makeAdmin: 'Admin role',
  grant: 'Permissions',
  revoke: 'Permissions',
  categoryId: 'Category',
  rateUsdPerPoint: 'Rate (USD/pt)',
  minPoints: 'Min Points',
  fixedUsdAmount: 'Fixed USD',
  secondApprovalFromUsd: 'Second approval from (USD)',
  secondApprovalFromPoints: 'Second approval from (points)',
  adjustmentReason: 'Reason',
  adjustmentNote: 'Note',
  reasonCode: 'Reason',
  type: 'Document type',
  contentText: 'Plain text',
  contentHtml: 'HTML',
  headings: 'Title',
  'headings.en': 'Title (en)',
  'headings.es': 'Title (es)',
  contents: 'Message',
  'contents.en': 'Message (en)',
  'contents.es': 'Message (es)',
  data: 'Custom data',
  includedSegments: 'Segments',
  includeExternalIds: 'External IDs',
  onesignal: 'OneSignal',
  'onesignal.enabled': 'OneSignal enabled',
  appId: 'App ID',
  restApiKey: 'REST API Key',
  androidChannelId: 'Android Channel ID',
  iosThreadId: 'iOS Thread ID',
  unityAds: 'Unity Ads',
  'unityAds.enabled': 'Unity Ads enabled',
  androidGameId: 'Android Game ID',
  iosGameId: 'iOS Game ID',
  rewardedPlacementAndroid: 'Rewarded Placement (Android)',
  rewardedPlacementIos: 'Rewarded Placement (iOS)',
  cards: 'Cards',
  dateKey: 'Day',
  fromDateKey: 'Source date',
  toDateKey: 'Day',
  actor: 'Admin',
  entity: 'Record type',
  entityId: 'Record ID',
};

/** What one element of a list is called in the console, where it is not the list's singular. */
const ELEMENTS: Record<string, string> = { cards: 'row' };

const isIndex = (segment: string) => /^\d+$/.test(segment);
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/**
 * A field's name as an admin reads it, from its path in a request: 'username' → 'Username',
 * 'onesignal.appId' → 'App ID', 'cards.3.amount' → 'Amount in row 4', 'values.6' → 'Value 7',
 * 'headings.en' → 'Title (en)'.
 */
export function fieldLabel(path: readonly (string | number)[]): string {
  let label = 'This value';
  let dotted = '';
  let list = '';
  let within = '';
  for (const segment of path.map(String)) {
    if (isIndex(segment)) {
      const noun = ELEMENTS[list] ?? singularOf(label);
      const number = Number(segment) + 1;
      label = `${capitalised(noun)} ${number}`;
      within = ` in ${noun.charAt(0).toLowerCase()}${noun.slice(1)} ${number}`;
    } else {
      dotted = dotted ? `${dotted}.${segment}` : segment;
      list = segment;
      label = LABELS[dotted] ?? LABELS[segment] ?? labelOf(segment);
    }
  }
  const last = path.at(-1);
  return last === undefined || isIndex(String(last)) ? label : `${label}${within}`;
}
