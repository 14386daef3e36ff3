import { useRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import { installIntersectionObserver } from '../test-utils';
import { useSeenInViewport, VIEWPORT_CHECK_MS } from './use-seen-in-viewport';

function Probe() {
  const ref = useRef<HTMLHeadingElement>(null);
  const seen = useSeenInViewport(ref);
  return (
    <h2 ref={ref} data-testid="probe">
      {seen ? 'seen' : 'waiting'}
    </h2>
  );
}

describe('useSeenInViewport', () => {
  it('turns true once the element intersects, and stays true', async () => {
    const io = installIntersectionObserver();
    try {
      render(<Probe />);
      const el = screen.getByTestId('probe');
      expect(el.textContent).toBe('waiting');
      await io.show(el);
      expect(el.textContent).toBe('seen');
      expect(io.isObserved(el)).toBe(false);
    } finally {
      io.uninstall();
    }
  });

  it('falls back to a check every 200 ms without IntersectionObserver', () => {
    jest.useFakeTimers();
    try {
      let top = 5000;
      jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top, bottom: top + 20, left: 0, right: 100, width: 100, height: 20, x: 0, y: top, toJSON: () => ({}) }));
      render(<Probe />);
      const el = screen.getByTestId('probe');
      act(() => jest.advanceTimersByTime(VIEWPORT_CHECK_MS * 3));
      expect(el.textContent).toBe('waiting');
      top = 100;
      act(() => jest.advanceTimersByTime(VIEWPORT_CHECK_MS));
      expect(el.textContent).toBe('seen');
      expect(VIEWPORT_CHECK_MS).toBe(200);
    } finally {
      jest.restoreAllMocks();
      jest.useRealTimers();
    }
  });
});
