import { useListContext } from 'react-admin';
import { PrevNextControls } from './PrevNextControls';

/** Prev / Next paging with the total and the page number (spec: users, withdrawals, bots). */
export const PrevNextPagination = () => {
  const { page, perPage, total, setPage, isPending } = useListContext();
  if (total === undefined) return null;
  return (
    <PrevNextControls
      page={page}
      perPage={perPage}
      total={total}
      onPageChange={setPage}
      disabled={isPending}
    />
  );
};
