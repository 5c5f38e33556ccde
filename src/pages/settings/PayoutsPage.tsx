import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { PayoutSettings } from '../../../contract/settings';
import { useAllowed } from '../../access/useAllowed';
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
import { formatUsd } from '../../format';
import {
  type PayoutsForm,
  payoutsBodyOf,
  payoutsFormOf,
  thresholdOf,
  validatePayouts,
} from './payouts';

export const PAYOUT_RULE =
  'With a second approval required, a withdrawal worth the amount below or more needs approvals ' +
  'from two different admins, and no admin approves a withdrawal of their own account. What a ' +
  'withdrawal needs is fixed at its first approval: a change here leaves a half-approved one as ' +
  'it was. Off, every withdrawal needs one approval.';

/** What the form would make the rule, from the values as they will be saved. */
const RulePreview = ({ form }: { form: PayoutsForm }) => {
  const threshold = thresholdOf(form);
  let text = 'Every withdrawal needs one approval.';
  if (form.secondApproval) {
    text =
      threshold === null
        ? 'Enter the amount from which a second approval is required.'
        : `Withdrawals of ${formatUsd(threshold)} or more need approvals from two different admins; smaller ones need one.`;
  }
  return <Typography>{text}</Typography>;
};

const PayoutControlsForm = ({ loaded }: { loaded: Partial<PayoutSettings> }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const mayWrite = useAllowed('edit', useLocation().pathname).allowed;
  const state = useSettingsForm({
    initial: payoutsFormOf(loaded),
    updatedAt: loaded.updatedAt ?? null,
    validate: validatePayouts,
    bodyOf: payoutsBodyOf,
    send: dataProvider.savePayouts,
    accepted: (reply, body) =>
      reply?.ok ? { form: payoutsFormOf(body), updatedAt: reply.updatedAt ?? null } : null,
    messages: {
      saved: 'Payout controls saved',
      notSaved: 'Error saving settings',
      failed: failureTitled('Error saving settings'),
    },
  });
  const { form, change, errors, saving } = state;
  return (
    <SettingsForm title="Second approval" state={state} preview={<RulePreview form={form} />}>
      <Typography variant="body2" color="text.secondary">
        {PAYOUT_RULE}
      </Typography>
      <FormControlLabel
        label="Require a second approval"
        control={
          <Switch
            checked={form.secondApproval}
            disabled={saving || !mayWrite}
            onChange={(event) =>
              change('secondApprovalFromUsd', (f) => ({
                ...f,
                secondApproval: event.target.checked,
              }))
            }
          />
        }
      />
      <SettingsField
        label="Second approval from (USD)"
        type="number"
        value={form.secondApprovalFromUsd}
        disabled={!form.secondApproval}
        error={errors.secondApprovalFromUsd}
        hint={
          form.secondApproval
            ? 'From 0.01 to 1,000,000, two decimals at most'
            : 'Used when a second approval is required'
        }
        saving={saving}
        input={{ min: 0.01, max: 1_000_000, step: 0.01 }}
        onChange={(value) =>
          change('secondApprovalFromUsd', (f) => ({ ...f, secondApprovalFromUsd: value }))
        }
      />
    </SettingsForm>
  );
};

/** /settings/payouts: whether large withdrawals need a second admin's approval, and from what amount. */
export const PayoutsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useSetting('payouts', dataProvider.getPayouts);
  return (
    <SettingsScreen title="Payout Controls" what="payout settings" query={query}>
      {(loaded) => <PayoutControlsForm loaded={loaded} />}
    </SettingsScreen>
  );
};
