import { Card, CardContent, Stack } from '@mui/material';
import { Show, useRecordContext } from 'react-admin';
import { LoadingBox } from '../../components/LoadingBox';
import { RecordTimeline } from '../../components/timeline/RecordTimeline';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { EditVersionButton } from './EditVersionButton';
import { LegalFacts } from './LegalFacts';
import { LegalTitle } from './LegalTitle';
import { type LegalDocumentRecord, LIST_PATH } from './legal';
import { Preview } from './Preview';

const Document = () => {
  const record = useRecordContext<LegalDocumentRecord>();
  if (!record) return null;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <LegalFacts record={record} />
            <div>
              <EditVersionButton record={record} />
            </div>
            {/* a version from the list holds no content until the document itself arrives */}
            {typeof record.contentText === 'string' ? (
              <Preview contentText={record.contentText} contentHtml={record.contentHtml ?? ''} />
            ) : (
              <LoadingBox>Loading document…</LoadingBox>
            )}
          </Stack>
        </CardContent>
      </Card>
      <RecordTimeline entity="legal" entityId={record.id} />
    </Stack>
  );
};

/**
 * /legal/{id}/show: a version's metadata and the document as the legal editor's preview shows
 * it; then the version's history.
 */
export const LegalShow = () => {
  const queryOptions = useRecordLoadFailure('Legal document not found', LIST_PATH);
  return (
    <Show title={<LegalTitle />} actions={false} queryOptions={queryOptions} component="div">
      <Document />
    </Show>
  );
};
