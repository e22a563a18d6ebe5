import {
  ArrowLeft,
  ClipboardList,
  Gavel,
  Hourglass,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  ScrollText,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { PageOutlet } from '@/components/layouts/page-outlet';
import { BrandMark } from '@/components/ui/brand-mark';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { brand } from '@/config/brand';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { adminDisputesPath, adminSupportPath, adminWaitingPath } from '../admin-paths';

const MAIN_ID = 'admin-content';

const sections = [
  { to: paths.admin, label: 'Overview', icon: LayoutDashboard, end: true },
  { to: paths.adminWaitlist, label: 'Waitlist', icon: ClipboardList, end: false },
  { to: paths.adminMail, label: 'Mail', icon: Mail, end: false },
  { to: adminDisputesPath, label: 'Disputes', icon: Gavel, end: false },
  { to: adminWaitingPath, label: 'Waiting on brands', icon: Hourglass, end: false },
  { to: adminSupportPath, label: 'Support', icon: LifeBuoy, end: false },
  { to: paths.adminAuditLog, label: 'Audit log', icon: ScrollText, end: false },
] as const;

/** The back-office frame: its own top bar and section navigation, in the app's style. */
export function AdminShell() {
  const auth = useAuth();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-indigo-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <div className="flex h-16 items-center gap-3 px-3 sm:px-6">
          <Link
            to={paths.admin}
            className="flex items-center gap-2 rounded-lg font-bold text-slate-900 dark:text-white"
          >
            <BrandMark className="size-7" />
            <span>
              {brand.name}{' '}
              <span className="font-medium text-indigo-700 dark:text-indigo-300">Admin</span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-2">
            {auth.status === 'authenticated' && (
              <span className="hidden max-w-56 truncate text-sm text-slate-600 md:inline dark:text-slate-300">
                {auth.user.email}
              </span>
            )}
            <ThemeToggle />
            <Link
              to={paths.creatorDashboardOverview}
              className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Dashboard</span>
              <span className="sr-only sm:hidden">Back to the dashboard</span>
            </Link>
          </div>
        </div>
        <nav aria-label="Admin sections" className="overflow-x-auto px-3 sm:px-6">
          <ul className="flex gap-1">
            {sections.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
                      isActive
                        ? 'border-indigo-600 text-indigo-800 dark:border-indigo-400 dark:text-indigo-200'
                        : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                    }`
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-3 py-6 outline-none sm:px-6 lg:px-10">
        <PageOutlet />
      </main>
    </div>
  );
}
