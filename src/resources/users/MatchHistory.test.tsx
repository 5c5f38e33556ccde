import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { networkError, type RecordedRequest, reply } from '../../test/fakeFetch';
import { apiCalls, detailOf, gated, listOf, makeMatch, makeUser, renderUsers } from './testing';

const dora = makeUser({ userId: 'USR-7', username: 'dora' });
const detail = { 'GET /api/admin/users/USR-7': detailOf(dora) };
const MATCHES = '/api/admin/users/USR-7/matches';

const history = () => screen.findByRole('region', { name: 'Match history' });
const matchRows = async () => {
  const table = await within(await history()).findByRole('table');
  return within(table).getAllByRole('row').slice(1);
};

describe('Match history', () => {
  it('loads 10 a page and shows every column', async () => {
    const { route, open } = gated(
      listOf(
        [
          makeMatch(),
          makeMatch({
            matchId: 'MATCH-2',
            gameName: 'Pool',
            price: 0,
            rewardAmount: 20,
            rewardType: 'xp',
            userScore: 2,
            opponentScore: 2,
            outcome: 'draw',
            opponent: null,
            opponentUserId: 'BOT-9',
            endedAt: null,
          }),
          makeMatch({ matchId: 'MATCH-3', outcome: 'loss', opponent: null, opponentUserId: null }),
        ],
        3,
        1,
        10,
      ),
    );
    const { requests } = renderUsers(['/users/USR-7'], { ...detail, [`GET ${MATCHES}`]: route });

    const section = await history();
    expect(await within(section).findByText('Loading matches…')).toBeInTheDocument();
    open();

    const [first, second, third] = await matchRows();
    const headers = within(section)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Match ID',
      'Game',
      'Price',
      'Reward',
      'Score',
      'Outcome',
      'Opponent',
      'Started',
      'Ended',
    ]);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(first).slice(0, 7)).toEqual([
      'MATCH-1',
      'Solitaire',
      '$1.50',
      '50 points',
      '3 vs 1',
      'win',
      'bob',
    ]);
    expect(cells(second).slice(0, 7)).toEqual([
      'MATCH-2',
      'Pool',
      '$0.00',
      '20 XP',
      '2 vs 2',
      'draw',
      'BOT-9',
    ]);
    expect(cells(second)[8]).toBe('-');
    expect(cells(third)[6]).toBe('-');
    expect(apiCalls(requests)).toContain(`GET ${MATCHES}?page=1&limit=10`);
    expect(within(section).getByText('3 total · Page 1 of 1')).toBeInTheDocument();
  });

  it('pages with Prev and Next', async () => {
    const { requests } = renderUsers(['/users/USR-7'], {
      ...detail,
      [`GET ${MATCHES}`]: (request: RecordedRequest) =>
        request.path.includes('page=2')
          ? listOf([makeMatch({ matchId: 'MATCH-11' })], 25, 2, 10)
          : listOf([makeMatch({ matchId: 'MATCH-1' })], 25, 1, 10),
    });
    const user = userEvent.setup();
    await matchRows();
    const pages = screen.getByRole('navigation', { name: 'Match history pages' });
    expect(within(pages).getByText('25 total · Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Prev' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('cell', { name: 'MATCH-11' })).toBeInTheDocument();
    expect(within(pages).getByText('25 total · Page 2 of 3')).toBeInTheDocument();
    expect(apiCalls(requests)).toContain(`GET ${MATCHES}?page=2&limit=10`);

    await user.click(within(pages).getByRole('button', { name: 'Prev' }));
    expect(await screen.findByRole('cell', { name: 'MATCH-1' })).toBeInTheDocument();
  });

  it('filters by outcome from page 1, and All removes the filter', async () => {
    const { requests } = renderUsers(['/users/USR-7'], {
      ...detail,
      [`GET ${MATCHES}`]: (request: RecordedRequest) =>
        request.path.includes('outcome=loss')
          ? listOf([makeMatch({ matchId: 'MATCH-L', outcome: 'loss' })], 1, 1, 10)
          : listOf([makeMatch()], 25, request.path.includes('page=2') ? 2 : 1, 10),
    });
    const user = userEvent.setup();
    await matchRows();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(apiCalls(requests)).toContain(`GET ${MATCHES}?page=2&limit=10`));
    const outcome = screen.getByRole('combobox', { name: 'Outcome' });
    expect(
      within(outcome)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Win', 'Loss', 'Draw']);

    await user.selectOptions(outcome, 'loss');

    expect(await screen.findByRole('cell', { name: 'MATCH-L' })).toBeInTheDocument();
    expect(apiCalls(requests)).toContain(`GET ${MATCHES}?page=1&limit=10&outcome=loss`);
    expect(screen.getByText('1 total · Page 1 of 1')).toBeInTheDocument();

    await user.selectOptions(outcome, 'all');
    await waitFor(() => expect(apiCalls(requests).at(-1)).toBe(`GET ${MATCHES}?page=1&limit=10`));
  });

  it("says 'No matches' when there are none", async () => {
    renderUsers(['/users/USR-7'], { ...detail, [`GET ${MATCHES}`]: listOf([], 0, 1, 10) });
    const section = await history();
    expect(await within(section).findByText('No matches')).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the history cannot be loaded', async () => {
    let fail = true;
    renderUsers(['/users/USR-7'], {
      ...detail,
      [`GET ${MATCHES}`]: () =>
        fail ? reply(500, { error: 'Boom', code: 'internal' }) : listOf([makeMatch()], 1, 1, 10),
    });
    const user = userEvent.setup();
    const section = await history();
    expect(
      await within(section).findByText('Error loading matches', {}, { timeout: 3000 }),
    ).toBeInTheDocument();

    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('cell', { name: 'MATCH-1' })).toBeInTheDocument();
  });

  it('reports a network failure the same way', async () => {
    renderUsers(['/users/USR-7'], { ...detail, [`GET ${MATCHES}`]: networkError });
    const section = await history();
    expect(
      await within(section).findByText('Error loading matches', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
