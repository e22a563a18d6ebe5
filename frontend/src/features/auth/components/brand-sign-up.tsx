import { useId, useState } from 'react';

/** The brand account's mobile OTP sign-up: shown, but not wired to anything yet. */
export function BrandSignUp() {
  const fieldId = useId();
  const noteId = useId();
  const [otpRequested, setOtpRequested] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={fieldId} className="text-sm font-semibold">
        Mobile Number
      </label>
      <div className="flex gap-2">
        <input
          id={fieldId}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="9XXXXXXXXX"
          aria-describedby={noteId}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-transparent px-3 py-2 dark:border-slate-600"
        />
        <button
          type="button"
          onClick={() => {
            setOtpRequested(true);
          }}
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          Get OTP
        </button>
      </div>
      <p id={noteId} className="text-sm text-slate-600 dark:text-slate-300">
        Brand sign-up opens soon: Get OTP does not send a code yet.
      </p>
      {otpRequested && (
        <p role="status" className="text-sm font-semibold">
          No code was sent. Brand sign-up opens soon.
        </p>
      )}
    </div>
  );
}
