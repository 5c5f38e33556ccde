import CopyIcon from '@mui/icons-material/ContentCopy';
import { Button } from '@mui/material';
import { useNotify } from 'react-admin';

/** 'Copy': puts `text` on the clipboard, then says so ('{what} copied'). */
export const CopyButton = ({ text, what }: { text: string; what: string }) => {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify(`${what} copied`, { type: 'success' });
    } catch {
      notify('Could not copy: select the text and copy it instead.', { type: 'error' });
    }
  };
  return (
    <Button
      size="small"
      startIcon={<CopyIcon />}
      onClick={copy}
      aria-label={`Copy ${what.toLowerCase()}`}
    >
      Copy
    </Button>
  );
};
