import { useCallback, useEffect, useMemo, useRef } from 'react';

/** Search input waits this long after the last keystroke before it searches (spec §9). */
export const SEARCH_DEBOUNCE_MS = 1500;

export interface Debounced<T> {
  /** Runs the callback with value once delay ms passed without another call. */
  schedule(value: T): void;
  /** Runs the callback now with value (Enter), dropping a pending run. */
  flush(value: T): void;
  cancel(): void;
}

/** A trailing debounce whose pending run is dropped when the component unmounts. */
export function useDebouncedCallback<T>(callback: (value: T) => void, delay: number): Debounced<T> {
  const callbackRef = useRef(callback);
  callbackRef.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  return useMemo(
    () => ({
      schedule(value: T) {
        cancel();
        timer.current = setTimeout(() => {
          timer.current = undefined;
          callbackRef.current(value);
        }, delay);
      },
      flush(value: T) {
        cancel();
        callbackRef.current(value);
      },
      cancel,
    }),
    [cancel, delay],
  );
}
