import { useEffect, useState } from 'react';

/**
 * The current time, updated at each minute boundary (the shown formats have no seconds), so the
 * header clock and the live preview stay current without re-rendering every second.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const ms = 60_000 - (Date.now() % 60_000);
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, ms);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
