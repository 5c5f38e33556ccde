import { Box, Typography } from '@mui/material';
import { failureTitled } from '../../components/ErrorAlert';
import { SettingsEdit } from '../../components/settings/SettingsEdit';
import { SettingsField, SettingsForm, Watched } from '../../components/settings/SettingsForm';
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

/** /settings/referral: how many referrals count per user and what each earns. */
export const ReferralPage = () => (
  <SettingsEdit
    resource="referral"
    title="Referral Settings"
    what="referral settings"
    formOf={referralFormOf}
    bodyOf={referralBodyOf}
    messages={{
      saved: 'Referral settings saved',
      notSaved: 'Error saving settings',
      failed: failureTitled('Error saving settings'),
    }}
  >
    <SettingsForm
      title="Referral rewards"
      preview={<Watched<ReferralForm>>{(form) => <ReferralPreview form={form} />}</Watched>}
    >
      {FIELDS.map(({ name, label, hint }) => (
        <SettingsField
          key={name}
          name={name}
          label={label}
          type="number"
          hint={(typed) => wholeAtLeastZeroNote(typed) ?? hint}
          input={{ min: 0, step: 1 }}
        />
      ))}
    </SettingsForm>
  </SettingsEdit>
);
