import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportEmailLink } from '@/components/ui/support-email-link';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';

/** Only English exists so far: the selector shows it and changes nothing. */
function LanguageSelector() {
  return (
    <select
      aria-label="Language"
      defaultValue="en"
      className="rounded-full border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-600"
    >
      <option value="en">English (EN)</option>
    </select>
  );
}

/** The frame of /login and /register: top bar, a centred card, the help note. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6 dark:border-slate-800">
        <div className="flex flex-col sm:flex-row sm:items-baseline sm:gap-3">
          <Link to={paths.home} className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
            {brand.name}
          </Link>
          <span className="text-sm text-slate-600 dark:text-slate-300">{brand.tagline}</span>
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <LanguageSelector />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col gap-6 px-4 py-12 sm:px-6 md:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Need help? Contact {brand.name} support at <SupportEmailLink /> and we will sort it out
          with you.
        </p>
      </main>
    </div>
  );
}
