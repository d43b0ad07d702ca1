import { screen } from '@testing-library/react';
import { renderInShell } from './test-utils';
import { Link } from '@storefront/routing';
import { NotFoundPage } from '@storefront/ui';

it('says the page was not found and links home', () => {
  renderInShell(<NotFoundPage link={Link} />, '/nowhere');
  expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});
