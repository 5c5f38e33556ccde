import { describe, expect, it } from 'vitest';
import type { Integrations } from '../../../contract/integrations';
import { bodyOf, integrationsFormOf, MESSAGES, SECTIONS } from './integrationsForm';

const form: Integrations = {
  onesignal: {
    enabled: true,
    appId: ' 202d4f61-1ca9-42df-9d36-bb17d8123abc ',
    restApiKey: '••••••••wxyz',
    androidChannelId: '',
    iosThreadId: ' news ',
  },
  unityAds: {
    enabled: false,
    testMode: true,
    androidGameId: '5551234 ',
    iosGameId: '',
    rewardedPlacementAndroid: 'Rewarded_Android',
    rewardedPlacementIos: 'Rewarded_iOS',
  },
};

describe('the integrations form', () => {
  it('has every field of the specification, in its order', () => {
    expect(
      SECTIONS.map((section) => [
        ...section.flags.map((flag) => `${flag.label} (${flag.choices.join('/')})`),
        ...section.texts.map((input) => input.label),
      ]),
    ).toEqual([
      ['Enabled (Yes/No)', 'App ID', 'REST API Key', 'Android Channel ID', 'iOS Thread ID'],
      [
        'Enabled (Yes/No)',
        'Test mode (On/Off)',
        'Android Game ID',
        'iOS Game ID',
        'Rewarded Placement (Android)',
        'Rewarded Placement (iOS)',
      ],
    ]);
    expect(SECTIONS[0].texts.find((input) => input.name === 'restApiKey')?.hint).toBe(
      'Leave the masked value to keep the current key; type a new one to replace it',
    );
  });

  it('sends both groups whole, text trimmed and the masked key as it is', () => {
    expect(bodyOf(form)).toEqual({
      onesignal: {
        ...form.onesignal,
        appId: '202d4f61-1ca9-42df-9d36-bb17d8123abc',
        iosThreadId: 'news',
      },
      unityAds: { ...form.unityAds, androidGameId: '5551234' },
    });
  });

  it("words the page's messages as the specification does", () => {
    expect(MESSAGES).toMatchObject({
      saved: 'Integrations saved',
      notSaved: 'Could not save changes',
      failed: 'Error saving integrations',
    });
  });

  it('fills what a loaded configuration leaves out: flags off, texts empty', () => {
    expect(integrationsFormOf(form)).toEqual(form);
    expect(
      integrationsFormOf({ onesignal: { enabled: 'yes', appId: 42, restApiKey: '••••abcd' } }),
    ).toEqual({
      onesignal: {
        enabled: false,
        appId: '',
        restApiKey: '••••abcd',
        androidChannelId: '',
        iosThreadId: '',
      },
      unityAds: {
        enabled: false,
        testMode: false,
        androidGameId: '',
        iosGameId: '',
        rewardedPlacementAndroid: '',
        rewardedPlacementIos: '',
      },
    });
    expect(integrationsFormOf(undefined).onesignal.appId).toBe('');
  });
});
