import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Whether the browser's Back stays on a path the shopper took: an earlier page of this site in this tab
 * (the Navigation API lists them, even across a typed address or a bookmark; where it is missing, the
 * router numbers the entries it makes, `idx`), or a page that sent the shopper here (Square's payment
 * page sends them to /cancel). A page opened in a new tab has neither, and Back would leave the site
 * for a blank tab.
 */
function hasPageToGoBackTo(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  if (navigation?.canGoBack) return true;
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
