import { PolicyPage } from './PolicyPage';

export default function RefundPolicyPage() {
  return <PolicyPage slug="refund-policy" />;
}
