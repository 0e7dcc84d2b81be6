import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following it live (the chrome's wide and compact layouts). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/** The top bar's one-row layout from 1024 px (64rem) up; below it the scope folds into one button. */
export const wideBar = '(min-width: 64rem)';
