import { useRef } from 'react';
import { PageOutlet } from '../../../components/layouts/page-outlet';
import { useAuth } from '../../../lib/auth/use-auth';
import { useSidebar } from '../hooks/use-sidebar';
import { Sidebar } from './sidebar/sidebar';
import { TopBar } from './top-bar/top-bar';

const MAIN_ID = 'main-content';

/** The signed-in frame around every creator page: the sidebar, the top bar and the page. */
export function DashboardShell() {
  const auth = useAuth();
  const sidebar = useSidebar();
  const sidebarToggle = useRef<HTMLButtonElement>(null);
  // The route guard renders the shell only for a signed-in user.
  if (auth.status !== 'authenticated') return null;
  return (
    <div className="flex min-h-dvh">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-indigo-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar state={sidebar} toggleRef={sidebarToggle} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={auth.user}
          sidebarOpen={sidebar.open}
          onToggleSidebar={sidebar.toggle}
          toggleRef={sidebarToggle}
        />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}
