import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type PhoneFieldProps = Omit<
  ComponentProps<typeof TextField>,
  'type' | 'inputMode' | 'autoComplete' | 'placeholder'
>;

/**
 * An Indian mobile number field (placeholder 9XXXXXXXXX, the numeric keyboard, the browser's
 * national-number autofill); validate it with phone-number.ts.
 */
export function PhoneField(props: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="9XXXXXXXXX"
      {...props}
    />
  );
}
