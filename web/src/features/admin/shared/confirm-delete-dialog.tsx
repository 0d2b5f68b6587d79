import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type ConfirmDeleteDialogProps = Omit<
  ConfirmDialogProps,
  'busy' | 'confirmLabel' | 'busyLabel' | 'color' | 'confirmDisabled' | 'returnFocus'
> & { deleting: boolean };

/** Asks before deleting: Cancel, or Delete ('Deleting...' while under way). */
export function ConfirmDeleteDialog({ deleting, ...props }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog {...props} busy={deleting} confirmLabel="Delete" busyLabel="Deleting..." color="error" />
  );
}
