import { useMutation } from '@tanstack/react-query';
import { phoneChallenge, requestPhoneCode, verifyPhoneCode } from '@/api/generated/sdk.gen';
import type { PhoneCodePurpose } from '@/api/generated/types.gen';
import { paths } from '@/config/paths';

/** What the visitor is doing with the code: creating a brand account or opening theirs. */
export type OtpPurpose = PhoneCodePurpose;

export interface OtpRequest {
  /** Ten digits (the form has removed spaces and a leading +91 or 0). */
  phone: string;
  purpose: OtpPurpose;
  invite?: string | undefined;
}

/**
 * What a failed call threw: the API's error body with the answer's status (0: no answer), and the
 * seconds of a 429's Retry-After (the generated client keeps no headers in what it throws).
 */
export class OtpFailure extends Error {
  readonly code: unknown;
  readonly errors: unknown;

  constructor(
    readonly status: number,
    body: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    const { code, message, errors } =
      typeof body === 'object' && body !== null
        ? (body as { code?: unknown; message?: unknown; errors?: unknown })
        : {};
    super(typeof message === 'string' ? message : '');
    this.code = code;
    this.errors = errors;
  }
}

const retryAfterOf = (response: Response | undefined): number | undefined => {
  const header = response?.headers.get('Retry-After');
  const seconds = header ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
};

/** The data of an answer, or the OtpFailure it amounts to. */
function dataOrFailure<T>(result: { data?: T; error?: unknown; response?: Response }): T {
  if (result.data !== undefined) return result.data;
  throw new OtpFailure(result.response?.status ?? 0, result.error, retryAfterOf(result.response));
}

const bodyOf = ({ phone, purpose, invite }: OtpRequest) => ({
  phone,
  purpose,
  ...(invite ? { invite } : {}),
});

/**
 * "Get OTP" and "Resend code": sends a code by SMS to the number. While the hour's SMS budget is
 * spent the API first asks for a solved challenge (428 CHALLENGE_REQUIRED): the browser solves
 * one and asks again with its proof, which the person only notices as a longer wait.
 */
export function useRequestOtp() {
  return useMutation({
    mutationFn: async (request: OtpRequest) => {
      const first = await requestPhoneCode({ body: bodyOf(request) });
      if (first.response?.status !== 428) return dataOrFailure(first);
      const proof = await solvedProof();
      if (proof === null) return dataOrFailure(first);
      return dataOrFailure(await requestPhoneCode({ body: { ...bodyOf(request), proof } }));
    },
  });
}

/** The solver is loaded only when a challenge is asked for: most visitors never need it. */
async function solvedProof(): Promise<string | null> {
  const [challenge, { solveSignInChallenge }] = await Promise.all([
    phoneChallenge(),
    import('./proof-of-work'),
  ]);
  return challenge.data ? solveSignInChallenge(challenge.data) : null;
}

/** The code: on success the server has set the refresh cookie (the session is open). */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: async ({ code, ...request }: OtpRequest & { code: string }) =>
      dataOrFailure(await verifyPhoneCode({ body: { ...bodyOf(request), code } })),
  });
}

/**
 * After a verified code the refresh cookie is set: the workspace loads as after the Google
 * redirect flow (`?signedIn=`), whose page load refreshes the session and greets the visitor once.
 */
export function openBrandWorkspace(purpose: OtpPurpose): void {
  window.location.assign(`${paths.brand}?signedIn=${purpose}`);
}
