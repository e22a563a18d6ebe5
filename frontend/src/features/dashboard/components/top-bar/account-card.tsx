import * as HoverCard from '@radix-ui/react-hover-card';
import {
  CircleHelp,
  LayoutDashboard,
  LogOut,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { type AuthUser, isAdmin } from '@/lib/auth/auth-context';
import { signOut } from '@/lib/auth/sign-out';
import { settingsPathFor, type SettingsSection } from '../../settings/settings-paths';
import { useAccountPhotoUrl } from '../../settings/api/photo';
import { UserAvatar } from './user-avatar';

export const DEFAULT_NAME = 'User';
export const DEFAULT_EMAIL = 'No email provided';

const OPEN_DELAY_MS = 150;
const CLOSE_DELAY_MS = 250;

interface Entry {
  label: string;
  icon: LucideIcon;
  action: () => void;
}

const settingsEntries: ReadonlyArray<{
  label: string;
  icon: LucideIcon;
  section: SettingsSection;
}> = [
  { label: 'Profile Settings', icon: UserRound, section: 'profile' },
  { label: 'Security', icon: ShieldCheck, section: 'security' },
  { label: 'Help & Support', icon: CircleHelp, section: 'help' },
];

const ENTRY_SELECTOR = '[data-account-entry]';

/**
 * The avatar with the user's name; hovering it, focusing it or pressing it shows the account card
 * (name, e-mail, Profile Settings, Security, Help & Support, Sign Out).
 *
 * Radix's hover card takes its content out of the tab order (it is meant for pointer users), so
 * the keyboard path is added here: Tab or ArrowDown on the avatar moves into the card, Tab and the
 * arrow keys move through it, Escape closes it and returns to the avatar. The card stays open while
 * focus is inside it and closes when focus leaves.
 */
export function AccountCard({ user }: { user: AuthUser }) {
  const name = user.displayName.trim() || DEFAULT_NAME;
  // A brand account signs in by mobile: its number stands where a creator's e-mail does.
  const email = user.email.trim() || user.phone || DEFAULT_EMAIL;
  // The photo the person uploaded (Settings → Profile) stands over the one Google gives.
  const shownPhoto = useAccountPhotoUrl() ?? user.photoURL;
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);
  // Set while focus goes back to the avatar after Escape, so that focusing it does not reopen.
  const refocusing = useRef(false);
  const focusFirstOnOpen = useRef(false);
  const navigate = useNavigate();
  const go = (to: string) => () => {
    setOpen(false);
    void navigate(to);
  };
  // The settings entries open their section of the settings page (a brand's in its workspace).
  const entries: Entry[] = [
    ...settingsEntries.map(({ label, icon, section }) => ({
      label,
      icon,
      action: go(settingsPathFor(user, section)),
    })),
    { label: 'Sign Out', icon: LogOut, action: () => void signOut() },
  ];
  // Admins also get the way to the back-office (the server checks the role on every call).
  const shown: readonly Entry[] = isAdmin(user)
    ? [{ label: 'Admin', icon: LayoutDashboard, action: go(paths.admin) }, ...entries]
    : entries;

  const focusIsInside = () => wrapper.current?.contains(document.activeElement) ?? false;
  const entryElements = () => [
    ...(card.current?.querySelectorAll<HTMLElement>(ENTRY_SELECTOR) ?? []),
  ];

  const focusEntry = (index: number) => {
    const all = entryElements();
    all.at(index % all.length)?.focus();
  };

  const openAndFocusFirstEntry = () => {
    if (open) focusEntry(0);
    else {
      focusFirstOnOpen.current = true;
      setOpen(true);
    }
  };

  // ArrowDown on the closed avatar: focus the first entry as soon as the card is in the page.
  const cardMounted = useCallback((node: HTMLDivElement | null) => {
    card.current = node;
    if (!node || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    node.querySelector<HTMLElement>(ENTRY_SELECTOR)?.focus();
  }, []);

  const closeAndReturnFocus = () => {
    setOpen(false);
    if (focusIsInside() && document.activeElement !== trigger.current) {
      refocusing.current = true;
      trigger.current?.focus();
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || (event.key === 'Tab' && !event.shiftKey && open)) {
      event.preventDefault();
      openAndFocusFirstEntry();
    }
  };

  const onCardKeyDown = (event: KeyboardEvent) => {
    const all = entryElements();
    const index = all.findIndex((element) => element === document.activeElement);
    const forward = event.key === 'ArrowDown' || (event.key === 'Tab' && !event.shiftKey);
    const backward = event.key === 'ArrowUp' || (event.key === 'Tab' && event.shiftKey);
    // Tab from the last entry leaves the card for whatever follows it.
    if (event.key === 'Tab' && forward && index === all.length - 1) return;
    if (forward) {
      event.preventDefault();
      focusEntry(index + 1);
    } else if (backward) {
      event.preventDefault();
      if (event.key === 'Tab' && index <= 0) trigger.current?.focus();
      else focusEntry(index - 1 + all.length);
    }
  };

  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !wrapper.current?.contains(next)) setOpen(false);
  };

  return (
    <div ref={wrapper} onBlur={onBlur}>
      <HoverCard.Root
        open={open}
        // Hover ends (or a click lands outside) while focus is inside: focus keeps the card open.
        onOpenChange={(next) => {
          if (next || !focusIsInside()) setOpen(next);
        }}
        openDelay={OPEN_DELAY_MS}
        closeDelay={CLOSE_DELAY_MS}
      >
        <HoverCard.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            aria-expanded={open}
            onClick={() => {
              setOpen(true);
            }}
            onFocus={(event) => {
              // Stops the hover card's own open-on-focus.
              if (refocusing.current) event.preventDefault();
              refocusing.current = false;
            }}
            onKeyDown={onTriggerKeyDown}
            className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:pr-3 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <UserAvatar key={shownPhoto} photoURL={shownPhoto} />
            <span className="sr-only max-w-40 truncate sm:not-sr-only">{name}</span>
          </button>
        </HoverCard.Trigger>
        <HoverCard.Content
          ref={cardMounted}
          role="group"
          aria-label="Account"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          onKeyDown={onCardKeyDown}
          onEscapeKeyDown={closeAndReturnFocus}
          className="z-50 w-64 rounded-2xl border border-slate-200 bg-white p-2 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <div className="border-b border-slate-200 px-3 pt-2 pb-3 dark:border-slate-700">
            <p className="truncate font-semibold">{name}</p>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">{email}</p>
          </div>
          <ul className="flex flex-col pt-2">
            {shown.map((entry) => (
              <li key={entry.label}>
                <button
                  type="button"
                  data-account-entry=""
                  onClick={entry.action}
                  className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
                >
                  <entry.icon aria-hidden="true" className="size-4" />
                  {entry.label}
                </button>
              </li>
            ))}
          </ul>
        </HoverCard.Content>
      </HoverCard.Root>
    </div>
  );
}
