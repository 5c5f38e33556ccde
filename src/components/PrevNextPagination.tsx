import { Box, Button, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** Prev / Next paging with the total and the page number (spec: users, withdrawals, bots). */
export const PrevNextPagination = () => {
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (total === undefined) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite">
        {total} total · Page {page} of {pages}
      </Typography>
      <Button size="small" disabled={isPending || page <= 1} onClick={() => setPage(page - 1)}>
        Prev
      </Button>
      <Button size="small" disabled={isPending || page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </Box>
  );
};
