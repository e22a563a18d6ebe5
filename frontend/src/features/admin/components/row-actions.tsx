import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MoreHorizontal } from 'lucide-react';
import type { WaitlistEntryDto } from '@/api/generated/types.gen';
import { notify } from '@/lib/notify';

const itemClass =
  'cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 dark:data-[highlighted]:bg-indigo-950 dark:data-[highlighted]:text-indigo-100';

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
  } catch {
    notify.error(`Could not copy the ${what.toLowerCase()}`);
  }
}

/** The menu at the end of each row (keyboard-operable, from Radix). */
export function RowActions({
  entry,
  onOpen,
}: {
  entry: WaitlistEntryDto;
  onOpen: (id: string) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${entry.fullName}`}
        className="inline-flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <MoreHorizontal aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1 text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              onOpen(entry.id);
            }}
          >
            View details
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => void copy(entry.email, 'E-mail')}
          >
            Copy e-mail
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => void copy(`+91${entry.phone}`, 'Phone number')}
          >
            Copy phone number
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
