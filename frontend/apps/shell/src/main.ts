import { registerRemotes } from '@module-federation/enhanced/runtime';

// Remote URLs are read at runtime, so a remote can be redeployed without rebuilding the shell.
// Without a manifest the shell still starts; routes of the remotes then show a retryable error.
async function registerRemotesFromManifest(): Promise<void> {
  try {
    const response = await fetch('/module-federation.manifest.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`manifest: HTTP ${response.status}`);
    const remotes = (await response.json()) as Record<string, string>;
    registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
  } catch (err) {
    console.error('module federation manifest could not be loaded', err);
  }
}

void registerRemotesFromManifest().then(() => import('./bootstrap'));
