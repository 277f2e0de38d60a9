import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has been at least `threshold` in view (and stays true). Without an
 * IntersectionObserver (old browsers, tests) the element counts as seen.
 */
export function useSeenOnce(ref: RefObject<Element | null>, threshold: number): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (seen || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
}

/** True `delayMs` after mount. */
export function useAfterDelay(delayMs: number): boolean {
  const [ready, setReady] = useState(delayMs <= 0);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, ready]);
  return ready;
}
