import { Chip, List, ListItem, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import type { LegalVersion } from '../../../contract/legal';
import { errorMessage } from '../../apiErrors';
import { EmptyNote } from '../../components/EmptyNote';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingBox } from '../../components/LoadingBox';
import { formatDateTime } from '../../format';

export interface VersionListProps {
  versions: LegalVersion[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The version on show, marked current. */
  shownId: string | undefined;
  onSelect: (id: string) => void;
  /** While a version is being written, choosing another would drop the typing. */
  disabled: boolean;
}

const publishedNote = (version: LegalVersion) =>
  version.publishedAt ? `Published ${formatDateTime(version.publishedAt)}` : 'Not published';

/** Each version as v{version}, 'Active' on the live one, its published date as a tooltip. */
export const VersionList = ({
  versions,
  loading,
  error,
  onRetry,
  shownId,
  onSelect,
  disabled,
}: VersionListProps) => {
  if (loading) return <LoadingBox>Loading versions…</LoadingBox>;
  if (error && !versions) {
    return (
      <ErrorAlert
        title="Error loading versions"
        reason={errorMessage(error, '')}
        onRetry={onRetry}
      />
    );
  }
  if (!versions?.length) return <EmptyNote>No versions yet</EmptyNote>;
  return (
    <List dense aria-label="Versions" disablePadding>
      {versions.map((version) => (
        // the <li>: a list holds only list items
        <ListItem key={version._id} disablePadding>
          <Tooltip title={publishedNote(version)} placement="right" describeChild>
            <ListItemButton
              selected={version._id === shownId}
              aria-current={version._id === shownId ? 'true' : undefined}
              disabled={disabled}
              onClick={() => onSelect(version._id)}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText primary={`v${version.version}`} />
              {version.isActive && (
                <Chip size="small" variant="outlined" color="success" label="Active" />
              )}
            </ListItemButton>
          </Tooltip>
        </ListItem>
      ))}
    </List>
  );
};
