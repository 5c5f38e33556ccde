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
import { formatNumber, formatUsd } from '../../format';
import {
  type PayoutsForm,
  payoutsBodyOf,
  payoutsFormOf,
  thresholdsOf,
  validatePayouts,
} from './payouts';

export const PAYOUT_RULE =
  'With a second approval required, a withdrawal worth the amount below or more needs approvals ' +
  'from two different admins, and no admin approves a withdrawal of their own account. What a ' +
  'withdrawal needs is fixed at its first approval: a change here leaves a half-approved one as ' +
  'it was. Off, every withdrawal needs one approval.';

export const CREDIT_RULE =
  'With a second approval of credits, raising a balance by the points below or more records ' +
  'the credit with its reason and leaves the balance as it is until another admin approves it; ' +
  'smaller credits and lowering a balance apply at once. Off, every credit applies at once.';

/** What the form would make the rules, from the values as they will be saved. */
const RulePreview = ({ form }: { form: PayoutsForm }) => {
  const { usd, points } = thresholdsOf(form);
  let withdrawals = 'Every withdrawal needs one approval.';
  if (form.secondApproval) {
    withdrawals =
      usd === null
        ? 'Enter the amount from which a second approval is required.'
        : `Withdrawals of ${formatUsd(usd)} or more need approvals from two different admins; smaller ones need one.`;
  }
  let credits = 'Every credit applies at once.';
  if (form.creditApproval) {
    credits =
      points === null
        ? 'Enter the points from which a credit needs a second admin.'
        : `Credits of ${formatNumber(points)} points or more wait for a second admin's approval; smaller ones apply at once.`;
  }
  return (
    <>
      <Typography>{withdrawals}</Typography>
      <Typography>{credits}</Typography>
    </>
  );
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
      <Typography variant="body2" color="text.secondary">
        {CREDIT_RULE}
      </Typography>
      <FormControlLabel
        label="Second approval of credits"
        control={
          <Switch
            checked={form.creditApproval}
            disabled={saving || !mayWrite}
            onChange={(event) =>
              change('secondApprovalFromPoints', (f) => ({
                ...f,
                creditApproval: event.target.checked,
              }))
            }
          />
        }
      />
      <SettingsField
        label="Second approval from (points)"
        type="number"
        value={form.secondApprovalFromPoints}
        disabled={!form.creditApproval}
        error={errors.secondApprovalFromPoints}
        hint={
          form.creditApproval
            ? 'A whole number from 1 to 1,000,000,000'
            : 'Used when a second approval of credits is required'
        }
        saving={saving}
        input={{ min: 1, max: 1_000_000_000, step: 1 }}
        onChange={(value) =>
          change('secondApprovalFromPoints', (f) => ({ ...f, secondApprovalFromPoints: value }))
        }
      />
    </SettingsForm>
  );
};

/**
 * /settings/payouts: whether large withdrawals and large balance credits need a second admin's
 * approval, and from what amount.
 */
export const PayoutsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useSetting('payouts', dataProvider.getPayouts);
  return (
    <SettingsScreen title="Payout Controls" what="payout settings" query={query}>
      {(loaded) => <PayoutControlsForm loaded={loaded} />}
    </SettingsScreen>
  );
};
