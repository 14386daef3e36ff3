// Loads the remotes (flow, checkout, agent) at runtime with the container protocol of module
// federation (frontend/tools/federation.ts): a remote's remoteEntry.js defines window[name], which
// is initialised once with the shell's share scope (so the remote uses the shell's React, store,
// router and i18next) and then asked for an exposed module.
//
// Remote URLs come from /module-federation.manifest.json at runtime, so a remote can be redeployed
// without rebuilding the shell. Nothing of a remote is fetched before something asks for it.

type Factory = () => unknown;
interface Container {
  init(shareScope: unknown): unknown;
  get(module: string): Promise<Factory>;
}

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

const entries = new Map<string, string>();
const containers = new Map<string, Promise<Container>>();

/** Records where each remote's entry is (name -> URL of its remoteEntry.js). */
export function registerRemotes(remotes: Record<string, string>): void {
  for (const [name, url] of Object.entries(remotes)) entries.set(name, url);
}

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    };
    document.head.appendChild(script);
  });
}

async function startContainer(name: string): Promise<Container> {
  const url = entries.get(name);
  if (!url) throw new Error(`remote ${name} is not in the manifest`);
  await loadScript(url);
  const container = (window as unknown as Record<string, Container | undefined>)[name];
  if (!container) throw new Error(`${url} did not define the remote ${name}`);
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__['default']);
  return container;
}

function containerOf(name: string): Promise<Container> {
  let started = containers.get(name);
  if (!started) {
    started = startContainer(name);
    // A failed load (network, deploy in progress) may be retried.
    started.catch(() => containers.delete(name));
    containers.set(name, started);
  }
  return started;
}

/** The module a remote exposes, addressed as "<remote>/<module>" (e.g. "flow/Routes"). */
export async function loadRemote<T>(id: string): Promise<T> {
  const slash = id.indexOf('/');
  if (slash <= 0) throw new Error(`remote module id ${id} is not <remote>/<module>`);
  const container = await containerOf(id.slice(0, slash));
  const factory = await container.get(`./${id.slice(slash + 1)}`);
  return factory() as T;
}

/** Reads the runtime manifest; without it the shell still starts and remote routes offer a retry. */
export async function registerRemotesFromManifest(): Promise<void> {
  try {
    const response = await fetch('/module-federation.manifest.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`manifest: HTTP ${response.status}`);
    registerRemotes((await response.json()) as Record<string, string>);
  } catch (err) {
    console.error('module federation manifest could not be loaded', err);
  }
}
