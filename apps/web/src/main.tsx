import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadHomePage } from './features/content/HomePage';
import { preloadEdition } from './shared/edition/useEdition';
import { initI18n, initialLanguage } from './shared/i18n';
import { startVersionCheck } from './shared/version-check';

async function start() {
  // The first page's data and texts load side by side, not one after the other as components
  // would ask for them: each step saved is a round trip on a phone's connection (LCP).
  const language = initialLanguage();
  preloadEdition();
  const path = window.location.pathname;
  const home = path === '/';
  if (home) preloadHomePage(language);
  // The home page and the information pages show the organisers' texts (the `content` namespace).
  const contentPage = home || /^\/(stay|catering|reservation|rules|schedule|news|page\/[^/]+)\/?$/.test(path);
  await initI18n(language, contentPage ? ['content'] : []);
  startVersionCheck(__BUILD_ID__);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
