import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './shared/i18n';
import { startVersionCheck } from './shared/version-check';

async function start() {
  await initI18n();
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
