import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { BusyOverlay } from '@/components/ui/busy-overlay';
import { SelectField } from '@/components/ui/select-field';
import { PhoneField } from '@/components/ui/phone-field';
import { TextField } from '@/components/ui/text-field';
import { EmailField } from '@/components/ui/email-field';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { notify } from '@/lib/notify';
import { describeJoinFailure, failureTexts } from '../api/join-failure';
import { useJoinWaitlist } from '../api/use-join-waitlist';
import { PRIVACY_NOTICE_VERSION } from '../waitlist-config';
import {
  emptyWaitlistForm,
  userTypeOptions,
  waitlistFields,
  waitlistSchema,
  type WaitlistField,
  type WaitlistFormValues,
  type WaitlistSubmission,
} from '../waitlist-schema';
import type { JoinedConfirmation } from './joined-modal';
import { PrivacyNotice } from './privacy-notice';

// The dialog library is only needed after a successful submission: fetched when one starts.
const loadJoinedModal = () => import('./joined-modal');
const JoinedModal = lazy(async () => ({ default: (await loadJoinedModal()).JoinedModal }));

const SUCCESS_TOAST = 'Form submitted successfully';

type FocusTarget = WaitlistField | 'submit';

export function WaitlistForm() {
  const form = useForm<WaitlistFormValues, unknown, WaitlistSubmission>({
    resolver: zodResolver(waitlistSchema),
    defaultValues: emptyWaitlistForm,
    // Errors appear on submit and disappear as soon as their field is edited (see `field`).
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, clearErrors, setError, setFocus, reset } = form;
  const { errors } = form.formState;
  const join = useJoinWaitlist();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [joined, setJoined] = useState<JoinedConfirmation | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  // The fields are disabled while the request runs: focus can only move once they are back.
  const focusAfterSubmit = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = focusAfterSubmit.current;
    if (join.isPending || !target) return;
    focusAfterSubmit.current = null;
    if (target === 'submit') submitButton.current?.focus();
    else setFocus(target);
  }, [join.isPending, setFocus]);

  const field = (name: WaitlistField) => ({
    ...register(name, {
      onChange: () => {
        clearErrors(name);
      },
    }),
    error: errors[name]?.message,
  });

  const showFailure = (error: unknown) => {
    const failure = describeJoinFailure(error);
    const invalid = waitlistFields.filter((name) => failure.fieldErrors[name]);
    for (const name of invalid) {
      setError(name, { type: 'server', message: failure.fieldErrors[name] });
    }
    focusAfterSubmit.current = invalid[0] ?? 'submit';
    notify.error(failure.toast);
  };

  const rejectInvalid = () => {
    notify.error(failureTexts.invalidForm);
  };

  const submit = (values: WaitlistSubmission) => {
    void loadJoinedModal();
    join.mutate(
      { body: { ...values, privacyNoticeVersion: PRIVACY_NOTICE_VERSION } },
      {
        onSuccess: ({ data }) => {
          notify.success(SUCCESS_TOAST);
          reset();
          setJoined(
            data.status === 'check_email'
              ? { status: data.status, email: data.email }
              : {
                  status: data.status,
                  email: data.email,
                  confirmationEmail: data.confirmationEmail,
                  linkValidForHours: data.linkValidForHours,
                },
          );
        },
        onError: showFailure,
      },
    );
  };

  return (
    <>
      <form
        // Without script (before hydration) a POST at least keeps the details out of the URL.
        method="post"
        noValidate
        hidden={joined !== null}
        onSubmit={(event) => {
          void handleSubmit(submit, rejectInvalid)(event);
        }}
        className="md:rounded-2xl md:border md:border-slate-200 md:p-8 md:shadow-sm dark:md:border-slate-800"
      >
        <fieldset disabled={join.isPending} className="grid min-w-0 gap-5 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <SelectField
              label="I'm a..."
              placeholder="Select your role"
              options={userTypeOptions}
              defaultValue=""
              required
              {...field('userType')}
            />
          </div>
          <div className="sm:col-span-2">
            <TextField
              label="Full Name"
              placeholder="Your full name"
              autoComplete="name"
              required
              {...field('fullName')}
            />
          </div>
          <EmailField required {...field('email')} />
          <PhoneField label="Phone Number" required {...field('phoneNumber')} />
          <div className="sm:col-span-2">
            <TextField
              label="Instagram Username"
              placeholder="@instagram_"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...field('instagramHandle')}
            />
          </div>
          <Honeypot {...register('website')} />
          <Button
            ref={submitButton}
            // A plain button until the app has hydrated (useHydrated): no native submission.
            type={hydrated ? 'submit' : 'button'}
            size="lg"
            className="sm:col-span-2"
            pending={join.isPending}
            pendingLabel="Submitting..."
          >
            Join Waitlist
          </Button>
        </fieldset>
        <div className="mt-5">
          <PrivacyNotice />
        </div>
      </form>
      {join.isPending && <BusyOverlay label="Submitting your request..." />}
      <Suspense fallback={null}>
        {joined && (
          <JoinedModal
            joined={joined}
            onGoHome={() => {
              void navigate(paths.home);
            }}
            onDismiss={() => {
              setJoined(null);
            }}
            onCloseAutoFocus={(event) => {
              // The button that opened it is gone; start again at the top of the (now empty) form.
              event.preventDefault();
              setFocus('userType');
            }}
          />
        )}
      </Suspense>
    </>
  );
}

/** A field only bots fill in: off-screen, hidden from assistive technology, out of the tab order. */
function Honeypot(props: UseFormRegisterReturn<'website'>) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...props} />
      </label>
    </div>
  );
}
