import GameOffersIcon from '@mui/icons-material/SportsEsports';
import { lazy } from 'react';
import { definePage } from '../../screen';

/** /games: categories and their offers, side by side (spec section 'Categories and Game Offers'). */
export const games = definePage({
  path: '/games',
  area: 'games',
  label: 'Game Offers',
  icon: GameOffersIcon,
  // Its own chunk, loaded when /games first opens (the Layout wraps pages in Suspense): the
  // first-visit bundle has no room for it.
  component: lazy(() => import('./GamesPage').then((m) => ({ default: m.GamesPage }))),
});
