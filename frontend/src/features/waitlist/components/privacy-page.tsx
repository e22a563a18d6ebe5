import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
// The one text of how Paylock handles personal data: docs/privacy.md, shipped in this page's chunk.
// eslint-disable-next-line no-restricted-imports -- outside src/, so @/ cannot name it
import privacyMarkdown from '../../../../../docs/privacy.md?raw';
import { linkClass } from './form-card';

/**
 * Inline Markdown of the document: **bold**, `code` and [links](…) (app paths, https, mailto).
 * A dozen lines for the handful of forms docs/privacy.md uses, rather than a Markdown library in
 * the bundle; anything else shows as written.
 */
function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(text.slice(last, match.index));
    const [, bold, code, label, href] = match;
    const key = `${match.index}`;
    if (bold !== undefined) parts.push(<strong key={key}>{bold}</strong>);
    else if (code !== undefined) parts.push(<code key={key}>{code}</code>);
    else if (href?.startsWith('/')) {
      parts.push(
        <Link key={key} to={href} className={linkClass}>
          {label}
        </Link>,
      );
    } else if (href && /^(https:|mailto:)/.test(href)) {
      parts.push(
        <a key={key} href={href} className={linkClass}>
          {label}
        </a>,
      );
    } else parts.push(label ?? '');
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

/** Headings, paragraphs and bullet lists: the block forms of docs/privacy.md. */
function blocks(markdown: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) {
      nodes.push(<p key={nodes.length}>{inline(paragraph.join(' '))}</p>);
      paragraph = [];
    }
    if (list.length > 0) {
      nodes.push(
        <ul key={nodes.length} className="list-disc space-y-1 pl-6">
          {list.map((item, index) => (
            <li key={index}>{inline(item)}</li>
          ))}
        </ul>,
      );
      list = [];
    }
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    if (line.startsWith('# ')) {
      flush(); // the page's own title is the h1
    } else if (heading) {
      flush();
      const Tag = heading[1] === '##' ? 'h2' : 'h3';
      nodes.push(
        <Tag
          key={nodes.length}
          className={Tag === 'h2' ? 'mt-4 text-xl font-semibold' : 'font-semibold'}
        >
          {heading[2]}
        </Tag>,
      );
    } else if (/^\s*- /.test(line)) {
      if (paragraph.length > 0) flush();
      list.push(line.replace(/^\s*- /, ''));
    } else if (/^\s+\S/.test(line) && list.length > 0) {
      list[list.length - 1] = `${list.at(-1) ?? ''} ${line.trim()}`;
    } else if (line.trim() === '') {
      flush();
    } else {
      if (list.length > 0) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return nodes;
}

/** /privacy: how Paylock handles personal data, from docs/privacy.md. */
export function PrivacyPage() {
  return (
    <PageLayout title="Your data at Paylock">
      <div className="flex flex-col gap-3 leading-relaxed">{blocks(privacyMarkdown)}</div>
    </PageLayout>
  );
}
