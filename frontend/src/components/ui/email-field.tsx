import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'label'> & {
  /** "Email Address" unless the form asks for another one ("New Email Address"). */
  label?: string;
};

/** The e-mail address field of every form: the e-mail keyboard, autofill, one placeholder. */
export function EmailField({ label = 'Email Address', ...props }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      placeholder="you@example.com"
      type="email"
      autoComplete="email"
      {...props}
    />
  );
}
