import { UserRound } from 'lucide-react';
import { useState } from 'react';

/**
 * The user's photo, or a person icon when there is none or it fails to load. Decorative: the name
 * always goes with it. Remount it (key) when the photo address changes.
 */
export function UserAvatar({ photoURL }: { photoURL: string | null }) {
  const [failed, setFailed] = useState(false);
  const shape = 'size-8 shrink-0 rounded-full';
  if (!photoURL || failed) {
    return (
      <span
        data-testid="avatar-icon"
        className={`${shape} inline-flex items-center justify-center bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300`}
      >
        <UserRound aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={photoURL}
      alt=""
      // Google serves profile photos only without a referrer from other sites.
      referrerPolicy="no-referrer"
      onError={() => {
        setFailed(true);
      }}
      className={`${shape} object-cover`}
    />
  );
}
