import { useState } from 'react';

/**
 * The state of a confirmation dialog: open, and busy while the confirmed action runs. The dialog
 * closes once the action settles; its errors are the caller's to report.
 */
export function useConfirmStep() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await action();
    } catch {
      // reported by the caller
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return { open, busy, ask: () => setOpen(true), close: () => setOpen(false), run };
}
