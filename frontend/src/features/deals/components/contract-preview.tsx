/** The page around the server's contract fragment: plain paper in both themes, no script at all. */
const documentOf = (html: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contract</title><style>` +
  `body{margin:0;padding:16px 20px;font:15px/1.6 system-ui,sans-serif;color:#0f172a;background:#fff;overflow-wrap:anywhere}` +
  `h1,h2,h3{line-height:1.3}table{border-collapse:collapse;width:100%}th,td{border:1px solid #cbd5e1;padding:4px 6px;text-align:left}` +
  `</style></head><body>${html}</body></html>`;

/**
 * The contract as the server rendered it (user text in it is escaped by the server). It is shown
 * in a sandboxed frame with no permissions: even if markup slipped through it could run no script,
 * submit no form, reach no cookie and navigate nothing.
 */
export function ContractPreview({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={documentOf(html)}
      referrerPolicy="no-referrer"
      className="h-[32rem] w-full rounded-xl border border-slate-300 bg-white dark:border-slate-700"
    />
  );
}
