import { plainScreen } from '../plain/screens';
import { offerSpec } from './spec';

/** `<Resource {...offers} />`: /offers (filtered by category), its Show, Edit and Create. */
export const offers = plainScreen({ name: 'offers', spec: offerSpec });
