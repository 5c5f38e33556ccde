import { Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable } from 'react-admin';
import { OfferCreate, OfferPatch } from '../../../contract/offers';
import { ActiveBadge } from '../../components/ActiveBadge';
import { EmptyNote } from '../../components/EmptyNote';
import { formatUsd } from '../../format';
import type { CategoryRecord } from '../categories/category';
import { PanelCard } from '../plain/PanelCard';
import { PanelForm } from '../plain/PanelForm';
import { PanelList } from '../plain/PanelList';
import { sameRecord } from '../plain/sameRecord';
import { type OfferRecord, rewardText } from './offer';
import offerSpec from './resource';

/**
 * The right panel of Game Offers: the offers of the selected category (search, Refresh, edit,
 * delete) and their form. Without a category it asks for one, and the form is disabled.
 */
export const OffersPanel = ({ category }: { category: CategoryRecord | null }) => {
  const [edited, setEdited] = useState<OfferRecord | null>(null);
  // an offer of another category (the selection changed meanwhile) is no longer being edited
  const editing =
    edited && category && String(edited.categoryId) === String(category.id) ? edited : null;
  const onDeleted = (deleted: OfferRecord) =>
    setEdited((current) => (sameRecord(current, deleted) ? null : current));
  const stopEditing = () => setEdited(null);

  return (
    <PanelCard
      title={category ? `Offers in ${category.name}` : 'Offers'}
      list={
        category ? (
          // keyed by the category: another one starts from its own loading state and search
          <PanelList
            key={String(category.id)}
            name="offers"
            spec={offerSpec}
            filter={{ categoryId: String(category.id) }}
            empty="No offers in this category"
            onEdit={setEdited}
            onDeleted={onDeleted}
          >
            <DataTable.Col<OfferRecord>
              label={<span>Offer</span>}
              disableSort
              render={(offer) => (
                <Typography component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography>{offer.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {`${offer.gameName} · ${rewardText(offer)} · ${formatUsd(offer.price)}`}
                  </Typography>
                </Typography>
              )}
            />
            <DataTable.Col<OfferRecord>
              label={<span>Status</span>}
              disableSort
              render={(offer) => <ActiveBadge active={offer.isActive} on="Active" off="Inactive" />}
            />
          </PanelList>
        ) : (
          <EmptyNote>Select a category to see its offers.</EmptyNote>
        )
      }
      form={
        // Offer name and Game name (required), Price, reward type (Points/XP), Reward amount,
        // Active/Inactive and Sort order; a new offer goes in the category, disabled without one
        <PanelForm
          key={editing ? String(editing.id) : 'new'}
          name="offers"
          spec={offerSpec}
          schemas={{ create: OfferCreate, patch: OfferPatch }}
          record={editing}
          picked={{ categoryId: category ? String(category.id) : '' }}
          onSaved={stopEditing}
          onCancel={stopEditing}
          disabled={category === null}
          hint={
            category ? null : (
              <Typography variant="body2" color="text.secondary">
                Select a category to add offers to it.
              </Typography>
            )
          }
        />
      }
    />
  );
};
