import type { ComponentProps } from 'react';
import type { CheckYourEmailDto, JoinedWaitlistDto } from '@/api/generated';
import { Modal } from '@/components/ui/modal';

type Joined = Pick<
  JoinedWaitlistDto,
  'status' | 'email' | 'confirmationEmail' | 'linkValidForHours'
>;

/**
 * What the form shows after a submission: joined (201/200), or, for a client whose "already
 * registered" answers are spent, "check your e-mail" (202) — the same whether or not it joined.
 */
export type JoinedConfirmation = Joined | Pick<CheckYourEmailDto, 'status' | 'email'>;

/** What to do next: which (masked) address to check, and for how long the link works. */
function ConfirmationNote({ email, confirmationEmail, linkValidForHours }: Joined) {
  const strong = <strong className="font-semibold">{email}</strong>;
  if (confirmationEmail === 'not_sent_again') {
    return (
      <p>
        We&apos;ve already e-mailed your confirmation link to {strong} several times today. Please
        look for it there (and in your spam folder), or try again tomorrow.
      </p>
    );
  }
  return (
    <>
      {confirmationEmail === 'sent_again' && (
        <p className="font-medium">We&apos;ve e-mailed your confirmation link again.</p>
      )}
      <p>
        To keep your place, open the link we&apos;ve sent to {strong}. The link works for{' '}
        {linkValidForHours} hours.
      </p>
    </>
  );
}

interface JoinedModalProps {
  joined: JoinedConfirmation;
  onGoHome: () => void;
  onDismiss: () => void;
  onCloseAutoFocus: ComponentProps<typeof Modal>['onCloseAutoFocus'];
}

/** Shown from the moment a person has joined until they go home or dismiss it. */
export function JoinedModal({ joined, onGoHome, onDismiss, onCloseAutoFocus }: JoinedModalProps) {
  const checkEmail = joined.status === 'check_email';
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      title={checkEmail ? 'Thank you!' : "You're on the list!"}
      description={
        checkEmail
          ? 'Please check your e-mail for the next step.'
          : "You've successfully joined our waitlist. We'll reach out with updates soon!"
      }
    >
      <div className="flex flex-col gap-2 text-indigo-700 dark:text-indigo-300">
        {joined.status === 'check_email' ? (
          <p>
            Please look in the inbox of <strong className="font-semibold">{joined.email}</strong>,
            and in its spam folder.
          </p>
        ) : (
          <ConfirmationNote {...joined} />
        )}
      </div>
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
