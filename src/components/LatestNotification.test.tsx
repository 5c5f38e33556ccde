import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type NotificationType, useNotify } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { LatestNotification } from './LatestNotification';

// Messages are sent as a save's outcome is: not from a click, which would close the one shown.
let notify: ReturnType<typeof useNotify> = () => {};
const Notifier = () => {
  notify = useNotify();
  return null;
};
const send = (message: string, type: NotificationType) => act(() => notify(message, { type }));

const renderNotifications = () =>
  render(
    <AdminContext>
      <Notifier />
      <LatestNotification />
    </AdminContext>,
  );

describe('LatestNotification', () => {
  it('replaces an earlier error with a later success at once', async () => {
    renderNotifications();
    send('Error saving bot', 'error');
    expect(await screen.findByText('Error saving bot')).toBeVisible();

    send('Bot updated', 'success');
    expect(await screen.findByText('Bot updated')).toBeVisible();
    expect(screen.queryByText('Error saving bot')).not.toBeInTheDocument();
  });

  it('shows a message sent twice once: nothing comes back after it is closed', async () => {
    const user = userEvent.setup();
    renderNotifications();
    send('Bot updated', 'success');
    send('Bot updated', 'success');
    expect(await screen.findByText('Bot updated')).toBeVisible();
    expect(screen.getAllByText('Bot updated')).toHaveLength(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Bot updated')).not.toBeInTheDocument());
    // a queued copy would show up as soon as the first one has gone
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Bot updated')).not.toBeInTheDocument();
  });
});
