import { Box } from '@mui/material';
import { useLiveStatus } from './status';

export const LIVE_INDICATOR = {
  name: 'Live updates',
  live: 'Live',
  reconnecting: 'Reconnecting…',
} as const;

/** Hidden from the eye, read by screen readers (the dot alone shows on a narrow bar). */
const visuallyHidden = {
  position: 'absolute',
  // strings: in sx a bare 1 would be 100%
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The top bar's 'Live' / 'Reconnecting…': whether the live stream is up. Nothing while it first
 * connects or when it is closed. The region stays in the page so that its changes are announced.
 */
export const LiveIndicator = () => {
  const status = useLiveStatus();
  const text =
    status === 'live'
      ? LIVE_INDICATOR.live
      : status === 'reconnecting'
        ? LIVE_INDICATOR.reconnecting
        : null;
  return (
    <Box
      role="status"
      aria-label={LIVE_INDICATOR.name}
      sx={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0, gap: 0.75 }}
    >
      {text && (
        <>
          <Box
            component="span"
            aria-hidden="true"
            title={text}
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: status === 'live' ? 'success.light' : 'warning.light',
            }}
          />
          <Box
            component="span"
            sx={(theme) => ({
              fontSize: 13,
              lineHeight: '20px',
              whiteSpace: 'nowrap',
              [theme.breakpoints.down('sm')]: visuallyHidden,
            })}
          >
            {text}
          </Box>
        </>
      )}
    </Box>
  );
};
