import { useListContext } from 'react-admin';
import { totalIsLowerBound } from '../listMeta';
import { PrevNextControls } from './PrevNextControls';

/** Prev / Next paging with the total and the page number (spec: users, withdrawals, bots). */
export const PrevNextPagination = () => {
  const { page, perPage, total, meta, setPage, isPending } = useListContext();
  if (total === undefined) return null;
  return (
    <PrevNextControls
      page={page}
      perPage={perPage}
      total={total}
      totalIsLowerBound={totalIsLowerBound(meta)}
      onPageChange={setPage}
      disabled={isPending}
    />
  );
};
