import { useEffect, useState, type RefObject } from 'react';

/** How often the fallback check looks whether an element reached the viewport (spec §9). */
export const VIEWPORT_CHECK_MS = 200;

function inViewport(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  const width = window.innerWidth || document.documentElement.clientWidth;
  return rect.bottom >= 0 && rect.right >= 0 && rect.top <= height && rect.left <= width;
}

/**
 * True from the moment the element has been in the viewport once (it stays true): a result group
 * loads when its title is scrolled into view. Uses IntersectionObserver, or where there is none a
 * check every 200 ms as the spec describes.
 */
export function useSeenInViewport(ref: RefObject<Element | null>, enabled = true): boolean {
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!enabled || seen || !el) return undefined;
    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      });
      observer.observe(el);
      return () => observer.disconnect();
    }
    if (inViewport(el)) {
      setSeen(true);
      return undefined;
    }
    const timer = setInterval(() => {
      if (inViewport(el)) setSeen(true);
    }, VIEWPORT_CHECK_MS);
    return () => clearInterval(timer);
  }, [ref, enabled, seen]);

  return seen;
}
