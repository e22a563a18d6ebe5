import type { ComponentProps } from 'react';
import { Modal } from '../../../components/ui/modal';
import { EARLY_ACCESS_SLOTS, formatCount } from '../waitlist-config';

export interface JoinedSeat {
  seat: number;
  earlyAccess: boolean;
}

const seatLine = ({ seat, earlyAccess }: JoinedSeat) =>
  earlyAccess
    ? `Your early-access slot: #${formatCount(seat)} of ${formatCount(EARLY_ACCESS_SLOTS)}.`
    : `All ${formatCount(EARLY_ACCESS_SLOTS)} early-access slots were taken before you joined, so you are #${formatCount(seat)} on the waitlist. We'll tell you as soon as more places open.`;

interface JoinedModalProps {
  joined: JoinedSeat;
  onGoHome: () => void;
  onDismiss: () => void;
  onCloseAutoFocus: ComponentProps<typeof Modal>['onCloseAutoFocus'];
}

/** Shown from the moment a person has joined until they go home or dismiss it. */
export function JoinedModal({ joined, onGoHome, onDismiss, onCloseAutoFocus }: JoinedModalProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      title="You're on the list!"
      description="You've successfully joined our waitlist. We'll reach out with updates soon!"
    >
      <p className="font-medium text-indigo-700 dark:text-indigo-300">{seatLine(joined)}</p>
      <button
        type="button"
        onClick={onGoHome}
        className="mt-2 inline-flex items-center justify-center rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white transition-colors hover:bg-indigo-700"
      >
        Go Back Home
      </button>
    </Modal>
  );
}
