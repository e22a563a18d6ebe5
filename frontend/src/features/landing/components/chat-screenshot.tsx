import type { ChatScreenshotContent } from '../landing-content';
import { ScreenshotAuthor, ScreenshotFrame } from './screenshot-frame';

// "Rohan · UrbanKettle Foods" → "R": the person, not the company.
const initialOf = (contact: string) => contact.charAt(0);

/** A chat between a creator (right) and a brand (left), drawn as a phone screenshot. */
export function ChatScreenshot({ chat }: { chat: ChatScreenshotContent }) {
  return (
    <ScreenshotFrame summary={chat.summary} className="overflow-hidden">
      <ScreenshotAuthor
        initials={initialOf(chat.contact)}
        name={chat.contact}
        detail={chat.contactRole}
        className="bg-emerald-800 px-4 py-3 text-white"
        avatarClassName="size-9 bg-emerald-700 font-semibold"
        detailClassName="text-emerald-100"
      />
      <div className="flex flex-col gap-2 bg-stone-100 px-3 py-4 dark:bg-slate-800">
        <span className="self-center rounded-md bg-white px-2 py-0.5 text-xs text-slate-600 shadow-sm dark:bg-slate-700 dark:text-slate-200">
          {chat.day}
        </span>
        {chat.messages.map((message, index) => (
          <p
            key={index}
            className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm ${
              message.from === 'creator'
                ? 'self-end rounded-br-sm bg-emerald-100 text-slate-900 dark:bg-emerald-900 dark:text-emerald-50'
                : 'self-start rounded-bl-sm bg-white text-slate-900 dark:bg-slate-700 dark:text-slate-50'
            }`}
          >
            {message.text}
            <span className="ml-2 inline-flex items-center gap-0.5 align-bottom text-[0.65rem] text-slate-600 dark:text-slate-300">
              {message.time}
              {message.from === 'creator' && (
                <span className="text-sky-700 dark:text-sky-300">✓✓</span>
              )}
            </span>
          </p>
        ))}
      </div>
    </ScreenshotFrame>
  );
}
