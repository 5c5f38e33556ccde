import { useState } from 'react';
import { EmptyNote } from '../../components/EmptyNote';
import { PanelCard, sameRecord, useDeleteRecord } from '../../components/panel';
import type { CategoryRecord } from '../categories';
import { OfferForm } from './OfferForm';
import { OfferList } from './OfferList';
import { OFFER_MESSAGES, type OfferRecord } from './offer';

/**
 * The right panel: the offers of the selected category and their form. Without a category it
 * asks for one, and the form is disabled.
 */
export const OffersPanel = ({ category }: { category: CategoryRecord | null }) => {
  const [edited, setEdited] = useState<OfferRecord | null>(null);
  // an offer of another category (the selection changed meanwhile) is no longer being edited
  const editing =
    edited && category && String(edited.categoryId) === String(category.id) ? edited : null;

  const remove = useDeleteRecord<OfferRecord>('offers', OFFER_MESSAGES, (deleted) =>
    setEdited((current) => (sameRecord(current, deleted) ? null : current)),
  );
  const stopEditing = () => setEdited(null);

  return (
    <PanelCard
      title={category ? `Offers in ${category.name}` : 'Offers'}
      list={
        category ? (
          <OfferList
            key={String(category.id)}
            categoryId={category.id}
            onEdit={setEdited}
            onDelete={remove}
          />
        ) : (
          <EmptyNote>Select a category to see its offers.</EmptyNote>
        )
      }
      form={
        <OfferForm
          key={editing ? String(editing.id) : 'new'}
          category={category}
          editing={editing}
          onSaved={stopEditing}
          onCancel={stopEditing}
        />
      }
    />
  );
};
