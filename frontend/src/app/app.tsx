import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The whole app below the router: the browser supplies a BrowserRouter, the prerender a StaticRouter. */
export function App() {
  return (
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  );
}
