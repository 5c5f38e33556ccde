import type { ListResponse } from '../../contract/lists';

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/** A list answer from its page of items and the total of the whole filtered set, read at once. */
export async function pageOf<T>(
  paging: Paging,
  items: Promise<T[]>,
  total: Promise<number>,
): Promise<ListResponse<T>> {
  const [rows, count] = await Promise.all([items, total]);
  return { items: rows, total: count, page: paging.page, limit: paging.limit };
}
