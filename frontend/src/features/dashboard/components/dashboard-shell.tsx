import { useRef } from 'react';
import { Navigate } from 'react-router';
import { PageOutlet } from '@/components/layouts/page-outlet';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useSidebar } from '../hooks/use-sidebar';
import { creatorWorkspace, isBrand, type Workspace } from '../navigation';
import { Sidebar } from './sidebar/sidebar';
import { TopBar } from './top-bar/top-bar';

const MAIN_ID = 'main-content';

/**
 * The signed-in frame around every page of a workspace: the sidebar, the top bar and the page. The
 * creator dashboard by default; the brand workspace passes its own sidebar.
 */
export function DashboardShell({ workspace = creatorWorkspace }: { workspace?: Workspace }) {
  const auth = useAuth();
  const sidebar = useSidebar(workspace);
  const sidebarToggle = useRef<HTMLButtonElement>(null);
  // The route guard renders the shell only for a signed-in user.
  if (auth.status !== 'authenticated') return null;
  // A brand's account has its own workspace: the creator dashboard is not for it.
  if (workspace === creatorWorkspace && isBrand(auth.user)) {
    return <Navigate to={paths.brand} replace />;
  }
  return (
    <div className="flex min-h-dvh">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-indigo-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar state={sidebar} workspace={workspace} toggleRef={sidebarToggle} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={auth.user}
          home={workspace.home}
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
