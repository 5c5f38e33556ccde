import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { PAGE_LIMIT_MAX } from '../../../contract/lists';
import { useAllowed } from '../../access/useAllowed';
import type { OfferRecord } from '../offers/offer';
import { distinctGames } from './gameNames';

/** Offers read for their game names at most: far past any real catalogue. */
const PAGES_MAX = 20;

/**
 * The game names of the offers (GET /admin/offers, every page), for the bot form's suggestions
 * and its warning. Undefined while loading, without games:read, or when the offers cannot be
 * read: the form then neither suggests nor warns.
 */
export const useGameNames = (): string[] | undefined => {
  const dataProvider = useDataProvider();
  const { allowed } = useAllowed('list', 'offers');
  const { data } = useQuery({
    queryKey: ['offers', 'gameNames'],
    enabled: allowed,
    retry: false,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const names: string[] = [];
      for (let page = 1; page <= PAGES_MAX; page++) {
        const { data: offers, total = 0 } = await dataProvider.getList<OfferRecord>('offers', {
          pagination: { page, perPage: PAGE_LIMIT_MAX },
          sort: { field: 'gameName', order: 'ASC' },
          filter: {},
          signal,
        });
        names.push(...offers.map((offer) => offer.gameName));
        if (offers.length === 0 || page * PAGE_LIMIT_MAX >= total) break;
      }
      return distinctGames(names);
    },
  });
  return data;
};
