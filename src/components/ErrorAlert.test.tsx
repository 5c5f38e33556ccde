import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, Notification } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ErrorAlert, useNotifyFailure } from './ErrorAlert';

const Fails = ({ error }: { error: unknown }) => {
  const notifyFailure = useNotifyFailure();
  return (
    <button type="button" onClick={() => notifyFailure('Error saving deck', error)}>
      Save
    </button>
  );
};

const renderFailing = (error: unknown) =>
  render(
    <AdminContext>
      <Fails error={error} />
      <Notification />
    </AdminContext>,
  );

describe('useNotifyFailure', () => {
  it("titles the alert with the spec's message and gives the API's reason under it", async () => {
    renderFailing(new HttpError('Deck changed meanwhile', 409));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving deck');
    expect(alert).toHaveTextContent('Deck changed meanwhile');
  });

  it('shows the title alone when the failure gave no reason', async () => {
    renderFailing(new HttpError('', 500));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error saving deck$/);
  });
});

describe('ErrorAlert', () => {
  it('shows a failed load with its reason and Retry', async () => {
    const retry = vi.fn();
    render(<ErrorAlert title="Error loading bots" reason="Server down" onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error loading bots');
    expect(alert).toHaveTextContent('Server down');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('shows a failed save as is: its title, and no button', () => {
    render(<ErrorAlert title="Error saving settings" />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Error saving settings$/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
