import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { TextField } from '@/components/ui/text-field';
import { otpTexts } from '../../api/otp-failure';
import { clockText, useCountdown } from '../../hooks/use-countdown';
import { linkButtonClass, primaryButtonClass } from './brand-styles';

/** Six ASCII digits; spaces (a pasted "123 456") are removed first. */
const codeSchema = z.object({
  code: z.string().check(
    z.overwrite((value) => value.replace(/\s+/g, '')),
    z.regex(/^[0-9]{6}$/, otpTexts.codeRule),
  ),
});
type CodeValues = z.input<typeof codeSchema>;

interface CodeStepProps {
  maskedPhone: string;
  /** When "Resend code" becomes available (a Date.now() time, from resendAfterSeconds). */
  resendAt: number;
  verifying: boolean;
  resending: boolean;
  onVerify: (code: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
  /** Typing a new code clears the last failure. */
  onEdit: () => void;
}

/** The code field, the masked number it went to, "Resend code" with its countdown, "Change number". */
export function CodeStep({
  maskedPhone,
  resendAt,
  verifying,
  resending,
  onVerify,
  onResend,
  onChangeNumber,
  onEdit,
}: CodeStepProps) {
  const form = useForm<CodeValues, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const secondsLeft = useCountdown(resendAt);
  const { setFocus } = form;
  // The step replaces the number's form: the code field is where the visitor goes next.
  useEffect(() => {
    setFocus('code');
  }, [setFocus]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit(({ code }) => {
          onVerify(code);
        })(event);
      }}
      className="flex flex-col gap-3"
    >
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        We sent a 6-digit code by SMS to <strong>{maskedPhone}</strong>.
      </p>
      <TextField
        label="Enter the code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={12}
        required
        disabled={verifying}
        error={form.formState.errors.code?.message}
        {...form.register('code', {
          onChange: () => {
            form.clearErrors('code');
            onEdit();
          },
        })}
      />
      <button type="submit" disabled={verifying} className={primaryButtonClass}>
        {verifying ? 'Verifying...' : 'Verify'}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        {secondsLeft > 0 ? (
          <span className="text-slate-600 dark:text-slate-300">
            Resend code in <span className="tabular-nums">{clockText(secondsLeft)}</span>
          </span>
        ) : (
          <button type="button" disabled={resending} onClick={onResend} className={linkButtonClass}>
            {resending ? 'Sending...' : 'Resend code'}
          </button>
        )}
        <button type="button" onClick={onChangeNumber} className={linkButtonClass}>
          Change number
        </button>
      </div>
    </form>
  );
}
