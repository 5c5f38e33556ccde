import { Card, CardContent, Divider, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/**
 * One panel of a two-panel page: a card that is a section named by its heading (h3: the page has
 * the h2), the list on top and the create/edit form under it.
 */
export const PanelCard = ({
  title,
  list,
  form,
}: {
  title: ReactNode;
  list: ReactNode;
  form: ReactNode;
}) => {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={headingId} component="h3" variant="h6" noWrap>
          {title}
        </Typography>
        {list}
        <Divider />
        {form}
      </CardContent>
    </Card>
  );
};
