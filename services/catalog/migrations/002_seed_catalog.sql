-- Seed data from the spec (sections 3 and 9). Prices are in cents, exactly as the spec's tables give them.
--
-- One disagreement inside a channel: the home grid lists CJC-1295 5mg at 69.00 while its dedicated
-- checkout charges 69.99. Both are the `storefront` channel, so one price must win: 69.99, the price the
-- checkout charges, so that a card never shows less than the shopper will pay.

INSERT INTO categories (slug, name, position) VALUES
  ('growth-factors', 'Growth Factors', 1),
  ('metabolic-research', 'Metabolic Research', 2),
  ('tissue-research', 'Tissue Research', 3),
  ('research-blends', 'Research Blends', 4),
  ('laboratory-supplies', 'Laboratory Supplies', 5);

INSERT INTO sales_channels (slug, name, used_by) VALUES
  ('storefront', 'Storefront', 'home grid and the dedicated checkouts'),
  ('quick-checkout', 'Quick checkout', 'the generic /checkout page'),
  ('catalogue', 'Catalogue', 'the catalogue page and the product pages');

INSERT INTO products (id, name, description, category_slug, cas_number, molecular_formula, molecular_weight, applications, accent_color) VALUES
  ('retatrutide', 'Retatrutide',
   'Triple agonist of the GIP, GLP-1 and glucagon receptors, studied in metabolic and energy-balance research.',
   'metabolic-research', '2381089-83-2', 'C221H342N46O68', '4731.4 g/mol',
   ARRAY['Metabolic research', 'Receptor pharmacology', 'Energy homeostasis'], '#7c3aed'),
  ('ghk-cu', 'GHK-Cu',
   'Copper-binding tripeptide (glycyl-L-histidyl-L-lysine) studied in tissue remodelling and gene-expression research.',
   'tissue-research', '49557-75-7', 'C14H24N6O4Cu', '403.9 g/mol',
   ARRAY['Wound healing models', 'Collagen synthesis', 'Skin biology'], '#2563eb'),
  ('igf1-lr3', 'IGF1-LR3',
   'Long-acting analogue of insulin-like growth factor 1 with an extended half-life, used in cell growth and proliferation studies.',
   'growth-factors', '946870-92-4', 'C400H625N111O115S9', '9111.4 g/mol',
   ARRAY['Cell culture', 'Muscle cell research', 'Growth factor signalling'], '#0891b2'),
  ('bpc-157', 'BPC-157',
   'Stable pentadecapeptide derived from a gastric protein sequence, studied in tissue repair and angiogenesis models.',
   'tissue-research', '137525-51-0', 'C62H98N16O22', '1419.5 g/mol',
   ARRAY['Tissue repair', 'Angiogenesis', 'Gastrointestinal research'], '#059669'),
  ('cjc-1295', 'CJC-1295',
   'Growth-hormone-releasing hormone analogue studied for its effect on growth hormone pulsatility.',
   'growth-factors', '863288-34-0', 'C152H252N44O42', '3367.9 g/mol',
   ARRAY['GH secretion studies', 'Endocrine research', 'Pituitary signalling'], '#d97706'),
  ('tb-500', 'TB-500',
   'Synthetic fragment of thymosin beta-4 studied for actin regulation, cell migration and tissue repair.',
   'tissue-research', '77591-33-4', 'C212H350N56O78S', '4963.4 g/mol',
   ARRAY['Cell migration', 'Wound healing models', 'Actin dynamics'], '#dc2626'),
  ('semax', 'SEMAX',
   'Synthetic heptapeptide analogue of an ACTH fragment studied in neuroprotection and cognition research.',
   'growth-factors', '80714-61-0', 'C37H51N9O10S', '813.9 g/mol',
   ARRAY['Neuroscience', 'Neuroprotection', 'BDNF expression'], '#4f46e5'),
  ('5-amino-1mq', '5-Amino-1MQ',
   'Small-molecule inhibitor of nicotinamide N-methyltransferase (NNMT) used in adipocyte metabolism research.',
   'metabolic-research', '42464-96-0', 'C10H11IN2', '286.1 g/mol',
   ARRAY['NNMT inhibition', 'Adipocyte metabolism', 'Cellular energy'], '#ea580c'),
  ('aod-9604', 'AOD-9604',
   'Modified fragment (176-191) of human growth hormone studied for its effects on lipolysis.',
   'metabolic-research', '221231-10-3', 'C78H123N23O23S2', '1815.1 g/mol',
   ARRAY['Lipid metabolism', 'Fat cell research', 'Growth hormone fragments'], '#ca8a04'),
  ('bacteriostatic-water', 'Bacteriostatic Water',
   'Sterile water with 0.9% benzyl alcohol for reconstituting lyophilized research peptides.',
   'laboratory-supplies', '7732-18-5', 'H2O (0.9% C7H8O)', '18.02 g/mol',
   ARRAY['Peptide reconstitution', 'Laboratory preparation'], '#64748b'),
  ('bpc-tb-blend', 'BPC-157 + TB-500 Blend',
   'Pre-mixed vial of BPC-157 and TB-500 (5mg each) for combined tissue repair research protocols.',
   'research-blends', '137525-51-0 / 77591-33-4', 'C62H98N16O22 + C212H350N56O78S', '1419.5 / 4963.4 g/mol',
   ARRAY['Tissue repair', 'Combination studies', 'Cell migration'], '#0d9488'),
  ('cjc-1295-ipamorelin', 'CJC-1295 no DAC / Ipamorelin',
   'Blend of a GHRH analogue (CJC-1295 without DAC) and the selective GH secretagogue ipamorelin, 5mg each.',
   'growth-factors', '863288-34-0 / 170851-70-4', 'C152H252N44O42 + C38H49N9O5', '3367.9 / 711.9 g/mol',
   ARRAY['GH secretion studies', 'Secretagogue research', 'Endocrine research'], '#9333ea');

