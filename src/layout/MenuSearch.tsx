import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  TextField,
} from '@mui/material';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { filterMenu, type MenuEntry, type MenuLink, menuLinks } from './menu';
import { iconSx, itemSx } from './menuItemSx';
import { focusPageHeadingSoon } from './pageHeading';

export interface MenuSearch {
  query: string;
  setQuery: (query: string) => void;
  /** The filtered menu while a query is typed, otherwise null (the whole menu shows). */
  results: MenuEntry[] | null;
  /** The matching links in order, and which one Enter opens. */
  links: MenuLink[];
  active: number;
  /** Ids tying the search box to the list of matches (aria-controls, aria-activedescendant). */
  listId: string;
  optionId: (index: number) => string;
  /** Clears the search after a match was followed (by a click, or Enter in the box). */
  followed: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * The menu search as a combobox: typing filters the menu into a list of matches, the arrow keys
 * move the highlighted match (wrapping round), Enter opens it, Escape clears the search. Focus
 * stays in the box while searching, so the query can still be refined; a match followed moves it
 * to the page's heading.
 */
export const useMenuSearch = (
  entries: readonly MenuEntry[],
  enabled: boolean,
  onNavigate?: () => void,
): MenuSearch => {
  const navigate = useNavigate();
  const [query, setQueryState] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const baseId = useId();
  const results = enabled && query.trim() !== '' ? filterMenu(entries, query) : null;
  const links = results ? menuLinks(results) : [];
  const active = Math.min(highlighted, Math.max(links.length - 1, 0));
  const optionId = (index: number) => `${baseId}-match-${index}`;

  const setQuery = (next: string) => {
    setQueryState(next);
    setHighlighted(0);
  };
  const followed = () => {
    setQuery('');
    onNavigate?.();
    focusPageHeadingSoon();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      if (query === '') return; // an empty box lets Escape close the overlay
      event.preventDefault();
      event.stopPropagation();
      setQuery('');
      return;
    }
    if (links.length === 0) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setHighlighted((active + step + links.length) % links.length);
    } else if (event.key === 'Enter') {
      const target = links[active];
      if (!target) return;
      event.preventDefault();
      navigate(target.to);
      followed();
    }
  };

  // A long list of matches scrolls to keep the highlighted one in sight.
  const activeId = links.length > 0 ? optionId(active) : null;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  return {
    query,
    setQuery,
    results,
    links,
    active,
    listId: `${baseId}-matches`,
    optionId,
    followed,
    onKeyDown,
  };
};

/** The search box above the menu, a combobox that controls the list of matches. */
export const MenuSearchBox = ({ search }: { search: MenuSearch }) => {
  const expanded = search.links.length > 0;
  return (
    <Box sx={{ px: 2, pb: 1 }}>
      <TextField
        type="search"
        size="small"
        variant="outlined"
        margin="none"
        fullWidth
        placeholder="Search menu"
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={search.onKeyDown}
        slotProps={{
          htmlInput: {
            'aria-label': 'Search menu',
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': expanded,
            'aria-controls': expanded ? search.listId : undefined,
            'aria-activedescendant': expanded ? search.optionId(search.active) : undefined,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
};

const MatchOption = ({
  link,
  index,
  search,
  nested,
}: {
  link: MenuLink;
  index: number;
  search: MenuSearch;
  nested: boolean;
}) => {
  const Icon = link.icon;
  const highlighted = index === search.active;
  return (
    <ListItemButton
      component={NavLink}
      to={link.to}
      end={link.to === '/'}
      role="option"
      id={search.optionId(index)}
      aria-selected={highlighted}
      // options are not tab stops: focus stays in the search box until one is followed
      tabIndex={-1}
      onClick={search.followed}
      sx={{
        ...itemSx(false, nested),
        ...(highlighted
          ? { bgcolor: 'action.selected', '&:hover': { bgcolor: 'action.selected' } }
          : {}),
      }}
    >
      <ListItemIcon sx={iconSx(false)}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={link.label} slotProps={{ primary: { noWrap: true } }} />
    </ListItemButton>
  );
};

/**
 * The matches of the menu search, a listbox: links keep their place in the menu, those inside
 * a group under the group's name.
 */
export const MenuMatchList = ({
  search,
  results,
}: {
  search: MenuSearch;
  results: MenuEntry[];
}) => {
  let index = 0;
  return (
    <List
      component="div"
      role="listbox"
      id={search.listId}
      aria-label="Menu matches"
      sx={{ py: 0.5 }}
    >
      {results.map((entry) => {
        if (entry.kind === 'link') {
          return (
            <MatchOption
              key={entry.to}
              link={entry}
              index={index++}
              search={search}
              nested={false}
            />
          );
        }
        const headingId = `${search.listId}-${entry.id}`;
        return (
          <Box key={entry.id} role="group" aria-labelledby={headingId}>
            <ListSubheader component="div" id={headingId} disableSticky sx={{ lineHeight: '36px' }}>
              {entry.label}
            </ListSubheader>
            {entry.children.map((child) => (
              <MatchOption key={child.to} link={child} index={index++} search={search} nested />
            ))}
          </Box>
        );
      })}
    </List>
  );
};
