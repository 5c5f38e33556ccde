import { List, type ListProps } from 'react-admin';
import { PrevNextPagination } from './PrevNextPagination';

/** Spec section 9: users, withdrawals and bots list 20 a page, newest first. */
const PER_PAGE = 20;
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

/**
 * A react-admin List as the console's paged lists are: 20 a page, newest first, Prev / Next, and
 * no react-admin toolbar, empty page or exporter (each screen has its own). The table scrolls
 * sideways inside its card on narrow screens instead of widening the page.
 */
export const PagedList = ({ children, ...props }: ListProps) => (
  <List
    perPage={PER_PAGE}
    sort={NEWEST_FIRST}
    pagination={<PrevNextPagination />}
    actions={false}
    empty={false}
    exporter={false}
    sx={{ '& .RaList-main': { minWidth: 0 } }}
    {...props}
  >
    {children}
  </List>
);
