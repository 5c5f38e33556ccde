import { Box, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { ReferralSettings } from '../../../contract/settings';
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
import { wholeAtLeastZeroNote } from './numbers';
import { type ReferralForm, referralBodyOf, referralFormOf } from './referral';

const FIELDS: readonly { name: keyof ReferralForm; label: string; hint: string }[] = [
  {
    name: 'maxReferralsPerUser',
    label: 'Max referrals per user',
    hint: 'How many referred players earn their referrer points',
  },
  { name: 'pointsPerReferral', label: 'Points per referral', hint: 'Whole points, 0 or more' },
];

/** What a referrer gets, from the values as they will be saved (floored, at least 0). */
const ReferralPreview = ({ form }: { form: ReferralForm }) => {
  const { maxReferralsPerUser: max, pointsPerReferral: points } = referralBodyOf(form);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography>
        {`Each referral earns ${formatNumber(points)} points, up to ${formatNumber(max)} referrals per user.`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {`A user can earn at most ${formatNumber(points * max)} points from referrals.`}
      </Typography>
    </Box>
  );
};

const ReferralRewardsForm = ({ loaded }: { loaded: Partial<ReferralSettings> }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useSettingsForm({
    initial: referralFormOf(loaded),
    updatedAt: loaded.updatedAt ?? null,
    bodyOf: referralBodyOf,
    send: dataProvider.saveReferral,
    accepted: (reply, body) =>
      reply?.ok ? { form: referralFormOf(body), updatedAt: reply.updatedAt ?? null } : null,
    messages: {
      saved: 'Referral settings saved',
      notSaved: 'Error saving settings',
      failed: failureTitled('Error saving settings'),
    },
  });
  const { form, change, errors, saving } = state;
  return (
    <SettingsForm title="Referral rewards" state={state} preview={<ReferralPreview form={form} />}>
      {FIELDS.map(({ name, label, hint }) => (
        <SettingsField
          key={name}
          label={label}
          type="number"
          value={form[name]}
          error={errors[name]}
          hint={wholeAtLeastZeroNote(form[name]) ?? hint}
          saving={saving}
          input={{ min: 0, step: 1 }}
          onChange={(value) => change(name, (f) => ({ ...f, [name]: value }))}
        />
      ))}
    </SettingsForm>
  );
};

/** /settings/referral: how many referrals count per user and what each earns. */
export const ReferralPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useSetting('referral', dataProvider.getReferral);
  return (
    <SettingsScreen title="Referral Settings" what="referral settings" query={query}>
      {(loaded) => <ReferralRewardsForm loaded={loaded} />}
    </SettingsScreen>
  );
};
