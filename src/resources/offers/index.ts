export { OffersPanel } from './OffersPanel';
export type { OfferRecord } from './offer';
