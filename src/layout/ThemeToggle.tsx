import DarkModeIcon from '@mui/icons-material/Brightness4';
import LightModeIcon from '@mui/icons-material/Brightness7';
import { IconButton, Tooltip } from '@mui/material';
import { useTheme } from 'react-admin';

/**
 * Light/dark switch. Same store key as react-admin's ToggleThemeButton ('theme'), so the choice
 * survives reloads; a fixed accessible name ('Toggle theme') and aria-pressed for the state.
 */
export const ThemeToggle = () => {
  const [theme, setTheme] = useTheme();
  const dark = theme === 'dark';
  return (
    <Tooltip title={dark ? 'Switch to light theme' : 'Switch to dark theme'}>
      <IconButton
        color="inherit"
        aria-label="Toggle theme"
        aria-pressed={dark}
        onClick={() => setTheme(dark ? 'light' : 'dark')}
      >
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
};
