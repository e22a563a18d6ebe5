import { Link } from 'react-router-dom';
import { brand } from '../../../config/brand';
import { paths } from '../../../config/paths';

export function LandingPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-center justify-center gap-6 px-4 py-16 text-center sm:px-6">
      <h1 className="text-5xl font-extrabold tracking-tight text-indigo-600 sm:text-6xl dark:text-indigo-400">
        {brand.name}
      </h1>
      <p className="text-xl font-semibold sm:text-2xl">{brand.tagline}</p>
      <p className="max-w-xl text-slate-600 dark:text-slate-300">
        Milestone-based payments, legal contracts and guaranteed, upfront payouts: no chasing brands
        for money. The full landing page is coming soon.
      </p>
      <Link
        to={paths.waitlist}
        className="rounded-full bg-indigo-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-700"
      >
        Join Waitlist
      </Link>
    </main>
  );
}
