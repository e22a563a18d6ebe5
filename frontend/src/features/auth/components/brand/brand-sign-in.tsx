import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import {
  openBrandWorkspace,
  useRequestOtp,
  useVerifyOtp,
  type OtpPurpose,
  type OtpSent,
} from '../../api/brand-otp';
import { describeOtpFailure, type DescribedFailure } from '../../api/otp-failure';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';

interface Sent extends OtpSent {
  phoneNumber: string;
  resendAt: number;
}

const resendTime = (sent: OtpSent) => Date.now() + sent.resendAfterSeconds * 1000;

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
  const [phoneNumber, setPhoneNumber] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [failure, setFailure] = useState<DescribedFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const request = (number: string, again: boolean) => {
    setFailure(null);
    setNotice(null);
    requestOtp.mutate(
      { phoneNumber: number, purpose, ...(invite ? { invite } : {}) },
      {
        onSuccess: (answer) => {
          setPhoneNumber(number);
          setSent({ ...answer, phoneNumber: number, resendAt: resendTime(answer) });
          if (again) setNotice(`We sent a new code to ${answer.maskedPhoneNumber}.`);
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
      { phoneNumber: sent.phoneNumber, code, purpose, ...(invite ? { invite } : {}) },
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
          maskedPhoneNumber={sent.maskedPhoneNumber}
          resendAt={sent.resendAt}
          verifying={verifyOtp.isPending}
          resending={requestOtp.isPending}
          onVerify={verify}
          onResend={() => {
            request(sent.phoneNumber, true);
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
          defaultNumber={phoneNumber}
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
    </p>
  );
}
