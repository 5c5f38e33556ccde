import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useId, useState } from 'react';

type Level = 1 | 2 | 3 | 4 | 5 | 6;
const LEVELS: { label: string; level?: Level }[] = [
  { label: 'Normal' },
  ...([1, 2, 3, 4, 5, 6] as const).map((level) => ({ label: `Heading ${level}`, level })),
];

/**
 * Paragraph or heading level, as a menu button. (ra-input-rich-text's own LevelSelect puts a
 * list item in a <nav>, which assistive technology cannot read as a list.)
 */
const LevelMenu = () => {
  const editor = useTiptapEditor();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      LEVELS.find(({ level }) =>
        level ? e?.isActive('heading', { level }) : e?.isActive('paragraph'),
      ) ?? LEVELS[0],
  });

  const choose = (level?: Level) => {
    setAnchor(null);
    const chain = editor.chain().focus();
    (level ? chain.setNode('heading', { level }) : chain.setNode('paragraph')).run();
  };

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        aria-label={`Text style: ${current?.label}`}
        disabled={!editor?.isEditable}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {current?.label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LEVELS.map(({ label, level }) => (
          <MenuItem key={label} selected={label === current?.label} onClick={() => choose(level)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** ra-input-rich-text's default toolbar, with the level menu above in place of its own. */
export const EditorToolbar = () => (
  <RichTextInputToolbar>
    <LevelMenu />
    <FormatButtons />
    <ColorButtons />
    <AlignmentButtons />
    <ListButtons />
    <LinkButtons />
    <ImageButtons />
    <QuoteButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);
