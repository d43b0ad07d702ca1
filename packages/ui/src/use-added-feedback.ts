import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 4: an Add to Cart button says 'Added!' in green for 2 seconds after adding. */
export const ADDED_FEEDBACK_MS = 2000;

/** Whether the button shows 'Added!' now, and what to call when something was added. */
export function useAddedFeedback(): { added: boolean; showAdded(): void } {
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const showAdded = useCallback(() => {
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), ADDED_FEEDBACK_MS);
  }, []);
  return { added, showAdded };
}
