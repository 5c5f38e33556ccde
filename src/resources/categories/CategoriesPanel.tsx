import { useEffect, useRef, useState } from 'react';
import { ListContextProvider } from 'react-admin';
import {
  PanelCard,
  PanelToolbar,
  sameRecord,
  useDeleteRecord,
  usePanelList,
} from '../../components/panel';
import { CategoryForm } from './CategoryForm';
import { CategoryList } from './CategoryList';
import { CATEGORY_MESSAGES, type CategoryRecord } from './category';

export interface CategoriesPanelProps {
  selected: CategoryRecord | null;
  /** null clears the selection (the selected category was deleted). */
  onSelect: (category: CategoryRecord | null) => void;
}

/**
 * Selects the first category once, when the list first has one and nothing was chosen yet.
 * Never again: after the selected category is deleted, the selection stays empty.
 */
const useSelectFirstOnce = (
  categories: CategoryRecord[] | undefined,
  selected: CategoryRecord | null,
  onSelect: (category: CategoryRecord) => void,
) => {
  const chosen = useRef(false);
  useEffect(() => {
    if (selected) chosen.current = true;
    const first = categories?.[0];
    if (chosen.current || !first) return;
    chosen.current = true;
    onSelect(first);
  }, [categories, selected, onSelect]);
};

/**
 * The selection follows its category through reloads: a rename, here or by another admin, shows
 * in the offers panel too.
 */
const useFollowSelection = (
  categories: CategoryRecord[] | undefined,
  selected: CategoryRecord | null,
  onSelect: (category: CategoryRecord) => void,
) => {
  useEffect(() => {
    const fresh = selected && categories?.find((category) => sameRecord(selected, category));
    if (fresh && fresh.updatedAt !== selected.updatedAt) onSelect(fresh);
  }, [categories, selected, onSelect]);
};

/** The left panel: search, Refresh, the categories (select, edit, delete) and their form. */
export const CategoriesPanel = ({ selected, onSelect }: CategoriesPanelProps) => {
  const list = usePanelList<CategoryRecord>('categories');
  const [editing, setEditing] = useState<CategoryRecord | null>(null);
  useSelectFirstOnce(list.data, selected, onSelect);
  useFollowSelection(list.data, selected, onSelect);

  const remove = useDeleteRecord<CategoryRecord>('categories', CATEGORY_MESSAGES, (deleted) => {
    if (sameRecord(selected, deleted)) onSelect(null);
    setEditing((current) => (sameRecord(current, deleted) ? null : current));
  });

  const onSaved = (_category: CategoryRecord, created: boolean) => {
    if (!created) setEditing(null);
  };

  return (
    <PanelCard
      title="Categories"
      list={
        <ListContextProvider value={list}>
          <PanelToolbar what="categories" />
          <CategoryList
            selectedId={selected?.id}
            onSelect={onSelect}
            onEdit={setEditing}
            onDelete={remove}
          />
        </ListContextProvider>
      }
      form={
        <CategoryForm
          key={editing ? String(editing.id) : 'new'}
          editing={editing}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      }
    />
  );
};
