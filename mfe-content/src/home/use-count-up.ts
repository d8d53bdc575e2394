import { useEffect, useRef, useState, type RefObject } from 'react';

/** True from the moment the element first scrolls into view, and forever after (counters animate once). */
export function useSeenOnce<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      // Without the observer the numbers simply count up straight away.
      const frame = requestAnimationFrame(() => setSeen(true));
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

/** 0 to 1 over `durationMs` once `running` turns true (eased out), driven by animation frames. */
export function useProgress(running: boolean, durationMs: number): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!running) return;
    let start: number | null = null;
    let frame = requestAnimationFrame(function step(now) {
      start ??= now;
      const linear = Math.min(1, (now - start) / durationMs);
      setProgress(1 - (1 - linear) ** 3);
      if (linear < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [running, durationMs]);
  return progress;
}
