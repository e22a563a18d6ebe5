import { useId, useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { fieldControlClass, fieldLabelClass } from '@/components/ui/field-parts';
import { SupportEmailLink } from '@/components/ui/support-email-link';
import { env } from '@/config/env';
import { useAuth } from '@/lib/auth/use-auth';
import {
  dealStateHelp,
  type HelpEntry,
  milestoneStateHelp,
  nextActorLabels,
} from '../help/help-entries';
import { BrandSupportRequestForm } from './brand-support-request-form';
import { SupportRequestForm } from './support-request-form';

/** The statutory times a grievance is answered in (the backend's mail says the same). */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 24;
export const GRIEVANCE_RESOLVE_DAYS = 15;

const linkClass =
  'font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300';

type StateHelp = readonly [state: string, entry: HelpEntry];

function matches([state, entry]: StateHelp, query: string): boolean {
  const words = query.trim().toLowerCase();
  if (words === '') return true;
  return [state, entry.title, entry.meaning, nextActorLabels[entry.next], entry.whatToDo]
    .join(' ')
    .toLowerCase()
    .includes(words);
}

function StateList({ title, states }: { title: string; states: readonly StateHelp[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {states.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No state matches your search.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {states.map(([state, entry]) => (
            <li
              key={state}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <h3 className="font-semibold">{entry.title}</h3>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
                <dt className="font-medium">What it means</dt>
                <dd>{entry.meaning}</dd>
                <dt className="font-medium">Who acts next</dt>
                <dd>{nextActorLabels[entry.next]}</dd>
                <dt className="font-medium">What to do</dt>
                <dd>{entry.whatToDo}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GrievanceSection({ filer }: { filer: 'creator' | 'brand' | null }) {
  const { officer, email, address } = env.grievance;
  return (
    <section aria-labelledby="grievance-title" className="flex flex-col gap-3">
      <h2 id="grievance-title" className="text-lg font-semibold">
        Grievances
      </h2>
      <p className="text-slate-700 dark:text-slate-300">
        A grievance about Paylock or your personal data goes to our grievance officer. We
        acknowledge it within {GRIEVANCE_ACKNOWLEDGE_HOURS} hours and resolve it within{' '}
        {GRIEVANCE_RESOLVE_DAYS} days. If you are not satisfied with the answer, you may complain to
        the Data Protection Board of India.
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium">Grievance officer</dt>
        <dd>{officer}</dd>
        <dt className="font-medium">E-mail</dt>
        <dd>
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        </dd>
        {address !== null && (
          <>
            <dt className="font-medium">Postal address</dt>
            <dd className="whitespace-pre-line">{address}</dd>
          </>
        )}
      </dl>
      {filer === 'creator' && <SupportRequestForm kind="grievance" />}
      {filer === 'brand' && <BrandSupportRequestForm kind="grievance" />}
    </section>
  );
}

/**
 * Help & support (`/creator/help`, `/brand/help`): every deal and milestone state, what it means,
 * who acts next and what to do (searchable), and the grievance officer with the grievance form.
 */
export function HelpPage() {
  const { user } = useAuth();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const deals = Object.entries(dealStateHelp).filter((state) => matches(state, query));
  const milestones = Object.entries(milestoneStateHelp).filter((state) => matches(state, query));
  const filer = user === null ? null : user.roles.includes('brand') ? 'brand' : 'creator';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Help & support"
        description="What each state of a deal and of a milestone means, and what to do in it."
      />
      <p className="text-slate-700 dark:text-slate-300">
        Anything else: write to <SupportEmailLink />.
      </p>
      <div className="flex flex-col gap-1.5 sm:max-w-md">
        <label htmlFor={searchId} className={fieldLabelClass}>
          Search the states
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          className={fieldControlClass(false)}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
        />
      </div>
      <StateList title="Deal states" states={deals} />
      <StateList title="Milestone states" states={milestones} />
      <GrievanceSection filer={filer} />
    </div>
  );
}
