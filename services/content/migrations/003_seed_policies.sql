-- The spec's policy content (section 2), contradictions included: the refund policy says all sales are
-- final while the terms of service allow returns of unopened items within 14 days. Both stand as written.
INSERT INTO policy_documents (slug, title, summary, updated_on, sections) VALUES
('refund-policy', 'Refund Policy',
 'All sales are final. We do not offer refunds or accept returns.',
 '2026-01-15',
 '[
   {"heading": "All sales are final", "paragraphs": [
     "Because our products are research-grade compounds that must be stored and handled under controlled conditions, we do not offer refunds and we do not accept returns. All sales are final."
   ]},
   {"heading": "Damaged, defective or incorrect items", "paragraphs": [
     "If your order arrives damaged or defective, or you received the wrong item, report it to us by email within 48 hours of delivery.",
     "Include your order number and clear photos of the item and its packaging so we can review the claim."
   ]},
   {"heading": "When a refund may be issued", "paragraphs": [
     "Refunds are issued only in rare cases, such as an order that was never delivered because of an error on our part."
   ]}
 ]'::jsonb),
('shipping-policy', 'Shipping Policy',
 'Orders are processed in 1-2 business days and shipped insured with tracking.',
 '2026-01-15',
 '[
   {"heading": "Processing time", "paragraphs": [
     "Orders are processed within 1-2 business days of payment."
   ]},
   {"heading": "Delivery times", "paragraphs": [
     "Domestic orders are delivered within 3-5 business days after dispatch.",
     "International orders are delivered within 7-14 business days after dispatch."
   ]},
   {"heading": "Insured, tracked delivery", "paragraphs": [
     "Every order ships insured, with a tracking number sent to the email address given at checkout."
   ]},
   {"heading": "Shipping costs", "paragraphs": [
     "Shipping costs are calculated at checkout."
   ]},
   {"heading": "What is in the package", "paragraphs": [
     "Powder (lyophilized) products are shipped without water or syringes."
   ]}
 ]'::jsonb),
('terms-of-service', 'Terms of Service',
 'The terms that govern every purchase from this store. Products are for research use only.',
 '2026-01-15',
 '[
   {"heading": "Research use only", "paragraphs": [
     "All products are sold for laboratory research use only. They are not for human or animal consumption, nor for diagnostic or therapeutic use."
   ]},
   {"heading": "Eligibility", "paragraphs": [
     "You must be at least 21 years old to use this site and to place an order."
   ]},
   {"heading": "Prices and payment", "paragraphs": [
     "All prices are in US dollars (USD) and orders are charged in USD only.",
     "We accept payment by credit and debit card, bank transfer and cryptocurrency."
   ]},
   {"heading": "Returns", "paragraphs": [
     "Unopened items may be returned within 14 days of delivery. Approved refunds are issued within 5-10 business days."
   ]},
   {"heading": "Governing law", "paragraphs": [
     "These terms are governed by the laws of the State of Arizona, United States."
   ]},
   {"heading": "Privacy", "paragraphs": [
     "We use the details you give us only to process your order, to send the updates you asked for, and to meet our legal obligations."
   ]}
 ]'::jsonb);
