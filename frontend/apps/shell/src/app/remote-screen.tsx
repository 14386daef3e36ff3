import { Component, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAllTexts, loadAllTexts } from '@hostcart/shared-i18n';
import { loadRemote } from '../remotes';
import type { RemoteRoutesModule } from '@hostcart/shared-routing';
import { ErrorState, LoadingState, NotAvailablePage } from '@hostcart/shared-ui';

const loaded = new Map<string, RemoteRoutesModule>();

async function loadRoutesOf(remote: string): Promise<RemoteRoutesModule> {
  const cached = loaded.get(remote);
  if (cached) return cached;
  const mod = await loadRemote<RemoteRoutesModule>(`${remote}/Routes`);
  if (!mod?.screens) throw new Error(`remote ${remote} exposes no screens`);
  loaded.set(remote, mod);
  return mod;
}

/**
 * The screen whose texts come with the shell's first chunk of texts (the shop's entry,
 * @hostcart/shared-i18n's locales/first-screen.json); every other screen waits for the rest.
 */
const FIRST_SCREEN = 'flow/categories';

/** Renders a route's screen from its remote; a remote that fails to load offers a retry. */
export function RemoteScreen({ remote, routeId }: { remote: string; routeId: string }) {
  const { i18n } = useTranslation();
  const needsAllTexts = `${remote}/${routeId}` !== FIRST_SCREEN;
  const [mod, setMod] = useState<RemoteRoutesModule | undefined>(() => loaded.get(remote));
  // Rendered again when the texts have arrived; whether they are there is asked of i18n, since
  // this component stays mounted from one route to the next.
  const [, textsArrived] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const ready = !needsAllTexts || hasAllTexts(i18n);

  useEffect(() => {
    if (mod && ready) return undefined;
    let live = true;
    Promise.all([mod ?? loadRoutesOf(remote), ready ? undefined : loadAllTexts(i18n)]).then(
      ([m]) => {
        if (!live) return;
        setMod(m);
        textsArrived((n) => n + 1);
      },
      (err) => {
        console.error(`remote ${remote} or its texts could not be loaded`, err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [remote, mod, ready, i18n, attempt]);

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
  if (!mod || !ready) {
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

  // No componentDidCatch: the root's onCaughtError reports what a boundary caught, with the
  // component stack and this boundary's screen prop (rootErrorReporting, bootstrap.tsx).

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
