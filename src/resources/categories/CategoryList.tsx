import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { ActiveBadge } from '../../components/ActiveBadge';
import { PanelListBody, RowActions } from '../../components/panel';
import { CATEGORY_MESSAGES, type CategoryRecord, deleteCategoryDescription } from './category';

export interface CategoryListProps {
  selectedId: CategoryRecord['id'] | undefined;
  onSelect: (category: CategoryRecord) => void;
  onEdit: (category: CategoryRecord) => void;
  onDelete: (category: CategoryRecord) => Promise<void>;
}

const CategoryRow = ({
  category,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: Omit<CategoryListProps, 'selectedId'> & { category: CategoryRecord; selected: boolean }) => (
  <ListItem disablePadding divider sx={{ gap: 1, pr: 1 }}>
    {/* a button: click, Enter or Space selects; aria-current marks the selected one */}
    <ListItemButton
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(category)}
      sx={{ gap: 1, minWidth: 0 }}
    >
      <ListItemText
        primary={category.name}
        secondary={`${category.slug} · Sort order ${category.sortOrder}`}
        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        sx={{ minWidth: 0 }}
      />
      <ActiveBadge active={category.isActive} on="Active" off="Inactive" />
    </ListItemButton>
    <RowActions
      name={category.name}
      onEdit={() => onEdit(category)}
      confirm={CATEGORY_MESSAGES.confirmDelete}
      description={deleteCategoryDescription(category.name)}
      onDelete={() => onDelete(category)}
    />
  </ListItem>
);

/** The categories of the list context, in their states; a click on a row selects it. */
export const CategoryList = ({ selectedId, ...actions }: CategoryListProps) => (
  <PanelListBody<CategoryRecord> what="categories" empty="No categories">
    {(categories) => (
      <List aria-label="Categories" disablePadding>
        {categories.map((category) => (
          <CategoryRow
            key={category.id}
            category={category}
            selected={selectedId !== undefined && String(category.id) === String(selectedId)}
            {...actions}
          />
        ))}
      </List>
    )}
  </PanelListBody>
);
