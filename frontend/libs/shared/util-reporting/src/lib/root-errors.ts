import type { RootOptions } from 'react-dom/client';
import { reportError } from './reporting';

type RootErrorCallbacks = Required<Pick<RootOptions, 'onUncaughtError' | 'onCaughtError' | 'onRecoverableError'>>;

/** What an error boundary may say about the part of the page it guards (the shell's screens name themselves). */
function boundaryContext(boundary: unknown): Record<string, unknown> {
  const screen = (boundary as { props?: { screen?: unknown } } | undefined)?.props?.screen;
  return typeof screen === 'string' ? { screen } : {};
}

/**
 * createRoot's error callbacks (React 19), reporting through reportError: every error React sees
 * while rendering reaches the reporter once, with its component stack, whether a boundary caught
 * it (the boundary shows its message; the report says which screen broke), nothing caught it (the
 * page is blank) or React recovered from it (a hydration or render retry). Boundaries do not
 * report themselves, so a caught error is not reported twice.
 */
export function rootErrorReporting(): RootErrorCallbacks {
  return {
    onUncaughtError: (error, info) => reportError(error, { react: 'uncaught', componentStack: info.componentStack ?? '' }),
    onCaughtError: (error, info) => reportError(error, { react: 'caught', componentStack: info.componentStack ?? '', ...boundaryContext(info.errorBoundary) }),
    onRecoverableError: (error, info) => reportError(error, { react: 'recoverable', componentStack: info.componentStack ?? '' }),
  };
}
