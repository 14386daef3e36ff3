import { createContext, useContext } from 'react';

/**
 * The one source of "now" for screens, widgets and the rules they check (as the Go services' `Now`
 * ports): a form shows, validates and saves the same day. Production uses the system clock; specs
 * provide a fixed one, so a suite green today is green next year.
 */
export interface Clock {
  now(): Date;
}

/** The only place in the frontend's screen and rule code that reads the wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock standing still at `at` (specs, previews). */
export function fixedClock(at: Date): Clock {
  const ms = at.getTime();
  return { now: () => new Date(ms) };
}

export const ClockContext = createContext<Clock>(systemClock);

/** The clock of the surrounding ClockContext (the system clock unless a spec provides another). */
export const useClock = (): Clock => useContext(ClockContext);
