import { Box, Typography } from '@mui/material';
import { useId } from 'react';

/** One side of a change: its heading, then the stored JSON pretty-printed, or 'None'. */
export const JsonBlock = ({ title, value }: { title: string; value: unknown }) => {
  const headingId = useId();
  const absent = value === null || value === undefined;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {absent ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <Box
          component="pre"
          // A long change scrolls: keyboard users reach it to scroll it.
          tabIndex={0}
          role="region"
          aria-label={`${title} (JSON)`}
          sx={{
            m: 0,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '0.8125rem',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 480,
            overflow: 'auto',
          }}
        >
          {JSON.stringify(value, null, 2)}
        </Box>
      )}
    </Box>
  );
};
