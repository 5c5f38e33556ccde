import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { List } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { TypeSearch } from './TypeSearch';
import { TypeTable } from './TypeTable';
import { RESOURCE, TYPE_LIST_PARAMS, TYPE_LIST_QUERY } from './types';

/** /withdrawal-types: the types page's list, each key linking to its show screen. */
export const TypeList = () => (
  <List
    title="Withdrawal Types"
    {...TYPE_LIST_PARAMS}
    queryOptions={TYPE_LIST_QUERY}
    actions={false}
    pagination={false}
    empty={false}
    exporter={false}
    sx={{ '& .RaList-main': { minWidth: 0 } }}
  >
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <IfAllowed action="create">
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={Link}
            to={`/${RESOURCE}/create`}
          >
            New Type
          </Button>
        </IfAllowed>
      </Box>
      <TypeSearch />
      <TypeTable linked />
    </Box>
  </List>
);
