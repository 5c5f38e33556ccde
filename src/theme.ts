import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Button text as written, and a clearly visible keyboard focus ring, in both themes. */
const sharedComponents = (color: string): RaThemeOptions['components'] => ({
  // Buttons show their text as written (the spec quotes them, e.g. 'Sign in', 'Save changes').
  MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
  MuiCssBaseline: {
    styleOverrides: {
      'a:focus-visible, button:focus-visible, [role="button"]:focus-visible, [role="checkbox"]:focus-visible':
        { outline: `2px solid ${color}`, outlineOffset: 2 },
    },
  },
});

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: '#3f51b5' },
  },
  components: { ...defaultLightTheme.components, ...sharedComponents('#1a237e') },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#90caf9' },
  },
  components: { ...defaultDarkTheme.components, ...sharedComponents('#90caf9') },
};
