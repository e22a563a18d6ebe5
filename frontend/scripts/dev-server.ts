/**
 * Vite's hot-reload development server for `npm run dev` (scripts/start.ts), started through
 * Vite's API so that its banner ("Local: http://127.0.0.1:5173/") is never printed: `npm run dev`
 * prints the one URL to open, and another host name would not share its sign-in cookies.
 *   PAYLOCK_PUBLIC_URL=http://localhost:5173 WEB_PORT=5173 node scripts/dev-server.ts
 */
import path from 'node:path';
import { createServer } from 'vite';

const port = Number(process.env.WEB_PORT ?? 5173);
const server = await createServer({
  configFile: path.join(import.meta.dirname, '..', 'vite.config.ts'),
  root: path.join(import.meta.dirname, '..'),
  clearScreen: false,
  server: { host: '127.0.0.1', port, strictPort: true },
});
await server.listen();
// No server.printUrls(): the caller prints the one URL.

const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
