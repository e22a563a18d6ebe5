import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type RefObject, Suspense } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { brand } from '@/config/brand';
import type { AuthUser } from '@/lib/auth/auth-context';
import { AccountCard } from './account-card';
import { useTopBarBell } from '@/components/layouts/top-bar-bell';

interface TopBarProps {
  user: AuthUser;
  /** Where the logo leads (the workspace's home). */
  home: string;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/** The dashboard's top bar: sidebar toggle, theme toggle, notifications and the account card. */
export function TopBar({ user, home, sidebarOpen, onToggleSidebar, toggleRef }: TopBarProps) {
  const ToggleIcon = sidebarOpen ? PanelLeftClose : PanelLeftOpen;
  const bell = useTopBarBell();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-950/95">
      <button
        ref={toggleRef}
        type="button"
        aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
        className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <ToggleIcon aria-hidden="true" className="size-5" />
      </button>
      {/* Below desktop the sidebar (and its logo) hides in the drawer. */}
      <Link
        to={home}
        className="flex items-center gap-2 rounded-lg font-bold text-slate-900 lg:hidden dark:text-white"
      >
        <BrandMark className="size-7" />
        {brand.name}
      </Link>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        <ThemeToggle />
        {bell !== null && <Suspense fallback={null}>{bell}</Suspense>}
        <AccountCard user={user} />
      </div>
    </header>
  );
}
