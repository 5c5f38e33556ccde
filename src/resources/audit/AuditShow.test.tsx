import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRoute, gated, listOf, reply } from '../../test/fakeFetch';
import { renderAdmin } from '../../test/renderAdmin';
import { anEntry, FACETS, summaryOf } from './testing';

const change = anEntry({
  _id: '21',
  before: { skill: 50, allowedOffers: ['blocks'] },
  after: { skill: 70, allowedOffers: ['blocks', 'cards'] },
});
const created = anEntry({
  _id: '22',
  action: 'bot.create',
  before: null,
  after: { nickname: 'Ace' },
});

type Routes = Record<string, FakeRoute | ReturnType<typeof reply>>;
const renderAt = (entries: string[], routes: Routes) =>
  renderAdmin({
    entries,
    routes: { 'GET /api/admin/audit/facets': reply(200, FACETS), ...routes },
  });

const section = (name: string) => {
  const heading = screen.getByRole('heading', { level: 2, name });
  return heading.closest('section') as HTMLElement;
};

describe('Audit entry', () => {
  it('shows the facts, then before and after as pretty-printed JSON', async () => {
    renderAt(['/audit/21/show'], { 'GET /api/admin/audit/21': reply(200, change) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit entry 21' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('bot.update')).toBeInTheDocument();
    expect(screen.getByText('Who').nextSibling).toHaveTextContent('alice');
    expect(screen.getByText('IP').nextSibling).toHaveTextContent('203.0.113.9');
    expect(screen.getByRole('link', { name: 'bot bot_b1' })).toHaveAttribute(
      'href',
      '/bots/bot_b1/edit',
    );
    expect(section('Before').querySelector('pre')?.textContent).toBe(
      JSON.stringify(change.before, null, 2),
    );
    expect(section('After').querySelector('pre')?.textContent).toBe(
      JSON.stringify(change.after, null, 2),
    );
    expect(screen.queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
  });

  it("shows 'None' for a side that was not recorded, and 'system' for no actor", async () => {
    renderAt(['/audit/22/show'], {
      'GET /api/admin/audit/22': reply(200, { ...created, actor: null, actorId: null, ip: null }),
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Before' })).toBeInTheDocument();
    expect(within(section('Before')).getByText('None')).toBeInTheDocument();
    expect(within(section('After')).queryByText('None')).not.toBeInTheDocument();
    expect(screen.getByText('Who').nextSibling).toHaveTextContent('system');
  });

  it('opened from the list, waits for the change instead of showing None', async () => {
    const detail = gated(reply(200, change));
    renderAt(['/audit'], {
      'GET /api/admin/audit': listOf([summaryOf(change)]),
      'GET /api/admin/audit/21': detail.route,
    });

    await userEvent.click(await screen.findByRole('link', { name: 'View entry 21' }));
    expect(await screen.findByText('Loading the change…')).toBeInTheDocument();
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    detail.open();
    expect(await screen.findByRole('heading', { level: 2, name: 'After' })).toBeInTheDocument();
  });

  it('says so for an entry that does not exist', async () => {
    renderAt(['/audit/999/show'], {
      'GET /api/admin/audit/999': reply(404, { error: 'Audit entry not found', code: 'not_found' }),
    });
    expect(await screen.findByText('Audit entry not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('shows a failed load with Retry, which loads again', async () => {
    let fail = true;
    renderAt(['/audit/21/show'], {
      'GET /api/admin/audit/21': () =>
        fail ? reply(500, { error: 'Database unavailable', code: 'internal' }) : reply(200, change),
    });

    expect(await screen.findByText('Error loading audit entry')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'After' })).toBeInTheDocument();
  });
});
