import { PolicyPage } from './PolicyPage';

export default function ShippingPolicyPage() {
  return <PolicyPage slug="shipping-policy" />;
}
