import EditIcon from '@mui/icons-material/Edit';
import { Button, CardContent, Stack } from '@mui/material';
import { Show, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { LoadingBox } from '../../components/LoadingBox';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { Preview } from '../../pages/legal/Preview';
import { LegalFacts } from './LegalFacts';
import { LegalTitle } from './LegalTitle';
import { editPath, type LegalDocumentRecord, LIST_PATH, versionName } from './legal';

const Document = () => {
  const record = useRecordContext<LegalDocumentRecord>();
  if (!record) return null;
  return (
    <CardContent>
      <Stack spacing={2}>
        <LegalFacts record={record} />
        <div>
          <Button
            component={Link}
            to={editPath(record.id)}
            startIcon={<EditIcon />}
            aria-label={`Edit ${versionName(record)}`}
          >
            Edit
          </Button>
        </div>
        {/* a version from the list holds no content until the document itself arrives */}
        {typeof record.contentText === 'string' ? (
          <Preview contentText={record.contentText} contentHtml={record.contentHtml ?? ''} />
        ) : (
          <LoadingBox>Loading document…</LoadingBox>
        )}
      </Stack>
    </CardContent>
  );
};

/** /legal/{id}/show: a version's metadata and the document as the legal editor's preview shows it. */
export const LegalShow = () => {
  const queryOptions = useRecordLoadFailure('Legal document not found', LIST_PATH);
  return (
    <Show title={<LegalTitle />} actions={false} queryOptions={queryOptions}>
      <Document />
    </Show>
  );
};
