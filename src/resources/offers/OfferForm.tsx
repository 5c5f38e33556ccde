import { InputAdornment, Typography } from '@mui/material';
import { TEXT_MAX } from '../../../contract/limits';
import {
  ACTIVE_CHOICES,
  FormInput,
  FormSelect,
  nonNegativeNote,
  RecordForm,
  useRecordForm,
} from '../../components/panel';
import type { CategoryRecord } from '../categories';
import {
  EMPTY_OFFER,
  OFFER_MESSAGES,
  type OfferRecord,
  offerFormValues,
  REWARD_CHOICES,
  toOfferBody,
  validateOffer,
} from './offer';

export interface OfferFormProps {
  /** The offers' category; the form is disabled without one. */
  category: CategoryRecord | null;
  /** The offer loaded for editing, or null for a new one. Key the form by it. */
  editing: OfferRecord | null;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Offer name and Game name (required), Price, reward type (Points/XP), Reward amount,
 * Active/Inactive and Sort order; Create, or Save and Cancel. A new offer goes in `category`.
 */
export const OfferForm = ({ category, editing, onSaved, onCancel }: OfferFormProps) => {
  const categoryId = category?.id ?? null;
  const form = useRecordForm({
    resource: 'offers',
    record: editing,
    valuesOf: offerFormValues,
    empty: EMPTY_OFFER,
    validate: (values) => validateOffer(values, categoryId),
    // validate has made sure there is a category
    toBody: (values) => toOfferBody(values, categoryId ?? ''),
    messages: OFFER_MESSAGES,
    onSaved,
  });
  return (
    <RecordForm
      form={form}
      what="offer"
      onCancel={onCancel}
      disabled={category === null}
      hint={
        category ? null : (
          <Typography variant="body2" color="text.secondary">
            Select a category to add offers to it.
          </Typography>
        )
      }
    >
      <FormInput name="name" label="Offer name" required wide maxLength={TEXT_MAX.offer.name} />
      <FormInput
        name="gameName"
        label="Game name"
        required
        wide
        maxLength={TEXT_MAX.offer.gameName}
      />
      <FormInput
        name="price"
        label="Price"
        number={{ min: 0, step: 0.01 }}
        savedAs={nonNegativeNote}
        startAdornment={<InputAdornment position="start">$</InputAdornment>}
      />
      <FormSelect name="rewardType" label="Reward type" choices={REWARD_CHOICES} />
      <FormInput
        name="rewardAmount"
        label="Reward amount"
        number={{ min: 0, step: 1 }}
        savedAs={nonNegativeNote}
      />
      <FormSelect name="isActive" label="Status" choices={ACTIVE_CHOICES} />
      <FormInput name="sortOrder" label="Sort order" number={{ min: 0, step: 1 }} />
    </RecordForm>
  );
};
