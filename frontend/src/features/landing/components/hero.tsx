import { Link } from 'react-router';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { CREATORS_SPOKEN_TO, sectionIds } from '../landing-content';
import { SectionLink } from './section-link';
import { WaitlistSlots } from './waitlist-slots';

const promises = [
  'Milestone-based payments',
  'Legal contracts',
  'Guaranteed, upfront payouts',
] as const;

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-indigo-50 via-white to-white px-4 pt-32 pb-20 sm:px-6 sm:pt-40 dark:from-indigo-950/60 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
        <p className="rounded-full border border-indigo-200 bg-white px-4 py-1 text-sm font-medium text-indigo-800 dark:border-indigo-800 dark:bg-slate-900 dark:text-indigo-200">
          Shaped by conversations with over {CREATORS_SPOKEN_TO} creators
        </p>
        <h1
          id="hero-title"
          className="text-5xl font-extrabold tracking-tight text-indigo-700 sm:text-6xl dark:text-indigo-300"
        >
          {brand.name}
        </h1>
        <p className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {brand.tagline}
        </p>
        <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          The work is done, the post is live, and the money is still &quot;processing&quot;.{' '}
          {brand.name} puts every brand deal on milestones, backed by a legal contract and paid out
          upfront: no chasing brands for money.
        </p>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          {promises.map((promise) => (
            <li key={promise} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="font-bold text-emerald-700 dark:text-emerald-400">
                ✓
              </span>
              {promise}
            </li>
          ))}
        </ul>
        <div className="flex flex-col items-center gap-3 sm:flex-row">
          <Link
            to={paths.waitlist}
            className="rounded-full bg-indigo-600 px-7 py-3 text-base font-semibold text-white shadow-md hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300"
          >
            Claim your early-access slot
          </Link>
          <SectionLink
            sectionId={sectionIds.industryIssues}
            className="inline-flex items-center gap-1.5 rounded-full px-5 py-3 font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            What creators told us
            <span aria-hidden="true">↓</span>
          </SectionLink>
        </div>
        <WaitlistSlots />
      </div>
    </section>
  );
}
