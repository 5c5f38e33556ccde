import LockIcon from '@mui/icons-material/LockOutlined';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect } from 'react';

/** The centred card of the sign-in pages: the lock, 'Rewards Admin' and a line saying how. */
export const SignInFrame = ({ subtitle, children }: { subtitle: string; children: ReactNode }) => {
  useEffect(() => {
    document.title = 'Sign in · Rewards Admin';
  }, []);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              <LockIcon aria-hidden="true" />
            </Box>
            <Typography component="h1" variant="h5">
              Rewards Admin
            </Typography>
            <Typography color="text.secondary">{subtitle}</Typography>
          </Stack>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
};
