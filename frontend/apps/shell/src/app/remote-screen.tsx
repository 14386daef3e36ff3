import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { loadRemote } from '../remotes';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { ErrorState, LoadingState, NotAvailablePage } from '@hostcart/shared-ui';
import { reportError } from '@hostcart/shared-util-reporting';

const loaded = new Map<string, RemoteRoutesModule>();

async function loadRoutesOf(remote: string): Promise<RemoteRoutesModule> {
  const cached = loaded.get(remote);
  if (cached) return cached;
  const mod = await loadRemote<RemoteRoutesModule>(`${remote}/Routes`);
  if (!mod?.screens) throw new Error(`remote ${remote} exposes no screens`);
  loaded.set(remote, mod);
  return mod;
}

/** Renders a route's screen from its remote; a remote that fails to load offers a retry. */
export function RemoteScreen({ remote, routeId }: { remote: string; routeId: string }) {
  const [mod, setMod] = useState<RemoteRoutesModule | undefined>(() => loaded.get(remote));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (mod) return undefined;
    let live = true;
    loadRoutesOf(remote).then(
      (m) => live && setMod(m),
      (err) => {
        console.error(`remote ${remote} could not be loaded`, err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [remote, mod, attempt]);

  if (failed) {
    return (
      <section className="hc-page hc-page--narrow">
        <ErrorState
          onRetry={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        />
      </section>
    );
  }
  if (!mod) {
    return (
      <section className="hc-page">
        <LoadingState lines={4} />
      </section>
    );
  }
  const Screen = mod.screens[routeId] ?? NotAvailablePage;
  return (
    <ScreenErrorBoundary key={routeId} screen={`${remote}/${routeId}`}>
      <Screen />
    </ScreenErrorBoundary>
  );
}

/**
 * Renders a widget a remote provides for the shell's frame (the agent remote's user menu), once its
 * remote has loaded; nothing while it loads or when it cannot be loaded: the frame works without.
 */
export function RemoteWidget({ remote, id }: { remote: string; id: string }) {
  const [mod, setMod] = useState<RemoteRoutesModule | undefined>(() => loaded.get(remote));
  useEffect(() => {
    if (mod) return undefined;
    let live = true;
    loadRoutesOf(remote).then(
      (m) => live && setMod(m),
      (err) => console.error(`remote ${remote} could not be loaded`, err),
    );
    return () => {
      live = false;
    };
  }, [remote, mod]);
  const Widget = mod?.widgets?.[id];
  if (!Widget) return null;
  return (
    <ScreenErrorBoundary key={id} screen={`${remote}/${id}`} quiet>
      <Widget />
    </ScreenErrorBoundary>
  );
}

/** A screen that throws while rendering shows the unexpected-error message instead of a blank page. */
class ScreenErrorBoundary extends Component<{ children: ReactNode; screen: string; quiet?: boolean }, { error: boolean }> {
  override state = { error: false };

  static getDerivedStateFromError() {
    return { error: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The screen names where it broke: a component stack comes only from React's own runtime
    // (Preact's production build has none, frontend/tools/react-runtime.ts).
    reportError(error, { screen: this.props.screen, componentStack: info?.componentStack ?? '' });
  }

  override render() {
    if (this.state.error) {
      if (this.props.quiet) return null;
      return (
        <section className="hc-page hc-page--narrow">
          <ErrorState messageKey="error.unexpected" onRetry={() => this.setState({ error: false })} />
        </section>
      );
    }
    return this.props.children;
  }
}
