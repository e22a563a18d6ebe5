import type { ComponentProps } from 'react';

/** primary: the step the screen is for; danger: one that ends or refuses something; secondary: the rest. */
export type ButtonVariant = 'primary' | 'danger' | 'secondary';
/** md: in the dashboards' panels and dialogs; lg: the public pages' forms. */
export type ButtonSize = 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-700 text-white hover:bg-indigo-800',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  secondary:
    'border border-slate-300 text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-3',
};

const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md') =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60 ${SIZES[size]} ${VARIANTS[variant]}`;

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While its action runs the button is disabled and reads `pendingLabel` ("Sending…"). */
  pending?: boolean;
  pendingLabel?: string;
}

/**
 * A button of the kit: `type="button"` unless told otherwise, a variant and a size; `className`
 * adds placement (`self-start`, `sm:col-span-2`).
 */
export function Button({
  variant,
  size,
  pending = false,
  pendingLabel,
  type = 'button',
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled === true || pending}
      className={
        className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)
      }
      {...props}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
