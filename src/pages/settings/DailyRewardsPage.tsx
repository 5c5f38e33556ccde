import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { DailyRewards } from '../../../contract/settings';
import {
  SettingsField,
  SettingsForm,
  SettingsScreen,
} from '../../components/settings/SettingsScreen';
import {
  failureTitled,
  useSetting,
  useSettingsForm,
} from '../../components/settings/useSettingsForm';
import type { AppDataProvider } from '../../dataProvider';
import { formatNumber } from '../../format';
import {
  DAYS,
  type DailyRewardsForm,
  dailyBodyOf,
  dailyFormOf,
  LABEL_MAX,
  validateDaily,
} from './dailyRewards';
import { wholeAtLeastZeroNote } from './numbers';

const replaceAt = (list: string[], index: number, value: string) =>
  list.map((item, i) => (i === index ? value : item));

/** The week as players would see it: each day's label and points, greyed while switched off. */
const WeekPreview = ({ form }: { form: DailyRewardsForm }) => {
  const { labels, values, isActive } = dailyBodyOf(form);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box
        component="ol"
        aria-label="Week preview"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
          gap: 1,
          m: 0,
          p: 0,
          listStyle: 'none',
          opacity: isActive ? 1 : 0.45,
          filter: isActive ? 'none' : 'grayscale(1)',
        }}
      >
        {DAYS.map((day, index) => (
          <Box
            component="li"
            key={day}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1,
              textAlign: 'center',
              bgcolor: isActive ? 'action.hover' : 'transparent',
            }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
              {labels[index] || day}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{`${formatNumber(values[index])} pts`}</Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {isActive
          ? `A player who claims every day earns ${formatNumber(total)} points a week.`
          : 'Daily rewards are disabled: players are offered none.'}
      </Typography>
    </Box>
  );
};

const ScheduleForm = ({ loaded }: { loaded: Partial<DailyRewards> }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useSettingsForm({
    initial: dailyFormOf(loaded),
    updatedAt: loaded.updatedAt ?? null,
    validate: validateDaily,
    bodyOf: dailyBodyOf,
    send: dataProvider.saveDailyRewards,
    accepted: (reply, body) =>
      reply?.ok ? { form: dailyFormOf(body), updatedAt: reply.updatedAt ?? null } : null,
    messages: {
      saved: 'Daily Rewards updated',
      notSaved: 'Could not save changes',
      failed: failureTitled('Error saving configuration'),
    },
  });
  const { form, change, errors, saving } = state;

  return (
    <SettingsForm title="Weekly schedule" state={state} preview={<WeekPreview form={form} />}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {DAYS.map((day, index) => (
          <Box
            key={day}
            role="group"
            aria-label={day}
            sx={{
              display: 'grid',
              gridTemplateColumns: '40px minmax(0, 3fr) minmax(0, 2fr)',
              gap: 1.5,
              alignItems: 'start',
            }}
          >
            <Typography aria-hidden sx={{ pt: 1, fontWeight: 500 }}>
              {day}
            </Typography>
            <SettingsField
              label="Label"
              required
              value={form.labels[index]}
              error={errors[`labels.${index}`]}
              saving={saving}
              input={{ maxLength: LABEL_MAX }}
              onChange={(value) =>
                change(`labels.${index}`, (f) => ({
                  ...f,
                  labels: replaceAt(f.labels, index, value),
                }))
              }
            />
            <SettingsField
              label="Value"
              type="number"
              unit="pts"
              value={form.values[index]}
              error={errors[`values.${index}`]}
              hint={wholeAtLeastZeroNote(form.values[index] ?? '')}
              saving={saving}
              input={{ min: 0, step: 1 }}
              onChange={(value) =>
                change(`values.${index}`, (f) => ({
                  ...f,
                  values: replaceAt(f.values, index, value),
                }))
              }
            />
          </Box>
        ))}
      </Box>
      <FormControlLabel
        label="Enable daily rewards"
        control={
          <Checkbox
            checked={form.isActive}
            disabled={saving}
            onChange={(event) =>
              change('isActive', (f) => ({ ...f, isActive: event.target.checked }))
            }
          />
        }
      />
    </SettingsForm>
  );
};

/** /settings/daily-rewards: the weekly schedule, Mon..Sun, and whether it is on. */
export const DailyRewardsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useSetting('dailyRewards', dataProvider.getDailyRewards);
  return (
    <SettingsScreen title="Daily Rewards" what="daily rewards" query={query}>
      {(loaded) => <ScheduleForm loaded={loaded} />}
    </SettingsScreen>
  );
};
