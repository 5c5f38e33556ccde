import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useController } from 'react-hook-form';
import { failureTitled } from '../../components/ErrorAlert';
import { SettingsEdit, useSettingsState } from '../../components/settings/SettingsEdit';
import { SettingsField, SettingsForm, Watched } from '../../components/settings/SettingsForm';
import { formatNumber } from '../../format';
import {
  DAYS,
  type DailyRewardsForm,
  dailyBodyOf,
  dailyFormOf,
  dailyResolver,
  LABEL_MAX,
} from './dailyRewards';
import { wholeAtLeastZeroNote } from './numbers';

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

/** The enable checkbox: read-only while saving, and for an admin who may only read. */
const ActiveField = () => {
  const { saving, mayWrite } = useSettingsState();
  const { field } = useController({ name: 'isActive' });
  return (
    <FormControlLabel
      label="Enable daily rewards"
      control={
        <Checkbox
          checked={field.value === true}
          disabled={saving || !mayWrite}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      }
    />
  );
};

/** /settings/daily-rewards: the weekly schedule, Mon..Sun, and whether it is on. */
export const DailyRewardsPage = () => (
  <SettingsEdit
    resource="daily-rewards"
    title="Daily Rewards"
    what="daily rewards"
    formOf={dailyFormOf}
    bodyOf={dailyBodyOf}
    resolver={dailyResolver}
    messages={{
      saved: 'Daily Rewards updated',
      notSaved: 'Could not save changes',
      failed: failureTitled('Error saving configuration'),
    }}
  >
    <SettingsForm
      title="Weekly schedule"
      preview={<Watched<DailyRewardsForm>>{(form) => <WeekPreview form={form} />}</Watched>}
    >
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
              name={`labels.${index}`}
              label="Label"
              required
              input={{ maxLength: LABEL_MAX }}
            />
            <SettingsField
              name={`values.${index}`}
              label="Value"
              type="number"
              unit="pts"
              hint={wholeAtLeastZeroNote}
              input={{ min: 0, step: 1 }}
            />
          </Box>
        ))}
      </Box>
      <ActiveField />
    </SettingsForm>
  </SettingsEdit>
);
