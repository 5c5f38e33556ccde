import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Button text as written, and a clearly visible keyboard focus ring, in both themes. */
const sharedComponents = (color: string): RaThemeOptions['components'] => ({
  // Buttons show their text as written (the spec quotes them, e.g. 'Sign in', 'Save changes').
  MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  MuiCssBaseline: {
    styleOverrides: {
      'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [role="checkbox"]:focus-visible':
        { outline: `2px solid ${color}`, outlineOffset: 2 },
      // An admin who asks the system for less motion gets none: spinners and skeletons hold
      // still, and panels open at once (MUI's own timings still run, so nothing waits on CSS).
      '@media (prefers-reduced-motion: reduce)': {
        '*, *::before, *::after': {
          animationDuration: '0.01ms !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0.01ms !important',
          scrollBehavior: 'auto !important',
        },
      },
    },
  },
});

/**
 * Text on a coloured button or badge (contrastText) is white only where white reaches WCAG AA's
 * 4.5:1, otherwise dark: MUI's default (3:1) left white on the dark theme's red at 3.7:1.
 */
const AA_TEXT_CONTRAST = 4.5;

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    contrastThreshold: AA_TEXT_CONTRAST,
    primary: { main: '#3f51b5' },
    // MUI's default orange (#ed6c02) is 3.1:1 on white: too faint for text such as the
    // 'pending' badge or a 'Disable' button. This one is 5.7:1 (WCAG AA asks 4.5:1).
    warning: { main: '#a84b00' },
    // Likewise MUI's red (#d32f2f) is 4.4:1 on a filled field's grey: this one is 4.9:1.
    error: { main: '#c62828' },
  },
  components: { ...defaultLightTheme.components, ...sharedComponents('#1a237e') },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    contrastThreshold: AA_TEXT_CONTRAST,
    primary: { main: '#90caf9' },
    // MUI's dark red (#f44336) is 4.1:1 as error text on a filled field, and its hover shade
    // under dark text 3.9:1: this red is 4.9:1 there, and its hover shade 5.6:1.
    error: { main: '#ff8a80', dark: '#f44336', light: '#ffcdd2' },
  },
  components: { ...defaultDarkTheme.components, ...sharedComponents('#90caf9') },
};
