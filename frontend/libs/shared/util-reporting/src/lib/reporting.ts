// Error reporting (spec §8: failed calls and uncaught errors are reported and logged). The reporter
// behind it is set once the runtime configuration names a DSN (init.ts loads @sentry/react then,
// and only then, so a shop without reporting never downloads it). The first screen's calls fail
// before that happens, so reports made while it is undecided are held (a few, with the route they
// were made on) and handed over when the reporter starts, or dropped when there is none.

export interface Reporter {
  captureException(error: unknown, context?: Record<string, unknown>): void;
  captureMessage(message: string, context?: Record<string, unknown>): void;
  /** The route the visitor is on, attached to every later report. */
  setRoute(route: string): void;
}

/** How many early reports are held while it is undecided whether there is a reporter. */
export const EARLY_REPORTS_LIMIT = 20;

type Report = (r: Reporter) => void;

let reporter: Reporter | null = null;
let decided = false;
let early: Array<{ route: string; report: Report }> = [];
let route = '';

/**
 * Installs the reporter (init.ts) and hands it the reports held so far, each with the route it was
 * made on; null says there is none, and the held reports are dropped.
 */
export function setReporter(r: Reporter | null): void {
  reporter = r;
  decided = true;
  const held = early;
  early = [];
  if (!r) return;
  for (const h of held) {
    r.setRoute(h.route);
    h.report(r);
  }
  if (route) r.setRoute(route);
}

/** Back to the state before the configuration was read (tests). */
export function resetReporting(): void {
  reporter = null;
  decided = false;
  early = [];
  route = '';
}

function send(report: Report): void {
  if (reporter) report(reporter);
  else if (!decided && early.length < EARLY_REPORTS_LIMIT) early.push({ route, report });
}

/** Logs an error and reports it with context. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error('reported error', error, context);
  const at = route;
  send((r) => r.captureException(error, { route: at, ...context }));
}

/** A call the shop made that failed on the server's side or never arrived. */
export interface FailedCall {
  method: string;
  url: string;
  /** HTTP status, or the client's reason (FETCH_ERROR, PARSING_ERROR, TIMEOUT_ERROR). */
  status: number | string;
}

/**
 * Reports a failed call. Answers about the caller (4xx: a refused form, a missing page, a rate
 * limit) are the shop working as designed and are not reported.
 */
export function reportFailedCall(call: FailedCall): void {
  if (typeof call.status === 'number' && call.status < 500) return;
  console.error('failed call', call);
  const at = route;
  send((r) => r.captureMessage(`failed call ${call.method} ${call.url}: ${call.status}`, { route: at, ...call }));
}

/** Remembers the route for later reports (called on every navigation). */
export function setReportingRoute(path: string): void {
  route = path;
  reporter?.setRoute(path);
}
