import SvgIcon from '@mui/material/SvgIcon';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defineResource } from '../../screen';
import { type FakeRoute, gated, reply } from '../../test/fakeFetch';
import { type RenderAdminOptions, renderAdmin, renderAdminHolding } from '../../test/renderAdmin';
import { RecordTimeline } from './RecordTimeline';
import {
  findHistory,
  historyCalls,
  historyEntry,
  historyItems,
  historyOf,
  lastHistoryQuery,
} from './testing';

/**
 * A page of a test resource (area games) with a timeline: `?oldest` adds a first entry,
 * `?resource=` names whose read permission also shows it.
 */
const ThingShow = () => {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <>
      <h1>{`Thing ${id}`}</h1>
      <RecordTimeline
        entity="thing"
        entityId={id}
        resource={search.get('resource') ?? undefined}
        oldest={
          search.has('oldest')
            ? { label: 'Requested by alice', at: '2025-02-01T09:00:00.000Z' }
            : undefined
        }
      />
    </>
  );
};

const things = defineResource({
  name: 'things',
  area: 'games',
  icon: SvgIcon,
  options: { label: 'Things' },
  show: ThingShow,
});

const options = (
  history: FakeRoute | ReturnType<typeof reply>,
  path = '/things/T1/show',
): RenderAdminOptions => ({
  entries: [path],
  routes: { 'GET /api/admin/audit': history },
  resources: [things],
});

const renderThing = (...args: Parameters<typeof options>) => renderAdmin(options(...args));

const edit = historyEntry({
  _id: '11',
  at: '2025-03-01T10:02:03.000Z',
  entity: 'thing',
  entityId: 'T1',
  before: { skill: 50, nickname: 'Ace' },
  after: { skill: 70, nickname: 'Ace' },
});
const created = historyEntry({
  _id: '10',
  at: '2025-02-28T08:00:00.000Z',
  actor: null,
  actorId: null,
  ip: null,
  action: 'thing.create',
  entity: 'thing',
  entityId: 'T1',
  before: null,
  after: { nickname: 'Ace', skill: 50, avatarUrl: null },
});

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