INSERT INTO product_keywords (product_id, keyword) VALUES
  ('retatrutide', 'glp-1'), ('retatrutide', 'gip'), ('retatrutide', 'glucagon'), ('retatrutide', 'triple agonist'),
  ('retatrutide', 'ly3437943'), ('retatrutide', '2381089-83-2'), ('retatrutide', 'c221h342n46o68'),
  ('ghk-cu', 'copper peptide'), ('ghk-cu', 'tripeptide'), ('ghk-cu', 'collagen'), ('ghk-cu', '49557-75-7'), ('ghk-cu', 'c14h24n6o4cu'),
  ('igf1-lr3', 'igf-1'), ('igf1-lr3', 'growth factor'), ('igf1-lr3', 'long r3'), ('igf1-lr3', '946870-92-4'),
  ('bpc-157', 'body protection compound'), ('bpc-157', 'pentadecapeptide'), ('bpc-157', '137525-51-0'), ('bpc-157', 'c62h98n16o22'),
  ('cjc-1295', 'cjc1295'), ('cjc-1295', 'ghrh'), ('cjc-1295', 'growth hormone'), ('cjc-1295', 'mod grf'), ('cjc-1295', '863288-34-0'),
  ('tb-500', 'thymosin beta-4'), ('tb-500', 'tb4'), ('tb-500', '77591-33-4'),
  ('semax', 'acth'), ('semax', 'heptapeptide'), ('semax', 'nootropic'), ('semax', '80714-61-0');

INSERT INTO product_research_areas (product_id, area, position) VALUES
  ('5-amino-1mq', 'Metabolic Research', 1), ('5-amino-1mq', 'Obesity Research', 2),
  ('aod-9604', 'Metabolic Research', 1), ('aod-9604', 'Lipolysis', 2),
  ('bacteriostatic-water', 'Laboratory Supplies', 1),
  ('bpc-157', 'Tissue Repair', 1), ('bpc-157', 'Angiogenesis', 2), ('bpc-157', 'Gastrointestinal Research', 3),
  ('bpc-tb-blend', 'Tissue Repair', 1), ('bpc-tb-blend', 'Cell Migration', 2),
  ('cjc-1295-ipamorelin', 'Growth Hormone Research', 1), ('cjc-1295-ipamorelin', 'Endocrinology', 2);

INSERT INTO product_variants (product_id, dose) VALUES
  ('retatrutide', '5mg'), ('retatrutide', '10mg'), ('retatrutide', '20mg'),
  ('ghk-cu', '50mg'), ('ghk-cu', '100mg'),
  ('igf1-lr3', '1mg'),
  ('bpc-157', '5mg'), ('bpc-157', '10mg'), ('bpc-157', '20mg'),
  ('cjc-1295', '5mg'), ('cjc-1295', '10mg'),
  ('tb-500', '5mg'),
  ('semax', '10mg'),
  ('5-amino-1mq', '50mg'),
  ('aod-9604', '5mg'),
  ('bacteriostatic-water', '30ml'),
  ('bpc-tb-blend', '10mg'),
  ('cjc-1295-ipamorelin', '10mg');

-- Where the vial size shows on the picture, each dose has its own drawing.
INSERT INTO product_images (product_id, dose, path)
SELECT product_id, dose, '/api/catalog/images/v1/' || product_id || '/' || dose || '.svg'
FROM product_variants WHERE product_id IN ('retatrutide', 'ghk-cu', 'bpc-157', 'cjc-1295');
INSERT INTO product_images (product_id, dose, path)
SELECT id, NULL, '/api/catalog/images/v1/' || id || '/default.svg'
FROM products WHERE id NOT IN ('retatrutide', 'ghk-cu', 'bpc-157', 'cjc-1295');

-- storefront: the home grid (defaults of spec section 2) and the dedicated checkouts (section 9).
INSERT INTO channel_listings (channel, product_id, position, default_dose, purity_label) VALUES
  ('storefront', 'retatrutide', 1, '5mg', '99.9%'),
  ('storefront', 'ghk-cu', 2, '50mg', '99%'),
  ('storefront', 'igf1-lr3', 3, '1mg', '99%'),
  ('storefront', 'bpc-157', 4, '10mg', '99%'),
  ('storefront', 'cjc-1295', 5, '5mg', '99%'),
  ('storefront', 'tb-500', 6, '5mg', '99%'),
  ('storefront', 'semax', 7, '10mg', '99%');

