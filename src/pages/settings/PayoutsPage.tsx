import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useController, useWatch } from 'react-hook-form';
import { failureTitled } from '../../components/ErrorAlert';
import { SettingsEdit, useSettingsState } from '../../components/settings/SettingsEdit';
import { SettingsField, SettingsForm, Watched } from '../../components/settings/SettingsForm';
import { formatNumber, formatUsd } from '../../format';
import {
  type PayoutsForm,
  payoutsBodyOf,
  payoutsFormOf,
  payoutsResolver,
  thresholdsOf,
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

/** A switch of the form: read-only while saving, and for an admin who may only read. */
const SwitchField = ({
  name,
  label,
}: {
  name: 'secondApproval' | 'creditApproval';
  label: string;
}) => {
  const { saving, mayWrite } = useSettingsState();
  const { field } = useController({ name });
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          checked={field.value === true}
          disabled={saving || !mayWrite}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      }
    />
  );
};

/** One threshold: its rule, the switch that turns it on, and the amount it starts from. */
const ThresholdControl = ({
  rule,
  switchName,
  switchLabel,
  on,
  name,
  label,
  hintOn,
  hintOff,
  input,
}: {
  rule: string;
  switchName: 'secondApproval' | 'creditApproval';
  switchLabel: string;
  on: boolean | undefined;
  name: keyof PayoutsForm;
  label: string;
  hintOn: string;
  hintOff: string;
  input: { min: number; max: number; step: number };
}) => (
  <>
    <Typography variant="body2" color="text.secondary">
      {rule}
    </Typography>
    <SwitchField name={switchName} label={switchLabel} />
    <SettingsField
      name={name}
      label={label}
      type="number"
      disabled={!on}
      hint={on ? hintOn : hintOff}
      input={input}
    />
  </>
);

const PayoutControlsForm = () => {
  const { secondApproval, creditApproval } = useWatch<PayoutsForm>();
  return (
    <SettingsForm
      title="Second approval"
      preview={<Watched<PayoutsForm>>{(form) => <RulePreview form={form} />}</Watched>}
    >
      <ThresholdControl
        rule={PAYOUT_RULE}
        switchName="secondApproval"
        switchLabel="Require a second approval"
        on={secondApproval}
        name="secondApprovalFromUsd"
        label="Second approval from (USD)"
        hintOn="From 0.01 to 1,000,000, two decimals at most"
        hintOff="Used when a second approval is required"
        input={{ min: 0.01, max: 1_000_000, step: 0.01 }}
      />
      <ThresholdControl
        rule={CREDIT_RULE}
        switchName="creditApproval"
        switchLabel="Second approval of credits"
        on={creditApproval}
        name="secondApprovalFromPoints"
        label="Second approval from (points)"
        hintOn="A whole number from 1 to 1,000,000,000"
        hintOff="Used when a second approval of credits is required"
        input={{ min: 1, max: 1_000_000_000, step: 1 }}
      />
    </SettingsForm>
  );
};

/**
 * /settings/payouts: whether large withdrawals and large balance credits need a second admin's
 * approval, and from what amount.
 */
export const PayoutsPage = () => (
  <SettingsEdit
    resource="payouts"
    title="Payout Controls"
    what="payout settings"
    formOf={payoutsFormOf}
    bodyOf={payoutsBodyOf}
    resolver={payoutsResolver}
    messages={{
      saved: 'Payout controls saved',
      notSaved: 'Error saving settings',
      failed: failureTitled('Error saving settings'),
    }}
  >
    <PayoutControlsForm />
  </SettingsEdit>
);
