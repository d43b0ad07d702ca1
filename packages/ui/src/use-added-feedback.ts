import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 4: an Add to Cart button says 'Added!' in green for 2 seconds after adding. */
export const ADDED_FEEDBACK_MS = 2000;

/**
 * Whether the button shows 'Added!' now, and what to call when something was added. `addedAlready`: the
 * page arrives with it added (a form the server completed): it says so from the start, for as long.
 */
export function useAddedFeedback(addedAlready = false): { added: boolean; showAdded(): void } {
  const [added, setAdded] = useState(addedAlready);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const showAdded = useCallback(() => {
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
  }, []);
  useEffect(() => {
    if (addedAlready) showAdded();
    return () => clearTimeout(timer.current);
    // Once, as the page arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { added, showAdded };
}
