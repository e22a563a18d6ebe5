import { env } from '../../config/env';

/** The support address (VITE_SUPPORT_EMAIL) as a mail link. */
export function SupportEmailLink() {
  return (
    <a
      href={`mailto:${env.supportEmail}`}
      className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
    >
      {env.supportEmail}
    </a>
  );
}
