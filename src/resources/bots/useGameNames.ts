import { useEffect, useMemo } from 'react';
import { useInfiniteGetList } from 'react-admin';
import { PAGE_LIMIT_MAX } from '../../../contract/lists';
import { useAllowed } from '../../access/useAllowed';
import type { OfferRecord } from '../offers/offer';
import { distinctGames } from './gameNames';

/** Offers read for their game names at most: far past any real catalogue. */
const PAGES_MAX = 20;

const BY_GAME = {
  pagination: { page: 1, perPage: PAGE_LIMIT_MAX },
  sort: { field: 'gameName', order: 'ASC' as const },
  filter: {},
};

/**
 * The game names of the offers (GET /admin/offers, every page), for the bot form's suggestions
 * and its warning. Undefined while loading, without games:read, or when the offers cannot be
 * read: the form then neither suggests nor warns.
 */
export const useGameNames = (): string[] | undefined => {
  const { allowed } = useAllowed('list', 'offers');
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage, isError } =
    useInfiniteGetList<OfferRecord>('offers', BY_GAME, {
      enabled: allowed,
      retry: false,
      staleTime: 60_000,
    });
  const pages = data?.pages ?? [];
  const more = hasNextPage && pages.length < PAGES_MAX;
  useEffect(() => {
    if (more && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [more, isFetchingNextPage, isError, fetchNextPage]);
  const done = data !== undefined && !more && !isError;
  return useMemo(
    () =>
      done
        ? distinctGames(pages.flatMap((page) => page.data.map((offer) => offer.gameName)))
        : undefined,
    [done, pages],
  );
};
