import { useEffect, type RefObject } from 'react';

/**
 * Escape anywhere on the page closes what `isOpen` says is open (`close`) and gives focus back to the
 * control that opened it, so a keyboard user is never left on a control that disappeared. Listened for
 * from the start and asked of the page as it is (not of state a render later): an Escape pressed the
 * moment a menu opens is not lost.
 */
export function useEscapeToClose(
  isOpen: () => boolean,
  close: () => void,
  opener: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isOpen()) return;
      close();
      opener.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen, close, opener]);
}
