/**
 * The front server of `npm start`: the production frontend build and the API on one origin, served
 * the way the nginx image serves them (docker/nginx/default.conf.template):
 * - `dist/<path>/index.html` where the build prerendered one, else the SPA shell `dist/app.html`;
 *   HTML revalidated on every visit, content-hashed `/assets/` cached for a year;
 * - the image's security headers, with the build's inline scripts allowed by hash in the CSP
 *   (docker/nginx/security-headers.conf rendered by docker/nginx/security-headers.ts);
 * - gzip for text; `/api` proxied to the backend with X-Forwarded-For/-Proto/-Host overwritten,
 *   never appended (the backend runs with TRUST_PROXY=true and believes the first entry);
 * - one host name: a request for another loopback name (127.0.0.1, [::1]) is redirected to the
 *   printed origin, whose cookies and sign-in redirects it would otherwise not share.
 * Express, compression and http-proxy-middleware do the serving; this file only arranges them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  inlineScriptHashSources,
  renderSecurityHeaders,
} from '../../docker/nginx/security-headers.ts';
import { ROOT } from './paths.ts';

const SECURITY_HEADERS_SNIPPET = path.join(ROOT, 'docker', 'nginx', 'security-headers.conf');
const SPA_SHELL = 'app.html';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebServerOptions {
  /** The built frontend (frontend/dist). */
  readonly distDir: string;
  /** Where /api goes, e.g. http://127.0.0.1:3000 */
  readonly apiOrigin: string;
  /** The one origin users open, e.g. http://localhost:5173; other host names are sent there. */
  readonly publicOrigin: string;
  /** Loopback addresses to listen on; the first must succeed, the others are best effort. */
  readonly hosts: readonly string[];
  readonly port: number;
}

export interface WebServer {
  stop(): Promise<void>;
}

/** `add_header Name "value" always;` lines of the nginx snippet, as [name, value] pairs. */
export function parseAddHeaders(snippet: string): [string, string][] {
  return [...snippet.matchAll(/^\s*add_header\s+([\w-]+)\s+"([^"]*)"\s+always;/gm)].map((match) => [
    match[1] ?? '',
    match[2] ?? '',
  ]);
}

export async function securityHeaders(distDir: string): Promise<[string, string][]> {
  const snippet = renderSecurityHeaders(
    await readFile(SECURITY_HEADERS_SNIPPET, 'utf8'),
    await inlineScriptHashSources(distDir),
  );
  return parseAddHeaders(snippet);
}

/** The file a page address is answered with: a prerendered page, else the SPA shell. */
function pageFile(distDir: string, pathname: string): string {
  const prerendered = path.join(distDir, pathname, 'index.html');
  return prerendered.startsWith(distDir + path.sep) && existsSync(prerendered)
    ? prerendered
    : path.join(distDir, SPA_SHELL);
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const distDir = path.resolve(options.distDir);
  const headers = await securityHeaders(distDir);
  const canonicalHost = new URL(options.publicOrigin).host;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.headers.host === canonicalHost) {
      next();
      return;
    }
    response.redirect(308, options.publicOrigin + request.originalUrl);
  });

  app.use(
    createProxyMiddleware({
      target: options.apiOrigin,
      pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
      // The API sends its own security and cache headers; none are added here.
      on: {
        proxyReq: (proxyRequest, request) => {
          proxyRequest.setHeader('X-Forwarded-For', request.socket.remoteAddress ?? '');
          proxyRequest.setHeader('X-Forwarded-Proto', 'http');
          proxyRequest.setHeader('X-Forwarded-Host', request.headers.host ?? canonicalHost);
        },
        error: (_error, _request, response) => {
          if ('writeHead' in response && !response.headersSent) {
            response.writeHead(502, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify({ statusCode: 502, message: 'The API is not answering' }));
          }
        },
      },
    }),
  );

  app.use((_request: Request, response: Response, next: NextFunction) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  });
  app.use(compression());
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      index: false,
      redirect: false,
      immutable: true,
      maxAge: '1y',
      setHeaders: (response) => response.setHeader('Cache-Control', IMMUTABLE),
    }),
  );
  app.use('/assets', (_request: Request, response: Response) => {
    response.status(404).end();
  });
  app.use(
    express.static(distDir, {
      index: false,
      redirect: false,
      setHeaders: (response) => response.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.status(405).setHeader('Allow', 'GET, HEAD').end();
      return;
    }
    // A missing file (an address with an extension) is a 404, not the app's shell.
    if (path.posix.extname(request.path) !== '') {
      response.status(404).end();
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(pageFile(distDir, request.path), (error) => {
      if (error) next(error);
    });
  });
  // Express's own handler would print a stack trace for a malformed address.
  app.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) {
      next(error);
      return;
    }
    const status = (error as { status?: unknown }).status;
    response.status(typeof status === 'number' && status >= 400 && status < 500 ? status : 500);
    response.end();
  });

  const servers: Server[] = [];
  for (const [index, host] of options.hosts.entries()) {
    try {
      servers.push(await listen(app, options.port, host));
    } catch (error) {
      if (index === 0) {
        await Promise.all(servers.map(close));
        throw error;
      }
      // e.g. no IPv6 loopback on this machine: localhost then resolves to 127.0.0.1 alone.
    }
  }
  return { stop: () => Promise.all(servers.map(close)).then(() => undefined) };
}

function listen(app: express.Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
    server.closeAllConnections();
  });
}
