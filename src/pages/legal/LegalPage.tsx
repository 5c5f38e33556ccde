import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Chip,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useGetList, useGetOne } from 'react-admin';
import { LEGAL_LIST_LIMIT, type LegalDocument, type LegalType } from '../../../contract/legal';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { errorMessage } from '../../apiErrors';
import { EmptyNote } from '../../components/EmptyNote';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingBox } from '../../components/LoadingBox';
import { SectionCard } from '../../components/SectionCard';
import { SidePanels } from '../../components/SidePanels';
import { formatDateTime } from '../../format';
import {
  type LegalDocumentRecord,
  type LegalVersionRecord,
  RESOURCE,
  TYPE_LABELS,
} from '../../resources/legal/legal';
import { sanitisePreview } from '../../resources/legal/previewContent';
import { GoLiveButton } from './GoLiveButton';
import { activateQuestion, GOES_LIVE } from './goLive';
import { type EditorValues, LegalEditor, WriteActions } from './LegalEditor';
import { type LegalSubmit, LegalWriteBase } from './LegalWriteBase';
import { LEGAL_PAGE } from './page';
import { useLegalActions } from './useLegalActions';
import { VersionList } from './VersionList';

/** What the editor shows: a version as it is, a new one (starting from `from`), or an edit of one. */
type Editing =
  | { mode: 'view' }
  | { mode: 'new'; from: LegalDocument | null }
  | { mode: 'edit'; doc: LegalDocument };

/** One quick retry, then the panel's own Retry. */
const RETRIES = { retry: 1, retryDelay: 500 } as const;

/**
 * GET /admin/legal?type=&limit=20 (spec section 7): the type's versions, newest first (the API
 * takes no sort).
 */
const versionsOf = (type: LegalType) => ({
  pagination: { page: 1, perPage: LEGAL_LIST_LIMIT },
  sort: { field: '', order: 'DESC' as const },
  filter: { type },
  meta: { limitOnly: true },
});

/** The version chosen or live, by id; else the type's newest (GET /admin/legal/latest?type=). */
const documentOf = (type: LegalType, id: string | null) =>
  id ? { id } : { id: 'latest', meta: { query: { type } } };

/** A version from a list holds no content: the document itself is still to come. */
const whole = (record: LegalDocumentRecord | undefined) =>
  typeof record?.contentText === 'string' ? record : undefined;

const EMPTY: EditorValues = { contentText: '', contentHtml: '' };
const cleaned = new WeakMap<LegalDocument, EditorValues>();
/**
 * A version's content for the editor, which renders its HTML into the live page: cleaned by the
 * same policy as the preview, even for a version stored by anything but this server.
 */
function valuesOf(doc: LegalDocument | null | undefined): EditorValues {
  if (!doc) return EMPTY;
  let values = cleaned.get(doc);
  if (!values) {
    values = { contentText: doc.contentText, contentHtml: sanitisePreview(doc.contentHtml) };
    cleaned.set(doc, values);
  }
  return values;
}

const titleOf = (editing: Editing, shown: LegalDocument | null | undefined, type: LegalType) => {
  if (editing.mode === 'new') return 'New version';
  if (editing.mode === 'edit') return `Editing v${editing.doc.version}`;
  return shown ? `v${shown.version}` : TYPE_LABELS[type];
};

const StateNote = ({ doc }: { doc: LegalDocument }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <Chip
      size="small"
      variant="outlined"
      color={doc.isActive ? 'success' : 'default'}
      label={doc.isActive ? 'Active' : 'Draft'}
    />
    <Typography variant="body2" color="text.secondary">
      {doc.publishedAt ? `Published ${formatDateTime(doc.publishedAt)}` : 'Not published'}
    </Typography>
  </Box>
);

/**
 * /settings/legal: the versions of the Terms of Service or the Privacy Policy, one on show
 * (the live one by default, else the newest) with 'Activate this version' and 'Edit as draft', and a new version
 * or an edit with 'Save draft' and 'Publish now'. Back to viewing after a save or a reload.
 */
