import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** Where focus goes when the modal closes (by default: the element focused before it opened). */
  onCloseAutoFocus?: ComponentProps<typeof Dialog.Content>['onCloseAutoFocus'];
};

/** A centred modal dialog: focus moves in, stays inside, Escape closes it, focus moves back. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  onCloseAutoFocus,
}: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8 dark:bg-slate-900 dark:text-slate-100"
        >
          <Dialog.Title className="text-xl font-bold sm:text-2xl">{title}</Dialog.Title>
          <Dialog.Description className="text-slate-600 dark:text-slate-300">
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
