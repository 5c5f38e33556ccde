import UnityDecksIcon from '@mui/icons-material/Style';
import { lazy } from 'react';
import { definePage } from '../../screen';
import { DECKS_PAGE } from './page';

/** /unity/decks: the daily decks of the Unity game. */
export const unityDecks = definePage({
  path: DECKS_PAGE,
  area: 'decks',
  label: 'Unity Decks',
  icon: UnityDecksIcon,
  // Its own chunk, loaded when the page first opens (the Layout wraps pages in Suspense): the
  // first-visit bundle has no room for it.
  component: lazy(() => import('./DecksPage').then((m) => ({ default: m.DecksPage }))),
});
