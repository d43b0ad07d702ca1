import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Whether the browser's Back stays on a path the shopper took: an earlier page of this visit (the
 * router numbers the entries it makes, `idx`), or a page that sent the shopper here (Square's payment
 * page sends them to /cancel). A page opened directly (a new tab, a typed address) has neither, and
 * Back would leave the site for a blank tab.
 */
function hasPageToGoBackTo(): boolean {
  const entry = window.history.state as { idx?: unknown } | null;
  if (typeof entry?.idx === 'number' && entry.idx > 0) return true;
  return document.referrer !== '' && window.history.length > 1;
}

/** 'Back' and 'Try Again': back in history when there is somewhere to go back to, else home. */
export function useGoBackOrHome(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasPageToGoBackTo()) navigate(-1);
    else navigate('/');
  }, [navigate]);
}
