import { useEffect, useMemo, useState } from 'react';
import { useGetList } from 'react-admin';
import { PAGE_LIMIT_MAX } from '../../../contract/lists';
import { useAllowed } from '../../access/useAllowed';
import type { OfferRecord } from '../offers/offer';
import { distinctGames } from './gameNames';

/** Offers read for their game names at most: far past any real catalogue. */
const PAGES_MAX = 20;

const SORT = { field: 'gameName', order: 'ASC' as const };
const FILTER = {};

/** A page of offers as read: its game names, and how many offers there are in all. */
interface PageRead {
  names: string[];
  total: number;
}

/** Whether the pages read so far are every page there is (or as many as are read at most). */
const isWhole = (read: PageRead[]) => {
  const last = read.at(-1);
  return (
    last !== undefined &&
    (last.names.length === 0 ||
      read.length * PAGE_LIMIT_MAX >= last.total ||
      read.length >= PAGES_MAX)
  );
};

/**
 * The game names of the offers (GET /admin/offers, every page, one after the other), for the
 * bot form's suggestions and its warning. Undefined while loading, without games:read, or when
 * the offers cannot be read: the form then neither suggests nor warns.
 */
export const useGameNames = (): string[] | undefined => {
  const { allowed } = useAllowed('list', 'offers');
  const [read, setRead] = useState<PageRead[]>([]);
  const done = isWhole(read);
  const page = read.length + 1;
  const { data, total, isError } = useGetList<OfferRecord>(
    'offers',
    { pagination: { page, perPage: PAGE_LIMIT_MAX }, sort: SORT, filter: FILTER },
    { enabled: allowed && !done, retry: false, staleTime: 60_000 },
  );
  useEffect(() => {
    if (!data || done) return;
    const names = data.map((offer) => offer.gameName);
    // once per page, however often this page's answer renders
    setRead((pages) =>
      pages.length === page - 1 ? [...pages, { names, total: total ?? 0 }] : pages,
    );
  }, [data, total, page, done]);
  return useMemo(
    () => (done && !isError ? distinctGames(read.flatMap((each) => each.names)) : undefined),
    [done, isError, read],
  );
};
