import { useMutation } from '@tanstack/react-query';
import { client } from '../../../api/generated/client.gen';
import { paths } from '../../../config/paths';

/** What the visitor is doing with the code: creating a brand account or opening theirs. */
export type OtpPurpose = 'signup' | 'login';

export interface OtpRequest {
  phoneNumber: string;
  purpose: OtpPurpose;
  invite?: string | undefined;
}

export interface OtpSent {
  maskedPhoneNumber: string;
  resendAfterSeconds: number;
}

export interface OtpVerified {
  accessToken: string;
}

/**
 * What a failed call threw: the API's error body, with the seconds of a 429's Retry-After (the
 * generated client drops the headers, so they are read here).
 */
export interface OtpFailure {
  status: number;
  code?: unknown;
  message?: unknown;
  retryAfterSeconds?: number;
}

const retryAfterOf = (response: Response | undefined): number | undefined => {
  const seconds = Number(response?.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
};

async function call<T>(url: string, body: object): Promise<T> {
  const { data, error, response } = await client.post<{ 200: T }, Record<number, object>>({
    url,
    body,
    headers: { 'Content-Type': 'application/json' },
  });
  if (data !== undefined) return data;
  const failure: OtpFailure = {
    status: response?.status ?? 0,
    ...(typeof error === 'object' ? error : {}),
  };
  const retryAfterSeconds = retryAfterOf(response);
  if (retryAfterSeconds !== undefined) failure.retryAfterSeconds = retryAfterSeconds;
  throw failure;
}

/** "Get OTP" and "Resend code": sends a code by SMS to the number. */
export function useRequestOtp() {
  return useMutation({
    mutationFn: (request: OtpRequest) => call<OtpSent>('/api/v1/auth/phone/otp', request),
  });
}

/** The code: on success the server has set the refresh cookie and answers with the session. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (request: OtpRequest & { code: string }) =>
      call<OtpVerified>('/api/v1/auth/phone/verify', request),
  });
}

/**
 * After a verified code the refresh cookie is set: the workspace loads as after the Google redirect
 * flow (`?signedIn=`), whose page load refreshes the session and greets the visitor once.
 */
export function openBrandWorkspace(purpose: OtpPurpose): void {
  window.location.assign(`${paths.brand}?signedIn=${purpose}`);
}
