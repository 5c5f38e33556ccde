import { screen } from '@testing-library/react';
import { callsTo, type RecordedRequest } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderPageAt } from '../../test/renderAdmin';

/** Test helpers of the settings pages (not shipped: only tests import this file). */

export const LOADED_AT = '2026-03-01T09:30:00.000Z';
export const SAVED_AT = '2026-03-02T16:45:00.000Z';

type SettingsPath =
  | '/settings/daily-rewards'
  | '/settings/referral'
  | '/settings/appinfo'
  | '/settings/payouts';

/** The console on one settings page (loaded lazily, as in the app) over a fake API. */
export const renderSettings = (path: SettingsPath, routes: RenderAdminOptions['routes']) =>
  renderPageAt(path, routes);

/** The PATCH requests sent to `pathname`. */
export const patchesTo = (requests: RecordedRequest[], pathname: string) =>
  callsTo(requests, 'PATCH', pathname);

/** 'Save changes', or 'Saving…' while a save runs. */
export const saveButton = () => screen.getByRole('button', { name: /^(Save changes|Saving…)$/ });
