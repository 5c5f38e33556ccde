import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../format';
import { describeEntry } from './actionWords';
import { actorLabel, showPath } from './auditWords';
import { changedFields, type FieldWords } from './changes';
import type { HistoryEntry } from './useRecordHistory';

const When = ({ iso }: { iso: string }) => (
  <time dateTime={iso}>{formatDateTime(iso, 'medium')}</time>
);

/** One item of the timeline: what, then who and when, then what more there is to say. */
const Item = ({
  what,
  byline,
  children,
}: {
  what: string;
  byline: ReactNode;
  children?: ReactNode;
}) => (
  <Box
    component="li"
    sx={{
      py: 1.5,
      borderBottom: 1,
      borderColor: 'divider',
      '&:last-of-type': { borderBottom: 0 },
    }}
  >
    <Typography sx={{ fontWeight: 600 }}>{what}</Typography>
    <Typography variant="body2" color="text.secondary">
      {byline}
    </Typography>
    {children}
  </Box>
);

/** An audit entry: the action in words, who and when, the changed fields, its entry's link. */
export const TimelineEntry = ({
  entry,
  linked,
  words,
}: {
  entry: HistoryEntry;
  linked: boolean;
  words?: FieldWords;
}) => {
  const { what, details, said } = describeEntry(entry);
  const changes = changedFields(entry.before, entry.after, said, words);
  return (
    <Item
      what={what}
      byline={
        <>
          <span>{actorLabel(entry)}</span> · <When iso={entry.at} />
        </>
      }
    >
      {details.map((line) => (
        <Typography key={line} variant="body2">
          {line}
        </Typography>
      ))}
      {changes.length > 0 && (
        <Box
          component="ul"
          aria-label="Changed fields"
          sx={{ m: 0, mt: 0.5, pl: 2.5, overflowWrap: 'anywhere' }}
        >
          {changes.map(({ field, text }) => (
            <Typography key={field} component="li" variant="body2">
              {text}
            </Typography>
          ))}
        </Box>
      )}
      {linked && (
        <Link
          component={RouterLink}
          to={showPath(entry.id)}
          variant="body2"
          aria-label={`View entry ${entry.id}`}
        >
          View entry
        </Link>
      )}
    </Item>
  );
};

/** The record's beginning as its page knows it ('Requested by alice'): no audit entry. */
export const OldestEntry = ({ label, at }: { label: string; at: string }) => (
  <Item what={label} byline={<When iso={at} />} />
);
