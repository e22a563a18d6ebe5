import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Prerendered pages (/ and /waitlist) hydrate their HTML once the page's chunk is in, so nothing
// suspends and the markup stays on screen throughout; every other address renders from scratch.
if (container.hasAttribute('data-prerendered')) {
  void preloadRoute(window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
