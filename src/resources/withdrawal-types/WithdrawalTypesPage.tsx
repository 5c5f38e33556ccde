import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { PrevNextControls } from '../../components/PrevNextControls';
import { SectionCard } from '../../components/SectionCard';
import { SearchToolbar } from './SearchToolbar';
import { TypeFormDialog } from './TypeFormDialog';
import { TypesTable } from './TypesTable';
import type { TypeSearch, WithdrawalTypeRecord } from './types';
import { PER_PAGE, useTypeList } from './useWithdrawalTypes';

interface DialogState {
  open: boolean;
  editing?: WithdrawalTypeRecord;
  /** Counts openings: each one mounts a fresh form. */
  session: number;
}

/** /settings/withdrawal-types: search, list, create, edit, enable/disable and delete types. */
export const WithdrawalTypesPage = () => {
  const [search, setSearch] = useState<TypeSearch>({ q: '', onlyActive: false });
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>({ open: false, session: 0 });
  const list = useTypeList(search, page);

  const applySearch = (next: TypeSearch) => {
    // searching again for the same thing reloads it
    if (next.q === search.q && next.onlyActive === search.onlyActive && page === 1) {
      void list.refetch();
      return;
    }
    setSearch(next);
    setPage(1);
  };

  const openForm = (editing?: WithdrawalTypeRecord) =>
    setDialog((current) => ({ open: true, editing, session: current.session + 1 }));

  const total = list.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  // a delete can empty the last page: show the one before it rather than 'No items'
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [list.data, list.isPlaceholderData, page, lastPage]);

  return (
    <>
      <Title title="Withdrawal Types" />
      <SectionCard
        title="Withdrawal Types"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm()}>
            New Type
          </Button>
        }
      >
        <SearchToolbar onSearch={applySearch} />
        <TypesTable
          rows={list.data}
          loading={list.isPending}
          refreshing={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          onEdit={openForm}
        />
        {total > PER_PAGE && (
          <PrevNextControls
            page={page}
            perPage={PER_PAGE}
            total={total}
            onPageChange={setPage}
            disabled={list.isFetching}
          />
        )}
      </SectionCard>
      <TypeFormDialog
        key={dialog.session}
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </>
  );
};
