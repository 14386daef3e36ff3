import { loadRemote, registerRemotes } from './remotes';

// The container protocol as the loader uses it, with the browser's script loading played by the
// test: appending a <script> either defines window[name] and fires load, or fires error.
type Globals = Record<string, unknown>;
const globals = globalThis as unknown as Globals;

let scripts: string[];
let failNext: boolean;
let inits: unknown[];

function fakeContainer(name: string) {
  return {
    init: jest.fn(async (scope: unknown) => {
      inits.push(scope);
    }),
    get: jest.fn(async (module: string) => () => ({ from: name, module })),
  };
}

beforeEach(() => {
  scripts = [];
  failNext = false;
  inits = [];
  const scope = { react: {} };
  globals['__webpack_share_scopes__'] = { default: scope };
  globals['__webpack_init_sharing__'] = jest.fn(async () => undefined);
  jest.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const script = node as unknown as HTMLScriptElement;
    scripts.push(script.src);
    const name = new URL(script.src).pathname.split('/')[2];
    queueMicrotask(() => {
      if (failNext) {
        failNext = false;
        script.onerror?.(new Event('error'));
        return;
      }
      globals[name] = fakeContainer(name);
      script.onload?.(new Event('load'));
    });
    return node;
  });
  registerRemotes({ flow: '/remotes/flow/remoteEntry.js', checkout: '/remotes/checkout/remoteEntry.js' });
});

afterEach(() => {
  jest.restoreAllMocks();
  for (const name of ['flow', 'checkout', 'agent', '__webpack_share_scopes__', '__webpack_init_sharing__']) delete globals[name];
});

describe('loadRemote', () => {
  it("loads a remote's entry once, initialises it with the shell's share scope and returns the exposed module", async () => {
    const [a, b] = await Promise.all([loadRemote('flow/Routes'), loadRemote('flow/Routes')]);
    expect(a).toEqual({ from: 'flow', module: './Routes' });
    expect(b).toEqual(a);
    expect(scripts).toEqual(['http://localhost/remotes/flow/remoteEntry.js']);
    expect(inits).toEqual([{ react: {} }]);
    expect(globals['__webpack_init_sharing__']).toHaveBeenCalledWith('default');
  });

  it('fetches nothing of a remote until it is asked for', async () => {
    await loadRemote('checkout/Routes');
    expect(scripts).toEqual(['http://localhost/remotes/checkout/remoteEntry.js']);
  });

  it('refuses a remote that is not in the manifest and an id without a module', async () => {
    await expect(loadRemote('upsell/Routes')).rejects.toThrow('remote upsell is not in the manifest');
    await expect(loadRemote('flow')).rejects.toThrow('is not <remote>/<module>');
    expect(scripts).toEqual([]);
  });

  it('tries again after an entry failed to load', async () => {
    // A remote no earlier test started (the loader keeps started containers for the page's life).
    registerRemotes({ agent: '/remotes/agent/remoteEntry.js' });
    failNext = true;
    await expect(loadRemote('agent/Routes')).rejects.toThrow('could not be loaded');
    await expect(loadRemote('agent/Routes')).resolves.toEqual({ from: 'agent', module: './Routes' });
    expect(scripts).toEqual(['http://localhost/remotes/agent/remoteEntry.js', 'http://localhost/remotes/agent/remoteEntry.js']);
  });
});
