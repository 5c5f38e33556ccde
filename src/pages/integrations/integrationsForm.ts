import type {
  AdsIntegration,
  Integrations,
  IntegrationsPatch,
  PushIntegration,
} from '../../../contract/integrations';

/** The page's texts (spec sections 2 and 8). */
export const MESSAGES = {
  saved: 'Integrations saved',
  notSaved: 'Could not save changes',
  failed: 'Error saving integrations',
  keyHint: 'Leave the masked value to keep the current key; type a new one to replace it',
} as const;

type Group = keyof Integrations;
type TextOf<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];
type FlagOf<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T];

export interface TextInput<G extends Group> {
  name: TextOf<Integrations[G]>;
  label: string;
  hint?: string;
}

export interface FlagInput<G extends Group> {
  name: FlagOf<Integrations[G]>;
  label: string;
  /** The labels of true and false. */
  choices: readonly [string, string];
}

export interface Section<G extends Group> {
  group: G;
  title: string;
  flags: readonly FlagInput<G>[];
  texts: readonly TextInput<G>[];
}

const YES_NO = ['Yes', 'No'] as const;
const ON_OFF = ['On', 'Off'] as const;

const push: Section<'onesignal'> = {
  group: 'onesignal',
  title: 'Push notifications (OneSignal)',
  flags: [{ name: 'enabled', label: 'Enabled', choices: YES_NO }],
  texts: [
    { name: 'appId', label: 'App ID' },
    { name: 'restApiKey', label: 'REST API Key', hint: MESSAGES.keyHint },
    { name: 'androidChannelId', label: 'Android Channel ID' },
    { name: 'iosThreadId', label: 'iOS Thread ID' },
  ],
};

const ads: Section<'unityAds'> = {
  group: 'unityAds',
  title: 'Video ads (Unity Ads)',
  flags: [
    { name: 'enabled', label: 'Enabled', choices: YES_NO },
    { name: 'testMode', label: 'Test mode', choices: ON_OFF },
  ],
  texts: [
    { name: 'androidGameId', label: 'Android Game ID' },
    { name: 'iosGameId', label: 'iOS Game ID' },
    { name: 'rewardedPlacementAndroid', label: 'Rewarded Placement (Android)' },
    { name: 'rewardedPlacementIos', label: 'Rewarded Placement (iOS)' },
  ],
};

/** The form's two sections, in the specification's order. */
export const SECTIONS = [push, ads] as const;

/** An input's name: the key the API's per-field messages use ('onesignal.appId'). */
export const fieldName = (group: Group, name: string) => `${group}.${name}`;

/** Every input's name: an API message about anything else goes above the form. */
export const INPUT_NAMES: ReadonlySet<string> = new Set(
  SECTIONS.flatMap((section) =>
    [...section.flags, ...section.texts].map((input) => fieldName(section.group, input.name)),
  ),
);

/**
 * The loaded configuration in the form: another API speaking the contract may leave out a group
 * or a field; a missing flag is off and a missing text is empty.
 */
export const integrationsFormOf = (loaded: unknown): Integrations => {
  const groups = (loaded ?? {}) as Partial<Record<Group, Record<string, unknown>>>;
  const groupOf = <G extends Group>(section: Section<G>) => {
    const values: Record<string, unknown> = groups[section.group] ?? {};
    return Object.fromEntries([
      ...section.flags.map(({ name }) => [name, values[String(name)] === true]),
      ...section.texts.map(({ name }) => {
        const value = values[String(name)];
        return [name, typeof value === 'string' ? value : ''];
      }),
    ]) as Integrations[G];
  };
  return { onesignal: groupOf(push), unityAds: groupOf(ads) };
};

const trimmed = <T extends PushIntegration | AdsIntegration>(group: T): T =>
  Object.fromEntries(
    Object.entries(group).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as T;

/** The PATCH body: both groups, every field, text trimmed. */
export const bodyOf = (form: Integrations): IntegrationsPatch => ({
  onesignal: trimmed(form.onesignal),
  unityAds: trimmed(form.unityAds),
});