describe('RecordTimeline', () => {
  it('asks for the newest 10; shows loading, then who, what, when and the changes', async () => {
    const { route, open } = gated(historyOf([edit, created]));
    const { requests } = renderThing(route);

    const card = await findHistory();
    expect(within(card).getByText('Loading history…')).toBeInTheDocument();
    await waitFor(() => expect(historyCalls(requests)).toHaveLength(1));
    expect(lastHistoryQuery(requests)).toEqual({
      page: '1',
      limit: '10',
      sort: 'at:desc',
      entity: 'thing',
      entityId: 'T1',
    });
    open();
    await within(card).findByText('Updated');
    const [first, second] = historyItems(card);
    expect(first).toHaveTextContent(`Updatedalice · ${when(edit.at)}Skill: 50 → 70View entry`);
    expect(within(first as HTMLElement).getByText(when(edit.at))).toHaveAttribute(
      'dateTime',
      edit.at,
    );
    expect(
      within(first as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Skill: 50 → 70']);
    expect(second).toHaveTextContent(
      `Createdsystem · ${when(created.at)}Nickname: set to AceSkill: set to 50View entry`,
    );
    expect(within(card).getByRole('link', { name: 'View entry 11' })).toHaveAttribute(
      'href',
      '/audit/11/show',
    );
    expect(within(card).getByText('2 total · Page 1 of 1')).toBeInTheDocument();
  });

  it("says a withdrawal's approvals, its reject with the reason, and the refund", async () => {
    const withdrawal = { entity: 'withdrawal', entityId: 'T1' };
    const rejected = historyEntry({
      ...withdrawal,
      _id: '33',
      actor: 'carol',
      action: 'withdrawal.reject',
      before: { status: 'pending' },
      after: {
        status: 'rejected',
        adminNote: 'Same person as USR-9',
        reasonCode: 'duplicate_account',
        refundedPoints: 2500,
      },
    });
    const approved = historyEntry({
      ...withdrawal,
      _id: '32',
      actor: 'bob',
      action: 'withdrawal.approve',
      before: { status: 'pending' },
      after: { status: 'approved', adminNote: null },
    });
    const firstApproval = historyEntry({
      ...withdrawal,
      _id: '31',
      action: 'withdrawal.approval',
      before: null,
      after: { approvals: 1, approvalsRequired: 2, adminNote: 'Looks fine' },
    });
    renderThing(historyOf([rejected, approved, firstApproval]), '/things/T1/show?oldest');

    const card = await findHistory();
    await within(card).findByText('Rejected: Duplicate account');
    expect(historyItems(card).map((item) => item.firstChild?.textContent)).toEqual([
      'Rejected: Duplicate account',
      'Approved',
      'First approval (1 of 2)',
      'Requested by alice',
    ]);
    const [reject, approve, first, requested] = historyItems(card) as HTMLElement[];
    expect(within(reject as HTMLElement).getByText('Refunded 2,500 points')).toBeInTheDocument();
    expect(
      within(reject as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status: pending → rejected', 'Admin note: set to Same person as USR-9']);
    expect(within(approve as HTMLElement).getByText('bob')).toBeInTheDocument();
    expect(
      within(first as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Admin note: set to Looks fine']);
    expect(requested).toHaveTextContent(`Requested by alice${when('2025-02-01T09:00:00.000Z')}`);
    expect(within(requested as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it("says 'No history yet.' when there is none", async () => {
    renderThing(historyOf([]));
    const card = await findHistory();
    expect(await within(card).findByText('No history yet.')).toBeInTheDocument();
    expect(within(card).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows only the given oldest entry when the log has nothing on the record', async () => {
    renderThing(historyOf([]), '/things/T1/show?oldest');
    const card = await findHistory();
    await within(card).findByText('Requested by alice');
    expect(historyItems(card)).toHaveLength(1);
    expect(within(card).getByText('1 total · Page 1 of 1')).toBeInTheDocument();
    expect(within(card).queryByText('No history yet.')).not.toBeInTheDocument();
  });

  it('shows a failed load with the reason and Retry, which loads again', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderThing(() =>
      fail ? reply(500, { error: 'Database unavailable', code: 'internal' }) : historyOf([edit]),
    );
    const card = await findHistory();
    expect(await within(card).findByText('Error loading history')).toBeInTheDocument();
    expect(within(card).getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('Updated')).toBeInTheDocument();
    expect(within(card).queryByText('Error loading history')).not.toBeInTheDocument();
  });

  it('counts the oldest entry with the others: two listed, two in total', async () => {
    renderThing(historyOf([edit]), '/things/T1/show?oldest');
    const card = await findHistory();
    await within(card).findByText('Requested by alice');
    expect(historyItems(card)).toHaveLength(2);
    expect(within(card).getByText('2 total · Page 1 of 1')).toBeInTheDocument();
  });

  it('gives the oldest entry a page of its own when the log fills the last', async () => {
    const user = userEvent.setup();
    const entries = Array.from({ length: 10 }, (_, i) =>
      historyEntry({ _id: String(100 - i), entity: 'thing', entityId: 'T1' }),
    );
    renderThing((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return historyOf(entries.slice((page - 1) * 10, page * 10), 10, page);
    }, '/things/T1/show?oldest');
    const card = await findHistory();
    expect(await within(card).findByText('11 total · Page 1 of 2')).toBeInTheDocument();
    expect(historyItems(card)).toHaveLength(10);
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    expect(await within(card).findByText('11 total · Page 2 of 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(historyItems(card).map((item) => item.firstChild?.textContent)).toEqual([
        'Requested by alice',
      ]),
    );
  });

  it('pages 10 at a time, Prev and Next by keyboard too; the oldest ends the last', async () => {
    const user = userEvent.setup();
    const entries = Array.from({ length: 23 }, (_, i) =>
      historyEntry({
        _id: String(100 - i),
        entity: 'thing',
        entityId: 'T1',
        before: { skill: i },
        after: { skill: i + 1 },
      }),
    );
    const { requests } = renderThing((request) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      return historyOf(entries.slice((page - 1) * 10, page * 10), 23, page);
    }, '/things/T1/show?oldest');

    const card = await findHistory();
    expect(await within(card).findByText('24 total · Page 1 of 3')).toBeInTheDocument();
    expect(historyItems(card)).toHaveLength(10);
    expect(within(card).queryByText('Requested by alice')).not.toBeInTheDocument();
    const pages = within(card).getByRole('navigation', { name: 'History pages' });
    expect(within(pages).getByRole('button', { name: 'Prev' })).toBeDisabled();

    within(pages).getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(await within(card).findByText('24 total · Page 2 of 3')).toBeInTheDocument();
    expect(lastHistoryQuery(requests)).toMatchObject({ page: '2', limit: '10' });
    await waitFor(() => expect(within(card).getByText('Skill: 10 → 11')).toBeInTheDocument());

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await within(card).findByText('Skill: 22 → 23');
    expect(within(card).getByText('24 total · Page 3 of 3')).toBeInTheDocument();
    expect(historyItems(card).map((item) => item.firstChild?.textContent)).toEqual([
      'Updated',
      'Updated',
      'Updated',
      'Requested by alice',
    ]);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Prev' }));
    expect(await within(card).findByText('24 total · Page 2 of 3')).toBeInTheDocument();
  });

  describe('who sees it', () => {
    it("the area's read permission shows it, without links to the audit log", async () => {
      renderAdminHolding(['games:read'], options(historyOf([edit])));
      const card = await findHistory();
      await within(card).findByText('Skill: 50 → 70');
      expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    });

    it('audit:read shows it beside another area’s read, with a link to each entry', async () => {
      renderAdminHolding(
        ['games:read', 'audit:read'],
        options(historyOf([edit]), '/things/T1/show?resource=bots'),
      );
      const card = await findHistory();
      expect(await within(card).findByRole('link', { name: 'View entry 11' })).toHaveAttribute(
        'href',
        '/audit/11/show',
      );
    });

    it('neither hides it, and nothing is asked', async () => {
      const { requests } = renderAdminHolding(
        ['games:read'],
        options(historyOf([edit]), '/things/T1/show?resource=bots'),
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Thing T1' }),
      ).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByRole('heading', { name: 'History' })).not.toBeInTheDocument();
      expect(historyCalls(requests)).toEqual([]);
    });
  });
});
