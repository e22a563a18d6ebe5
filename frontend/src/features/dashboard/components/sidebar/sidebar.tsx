import * as Dialog from '@radix-ui/react-dialog';
import * as Tooltip from '@radix-ui/react-tooltip';
import { useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { SidebarState } from '../../hooks/use-sidebar';
import { findNavItem, type Workspace } from '../../navigation';
import { SidebarPanel } from './sidebar-panel';
import { SidebarRail } from './sidebar-rail';

const PANEL_ID = 'sidebar-panel';

/**
 * The dashboard's sidebar. From 1024 px: the rail beside the content, with the panel next to it
 * while open. Below: a modal drawer over the content (focus kept inside; the backdrop and Escape
 * close it), holding the rail and the panel.
 */
export function Sidebar({
  state,
  workspace,
  toggleRef,
}: {
  state: SidebarState;
  workspace: Workspace;
  /** The top bar's sidebar button, where focus returns when the drawer closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const drawer = useRef<HTMLDivElement>(null);
  if (state.isDesktop) {
    return (
      <Tooltip.Provider delayDuration={200}>
        <div className="sticky top-0 flex h-dvh shrink-0 overflow-y-auto">
          <SidebarNav state={state} workspace={workspace} />
        </div>
      </Tooltip.Provider>
    );
  }
  return (
    <Tooltip.Provider delayDuration={200}>
      <Dialog.Root
        open={state.open}
        onOpenChange={(open) => {
          if (!open) state.close();
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay
            data-testid="sidebar-backdrop"
            className="fixed inset-0 z-50 bg-slate-950/60"
          />
          <Dialog.Content
            ref={drawer}
            aria-describedby={undefined}
            // Focus the drawer itself: its first button would pop up its tooltip at once.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              drawer.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              toggleRef.current?.focus();
            }}
            className="fixed inset-y-0 left-0 z-50 flex max-w-[calc(100vw-2rem)] overflow-auto shadow-xl outline-none"
          >
            <SidebarNav
              state={state}
              workspace={workspace}
              title={<Dialog.Title className="sr-only">Sidebar</Dialog.Title>}
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </Tooltip.Provider>
  );
}

function SidebarNav({
  state,
  workspace,
  title,
}: {
  state: SidebarState;
  workspace: Workspace;
  title?: ReactNode;
}) {
  const { pathname } = useLocation();
  const expanded = findNavItem(state.expandedId, workspace) ?? workspace.defaultItem;
  return (
    <nav aria-label="Sidebar" className="flex h-full">
      {title}
      <SidebarRail
        workspace={workspace}
        pathname={pathname}
        expandedId={expanded.id}
        panelVisible={state.panelVisible}
        panelId={PANEL_ID}
        onToggleItem={state.toggleItem}
        onNavigate={state.onNavigate}
      />
      {state.panelVisible && (
        <SidebarPanel
          id={PANEL_ID}
          item={expanded}
          pathname={pathname}
          onClose={state.close}
          onNavigate={state.onNavigate}
        />
      )}
    </nav>
  );
}
