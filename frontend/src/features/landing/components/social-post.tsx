import type { SocialPostContent } from '../landing-content';
import { ScreenshotAuthor, ScreenshotFrame } from './screenshot-frame';

const compact = (count: number) =>
  count >= 1000 ? `${(count / 1000).toFixed(1).replace(/\.0$/, '')}K` : String(count);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('');

/** A creator's public post, drawn as a social-media screenshot. */
export function SocialPost({ post }: { post: SocialPostContent }) {
  const counts = [
    { label: 'replies', value: post.replies },
    { label: 'reposts', value: post.reposts },
    { label: 'likes', value: post.likes },
  ];
  return (
    <ScreenshotFrame summary={post.summary} className="flex flex-col gap-3 p-5">
      <ScreenshotAuthor
        initials={initialsOf(post.author)}
        name={post.author}
        detail={`${post.handle} · ${post.posted}`}
        className="text-slate-900 dark:text-slate-50"
        avatarClassName="size-10 bg-gradient-to-br from-amber-400 to-pink-500 font-bold text-white"
        detailClassName="text-slate-600 dark:text-slate-300"
      />
      <p className="text-sm leading-relaxed text-slate-800 dark:text-slate-100">{post.text}</p>
      <p className="flex gap-4 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {counts.map(({ label, value }) => (
          <span key={label}>
            <span className="font-semibold text-slate-900 dark:text-slate-50">
              {compact(value)}
            </span>{' '}
            {label}
          </span>
        ))}
      </p>
    </ScreenshotFrame>
  );
}
