import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { IfAllowed } from '../../access/Allowed';
import { ConfirmButton } from '../../components/ConfirmButton';
import { useNotifyFailure } from '../../components/ErrorAlert';
import type { AppDataProvider } from '../../dataProvider';
import { isSignedInAdmin, MESSAGES, type UserRecord } from './user';

/**
 * 'Reset two-step sign-in' of another admin who has it on (users:admin): asks first, turns it off
 * and ends their sessions, then the record loads again. One's own is turned off on My account.
 */
export const TwoStepResetButton = ({
  record,
}: {
  record: Pick<UserRecord, 'id' | '_id' | 'userId' | 'adminRole' | 'twoStep'>;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  if (!record.adminRole?.enabled || !record.twoStep || isSignedInAdmin(record)) return null;

  const reset = async () => {
    try {
      await dataProvider.resetUserTwoStep(record.id);
    } catch (error) {
      notifyFailure(MESSAGES.twoStepResetError, error);
      return;
    }
    notify(MESSAGES.twoStepReset, { type: 'success' });
    refresh();
  };

  return (
    <IfAllowed action="admin" resource="users">
      <ConfirmButton
        confirm={MESSAGES.confirmTwoStepReset}
        description={MESSAGES.twoStepResetWhat}
        confirmLabel="Reset"
        variant="outlined"
        color="warning"
        confirmColor="warning"
        size="medium"
        onConfirm={reset}
      >
        Reset two-step sign-in
      </ConfirmButton>
    </IfAllowed>
  );
};
