import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { SidePanels } from '../../components/SidePanels';
import { CategoriesPanel } from '../../resources/categories/CategoriesPanel';
import type { CategoryRecord } from '../../resources/categories/category';
import { OffersPanel } from '../../resources/offers/OffersPanel';

/**
 * /games: categories on the left, the offers of the selected category on the right (stacked
 * under 980 px). The first category is selected on load; deleting the selected one clears it.
 */
export const GamesPage = () => {
  const [selected, setSelected] = useState<CategoryRecord | null>(null);
  return (
    <>
      <Title title="Game Offers" />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography component="h2" variant="h5">
            Categories and Game Offers
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Select a category to see and manage its offers.
          </Typography>
        </Box>
        <SidePanels columns="minmax(0, 2fr) minmax(0, 3fr)">
          <CategoriesPanel selected={selected} onSelect={setSelected} />
          <OffersPanel category={selected} />
        </SidePanels>
      </Box>
    </>
  );
};
