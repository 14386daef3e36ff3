import type { RuntimeConfig } from './config';
import { setReporter } from './reporting';

/**
 * Starts reporting when the configuration names a DSN: loads @sentry/react (its own chunk) and
 * installs it as the reporter, with the environment, the release and the configured sample rate
 * (0.2 outside the local environment, spec §9). Uncaught errors and unhandled rejections are
 * caught by its global handlers; React's render errors come through reportError.
 */
export async function initReporting(config: RuntimeConfig | null): Promise<boolean> {
  if (!config?.error_reporting_dsn) {
    setReporter(null);
    return false;
  }
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      dsn: config.error_reporting_dsn,
      environment: config.env,
      release: config.release || undefined,
      sampleRate: config.sample_rate,
      // Only errors: no performance tracing or replays are collected.
      tracesSampleRate: 0,
    });
    setReporter({
      captureException: (error, context) => void Sentry.captureException(error, { extra: context }),
      captureMessage: (message, context) => void Sentry.captureMessage(message, { level: 'error', extra: context }),
      setRoute: (route) => Sentry.setTag('route', route),
    });
    return true;
  } catch (err) {
    console.error('error reporting could not start', err);
    setReporter(null);
    return false;
  }
}
