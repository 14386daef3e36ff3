import { renderHook } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from './use-debounced-callback';

describe('useDebouncedCallback', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs once, 1500 ms after the last call, with the last value', () => {
    const fn = jest.fn();
    const { result } = renderHook(() => useDebouncedCallback(fn, SEARCH_DEBOUNCE_MS));
    result.current.schedule('e');
    jest.advanceTimersByTime(1000);
    result.current.schedule('ex');
    jest.advanceTimersByTime(1499);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ex');
    expect(SEARCH_DEBOUNCE_MS).toBe(1500);
  });

  it('runs at once on flush (Enter) and drops the pending run', () => {
    const fn = jest.fn();
    const { result } = renderHook(() => useDebouncedCallback(fn, SEARCH_DEBOUNCE_MS));
    result.current.schedule('exa');
    result.current.flush('example');
    expect(fn).toHaveBeenCalledWith('example');
    jest.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback and nothing after unmount', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { result, rerender, unmount } = renderHook(({ fn }) => useDebouncedCallback(fn, 100), { initialProps: { fn: first } });
    result.current.schedule(1);
    rerender({ fn: second });
    jest.advanceTimersByTime(100);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(1);
    result.current.schedule(2);
    unmount();
    jest.advanceTimersByTime(100);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
