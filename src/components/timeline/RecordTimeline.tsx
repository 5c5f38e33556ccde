import { Box, LinearProgress } from '@mui/material';
import { type ReactNode, useState } from 'react';
import type { Identifier } from 'react-admin';
import { useAllowed } from '../../access/useAllowed';
import { errorMessage } from '../../apiErrors';
import { EmptyNote } from '../EmptyNote';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingBox } from '../LoadingBox';
import { PrevNextControls } from '../PrevNextControls';
import { SectionCard } from '../SectionCard';
import type { FieldWords } from './changes';
import { OldestEntry, TimelineEntry } from './TimelineEntry';
import { HISTORY_PER_PAGE, useRecordHistory } from './useRecordHistory';

export const TIMELINE_TEXTS = {
  title: 'History',
  loading: 'Loading history…',
  empty: 'No history yet.',
  loadError: 'Error loading history',
  pages: 'History pages',
} as const;

/** The record's beginning, which no audit entry records: shown oldest, on the last page. */
export interface OldestTimelineEntry {
  /** e.g. 'Requested by alice' */
  label: string;
  /** ISO date-time */
  at: string;
}

export interface RecordTimelineProps {
  /** The audit log's name of the record's kind: 'user', 'withdrawal', 'bot', 'category'... */
  entity: string;
  /** The record's id as the audit log names it (a userId, a botId, a withdrawal's _id...). */
  entityId: Identifier;
  /** The resource whose read permission shows it besides audit:read; the page's own if left out. */
  resource?: string;
  oldest?: OldestTimelineEntry;
  /** How the record's fields read in the changes, where the API's names would not do. */
  words?: FieldWords;
}

const HistoryCard = ({
  entity,
  entityId,
  oldest,
  linked,
  words,
}: RecordTimelineProps & { linked: boolean }) => {
  const [page, setPage] = useState(1);
  const {
    data,
    total = 0,
    error,
    isPending,
    isFetching,
    isPlaceholderData,
    refetch,
  } = useRecordHistory(entity, entityId, page);
  // the oldest entry is one of the entries listed and counted, after the audit log's
  const entries = total + (oldest ? 1 : 0);
  const pages = Math.max(1, Math.ceil(entries / HISTORY_PER_PAGE));
  const showOldest = oldest !== undefined && page >= pages && !isPlaceholderData;

  let body: ReactNode;
  if (isPending) {
    body = <LoadingBox>{TIMELINE_TEXTS.loading}</LoadingBox>;
  } else if (error && !data) {
    body = (
      <ErrorAlert
        title={TIMELINE_TEXTS.loadError}
        reason={errorMessage(error, '')}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data?.length && !showOldest) {
    body = <EmptyNote>{TIMELINE_TEXTS.empty}</EmptyNote>;
  } else {
    body = (
      <Box
        component="ol"
        aria-label="History entries"
        aria-busy={isPlaceholderData}
        sx={{ listStyle: 'none', m: 0, p: 0, opacity: isPlaceholderData ? 0.6 : 1 }}
      >
        {data?.map((entry) => (
          <TimelineEntry key={entry.id} entry={entry} linked={linked} words={words} />
        ))}
        {showOldest && <OldestEntry {...oldest} />}
      </Box>
    );
  }

  return (
    <SectionCard title={TIMELINE_TEXTS.title}>
      <Box sx={{ height: 4 }}>
        {isFetching && !isPending && <LinearProgress aria-label={TIMELINE_TEXTS.loading} />}
      </Box>
      {body}
      {error && data && (
        <ErrorAlert
          title={TIMELINE_TEXTS.loadError}
          reason={errorMessage(error, '')}
          onRetry={() => void refetch()}
        />
      )}
      {data && entries > 0 && (
        <PrevNextControls
          label={TIMELINE_TEXTS.pages}
          page={page}
          perPage={HISTORY_PER_PAGE}
          total={entries}
          onPageChange={setPage}
        />
      )}
    </SectionCard>
  );
};

/**
 * A record's history from the audit log, newest first, 10 a page: who did what and when, with
 * the fields changed. Shown to an admin holding audit:read or the read permission of the
 * record's area (as the API allows), each entry linking to its audit entry with audit:read.
 */
export const RecordTimeline = (props: RecordTimelineProps) => {
  const audit = useAllowed('list', 'audit');
  const area = useAllowed('show', props.resource);
  if (!audit.allowed && !area.allowed) return null;
  return (
    <HistoryCard key={`${props.entity}:${props.entityId}`} {...props} linked={audit.allowed} />
  );
};
