import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { Query } from '../http';
import { saveFile } from './saveFile';

/**
 * Downloads every row of the list's current filter and sort as CSV (not just the page shown),
 * from the resource's `export.csv` endpoint.
 */
export const ExportCsvButton = () => {
  const { resource, filterValues, sort } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const blob = await dataProvider.exportCsv(resource, filterValues as Query, sort);
      saveFile(blob, `${resource}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notify((error as Error).message || 'Export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      onClick={download}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={14} /> : <DownloadIcon />}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
};
