import { X } from 'lucide-react';
import { Link } from 'react-router';
import { isLinkActive, type NavItem } from '../../navigation';

interface SidebarPanelProps {
  id: string;
  item: NavItem;
  pathname: string;
  onClose: () => void;
  onNavigate: () => void;
}

const countText = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** The 228 px second panel: the item's label, how many sub-links it has, and the sub-links. */
export function SidebarPanel({ id, item, pathname, onClose, onNavigate }: SidebarPanelProps) {
  const headingId = `${id}-heading`;
  return (
    <div
      id={id}
      role="group"
      aria-labelledby={headingId}
      className="flex w-[228px] shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="flex items-start justify-between gap-2 px-4 pt-5 pb-4">
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900 dark:text-white">
            {item.label}
          </h2>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {countText(item.subLinks.length)}
          </p>
        </div>
        <button
          type="button"
          aria-label="Close sidebar"
          onClick={onClose}
          className="-mt-1 -mr-1 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <ul className="flex flex-col gap-1 px-3">
        {item.subLinks.map((link) => {
          const active = isLinkActive(link, pathname);
          return (
            <li key={link.href}>
              <Link
                to={link.href}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                  active
                    ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
                }`}
              >
                {link.label}
                {link.badge && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                    {link.badge}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
