import { SEARCH_PARAMETER, shellOwnedStores, stores, useStore } from '@storefront/bus';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate } from '@storefront/routing';
import { media } from '@storefront/ui';
import { Search } from 'lucide-react';
import styled from 'styled-components';

const Form = styled.form`
  position: relative;
  flex: 1;
  max-width: 520px;
  input {
    width: 100%;
    min-height: 42px;
    padding: 0.5rem 4.2rem 0.5rem 2.4rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.pill};
    font: inherit;
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  /* The magnifier at the start of the field, the shortcut at its end, both centred on its height. */
  svg,
  kbd {
    position: absolute;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  svg {
    left: 0.85rem;
  }
  kbd {
    right: 0.75rem;
    font: 600 0.72rem ${({ theme }) => theme.fonts.mono};
    padding: 0.15rem 0.4rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 4px;
    background: ${({ theme }) => theme.colors.surface};
    ${media.mobile} {
      display: none;
    }
  }
  ${media.mobile} {
    input {
      padding-right: 1rem;
    }
  }
`;

/**
 * The header search: filters the home grid live; Ctrl+K (or Cmd+K) focuses it from anywhere. A form
 * that gets /?q=… (the home grid filtered) where no script runs, or before the page hydrates; what was
 * typed before then is kept when it does.
 */
export function SearchBox() {
  const query = useStore(stores.searchQuery);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== shellOwnedStores.searchQuery.get()) shellOwnedStores.searchQuery.set(typed);
  }, []);

  useEffect(() => {
    const focusOnShortcut = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', focusOnShortcut);
    return () => window.removeEventListener('keydown', focusOnShortcut);
  }, []);

  return (
    <Form
      role="search"
      action="/"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        // Read from the field, not from state: a submit that landed before the page hydrated is replayed
        // by React before this component's state has caught up with what was typed.
        const typed = String(new FormData(event.currentTarget).get(SEARCH_PARAMETER) ?? '').trim();
        // The results are on the home page: go there (from anywhere), the search in its address.
        navigate(typed ? `/?${SEARCH_PARAMETER}=${encodeURIComponent(typed)}` : '/');
      }}
    >
      <Search size={16} aria-hidden="true" />
      <input
        ref={input}
        type="search"
        name={SEARCH_PARAMETER}
        aria-label="Search products"
        placeholder="Search peptides, CAS, formulas"
        value={query}
        onChange={(event) => shellOwnedStores.searchQuery.set(event.target.value)}
      />
      <kbd aria-hidden="true">Ctrl K</kbd>
    </Form>
  );
}
