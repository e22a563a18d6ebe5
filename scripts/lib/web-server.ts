/**
 * The front server of `npm start`: the production frontend build and the API on one origin, served
 * the way the nginx image serves them (docker/nginx/default.conf.template):
 * - `dist/<path>/index.html` where the build prerendered one, else the SPA shell `dist/app.html`;
 *   HTML revalidated on every visit, content-hashed `/assets/` cached for a year;
 * - the image's security headers, with the build's inline scripts allowed by hash in the CSP
 *   (docker/nginx/security-headers.conf rendered by docker/nginx/security-headers.ts);
 * - `/@handle`, a creator's public media kit, answered by the backend's server-rendered page
 *   (`/api/v1/public/media-kits/<handle>/page`), so it reads without JavaScript;
 * - gzip for text; `/api` proxied to the backend with X-Forwarded-For/-Proto/-Host overwritten,
 *   never appended (the backend runs with TRUST_PROXY=true and believes the first entry), over a
 *   keep-alive pool whose idle connections are dropped well before the API drops them (see
 *   upstreamAgent), a GET or HEAD retried once when a reused connection turns out closed, and
 *   every failure logged with its error code;
 * - one host name: a request for another loopback name (127.0.0.1, [::1]) is redirected to the
 *   printed origin, whose cookies and sign-in redirects it would otherwise not share.
 * Express, compression and http-proxy-middleware do the serving; this file only arranges them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Agent, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
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
  /** How long the API keeps an idle connection open: its HTTP_KEEP_ALIVE_TIMEOUT_MS (5 s). */
  readonly apiKeepAliveTimeoutMs?: number;
  /**
   * Other origins the pages may POST forms to, beside 'self' and Razorpay's hosted checkout (in
   * the CSP's form-action): the local payment gateway's checkout under `npm start`.
   */
  readonly formActionOrigins?: readonly string[];
  /** Where a request the API did not answer is reported (default: standard error). */
  readonly logProxyError?: (line: string) => void;
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

export async function securityHeaders(
  distDir: string,
  formActionOrigins: readonly string[] = [],
): Promise<[string, string][]> {
  const snippet = renderSecurityHeaders(
    await readFile(SECURITY_HEADERS_SNIPPET, 'utf8'),
    await inlineScriptHashSources(distDir),
  );
  return parseAddHeaders(snippet).map(([name, value]) => [
    name,
    name === 'Content-Security-Policy' && formActionOrigins.length > 0
      ? value.replace(/form-action ([^;]*)/, `form-action $1 ${formActionOrigins.join(' ')}`)
      : value,
  ]);
}

export const API_KEEP_ALIVE_TIMEOUT_MS = 5000;

/**
 * The connections to the API. The API closes a connection after HTTP_KEEP_ALIVE_TIMEOUT_MS idle
 * (node closes it a second after that); a proxy that keeps idle connections longer reuses, now and
 * then, one the API is closing at that very moment, and the request fails with ECONNRESET: a 502
 * for the visitor although the API is up. (http-proxy-middleware's own pool never drops idle
 * connections; node's hint from the API's Keep-Alive header applies only to a pool with a
 * timeout.) This pool drops a connection after half the API's timeout idle, so the API never
 * closes one the proxy may still pick.
 */
export function upstreamAgent(apiKeepAliveTimeoutMs = API_KEEP_ALIVE_TIMEOUT_MS): Agent {
  return new Agent({
    keepAlive: true,
    timeout: Math.floor(apiKeepAliveTimeoutMs / 2),
    maxSockets: 256,
    maxFreeSockets: 64,
    scheduling: 'lifo',
  });
}

/** Methods that neither change anything nor carry a body: safe to send again. */
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request may be sent again only when nothing can have happened twice: a GET, HEAD or OPTIONS
 * without a body, whose reused connection was found closed (ECONNRESET, EPIPE) before any answer.
 * Never a POST, PUT, PATCH or DELETE: the API may have acted on it before the connection dropped.
 */
function mayRetry(error: NodeJS.ErrnoException, request: IncomingMessage, reused: boolean) {
  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0;
  return (
    reused &&
    (error.code === 'ECONNRESET' || error.code === 'EPIPE') &&
    REPEATABLE_METHODS.has(request.method ?? '') &&
    !hasBody
  );
}

/** The file a page address is answered with: a prerendered page, else the SPA shell. */
function pageFile(distDir: string, pathname: string): string {
  const prerendered = path.join(distDir, pathname, 'index.html');
  return prerendered.startsWith(distDir + path.sep) && existsSync(prerendered)
    ? prerendered
    : path.join(distDir, SPA_SHELL);
}

/** A public media kit's address: `/@handle` (handles: letters, digits, dots, underscores). */
export const MEDIA_KIT_PAGE = /^\/@([A-Za-z0-9._%]+)$/;

/** `/@handle?…` → the backend's HTML page of that kit; any other path unchanged. */
export function mediaKitPagePath(pathWithQuery: string): string {
  const [pathname = ''] = pathWithQuery.split('?');
  const handle = MEDIA_KIT_PAGE.exec(pathname)?.[1];
  return handle === undefined ? pathWithQuery : `/api/v1/public/media-kits/${handle}/page`;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const distDir = path.resolve(options.distDir);
  const headers = await securityHeaders(distDir, options.formActionOrigins);
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

  const logProxyError =
    options.logProxyError ??
    ((line: string) => {
      console.error(line);
    });
  // The outgoing request of each incoming one (for its reusedSocket) and the retried ones.
  const outgoing = new WeakMap<IncomingMessage, ClientRequest>();
  const retried = new WeakSet<IncomingMessage>();
  const answerNotAnswering = (response: Response | Socket) => {
    if ('writeHead' in response && !response.headersSent) {
      response.writeHead(502, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ statusCode: 502, message: 'The API is not answering' }));
    }
  };
  const proxy = createProxyMiddleware<Request, Response>({
    target: options.apiOrigin,
    agent: upstreamAgent(options.apiKeepAliveTimeoutMs),
    pathFilter: (pathname) =>
      pathname === '/api' || pathname.startsWith('/api/') || MEDIA_KIT_PAGE.test(pathname),
    pathRewrite: mediaKitPagePath,
    // The API sends its own security and cache headers; none are added here.
    on: {
      proxyReq: (proxyRequest, request) => {
        outgoing.set(request, proxyRequest);
        // Hop-by-hop (as nginx's `proxy_set_header Connection ""`): a visitor's "Connection:
        // close" ends the visitor's connection, not one of the pool's.
        proxyRequest.removeHeader('Connection');
        proxyRequest.setHeader('X-Forwarded-For', request.socket.remoteAddress ?? '');
        proxyRequest.setHeader('X-Forwarded-Proto', 'http');
        proxyRequest.setHeader('X-Forwarded-Host', request.headers.host ?? canonicalHost);
      },
      error: (error: NodeJS.ErrnoException, request, response) => {
        const reused = outgoing.get(request)?.reusedSocket === true;
        const retry = !retried.has(request) && mayRetry(error, request, reused);
        logProxyError(
          `paylock web: ${request.method} ${request.url} not answered by the API: ` +
            `${error.code ?? error.message}${reused ? ' on a reused connection' : ''}` +
            (retry ? ', sent again on a new one' : ''),
        );
        if (retry) {
          retried.add(request);
          outgoing.delete(request);
          void proxy(request, response as Response, () => {
            answerNotAnswering(response);
          });
          return;
        }
        answerNotAnswering(response);
      },
    },
  });
  app.use(proxy);

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
