import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { PhoneField } from '@/components/ui/phone-field';
import { dialledMobileNumberSchema } from '@/components/ui/phone-number';
import { primaryButtonClass } from './brand-styles';

const phoneSchema = z.object({ phoneNumber: dialledMobileNumberSchema });
type PhoneValues = z.input<typeof phoneSchema>;

interface PhoneStepProps {
  /** The number to start from ("Change number" comes back with it). */
  defaultNumber: string;
  pending: boolean;
  onSubmit: (phoneNumber: string) => void;
  onEdit: () => void;
}

/**
 * The specification's Mobile Number and Get OTP, validated like the waitlist's phone number
 * (spaces and a leading +91 or 0 accepted and removed).
 */
export function PhoneStep({ defaultNumber, pending, onSubmit, onEdit }: PhoneStepProps) {
  const form = useForm<PhoneValues, unknown, z.output<typeof phoneSchema>>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { phoneNumber: defaultNumber },
    reValidateMode: 'onSubmit',
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit(({ phoneNumber }) => {
          onSubmit(phoneNumber);
        })(event);
      }}
      className="flex flex-col gap-3"
    >
      <PhoneField
        label="Mobile Number"
        required
        disabled={pending}
        error={form.formState.errors.phoneNumber?.message}
        {...form.register('phoneNumber', {
          onChange: () => {
            form.clearErrors('phoneNumber');
            onEdit();
          },
        })}
      />
      <button type="submit" disabled={pending} className={primaryButtonClass}>
        {pending ? 'Sending code...' : 'Get OTP'}
      </button>
    </form>
  );
}
