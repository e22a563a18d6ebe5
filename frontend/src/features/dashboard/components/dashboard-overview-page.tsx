import { FileSignature, Milestone, Wallet, type LucideIcon } from 'lucide-react';
import { brand } from '../../../config/brand';
import { useAuth } from '../../../lib/auth/use-auth';

interface Upcoming {
  title: string;
  description: string;
  icon: LucideIcon;
}

const upcoming: readonly Upcoming[] = [
  {
    title: 'Milestone payments',
    description:
      'Agree milestones with a brand before you start, and get paid as each one is delivered.',
    icon: Milestone,
  },
  {
    title: 'Contracts',
    description:
      'A legal contract for every collaboration: deliverables, timelines and payment terms in writing.',
    icon: FileSignature,
  },
  {
    title: 'Payouts',
    description:
      'Guaranteed and upfront payouts straight to your wallet. No more chasing brands for money.',
    icon: Wallet,
  },
];

const firstName = (displayName: string) => displayName.trim().split(/\s+/)[0] ?? '';

/** Where a signed-in creator lands: a welcome, and what the dashboard will offer (no data yet). */
export function DashboardOverviewPage() {
  const auth = useAuth();
  const name = auth.status === 'authenticated' ? firstName(auth.user.displayName) : '';
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="text-lg text-slate-700 dark:text-slate-300">
          {name ? `Welcome, ${name}!` : 'Welcome!'} Your {brand.name} dashboard is being built: here
          is what is coming.
        </p>
      </div>
      <section aria-labelledby="coming-next" className="flex flex-col gap-4">
        <h2 id="coming-next" className="text-xl font-semibold">
          Coming to your dashboard
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {upcoming.map((feature) => (
            <li
              key={feature.title}
              className="flex flex-col gap-3 rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
            >
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                <feature.icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="font-semibold">{feature.title}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">{feature.description}</p>
              <p className="mt-auto text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
                Coming soon
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
