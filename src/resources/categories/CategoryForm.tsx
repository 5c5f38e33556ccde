import { TEXT_MAX } from '../../../contract/limits';
import {
  ACTIVE_CHOICES,
  FormInput,
  FormSelect,
  RecordForm,
  useRecordForm,
} from '../../components/panel';
import {
  CATEGORY_MESSAGES,
  type CategoryRecord,
  categoryFormValues,
  EMPTY_CATEGORY,
  toCategoryBody,
  validateCategory,
} from './category';

export interface CategoryFormProps {
  /** The category loaded for editing, or null for a new one. Key the form by it. */
  editing: CategoryRecord | null;
  onSaved: (category: CategoryRecord, created: boolean) => void;
  onCancel: () => void;
}

/** Name (required), Slug (optional), Active/Inactive, Sort order; Create, or Save and Cancel. */
export const CategoryForm = ({ editing, onSaved, onCancel }: CategoryFormProps) => {
  const form = useRecordForm({
    resource: 'categories',
    record: editing,
    valuesOf: categoryFormValues,
    empty: EMPTY_CATEGORY,
    validate: validateCategory,
    toBody: toCategoryBody,
    messages: CATEGORY_MESSAGES,
    onSaved,
  });
  return (
    <RecordForm form={form} what="category" onCancel={onCancel}>
      <FormInput name="name" label="Name" required wide maxLength={TEXT_MAX.category.name} />
      <FormInput
        name="slug"
        label="Slug"
        maxLength={TEXT_MAX.category.slug}
        helperText="Optional: derived from the name when empty"
        wide
      />
      <FormSelect name="isActive" label="Status" choices={ACTIVE_CHOICES} />
      <FormInput name="sortOrder" label="Sort order" number={{ step: 1 }} />
    </RecordForm>
  );
};
