import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { i18nReady } from './i18n/index.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

// the first screen renders in the visitor's language, never in raw keys; if the texts cannot be
// fetched, the app still starts (a retry happens on the next language switch or reload)
void i18nReady
  .catch((error: unknown) => console.error('loading translations failed', error))
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