INSERT INTO price_list_entries (channel, product_id, dose, position, price_cents, sku, purity, popular, promo_label) VALUES
  ('storefront', 'retatrutide', '5mg', 1, 9900, 'RETA', 99.9, false, NULL),
  ('storefront', 'retatrutide', '10mg', 2, 14000, 'RETA', 99.9, false, 'Save 10%'),
  ('storefront', 'retatrutide', '20mg', 3, 19900, 'RETA', 99.9, false, 'Save 18%'),
  ('storefront', 'ghk-cu', '50mg', 1, 6999, 'GHKCU', 99.0, true, NULL),
  ('storefront', 'ghk-cu', '100mg', 2, 8999, 'GHKCU', 99.0, false, NULL),
  ('storefront', 'igf1-lr3', '1mg', 1, 8999, 'IGF1LR3', 99.0, false, NULL),
  ('storefront', 'bpc-157', '10mg', 1, 8500, 'BPC', 99.0, false, NULL),
  ('storefront', 'cjc-1295', '5mg', 1, 6999, 'CJC', 99.0, true, NULL),
  ('storefront', 'cjc-1295', '10mg', 2, 10000, 'CJC', 99.0, false, NULL),
  ('storefront', 'tb-500', '5mg', 1, 6000, 'TB500', 99.0, false, NULL),
  ('storefront', 'semax', '10mg', 1, 8900, 'SEMAX', 99.0, false, NULL);

-- quick-checkout: the generic /checkout table, with purity per dose, SKU and the 'popular' flag.
INSERT INTO channel_listings (channel, product_id, position, default_dose, purity_label) VALUES
  ('quick-checkout', 'retatrutide', 1, '10mg', '99.8%'),
  ('quick-checkout', 'bpc-157', 2, '10mg', '99.8%'),
  ('quick-checkout', 'ghk-cu', 3, '50mg', '99.5%'),
  ('quick-checkout', 'igf1-lr3', 4, '1mg', '99.8%');

INSERT INTO price_list_entries (channel, product_id, dose, position, price_cents, sku, purity, popular) VALUES
  ('quick-checkout', 'retatrutide', '5mg', 1, 9900, 'RETA', 99.7, false),
  ('quick-checkout', 'retatrutide', '10mg', 2, 14000, 'RETA', 99.8, true),
  ('quick-checkout', 'retatrutide', '20mg', 3, 19900, 'RETA', 99.9, false),
  ('quick-checkout', 'bpc-157', '5mg', 1, 7999, 'BPC157', 99.6, false),
  ('quick-checkout', 'bpc-157', '10mg', 2, 8999, 'BPC157', 99.8, true),
  ('quick-checkout', 'bpc-157', '20mg', 3, 14999, 'BPC157', 99.9, false),
  ('quick-checkout', 'ghk-cu', '50mg', 1, 6999, 'GHKCU', 99.5, true),
  ('quick-checkout', 'ghk-cu', '100mg', 2, 8999, 'GHKCU', 99.7, false),
  ('quick-checkout', 'igf1-lr3', '1mg', 1, 8999, 'IGF1LR3', 99.8, true);

-- catalogue: the six catalogue products (all in stock; featured: 5-Amino-1MQ, BPC-157, the blend).
INSERT INTO channel_listings (channel, product_id, position, default_dose, purity_label, featured, in_stock) VALUES
  ('catalogue', '5-amino-1mq', 1, '50mg', '99.8%', true, true),
  ('catalogue', 'aod-9604', 2, '5mg', '99.5%', false, true),
  ('catalogue', 'bacteriostatic-water', 3, '30ml', '99.9%', false, true),
  ('catalogue', 'bpc-157', 4, '10mg', '99.7%', true, true),
  ('catalogue', 'bpc-tb-blend', 5, '10mg', '99.6%', true, true),
  ('catalogue', 'cjc-1295-ipamorelin', 6, '10mg', '99.4%', false, true);

INSERT INTO price_list_entries (channel, product_id, dose, position, price_cents, sku, purity) VALUES
  ('catalogue', '5-amino-1mq', '50mg', 1, 8999, 'AMINO1MQ', 99.8),
  ('catalogue', 'aod-9604', '5mg', 1, 12499, 'AOD9604', 99.5),
  ('catalogue', 'bacteriostatic-water', '30ml', 1, 1599, 'BACWATER', 99.9),
  ('catalogue', 'bpc-157', '10mg', 1, 7999, 'BPC157', 99.7),
  ('catalogue', 'bpc-tb-blend', '10mg', 1, 15999, 'BPCTB', 99.6),
  ('catalogue', 'cjc-1295-ipamorelin', '10mg', 1, 13999, 'CJCIPA', 99.4);
