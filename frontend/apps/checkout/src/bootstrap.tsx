import { createRoot } from 'react-dom/client';

// Served on its own, the remote has no shell (store, router, i18n) around it; it is meant to be
// loaded by the shell through module federation.
createRoot(document.getElementById('root') as HTMLElement).render(
  <main>
    <h1>checkout remote</h1>
    <p>
      This bundle is a module federation remote. Open the shell, which loads it from its
      runtime manifest.
    </p>
  </main>,
);
