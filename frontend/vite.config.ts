import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { brand } from './src/config/brand.ts';

const apiOrigin = process.env.PAYLOCK_API_ORIGIN ?? 'http://127.0.0.1:3000';
const proxy: Record<string, ProxyOptions> = { '/api': { target: apiOrigin } };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Fills index.html's %BRAND_*% placeholders so the brand stays defined in one place. */
const brandHtml = (): Plugin => ({
  name: 'paylock-brand-html',
  transformIndexHtml: (html) =>
    html
      .replaceAll('%BRAND_NAME%', escapeHtml(brand.name))
      .replaceAll('%BRAND_DESCRIPTION%', escapeHtml(brand.description)),
});

export default defineConfig({
  plugins: [react(), tailwindcss(), brandHtml()],
  server: { proxy },
  preview: { proxy },
});
