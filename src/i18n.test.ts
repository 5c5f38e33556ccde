import { describe, expect, it } from 'vitest';
import { i18nProvider } from './i18n';

const { translate } = i18nProvider;

describe('i18nProvider', () => {
  it("reads react-admin's English messages with their values", () => {
    expect(translate('ra.action.save')).toBe('Save');
    expect(translate('ra.page.edit', { name: 'Bot', recordRepresentation: 'Robo' })).toBe(
      'Bot Robo',
    );
  });

  it('picks the plural form by smart_count', () => {
    expect(translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 item selected');
    expect(translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 items selected');
  });

  it('says our own texts as they are, or their default', () => {
    expect(translate('Withdrawal approved')).toBe('Withdrawal approved');
    expect(translate('Cannot reach the server. Check your connection and try again.')).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
    expect(translate('resources.bots.name', { _: 'Bots' })).toBe('Bots');
  });
});
