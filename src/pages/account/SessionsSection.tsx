import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify } from 'react-admin';
import type { AccountSession } from '../../../contract/account';
import { ConfirmButton } from '../../components/ConfirmButton';
import { EmptyNote } from '../../components/EmptyNote';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../format';
import { useReloadAccount } from './accountActions';
import { Loaded } from './Loaded';
import { useSessions } from './useAccount';

const sessionsEnded = (n: number) =>
  n === 1 ? 'Signed out of 1 other session' : `Signed out of ${n} other sessions`;

/** Ends sessions: the list loads again whether it worked or not (one may have ended anyway). */
const useEndSessions = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const reload = useReloadAccount();
  const ending =
    (end: () => Promise<{ ended: number }>, said: (ended: number) => string, failed: string) =>
    async () => {
      try {
        notify(said((await end()).ended), { type: 'success' });
      } catch (error) {
        notifyFailure(failed, error);
      } finally {
        void reload('sessions');
      }
    };
  return {
    one: (session: AccountSession) =>
      ending(
        () => dataProvider.endSession(session.id),
        () => 'Session ended',
        'Error ending session',
      ),
    others: ending(dataProvider.endOtherSessions, sessionsEnded, 'Error ending sessions'),
  };
};

const browserOf = (session: AccountSession) => session.browser ?? 'Unknown browser';

const SessionRow = ({
  session,
  onEnd,
}: {
  session: AccountSession;
  onEnd: () => Promise<void>;
}) => (
  <TableRow>
    <TableCell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <span title={session.userAgent ?? undefined}>{browserOf(session)}</span>
        {session.current && <Chip size="small" color="primary" label="This device" />}
      </Box>
    </TableCell>
    <TableCell>{session.ip ?? '-'}</TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.createdAt)}</TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.lastSeenAt)}</TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.expiresAt)}</TableCell>
    <TableCell align="right">
      {!session.current && (
        <ConfirmButton
          confirm="End this session?"
          description="That browser is signed out at its next request."
          confirmLabel="End session"
          onConfirm={onEnd}
          // one of several in the table: which one, for assistive technology
          aria-label={`End session: ${browserOf(session)}, ${session.ip ?? 'no address'}`}
        >
          End session
        </ConfirmButton>
      )}
    </TableCell>
  </TableRow>
);

const SessionsTable = ({ sessions }: { sessions: AccountSession[] }) => {
  const end = useEndSessions();
  if (sessions.length === 0) return <EmptyNote>No sessions</EmptyNote>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Your sessions">
        <TableHead>
          <TableRow>
            <TableCell>Browser</TableCell>
            <TableCell>Address</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell>Expires if idle</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={end.one(session)} />
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** 'Sign out everywhere else': every session but this one; disabled while there is none. */
const EndOthersButton = ({ sessions }: { sessions: AccountSession[] | undefined }) => {
  const end = useEndSessions();
  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <ConfirmButton
      confirm="Sign out everywhere else?"
      description="Every other session of yours ends; this one stays signed in."
      confirmLabel="Sign out everywhere else"
      variant="outlined"
      startIcon={<LogoutIcon />}
      disabled={others === 0}
      onConfirm={end.others}
    >
      Sign out everywhere else
    </ConfirmButton>
  );
};

/**
 * The admin's sessions (password mode): where, since when, last seen and when each ends if
 * idle, 'This device', and ending them.
 */
export const SessionsSection = () => {
  const sessions = useSessions();
  return (
    <SectionCard title="Sessions" actions={<EndOthersButton sessions={sessions.data?.data} />}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Where you are signed in. A session left unused, such as a closed browser's, ends by itself
        when it expires. End any session you do not recognise.
      </Typography>
      <Loaded query={sessions} what="sessions">
        {(loaded) => <SessionsTable sessions={loaded.data} />}
      </Loaded>
    </SectionCard>
  );
};
