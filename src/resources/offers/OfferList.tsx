import { List, ListItem, ListItemText } from '@mui/material';
import { ListContextProvider } from 'react-admin';
import { ActiveBadge } from '../../components/ActiveBadge';
import { PanelListBody, PanelToolbar, RowActions, usePanelList } from '../../components/panel';
import { formatUsd } from '../../format';
import type { CategoryRecord } from '../categories';
import { OFFER_MESSAGES, type OfferRecord, rewardText } from './offer';

export interface OfferListProps {
  categoryId: CategoryRecord['id'];
  onEdit: (offer: OfferRecord) => void;
  onDelete: (offer: OfferRecord) => Promise<void>;
}

const OfferRow = ({
  offer,
  onEdit,
  onDelete,
}: Omit<OfferListProps, 'categoryId'> & { offer: OfferRecord }) => (
  <ListItem divider sx={{ gap: 1, px: 1 }}>
    <ListItemText
      primary={offer.name}
      secondary={`${offer.gameName} · ${rewardText(offer)} · ${formatUsd(offer.price)}`}
      slotProps={{ primary: { noWrap: true } }}
      sx={{ minWidth: 0 }}
    />
    <ActiveBadge active={offer.isActive} on="Active" off="Inactive" />
    <RowActions
      name={offer.name}
      onEdit={() => onEdit(offer)}
      confirm={OFFER_MESSAGES.confirmDelete}
      onDelete={() => onDelete(offer)}
    />
  </ListItem>
);

/**
 * Search, Refresh and the offers of one category. Key it by the category: another category
 * starts from its own loading state and an empty search, never the last category's rows.
 */
export const OfferList = ({ categoryId, ...actions }: OfferListProps) => {
  const list = usePanelList<OfferRecord>('offers', { categoryId: String(categoryId) });
  return (
    <ListContextProvider value={list}>
      <PanelToolbar what="offers" />
      <PanelListBody<OfferRecord> what="offers" empty="No offers in this category">
        {(offers) => (
          <List aria-label="Offers" disablePadding>
            {offers.map((offer) => (
              <OfferRow key={offer.id} offer={offer} {...actions} />
            ))}
          </List>
        )}
      </PanelListBody>
    </ListContextProvider>
  );
};
