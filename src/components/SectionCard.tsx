import { Box, Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/**
 * A card that is a titled section: its h2 names it for assistive technology, and `actions`
 * (buttons, a filter) sit beside the title, wrapping under it on narrow screens.
 */
export const SectionCard = ({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
            mb: 1.5,
          }}
        >
          <Typography id={headingId} component="h2" variant="h6">
            {title}
          </Typography>
          {actions}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
};
