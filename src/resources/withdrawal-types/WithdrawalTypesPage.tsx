import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import { ListBase, Title } from 'react-admin';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { SectionCard } from '../../components/SectionCard';
import { TypeFormDialog } from './TypeFormDialog';
import { TypeSearch } from './TypeSearch';
import { TypeTable } from './TypeTable';
import { RESOURCE, TYPE_LIST_PARAMS, TYPE_LIST_QUERY, type WithdrawalTypeRecord } from './types';

interface DialogState {
  open: boolean;
  editing?: WithdrawalTypeRecord;
  /** Counts openings: each one mounts a fresh form. */
  session: number;
}

/**
 * /settings/withdrawal-types (spec): the resource's list, search and rows, with the type form in
 * a modal for New Type and Edit.
 */
export const WithdrawalTypesPage = () => {
  const [dialog, setDialog] = useState<DialogState>({ open: false, session: 0 });
  const openForm = (editing?: WithdrawalTypeRecord) =>
    setDialog((current) => ({ open: true, editing, session: current.session + 1 }));

  return (
    <>
      <Title title="Withdrawal Types" />
      <SectionCard
        title="Withdrawal Types"
        actions={
          <DisabledUnlessAllowed action="create" resource={RESOURCE}>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm()}>
              New Type
            </Button>
          </DisabledUnlessAllowed>
        }
      >
        <ListBase
          resource={RESOURCE}
          {...TYPE_LIST_PARAMS}
          disableSyncWithLocation
          queryOptions={TYPE_LIST_QUERY}
        >
          <TypeSearch />
          <TypeTable onEdit={openForm} />
        </ListBase>
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
