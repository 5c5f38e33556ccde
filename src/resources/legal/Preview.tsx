import { Box, Typography } from '@mui/material';
import { useDeferredValue, useId, useMemo } from 'react';
import { type PreviewContent, previewOf } from './previewContent';

/**
 * Which area the players get, by the preview's own rule: a new version starts from both areas of
 * the one on show, and a change to the plain text alone changes nothing they see.
 */
const SHOWN: Record<PreviewContent['kind'], string> = {
  html: 'Players see the HTML, as the preview shows. The plain text is shown only when the HTML is empty.',
  text: 'Players see the plain text, as the preview shows: the HTML is empty.',
  empty: 'Players get an empty document: both areas are empty.',
};

/**
 * What the document looks like: its HTML (sanitised here, whatever was typed), else its plain
 * text, else 'No content', and which of the two that is. Follows the typing without holding it up.
 */
export const Preview = ({
  contentText,
  contentHtml,
}: {
  contentText: string;
  contentHtml: string;
}) => {
  const headingId = useId();
  const text = useDeferredValue(contentText);
  const html = useDeferredValue(contentHtml);
  const content = useMemo(() => previewOf(text, html), [text, html]);
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle2" color="text.secondary">
        Preview
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {SHOWN[content.kind]}
      </Typography>
      <Box
        data-testid="legal-preview"
        sx={{
          mt: 1,
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflowWrap: 'anywhere',
          // Whatever the content does, it paints inside this box, and scrolls in it when wide.
          contain: 'paint',
          overflowX: 'auto',
          '& img': { maxWidth: '100%' },
        }}
      >
        {content.kind === 'html' && (
          // Sanitised by previewOf just above.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the preview is HTML by design
          <div dangerouslySetInnerHTML={{ __html: content.html }} />
        )}
        {content.kind === 'text' && (
          <Typography component="div" sx={{ whiteSpace: 'pre-wrap' }}>
            {content.text}
          </Typography>
        )}
        {content.kind === 'empty' && <Typography color="text.secondary">No content</Typography>}
      </Box>
    </Box>
  );
};
