import { registerRemotesFromManifest } from './remotes';

// The app starts behind an asynchronous import so that the shared modules (React, the store, the
// router, i18next) are resolved through the share scope before any of them is used.
void registerRemotesFromManifest().then(() => import('./bootstrap'));
