import { Button } from '@mui/material';

export const MAIN_CONTENT_ID = 'main-content';

/** 'Skip to content': hidden until focused with the keyboard, then moves focus to <main>. */
export const SkipLink = () => (
  <Button
    variant="contained"
    onClick={() => document.getElementById(MAIN_CONTENT_ID)?.focus()}
    sx={{
      position: 'fixed',
      left: 16,
      top: -80,
      zIndex: (theme) => theme.zIndex.tooltip + 1,
      '&:focus, &:focus-visible': { top: 16 },
    }}
  >
    Skip to content
  </Button>
);
