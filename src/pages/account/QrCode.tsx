import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

type QrLibrary = typeof import('qrcode');

/** The QR code library, fetched with the first set-up: no other page carries it. */
const loadLibrary = async (): Promise<QrLibrary> => {
  const module = await import('qrcode');
  // a CommonJS package: its functions are on the default export where the bundler wraps it
  return (module as { default?: QrLibrary }).default ?? module;
};

const SIZE = 192;

/** `text` (an otpauth:// address) as a QR code for an authenticator app to scan. */
export const QrCode = ({ text }: { text: string }) => {
  const [svg, setSvg] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setSvg(undefined);
    setFailed(false);
    loadLibrary()
      .then((qr) => qr.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (drawn) => current && setSvg(drawn),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [text]);

  if (failed) {
    return (
      <Typography color="text.secondary">
        The QR code could not be drawn: enter the key below in your app instead.
      </Typography>
    );
  }
  if (!svg) {
    return (
      <Box sx={{ width: SIZE, height: SIZE, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} aria-label="Drawing the QR code" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code for your authenticator app"
      width={SIZE}
      height={SIZE}
      // dark on white whatever the theme: scanners need the contrast
      sx={{ display: 'block', bgcolor: '#fff', borderRadius: 1 }}
    />
  );
};
