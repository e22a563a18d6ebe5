/** What the gateway answers with: JSON bodies, and HTML pages for people (their frame and headers). */
import type { ServerResponse } from 'node:http';
import { escapeHtml } from '@paylock/dev-http';

export function page(title: string, body: string, nonce?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#111;max-width:70rem}
table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top;font-size:.9rem}
button{font:inherit;padding:.6rem 1.4rem;margin:.25rem;border-radius:6px;border:1px solid #333;cursor:pointer}
.pay{background:#15803d;color:#fff;border-color:#15803d}.fail{background:#b91c1c;color:#fff;border-color:#b91c1c}
.card{border:1px solid #ccc;border-radius:10px;padding:1.5rem;max-width:28rem}.muted{color:#555}</style></head>
<body>${body}${nonce ? `<script nonce="${nonce}">document.forms[0].submit();</script>` : ''}</body></html>`;
}

export function rupees(paise: number): string {
  return `₹${(paise / 100).toFixed(2)}`;
}

export function sendHtml(
  response: ServerResponse,
  status: number,
  html: string,
  nonce?: string,
): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; ${
      nonce ? `script-src 'nonce-${nonce}'; ` : ''
    }frame-ancestors 'none'`,
    'x-frame-options': 'DENY',
  });
  response.end(html);
}

export function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export function collection(items: readonly unknown[]): unknown {
  return { entity: 'collection', count: items.length, items };
}
