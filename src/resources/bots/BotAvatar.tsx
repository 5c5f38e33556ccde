import BotIcon from '@mui/icons-material/SmartToy';
import { Avatar, Box } from '@mui/material';
import { useState } from 'react';

/**
 * A bot's picture, or a placeholder when it has none or the address does not load. Either way
 * it is named for assistive technology.
 */
export const BotAvatar = ({
  url,
  nickname,
  size = 36,
}: {
  url: string | null | undefined;
  nickname: string;
  size?: number;
}) => {
  const src = url?.trim() ?? '';
  // the address that failed: a new address gets its own try
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const box = { width: size, height: size, borderRadius: '50%', flexShrink: 0 };

  if (src && src !== failedSrc) {
    return (
      <Box
        component="img"
        src={src}
        alt={`Avatar of ${nickname}`}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailedSrc(src)}
        sx={{ ...box, display: 'block', objectFit: 'cover' }}
      />
    );
  }
  return (
    <Avatar role="img" aria-label={`No avatar for ${nickname}`} sx={box}>
      <BotIcon fontSize="small" />
    </Avatar>
  );
};
