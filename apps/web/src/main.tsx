// Before any schema exists: zod would otherwise probe `new Function` for its fast parsers, which the site's
// policy (script-src 'self') refuses and browsers report as a policy issue (Lighthouse best practices).
import './shared/zod-jitless';
// The base styles (the theme's colours, CssBaseline's rules) before any other stylesheet.
import './shared/ui/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/lazy-page';
import { preloadPublicMenu } from './app/public-menu';
import { routes } from './app/router';
import { startFirstReads } from './app/first-reads';
import { preloadEdition } from './shared/edition/useEdition';
import { pageCarriesError } from './shared/http';
import { initI18n, initialLanguage } from './shared/i18n';
import { startVersionCheck } from './shared/version-check';

async function start() {
  // The first page's data and texts load side by side, not one after the other as components
  // would ask for them: each step saved is a round trip on a phone's connection (LCP).
  const language = initialLanguage();
  preloadEdition();
  const path = window.location.pathname;
  // The page's code (a lazy chunk for every page but the home page) downloads now, with its texts and data.
  preloadRoute(routes, path);
  // The public menu's pages: the back office has a menu of its own.
  if (!path.startsWith('/mgmt')) preloadPublicMenu(language);
  // The page's first reads and the words its first render shows, as declared once (`@bjk/domain/first-reads`).
  const namespaces = startFirstReads(path, language);
  // A page that opens on a coded error (an unknown payment link or category) shows it in words at once.
  const error = pageCarriesError();
  await initI18n(language, [...namespaces, ...(error ? ['errors'] : [])]);
  startVersionCheck(__BUILD_ID__);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = createRoot(root);
  // As a transition, React renders the first page in small slices and lets the browser breathe in
  // between (no long task blocking a phone's main thread: Total Blocking Time).
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
