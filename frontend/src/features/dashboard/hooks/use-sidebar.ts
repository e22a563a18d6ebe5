import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMediaQuery } from '@/hooks/use-media-query';
import { initiallyExpandedItem, type Workspace } from '../navigation';

/** The specification's desktop breakpoint: below it the sidebar is an overlay drawer. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 1024px)';

export interface SidebarState {
  /** At least 1024 px wide: the rail is always shown and the panel sits beside the content. */
  isDesktop: boolean;
  /** Desktop: the sub-panel is shown beside the rail. Below desktop: the drawer is shown. */
  open: boolean;
  /** Whether the sub-panel shows (inside the drawer, below desktop). */
  panelVisible: boolean;
  /** The item whose sub-links the panel lists. */
  expandedId: string;
  /** The top bar's button: open or close the sidebar. */
  toggle: () => void;
  /** The panel's close button, the backdrop, Escape in the drawer. */
  close: () => void;
  /** An item with sub-links was pressed: show its panel, or hide the panel if it already shows. */
  toggleItem: (id: string) => void;
  /** A link was followed: the drawer makes way for the page; the desktop panel stays. */
  onNavigate: () => void;
}

/**
 * Open or closed, and which item's panel shows. Open at first on desktop and closed below it; it
 * closes on entering a small screen and opens again on entering desktop. The panel first shows the
 * item the current page belongs to, else Dashboard.
 */
export function useSidebar(workspace: Workspace): SidebarState {
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const [open, setOpen] = useState(isDesktop);
  // Below desktop the drawer holds the rail and the panel, and the panel can be hidden inside it.
  const [drawerPanelOpen, setDrawerPanelOpen] = useState(true);
  const [wasDesktop, setWasDesktop] = useState(isDesktop);
  const [expandedId, setExpandedId] = useState(() => initiallyExpandedItem(pathname, workspace).id);

  // Crossing the breakpoint resets the sidebar (adjusted while rendering, not in an effect).
  if (isDesktop !== wasDesktop) {
    setWasDesktop(isDesktop);
    setOpen(isDesktop);
    setDrawerPanelOpen(true);
  }

  const panelVisible = isDesktop ? open : drawerPanelOpen;
  const setPanelVisible = isDesktop ? setOpen : setDrawerPanelOpen;

  return {
    isDesktop,
    open,
    panelVisible,
    expandedId,
    toggle: () => {
      setOpen(!open);
      setDrawerPanelOpen(true);
    },
    close: () => {
      setOpen(false);
    },
    toggleItem: (id) => {
      if (panelVisible && id === expandedId) {
        setPanelVisible(false);
        return;
      }
      setExpandedId(id);
      setPanelVisible(true);
    },
    onNavigate: () => {
      if (!isDesktop) setOpen(false);
    },
  };
}