export const LegalPage = () => {
  const [type, setType] = useState<LegalType>('terms');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'view' });
  const versions = useGetList<LegalVersionRecord>(RESOURCE, versionsOf(type), RETRIES);
  // Opens on the live version (the one players get), or the newest when none is live; asked
  // once the list is in, and not for a type without any.
  const liveId = versions.data?.find((version) => version.isActive)?._id ?? null;
  const none = selectedId === null && versions.data?.length === 0;
  const docEnabled = selectedId !== null || (!versions.isPending && !none);
  const docQuery = useGetOne<LegalDocumentRecord>(
    RESOURCE,
    documentOf(type, selectedId ?? liveId),
    { ...RETRIES, enabled: docEnabled },
  );
  const actions = useLegalActions((doc, othersChanged) => {
    view(doc._id);
    if (othersChanged) void versions.refetch();
  });
  const { pending } = actions;

  const writing = editing.mode !== 'view';
  const shown = whole(docQuery.data);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasWriting = useRef(false);
  // The editor's buttons go when it closes (saved, published, cancelled): the keyboard focus goes
  // to 'Edit as draft' of the version then on show, not back to the top of the page.
  useEffect(() => {
    if (writing) wasWriting.current = true;
    else if (wasWriting.current && shown) {
      wasWriting.current = false;
      editButton.current?.focus();
    }
  }, [writing, shown]);

  const view = (id: string | null) => {
    setSelectedId(id);
    setEditing({ mode: 'view' });
  };
  const chooseType = (next: LegalType | null) => {
    if (!next || next === type) return;
    setType(next);
    view(null);
  };
  const reload = () => {
    setEditing({ mode: 'view' });
    void versions.refetch();
    if (docEnabled) void docQuery.refetch();
  };

  const save = (values: EditorValues, publish: boolean, submit: LegalSubmit) => {
    const edited = editing.mode === 'edit' ? editing.doc : null;
    // The live version stays live until another goes live: a draft of it is a new version.
    if (edited?.isActive && !publish) return actions.create('createDraft', type, values, false);
    const action = publish ? 'publish' : edited ? 'saveDraft' : 'createDraft';
    const data = edited ? { ...values, isActive: publish } : { type, ...values, isActive: publish };
    return actions.run(action, () => submit(data), edited !== null);
  };

  const panel = () => {
    if (editing.mode === 'new' || editing.mode === 'edit') {
      const base = editing.mode === 'new' ? editing.from : editing.doc;
      return (
        <>
          {editing.mode === 'edit' && editing.doc.isActive && (
            <Alert severity="info" sx={{ mb: 2 }}>
              This version is live and stays live. Save draft keeps the changes as a new version;
              Publish now puts them live at once.
            </Alert>
          )}
          <LegalWriteBase
            key={`${editing.mode}:${base?._id ?? ''}`}
            doc={editing.mode === 'edit' ? editing.doc : null}
          >
            <LegalEditor readOnly={false} values={valuesOf(base)}>
              <WriteActions
                busy={pending}
                onSave={save}
                onCancel={() => setEditing({ mode: 'view' })}
              />
            </LegalEditor>
          </LegalWriteBase>
        </>
      );
    }
    if (none) return <EmptyNote>Start the first version with '+ New version'.</EmptyNote>;
    if (docQuery.isError) {
      return (
        <ErrorAlert
          title="Error loading document"
          reason={errorMessage(docQuery.error, '')}
          onRetry={() => void docQuery.refetch()}
        />
      );
    }
    if (!shown) return <LoadingBox>Loading document…</LoadingBox>;
    return (
      <>
        <Box sx={{ mb: 2 }}>
          <StateNote doc={shown} />
        </Box>
        <LegalEditor key={`view:${shown._id}:${shown.updatedAt}`} readOnly values={valuesOf(shown)}>
          {!shown.isActive && (
            <GoLiveButton
              confirm={activateQuestion(shown.version)}
              description={GOES_LIVE}
              confirmLabel="Activate"
              disabled={pending !== null}
              onConfirm={() => actions.activate(shown)}
            >
              Activate this version
            </GoLiveButton>
          )}
          <DisabledUnlessAllowed action="edit" resource={LEGAL_PAGE}>
            <Button
              ref={editButton}
              variant="outlined"
              disabled={pending !== null}
              onClick={() => setEditing({ mode: 'edit', doc: shown })}
            >
              Edit as draft
            </Button>
          </DisabledUnlessAllowed>
        </LegalEditor>
      </>
    );
  };

  return (
    <>
      <Title title="Legal" />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={type}
            disabled={writing}
            onChange={(_event, next: LegalType | null) => chooseType(next)}
            aria-label="Document type"
          >
            {(Object.keys(TYPE_LABELS) as LegalType[]).map((value) => (
              <ToggleButton key={value} value={value}>
                {TYPE_LABELS[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<RefreshIcon />} onClick={reload} disabled={pending !== null}>
            Reload
          </Button>
        </Box>
        <SidePanels columns="minmax(180px, 1fr) minmax(0, 3fr)">
          <SectionCard
            title="Versions"
            actions={
              <DisabledUnlessAllowed action="create" resource={LEGAL_PAGE}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={writing}
                  onClick={() => setEditing({ mode: 'new', from: shown ?? null })}
                >
                  + New version
                </Button>
              </DisabledUnlessAllowed>
            }
          >
            <VersionList
              versions={versions.data}
              loading={versions.isPending}
              error={versions.error}
              onRetry={() => void versions.refetch()}
              shownId={writing ? undefined : shown?._id}
              onSelect={view}
              disabled={writing}
            />
          </SectionCard>
          <SectionCard title={titleOf(editing, shown, type)}>{panel()}</SectionCard>
        </SidePanels>
      </Box>
    </>
  );
};
