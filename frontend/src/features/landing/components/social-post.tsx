import type { SocialPostContent } from '../landing-content';

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
    <div
      role="img"
      aria-label={post.summary}
      className="flex w-full max-w-sm flex-col gap-3 rounded-3xl border border-slate-200 bg-white p-5 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-amber-400 to-pink-500 text-sm font-bold text-white">
          {initialsOf(post.author)}
        </span>
        <span className="flex flex-col leading-tight">
          <span className="text-sm font-semibold text-slate-900 dark:text-slate-50">
            {post.author}
          </span>
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {post.handle} · {post.posted}
          </span>
        </span>
      </div>
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
    </div>
  );
}
