import { Box, Typography } from '@mui/material';
import { useDeferredValue, useId, useMemo } from 'react';
import { previewOf } from './previewContent';

/**
 * What the document looks like: its HTML (sanitised here, whatever was typed), else its plain
 * text, else 'No content'. Follows the typing without holding it up.
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
