import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { TOTP_ISSUER } from '../../../contract/two-step';
import { saveFile } from '../../components/saveFile';
import { CopyButton } from './CopyButton';

export const KEEP_CODES_SAFE =
  'Each code works once. Keep them somewhere safe: they are not shown again.';
export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The file the Download button saves: what the codes are for, then one a line. */
const fileText = (codes: string[]) =>
  [`${TOTP_ISSUER}: two-step sign-in recovery codes`, KEEP_CODES_SAFE, '', ...codes, ''].join('\n');

/**
 * The recovery codes two-step sign-in was turned on with, shown this once: copy them or save them
 * as a text file, then 'Done'.
 */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Two-step sign-in is on: the focus moves from the form that is gone to what replaced it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Box
      role="group"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id={headingId} ref={heading} tabIndex={-1} component="h3" variant="subtitle1">
        Recovery codes
      </Typography>
      <Typography>
        Two-step sign-in is on, and your other sessions have ended. If you lose your authenticator
        app, sign in with one of these codes instead.
      </Typography>
      <Alert severity="warning">{KEEP_CODES_SAFE}</Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 0.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <CopyButton text={codes.join('\n')} what="Recovery codes" />
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() =>
            saveFile(
              new Blob([fileText(codes)], { type: 'text/plain;charset=utf-8' }),
              RECOVERY_CODES_FILE,
            )
          }
        >
          Download
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </Box>
    </Box>
  );
};
