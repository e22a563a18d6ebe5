import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { PhoneCodeSentResponseDto } from '@/api/generated/types.gen';
import {
  openBrandWorkspace,
  useRequestOtp,
  useVerifyOtp,
  type OtpPurpose,
} from '../../api/brand-otp';
import { describeOtpFailure, type DescribedFailure } from '../../api/otp-failure';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';

interface Sent {
  phone: string;
  maskedPhone: string;
  /** When "Resend code" becomes available (a Date.now() time). */
  resendAt: number;
}

const sentFrom = (phone: string, answer: PhoneCodeSentResponseDto): Sent => ({
  phone,
  maskedPhone: answer.maskedPhone,
  resendAt: Date.now() + answer.resendAfterSeconds * 1000,
});

/**
 * A brand's sign-up or sign-in with a mobile number: Get OTP, then the 6-digit code from the SMS.
 * A verified code starts the session (the same rotating-refresh session creators have: the server
 * sets the refresh cookie) and opens the brand workspace, which asks a new account for its company
 * and contact names once.
 */
export function BrandSignIn({
  purpose,
  invite,
}: {
  purpose: OtpPurpose;
  /** A sign-up's invite code (`/register?invite=…&as=brand`). */
  invite?: string | undefined;
}) {
  const requestOtp = useRequestOtp();
  const verifyOtp = useVerifyOtp();
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [failure, setFailure] = useState<DescribedFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const request = (number: string, again: boolean) => {
    setFailure(null);
    setNotice(null);
    requestOtp.mutate(
      { phone: number, purpose, invite },
      {
        onSuccess: (answer) => {
          setPhone(number);
          setSent(sentFrom(number, answer));
          if (again) setNotice(`We sent a new code to ${answer.maskedPhone}.`);
        },
        onError: (error) => {
          setFailure(describeOtpFailure(error));
        },
      },
    );
  };

  const verify = (code: string) => {
    if (!sent) return;
    setFailure(null);
    setNotice(null);
    verifyOtp.mutate(
      { phone: sent.phone, code, purpose, invite },
      {
        onSuccess: () => {
          openBrandWorkspace(purpose);
        },
        onError: (error) => {
          setFailure(describeOtpFailure(error));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      {sent ? (
        <CodeStep
          maskedPhone={sent.maskedPhone}
          resendAt={sent.resendAt}
          verifying={verifyOtp.isPending}
          resending={requestOtp.isPending}
          onVerify={verify}
          onResend={() => {
            request(sent.phone, true);
          }}
          onChangeNumber={() => {
            setSent(null);
            setFailure(null);
            setNotice(null);
          }}
          onEdit={() => {
            setFailure(null);
          }}
        />
      ) : (
        <PhoneStep
          defaultNumber={phone}
          pending={requestOtp.isPending}
          onSubmit={(number) => {
            request(number, false);
          }}
          onEdit={() => {
            setFailure(null);
          }}
        />
      )}
      {notice && (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
          {notice}
        </p>
      )}
      {failure && <FailureAlert failure={failure} />}
    </div>
  );
}

function FailureAlert({ failure }: { failure: DescribedFailure }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      {failure.message}
      {failure.inviteRequired && (
        <>
          {' '}
          <Link to={paths.waitlist} className="font-semibold underline">
            Join the waitlist
          </Link>
        </>
      )}
      {failure.noAccount && (
        <>
          {' '}
          <Link to={`${paths.register}?as=brand`} className="font-semibold underline">
            Sign up
          </Link>
        </>
      )}
    </p>
  );
}
