import type { RefObject } from 'react';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { sendPace, subscribersText as subscribers } from './send-pace';

type Props = {
  open: boolean;
  subject: string;
  /** The confirmed subscribers now: the send goes to each of them. */
  count: number;
  /** The count is being read again: the send waits for it. */
  counting: boolean;
  ratePerHour: number;
  sending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The Send button: disabled while the draft was saved before asking, so focus is given back to it here. */
  returnFocus: RefObject<HTMLElement | null>;
};

/** The send asks first: one tap must not mail the whole list. It cannot be stopped once started. */
export function SendConfirmDialog({
  open,
  subject,
  count,
  counting,
  ratePerHour,
  sending,
  onCancel,
  onConfirm,
  returnFocus,
}: Props) {
  return (
    <ConfirmDialog
      open={open}
      id="send-campaign"
      role="alertdialog"
      title={`Send to ${subscribers(count)}?`}
      text={`“${subject}” goes to every confirmed subscriber: ${subscribers(count)}. ${sendPace(count, ratePerHour)} Once started, the send cannot be stopped or undone.`}
      busy={sending}
      confirmDisabled={counting || count === 0}
      confirmLabel="Send now"
      busyLabel="Sending..."
      onCancel={onCancel}
      onConfirm={onConfirm}
      returnFocus={returnFocus}
    />
  );
}
