import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { EARLY_ACCESS_SLOTS_TEXT } from './waitlist-slots-text';

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-title" className="px-4 py-20 sm:px-6">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-3xl bg-indigo-700 px-6 py-14 text-center text-white shadow-xl dark:bg-indigo-900">
        <h2 id="closing-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Stop chasing payments. Start getting paid on time.
        </h2>
        <p className="max-w-xl text-lg text-indigo-50">
          {EARLY_ACCESS_SLOTS_TEXT}. Get in before they are gone.
        </p>
        <Link
          to={paths.waitlist}
          className="rounded-full bg-white px-7 py-3 font-semibold text-indigo-800 shadow-md hover:bg-indigo-50"
        >
          Reserve my early-access slot
        </Link>
      </div>
    </section>
  );
}
