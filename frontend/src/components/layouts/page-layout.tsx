import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../config/brand';
import { paths } from '../../config/paths';
import { ThemeToggle } from '../ui/theme-toggle';

/** A simple page frame (top bar with the brand and the theme toggle) for pages still to be built. */
export function PageLayout({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3 sm:px-6 dark:border-slate-800">
        <Link to={paths.home} className="text-lg font-bold text-indigo-600 dark:text-indigo-400">
          {brand.name}
        </Link>
        <ThemeToggle />
      </header>
      <main className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-12 sm:px-6 md:py-16">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children}
      </main>
    </div>
  );
}
