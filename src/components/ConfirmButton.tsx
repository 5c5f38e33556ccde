import { Button, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { useConfirmStep } from './useConfirmStep';

export interface ConfirmButtonProps {
  /** The button's text, e.g. 'Delete'. */
  children: ReactNode;
  /** The question asked first, e.g. 'Delete this bot?'. */
  confirm: string;
  description?: string;
  /** Runs after the admin confirms; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<unknown>;
  color?: ButtonProps['color'];
  confirmColor?: ConfirmDialogProps['confirmColor'];
  confirmLabel?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  startIcon?: ReactNode;
  /** Names the button for assistive technology when its text alone is ambiguous in a table. */
  'aria-label'?: string;
}

/**
 * A button that asks first (the spec's confirm() questions) and acts only on Confirm. Errors are
 * the caller's to report (onConfirm rejects); the dialog closes either way.
 */
export const ConfirmButton = ({
  children,
  confirm,
  description,
  onConfirm,
  color = 'error',
  confirmColor = 'error',
  confirmLabel,
  disabled,
  size = 'small',
  variant,
  startIcon,
  'aria-label': ariaLabel,
}: ConfirmButtonProps) => {
  const { open, busy, ask, close, run } = useConfirmStep();

  return (
    <>
      <Button
        size={size}
        color={color}
        variant={variant}
        startIcon={startIcon}
        disabled={disabled || busy}
        onClick={ask}
        aria-label={ariaLabel}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={confirm}
        description={description}
        confirmLabel={confirmLabel}
        confirmColor={confirmColor}
        onConfirm={run(onConfirm)}
        onClose={close}
      />
    </>
  );
};
