import { Box, Button, Typography } from '@mui/material';
import { type Ref, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TwoStepSetup, TwoStepStatus } from '../../../contract/two-step';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime } from '../../format';
import { isTwoStepSetupRequired, setTwoStepSetupRequired } from '../../twoStepGate';
import { useReloadAccount } from './accountActions';
import { Loaded } from './Loaded';
import { RecoveryCodes } from './RecoveryCodes';
import { SetUpPassword } from './SetUpPassword';
import { TurnOffTwoStep } from './TurnOffTwoStep';
import { TwoStepSetUp } from './TwoStepSetUp';
import { useTwoStepStatus } from './useAccount';

/**
 * Where the admin is: looking at the status, confirming the password, setting up, or reading
 * the new recovery codes.
 */
type Step =
  | { at: 'status' }
  | { at: 'password' }
  | { at: 'set-up'; setup: TwoStepSetup }
  | { at: 'codes'; codes: string[]; gateCleared: boolean };

const codesLeft = (n: number) => (n === 1 ? '1 recovery code left.' : `${n} recovery codes left.`);

/** The status line: where the focus goes when a step (set-up, codes, turning off) ends. */
type StatusRef = Ref<HTMLParagraphElement>;

const On = ({
  status,
  statusRef,
  onTurnedOff,
}: {
  status: TwoStepStatus;
  statusRef: StatusRef;
  onTurnedOff: () => void;
}) => (
  <>
    <Typography ref={statusRef} tabIndex={-1}>
      Two-step sign-in is on.
    </Typography>
    {status.enabledAt && (
      <Typography color="text.secondary">{`On since ${formatDateTime(status.enabledAt)}`}</Typography>
    )}
    <Typography color="text.secondary">{codesLeft(status.recoveryCodesLeft)}</Typography>
    {status.required ? (
      <Typography sx={{ mt: 2 }}>Required for every admin here.</Typography>
    ) : (
      <TurnOffTwoStep onTurnedOff={onTurnedOff} />
    )}
  </>
);

const Off = ({ statusRef, onSetUp }: { statusRef: StatusRef; onSetUp: () => void }) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
    <Typography ref={statusRef} tabIndex={-1}>
      Two-step sign-in is off.
    </Typography>
    <Typography color="text.secondary">
      With it on, signing in needs your password and a code from an authenticator app.
    </Typography>
    <Button variant="contained" onClick={onSetUp}>
      Set up two-step sign-in
    </Button>
  </Box>
);

/**
 * Two-step sign-in (password mode): on or off; setting it up (the current password, then the QR
 * code, key and a code of the app), then the recovery codes once; turning it off with a code
 * and the password. Under REQUIRE_2FA turning it on opens the console, and 'Done' goes to the
 * dashboard.
 */
export const TwoStepSection = () => {
  const status = useTwoStepStatus();
  const reload = useReloadAccount();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ at: 'status' });
  const [failure, setFailure] = useState<Failure>();
  const focusStatus = useRef(false);
  const statusRef = useCallback((element: HTMLParagraphElement | null) => {
    if (element && focusStatus.current) {
      focusStatus.current = false;
      element.focus();
    }
  }, []);
  /** Back to the status, which takes the focus from what is gone once it shows. */
  const backToStatus = () => {
    focusStatus.current = true;
    setStep({ at: 'status' });
  };

  const enabled = (codes: string[]) => {
    const gateCleared = isTwoStepSetupRequired();
    if (gateCleared) setTwoStepSetupRequired(false);
    setStep({ at: 'codes', codes, gateCleared });
    void reload('twoStep');
    // Turning it on ended every other session of the account.
    void reload('sessions');
  };

  const done = (gateCleared: boolean) => {
    if (gateCleared) navigate('/');
    else backToStatus();
  };

  const turnedOff = () => {
    setFailure(undefined);
    focusStatus.current = true;
    void reload('twoStep');
  };

  const body = () => {
    if (step.at === 'codes') {
      return <RecoveryCodes codes={step.codes} onDone={() => done(step.gateCleared)} />;
    }
    if (step.at === 'set-up') {
      return <TwoStepSetUp setup={step.setup} onEnabled={enabled} onCancel={backToStatus} />;
    }
    if (step.at === 'password') {
      return (
        <SetUpPassword
          onStarted={(setup) => setStep({ at: 'set-up', setup })}
          onCancel={backToStatus}
          // e.g. turned on meanwhile, in another tab: the status says so, and the reason above it
          onConflict={(refused) => {
            setFailure(refused);
            void reload('twoStep');
            backToStatus();
          }}
        />
      );
    }
    return (
      <>
        {failure && <ErrorAlert {...failure} />}
        <Loaded query={status} what="two-step sign-in">
          {(loaded) =>
            loaded.enabled ? (
              <On status={loaded} statusRef={statusRef} onTurnedOff={turnedOff} />
            ) : (
              <Off
                statusRef={statusRef}
                onSetUp={() => {
                  setFailure(undefined);
                  setStep({ at: 'password' });
                }}
              />
            )
          }
        </Loaded>
      </>
    );
  };

  return <SectionCard title="Two-step sign-in">{body()}</SectionCard>;
};
