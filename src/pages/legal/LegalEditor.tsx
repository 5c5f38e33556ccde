import { Box, Button, CircularProgress, Tab, Tabs, ToggleButton } from '@mui/material';
import { DefaultEditorOptions, RichTextInput } from 'ra-input-rich-text';
import { type ReactNode, useId, useState } from 'react';
import { Form, TextInput } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FieldErrors } from '../../apiErrors';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { SidePanels } from '../../components/SidePanels';
import { Preview } from '../../resources/legal/Preview';
import { isBlankHtml, sanitisePreview } from '../../resources/legal/previewContent';
import { EditorToolbar } from './EditorToolbar';
import { GoLiveButton } from './GoLiveButton';
import { EMPTY_WARNING, GOES_LIVE, PUBLISH_QUESTION } from './goLive';
import { type LegalSubmit, useLegalSubmit } from './LegalWriteBase';
import type { LegalAction, Outcome } from './outcome';

export interface EditorValues {
  contentText: string;
  contentHtml: string;
}

/** What is sent: HTML that shows nothing (the editor's '<p></p>') is sent as none. */
export const valuesToSend = ({ contentText, contentHtml }: EditorValues): EditorValues => ({
  contentText,
  contentHtml: isBlankHtml(contentHtml) ? '' : contentHtml,
});

/** The editor's own defaults, plus a name and role for assistive technology. */
const EDITOR_OPTIONS = {
  ...DefaultEditorOptions,
  editorProps: {
    attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'HTML' },
  },
};

// Emptied, an area is '' (react-admin's default makes it null, which the API refuses).
const keepText = (value: string | null | undefined) => value ?? '';

/** The plain-text area and the HTML source: taller while writing, kept '' when emptied. */
const textAreaProps = (readOnly: boolean) => ({
  multiline: true,
  minRows: readOnly ? 3 : 6,
  maxRows: readOnly ? 12 : 24,
  readOnly,
  helperText: false as const,
  parse: keepText,
});

const LivePreview = () => {
  const [contentText, contentHtml] = useWatch<EditorValues>({
    name: ['contentText', 'contentHtml'],
  });
  return <Preview contentText={contentText ?? ''} contentHtml={contentHtml ?? ''} />;
};

const BusyIcon = ({ busy }: { busy: boolean }) =>
  busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined;

export interface WriteActionsProps {
  busy: LegalAction | null;
  /** Saves through the editor's `<CreateBase>`/`<EditBase>` (`submit`), or otherwise. */
  onSave: (values: EditorValues, publish: boolean, submit: LegalSubmit) => Promise<Outcome>;
  onCancel: () => void;
}

/**
 * 'Save draft', 'Publish now' (asked first) and 'Cancel', inside the editor: the two saves are
 * two submit paths of its form. A refused field's message goes under that field.
 */
