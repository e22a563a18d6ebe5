import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { brand } from '@/config/brand';
import { env } from '@/config/env';
import { isItemActive, type NavItem, type Workspace } from '../../navigation';

interface SidebarRailProps {
  workspace: Workspace;
  pathname: string;
  expandedId: string;
  panelVisible: boolean;
  /** The id of the panel the items with sub-links control. */
  panelId: string;
  onToggleItem: (id: string) => void;
  onNavigate: () => void;
}

/** The 72 px icon rail: the logo, the main items with their tooltips, and Settings at the bottom. */
export function SidebarRail({ workspace, pathname, onNavigate, ...entryProps }: SidebarRailProps) {
  const entries = (items: readonly NavItem[]) =>
    items.map((item) => (
      <li key={item.id}>
        <RailEntry
          item={item}
          active={isItemActive(item, pathname)}
          onNavigate={onNavigate}
          {...entryProps}
        />
      </li>
    ));

  return (
    <div
      className={`flex w-[72px] shrink-0 flex-col items-center gap-6 border-r border-slate-200 bg-white pt-4 dark:border-slate-800 dark:bg-slate-950 ${
        // The preview banner is fixed to the bottom left corner: keep Settings clear of it.
        env.previewBanner ? 'pb-14' : 'pb-4'
      }`}
    >
      <Link
        to={workspace.home}
        onClick={onNavigate}
        aria-label={`${brand.name} dashboard`}
        className="rounded-xl"
      >
        <BrandMark className="size-10" />
      </Link>
      <ul className="flex flex-col gap-2">{entries(workspace.main)}</ul>
      <ul className="mt-auto flex flex-col gap-2">{entries(workspace.footer)}</ul>
    </div>
  );
}

const entryClass = (active: boolean) =>
  `inline-flex size-11 items-center justify-center rounded-xl transition-colors ${
    active
      ? 'bg-indigo-600 text-white dark:bg-indigo-500 dark:text-slate-950'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
  }`;

interface RailEntryProps extends Omit<SidebarRailProps, 'pathname' | 'workspace'> {
  item: NavItem;
  active: boolean;
}

/** An item with sub-links opens or closes the panel; one without is a link to its page. */
function RailEntry({
  item,
  active,
  expandedId,
  panelVisible,
  panelId,
  onToggleItem,
  onNavigate,
}: RailEntryProps) {
  const icon = <item.icon aria-hidden="true" className="size-5" />;
  if (item.subLinks.length === 0) {
    return (
      <WithTooltip label={item.label}>
        <Link
          to={item.href}
          aria-label={item.label}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          className={entryClass(active)}
        >
          {icon}
        </Link>
      </WithTooltip>
    );
  }
  const expanded = panelVisible && expandedId === item.id;
  return (
    <WithTooltip label={item.label}>
      <button
        type="button"
        aria-label={item.label}
        aria-expanded={expanded}
        aria-controls={expanded ? panelId : undefined}
        // The current section among the rail's buttons (the page itself is a sub-link).
        aria-current={active ? 'true' : undefined}
        onClick={() => {
          onToggleItem(item.id);
        }}
        className={entryClass(active)}
      >
        {icon}
      </button>
    </WithTooltip>
  );
}

function WithTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Content
        side="right"
        sideOffset={10}
        className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md dark:bg-slate-100 dark:text-slate-900"
      >
        {label}
      </Tooltip.Content>
    </Tooltip.Root>
  );
}
