import { ListItemButton, ListItemText } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { DataTable, useListContext } from 'react-admin';
import { CategoryCreate, CategoryPatch } from '../../../contract/categories';
import { ActiveBadge } from '../../components/ActiveBadge';
import { PanelCard } from '../plain/PanelCard';
import { PanelForm } from '../plain/PanelForm';
import { PanelList } from '../plain/PanelList';
import { sameRecord } from '../plain/sameRecord';
import type { CategoryRecord } from './category';
import categorySpec from './resource';

export interface CategoriesPanelProps {
  selected: CategoryRecord | null;
  /** null clears the selection (the selected category was deleted). */
  onSelect: (category: CategoryRecord | null) => void;
}

/**
 * Selects the first category once, when the list first has one and nothing was chosen yet.
 * Never again: after the selected category is deleted, the selection stays empty. The selection
 * also follows its category through reloads: a rename, here or by another admin, shows in the
 * offers panel too.
 */
const SelectionSync = ({ selected, onSelect }: CategoriesPanelProps) => {
  const { data: categories } = useListContext<CategoryRecord>();
  const chosen = useRef(false);
  useEffect(() => {
    if (selected) chosen.current = true;
    const first = categories?.[0];
    if (chosen.current || !first) return;
    chosen.current = true;
    onSelect(first);
  }, [categories, selected, onSelect]);
  useEffect(() => {
    const fresh = selected && categories?.find((category) => sameRecord(selected, category));
    if (fresh && fresh.updatedAt !== selected.updatedAt) onSelect(fresh);
  }, [categories, selected, onSelect]);
  return null;
};

/** The left panel of Game Offers: search, Refresh, the categories (select, edit, delete), the form. */
export const CategoriesPanel = ({ selected, onSelect }: CategoriesPanelProps) => {
  const [editing, setEditing] = useState<CategoryRecord | null>(null);
  const onDeleted = (deleted: CategoryRecord) => {
    if (sameRecord(selected, deleted)) onSelect(null);
    setEditing((current) => (sameRecord(current, deleted) ? null : current));
  };

  return (
    <PanelCard
      title="Categories"
      list={
        <PanelList
          name="categories"
          spec={categorySpec}
          empty="No categories"
          onEdit={setEditing}
          onDeleted={onDeleted}
          beside={<SelectionSync selected={selected} onSelect={onSelect} />}
        >
          <DataTable.Col<CategoryRecord>
            label={<span>Category</span>}
            disableSort
            render={(category) => {
              const current = sameRecord(selected, category);
              return (
                // a button: click, Enter or Space selects; aria-current marks the selected one
                <ListItemButton
                  selected={current}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onSelect(category)}
                  sx={{ gap: 1, minWidth: 0, borderRadius: 1 }}
                >
                  {/* wrapping, not cut to one line: the row's Edit and Delete keep their room */}
                  <ListItemText
                    primary={category.name}
                    secondary={`${category.slug} · Sort order ${category.sortOrder}`}
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  />
                  <ActiveBadge active={category.isActive} on="Active" off="Inactive" />
                </ListItemButton>
              );
            }}
          />
        </PanelList>
      }
      form={
        // Name (required), Slug (optional), Active/Inactive, Sort order
        <PanelForm
          key={editing ? String(editing.id) : 'new'}
          name="categories"
          spec={categorySpec}
          schemas={{ create: CategoryCreate, patch: CategoryPatch }}
          record={editing}
          onSaved={(_category, created) => {
            if (!created) setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      }
    />
  );
};
