import EditIcon from '@mui/icons-material/Edit';
import { Button, Link as MuiLink, Stack } from '@mui/material';
import { DataTable, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { ActiveBadge } from '../../components/ActiveBadge';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { ListTable } from '../../components/ListTable';
import { ListToolbar, Spacer, ToolbarRow } from '../../components/ListToolbar';
import { PagedList } from '../../components/PagedList';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';
import { formatDateTime, formatNumber } from '../../format';
import { BotAvatar } from './BotAvatar';
import { BotSummaryBadges } from './BotSummaryBadges';
import { BulkActiveButtons } from './BulkActiveButtons';
import { ACTIVE_CHOICES, type BotRecord, MESSAGES } from './bot';
import { DeleteBotButton } from './DeleteBotButton';
import { botEditPath, botShowPath, NEW_BOT_PATH } from './paths';

/** Search, the active filter and '+ Create bot'; then the summary and the bulk buttons. */
const BotListToolbar = () => (
  <>
    <ListToolbar
      searchLabel="Search nickname or botId"
      filters={<ListSelectFilter source="active" label="Active" choices={ACTIVE_CHOICES} />}
      actions={
        <IfAllowed action="create">
          <Button variant="contained" component={Link} to={NEW_BOT_PATH}>
            + Create bot
          </Button>
        </IfAllowed>
      }
    />
    <ToolbarRow last>
      <BotSummaryBadges />
      <Spacer />
      <IfAllowed action="edit">
        <BulkActiveButtons />
      </IfAllowed>
    </ToolbarRow>
  </>
);

const RowActions = ({ record }: { record: BotRecord }) => (
  <IfAllowed action="edit">
    <Stack direction="row" spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        component={Link}
        to={botEditPath(record.id)}
        startIcon={<EditIcon />}
        aria-label={`Edit ${record.nickname}`}
      >
        Edit
      </Button>
      <DeleteBotButton record={record} />
    </Stack>
  </IfAllowed>
);

const bot = (record: unknown) => record as BotRecord;

const BotTable = () => (
  <ListTable selectable minWidth={960} empty={<EmptyNote>No bots found</EmptyNote>}>
    <DataTable.Col
      label="Avatar"
      disableSort
      render={(record) => <BotAvatar url={bot(record).avatarUrl} nickname={bot(record).nickname} />}
    />
    <DataTable.Col
      source="nickname"
      label="Nickname"
      render={(record) => (
        <MuiLink component={Link} to={botShowPath(bot(record).id)}>
          {bot(record).nickname}
        </MuiLink>
      )}
    />
    <DataTable.Col
      source="botId"
      label="Bot ID"
      cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
    />
    <DataTable.Col
      source="active"
      label="Active"
      render={(record) => <ActiveBadge active={bot(record).active} on="yes" off="no" />}
    />
    <DataTable.Col
      source="currentSessions"
      label="Sessions"
      align="right"
      render={(record) =>
        `${formatNumber(bot(record).currentSessions)}/${formatNumber(bot(record).maxSessions)}`
      }
    />
    <DataTable.Col
      source="skill"
      label="Skill"
      align="right"
      render={(record) => formatNumber(bot(record).skill)}
    />
    <DataTable.Col
      label="Allowed offers"
      disableSort
      cellSx={() => ({ minWidth: 140, overflowWrap: 'anywhere' })}
      render={(record) => bot(record).allowedOffers.join(', ') || '-'}
    />
    <DataTable.Col
      source="lastUsedAt"
      label="Last used"
      cellSx={() => ({ whiteSpace: 'nowrap' })}
      render={(record) => formatDateTime(bot(record).lastUsedAt)}
    />
    <DataTable.Col
      label="Actions"
      disableSort
      render={(record) => <RowActions record={bot(record)} />}
    />
  </ListTable>
);

const BotRows = () => {
  const { data } = useListContext();
  return data ? <BotTable /> : null;
};

/**
 * /bots: 20 a page, newest first; search over nickname or botId, an active filter, the
 * Total / Active / Busy summary, bulk enable and disable of the checked rows, and per row the
 * nickname (a link to /bots/{botId}/show), Edit (/bots/{botId}/edit) and Delete.
 */
export const BotList = () => (
  <PagedList title="Bots" queryOptions={FAILURE_SHOWN_IN_PAGE}>
    <BotListToolbar />
    <ListBody what="bots" errorTitle={MESSAGES.listError} inset>
      <BotRows />
    </ListBody>
  </PagedList>
);