export const WriteActions = ({ busy, onSave, onCancel }: WriteActionsProps) => {
  const { handleSubmit } = useFormContext<EditorValues>();
  const submit = useLegalSubmit();
  const [contentText, contentHtml] = useWatch<EditorValues>({
    name: ['contentText', 'contentHtml'],
  });
  const empty = !contentText?.trim() && isBlankHtml(contentHtml ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>();
  const save = (publish: boolean) =>
    handleSubmit(async (values) => {
      const outcome = await onSave(valuesToSend(values), publish, submit);
      if (!outcome.ok) setFieldErrors(outcome.fields);
    })();
  const saving = busy === 'createDraft' || busy === 'saveDraft';
  const publishing = busy === 'publish';
  return (
    <>
      <ServerFieldErrors errors={fieldErrors} />
      <Button
        variant="outlined"
        disabled={busy !== null}
        startIcon={<BusyIcon busy={saving} />}
        onClick={() => void save(false)}
      >
        Save draft
      </Button>
      <GoLiveButton
        confirm={PUBLISH_QUESTION}
        description={empty ? `${GOES_LIVE} ${EMPTY_WARNING}` : GOES_LIVE}
        confirmLabel="Publish"
        disabled={busy !== null}
        startIcon={<BusyIcon busy={publishing} />}
        onConfirm={() => save(true)}
      >
        Publish now
      </GoLiveButton>
      <Button disabled={busy !== null} onClick={onCancel}>
        Cancel
      </Button>
    </>
  );
};

export interface LegalEditorProps {
  readOnly: boolean;
  values: EditorValues;
  /** The buttons under the preview (WriteActions when writing). */
  children: ReactNode;
}

/**
 * The HTML area: rich text, or with 'Source' its markup to edit or paste. Back to rich text,
 * the markup is sanitised (by the server's policy) before the editor renders it into the page.
 */
const HtmlArea = ({ readOnly }: { readOnly: boolean }) => {
  const [source, setSource] = useState(false);
  const { getValues, setValue } = useFormContext<EditorValues>();
  const toggle = () => {
    if (source) setValue('contentHtml', sanitisePreview(getValues('contentHtml') ?? ''));
    setSource(!source);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <ToggleButton
        value="source"
        size="small"
        selected={source}
        onChange={toggle}
        sx={{ alignSelf: 'flex-end', py: 0.25 }}
      >
        Source
      </ToggleButton>
      {source ? (
        <TextInput
          source="contentHtml"
          label="HTML source"
          {...textAreaProps(readOnly)}
          sx={{ '& textarea': { fontFamily: 'monospace' } }}
        />
      ) : (
        <RichTextInput
          source="contentHtml"
          label="HTML"
          editorOptions={EDITOR_OPTIONS}
          readOnly={readOnly}
          // Viewing, there is nothing to format.
          toolbar={readOnly ? <span /> : <EditorToolbar />}
          helperText={false}
          parse={keepText}
        />
      )}
    </Box>
  );
};

/** The plain-text area: taller while writing. */
const PlainTextArea = ({ readOnly }: { readOnly: boolean }) => (
  <TextInput
    source="contentText"
    label="Plain text"
    {...textAreaProps(readOnly)}
    // Opened to write, the editor takes the keyboard focus from the button that opened it.
    autoFocus={!readOnly}
  />
);

const VIEW_TABS = ['Preview', 'Plain text', 'HTML'] as const;
type ViewTab = (typeof VIEW_TABS)[number];

/**
 * Viewing, the version once: its preview (what players get), or with a tab its plain text or
 * its HTML, rather than all three one under the other.
 */
const ViewTabs = () => {
  const [tab, setTab] = useState<ViewTab>('Preview');
  const id = useId();
  const tabId = (label: ViewTab) => `${id}-${VIEW_TABS.indexOf(label)}`;
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, next: ViewTab) => setTab(next)}
        aria-label="Show the version as"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {VIEW_TABS.map((label) => (
          <Tab
            key={label}
            value={label}
            label={label}
            id={`${tabId(label)}-tab`}
            aria-controls={`${tabId(label)}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabId(tab)}-panel`} aria-labelledby={`${tabId(tab)}-tab`}>
        {tab === 'Preview' && <LivePreview />}
        {tab === 'Plain text' && <PlainTextArea readOnly />}
        {tab === 'HTML' && <HtmlArea readOnly />}
      </Box>
    </Box>
  );
};

/**
 * The plain text, the HTML and the live preview, then the buttons: one at a time (tabs) while
 * viewing; side by side while writing, the areas beside their preview (stacked under 980 px).
 * Mount it anew (key) for each version and mode: it starts from `values`.
 */
export const LegalEditor = ({ readOnly, values, children }: LegalEditorProps) => (
  <Form defaultValues={values} noValidate>
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {readOnly ? (
        <ViewTabs />
      ) : (
        <SidePanels columns="minmax(0, 1fr) minmax(0, 1fr)">
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <PlainTextArea readOnly={false} />
            <HtmlArea readOnly={false} />
          </Box>
          <LivePreview />
        </SidePanels>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>
    </Box>
  </Form>
);
