import { Box, Button, Typography } from '@mui/material';
import { type Ref, useCallback, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { TwoStepSetup, TwoStepStatus } from '../../../contract/two-step';
import { serverErrorText } from '../../apiErrors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { SectionCard } from '../../components/SectionCard';
import { type Failure, failureTitled } from '../../components/settings/useSettingsForm';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../format';
import { isTwoStepSetupRequired, setTwoStepSetupRequired } from '../../twoStepGate';
import { Loaded } from './Loaded';
import { RecoveryCodes } from './RecoveryCodes';
import { TurnOffTwoStep } from './TurnOffTwoStep';
import { TwoStepSetUp } from './TwoStepSetUp';
import { useReloadAccount, useTwoStepStatus } from './useAccount';

/** Where the admin is: looking at the status, setting up, or reading the new recovery codes. */
type Step =
  | { at: 'status' }
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

const Off = ({
  starting,
  statusRef,
  onSetUp,
}: {
  starting: boolean;
  statusRef: StatusRef;
  onSetUp: () => void;
}) => (
  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
    <Typography ref={statusRef} tabIndex={-1}>
      Two-step sign-in is off.
    </Typography>
    <Typography color="text.secondary">
      With it on, signing in needs your password and a code from an authenticator app.
    </Typography>
    <Button variant="contained" onClick={onSetUp} disabled={starting}>
      Set up two-step sign-in
    </Button>
  </Box>
);

/**
 * Two-step sign-in (password mode): on or off; setting it up (QR code, key, a code of the app),
 * then the recovery codes once; turning it off with a code. Under REQUIRE_2FA turning it on
 * opens the console, and 'Done' goes to the dashboard.
 */
export const TwoStepSection = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const status = useTwoStepStatus();
  const reload = useReloadAccount();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ at: 'status' });
  const [starting, setStarting] = useState(false);
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

  const startSetUp = async () => {
    setFailure(undefined);
    setStarting(true);
    try {
      setStep({ at: 'set-up', setup: await dataProvider.setUpTwoStep() });
    } catch (error) {
      const text = serverErrorText(error);
      setFailure(text ? { title: text } : failureTitled('Error starting the set-up')(error));
      // e.g. 409: turned on meanwhile, in another tab
      void reload('twoStep');
    } finally {
      setStarting(false);
    }
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
    return (
      <>
        {/* Above either view: a set-up refused because it is on already shows beside 'on'. */}
        {failure && <ErrorAlert {...failure} />}
        <Loaded query={status} what="two-step sign-in">
          {(loaded) =>
            loaded.enabled ? (
              <On status={loaded} statusRef={statusRef} onTurnedOff={turnedOff} />
            ) : (
              <Off starting={starting} statusRef={statusRef} onSetUp={startSetUp} />
            )
          }
        </Loaded>
      </>
    );
  };

  return <SectionCard title="Two-step sign-in">{body()}</SectionCard>;
};
