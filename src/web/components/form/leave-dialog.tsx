import type { Blocker } from 'react-router-dom';
import { ConfirmDialog, type ConfirmDialogProps } from '../confirm-dialog';

/**
 * The question a page asks when a move away from it is held (react-router's blocker): open while
 * held; confirming goes on with the move, staying (or Escape) cancels it.
 */
export function LeaveDialog({
  blocker,
  ...dialog
}: { blocker: Blocker } & Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>) {
  return (
    <ConfirmDialog
      {...dialog}
      open={blocker.state === 'blocked'}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
