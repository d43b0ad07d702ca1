import { PolicyPage } from './PolicyPage';

export default function TermsOfServicePage() {
  return <PolicyPage slug="terms-of-service" />;
}
