-- BPC-157 is spec section 3's record, with its figures verbatim: shelf life 24 months at -20°C, working
-- solutions within 24 hours, endotoxin under 0.1 EU/mg, heavy metals under 10 ppm. The other records
-- follow the same shape with figures consistent with the catalogue (HPLC purity = catalogue purity,
-- MS mass = catalogue molecular weight).
WITH peptide_safety AS (
  SELECT '["For research use only. Not for human or veterinary use.",
           "Wear gloves, a lab coat and eye protection when handling.",
           "Avoid inhaling the powder; open and reconstitute in a fume hood or ventilated area.",
           "On contact with skin or eyes, rinse thoroughly with water for 15 minutes.",
           "Dispose of unused material and vials as chemical waste under local regulations."]'::jsonb AS value
), peptide_storage AS (
  SELECT '["Store the lyophilized powder at -20°C, protected from light and moisture.",
           "Shelf life: 24 months at -20°C in the sealed vial.",
           "Let the vial reach room temperature before opening to avoid condensation.",
           "After reconstitution keep at 2-8°C and use working solutions within 24 hours.",
           "Avoid repeated freeze-thaw cycles; aliquot if needed."]'::jsonb AS value
)
INSERT INTO product_details (product_id, full_description, research_applications, specifications, certificate, safety_information, storage_handling)
SELECT v.product_id, v.full_description, v.applications::jsonb, v.specifications::jsonb, v.certificate::jsonb,
       coalesce(v.safety::jsonb, peptide_safety.value), coalesce(v.storage::jsonb, peptide_storage.value)
FROM peptide_safety, peptide_storage, (VALUES
  ('bpc-157',
   'BPC-157 (Body Protection Compound-157) is a synthetic pentadecapeptide derived from a sequence of human gastric juice protein. It is widely studied in preclinical models of tendon, ligament, muscle and gastrointestinal repair, and for its effects on angiogenesis and nitric-oxide signalling. Each vial contains 10mg of lyophilized peptide, verified by HPLC and mass spectrometry.',
   '["Tendon and ligament repair models", "Gastrointestinal mucosal research", "Angiogenesis studies", "Nitric-oxide pathway research"]',
   '{"appearance": "White lyophilized powder", "solubility": "Soluble in sterile or bacteriostatic water (≥ 1 mg/mL)", "storage": "-20°C, protected from light", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Add bacteriostatic water slowly down the vial wall; swirl gently, do not shake", "ph": "6.5 – 7.5 (1 mg/mL)", "endotoxin": "< 0.1 EU/mg", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "BPC157-2610-014", "testDate": "2026-10-14", "purityHPLC": "99.7%", "purityMS": "1419.5 Da (confirmed)", "waterContent": "4.1%", "aceticAcid": "5.8%", "tfa": "< 0.1%", "peptideContent": "89.6%"}',
   NULL, NULL),
  ('5-amino-1mq',
   '5-Amino-1MQ (5-amino-1-methylquinolinium) is a membrane-permeable small-molecule inhibitor of nicotinamide N-methyltransferase (NNMT). It is used in adipocyte and cellular-energy research to study NAD+ salvage and methionine-cycle flux. Supplied as the iodide salt, 50mg per vial.',
   '["NNMT inhibition assays", "Adipocyte metabolism", "NAD+ salvage pathway research"]',
   '{"appearance": "Pale yellow crystalline powder", "solubility": "Soluble in water and DMSO (≥ 10 mg/mL)", "storage": "-20°C, dry and dark", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Dissolve in sterile water or DMSO; vortex briefly", "ph": "5.0 – 7.0 (1 mg/mL)", "endotoxin": "< 0.5 EU/mg", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "AMQ-2609-031", "testDate": "2026-09-22", "purityHPLC": "99.8%", "purityMS": "286.1 Da (confirmed, iodide salt)", "waterContent": "0.6%", "aceticAcid": "Not detected", "tfa": "Not detected", "peptideContent": "N/A (small molecule)"}',
   NULL, NULL),
  ('aod-9604',
   'AOD-9604 is a modified fragment of human growth hormone (residues 176-191 with an N-terminal tyrosine). It is studied in models of lipolysis and fat metabolism without the growth-promoting effects of the full hormone. Each vial contains 5mg of lyophilized peptide.',
   '["Lipolysis models", "Adipose tissue research", "Growth hormone fragment studies"]',
   '{"appearance": "White lyophilized powder", "solubility": "Soluble in sterile water (≥ 1 mg/mL)", "storage": "-20°C, protected from light", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Add bacteriostatic water slowly; swirl gently", "ph": "6.0 – 7.5 (1 mg/mL)", "endotoxin": "< 0.1 EU/mg", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "AOD-2610-008", "testDate": "2026-10-03", "purityHPLC": "99.5%", "purityMS": "1815.1 Da (confirmed)", "waterContent": "4.8%", "aceticAcid": "6.2%", "tfa": "< 0.1%", "peptideContent": "87.9%"}',
   NULL, NULL),
  ('bacteriostatic-water',
   'Bacteriostatic water is sterile water for injection containing 0.9% (9 mg/mL) benzyl alcohol as a preservative, which inhibits bacterial growth after the vial is first punctured. It is the standard diluent for reconstituting lyophilized research peptides. 30ml multi-use vial.',
   '["Peptide reconstitution", "Laboratory dilutions"]',
   '{"appearance": "Clear, colourless liquid", "solubility": "Miscible with water", "storage": "20-25°C; 2-8°C after first use", "stability": "24 months sealed; 28 days after first puncture", "reconstitution": "Ready to use; draw with sterile technique", "ph": "4.5 – 7.0", "endotoxin": "< 0.25 EU/mL", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "BW-2610-112", "testDate": "2026-10-09", "purityHPLC": "99.9% (benzyl alcohol assay 0.9% w/v)", "purityMS": "N/A (diluent)", "waterContent": "≥ 99%", "aceticAcid": "Not detected", "tfa": "Not detected", "peptideContent": "N/A (diluent)"}',
   '["For research use only.", "Contains benzyl alcohol; do not use with neonatal models.", "Keep the septum clean; swab with alcohol before each puncture.", "Discard 28 days after first use."]',
   '["Store sealed vials at 20-25°C.", "After first puncture keep at 2-8°C and use within 28 days.", "Do not freeze.", "Protect from direct sunlight."]'),
  ('bpc-tb-blend',
   'A pre-mixed research vial of BPC-157 (5mg) and TB-500 (5mg) for protocols that study the two peptides together in tissue-repair and cell-migration models. Both components are verified separately by HPLC and mass spectrometry before blending.',
   '["Combined tissue repair protocols", "Cell migration assays", "Wound healing models"]',
   '{"appearance": "White lyophilized powder", "solubility": "Soluble in sterile or bacteriostatic water (≥ 1 mg/mL)", "storage": "-20°C, protected from light", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Add bacteriostatic water slowly down the vial wall; swirl gently", "ph": "6.5 – 7.5 (1 mg/mL)", "endotoxin": "< 0.1 EU/mg", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "BTB-2610-005", "testDate": "2026-10-11", "purityHPLC": "99.6%", "purityMS": "1419.5 Da and 4963.4 Da (both confirmed)", "waterContent": "4.5%", "aceticAcid": "6.0%", "tfa": "< 0.1%", "peptideContent": "88.4%"}',
   NULL, NULL),
  ('cjc-1295-ipamorelin',
   'A research blend of CJC-1295 without DAC (modified GRF 1-29, 5mg) and ipamorelin (5mg), a selective growth-hormone secretagogue. Used in endocrine research on growth-hormone release and pulsatility.',
   '["GH secretion studies", "Secretagogue receptor research", "Pituitary signalling"]',
   '{"appearance": "White lyophilized powder", "solubility": "Soluble in sterile water (≥ 1 mg/mL)", "storage": "-20°C, protected from light", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Add bacteriostatic water slowly; swirl gently", "ph": "6.0 – 7.5 (1 mg/mL)", "endotoxin": "< 0.1 EU/mg", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "CJI-2609-019", "testDate": "2026-09-28", "purityHPLC": "99.4%", "purityMS": "3367.9 Da and 711.9 Da (both confirmed)", "waterContent": "5.0%", "aceticAcid": "6.4%", "tfa": "< 0.1%", "peptideContent": "87.2%"}',
   NULL, NULL),
  ('tb-500',
   'TB-500 is a synthetic peptide corresponding to the active region of thymosin beta-4, which binds G-actin. It is studied for its role in cell migration, angiogenesis and tissue repair. Each vial contains 5mg of lyophilized peptide.',
   '["Actin dynamics", "Cell migration assays", "Wound healing models"]',
   '{"appearance": "White lyophilized powder", "solubility": "Soluble in sterile water (≥ 1 mg/mL)", "storage": "-20°C, protected from light", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Add bacteriostatic water slowly; swirl gently", "ph": "6.0 – 7.5 (1 mg/mL)", "endotoxin": "< 0.1 EU/mg", "heavyMetals": "< 10 ppm"}',
   '{"batchNumber": "TB5-2610-021", "testDate": "2026-10-06", "purityHPLC": "99.0%", "purityMS": "4963.4 Da (confirmed)", "waterContent": "5.2%", "aceticAcid": "6.6%", "tfa": "< 0.1%", "peptideContent": "86.8%"}',
   NULL, NULL),
  ('ghk-cu',
   'GHK-Cu is the copper(II) complex of the tripeptide glycyl-L-histidyl-L-lysine, a naturally occurring plasma peptide. It is studied in skin biology, collagen and glycosaminoglycan synthesis and tissue remodelling. Each vial contains 50mg of lyophilized complex.',
   '["Collagen synthesis", "Skin biology", "Tissue remodelling", "Gene expression studies"]',
   '{"appearance": "Blue lyophilized powder", "solubility": "Soluble in water (≥ 10 mg/mL)", "storage": "-20°C, protected from light", "stability": "24 months at -20°C; working solutions within 24 hours", "reconstitution": "Dissolve in sterile water; swirl gently", "ph": "5.5 – 7.0 (1 mg/mL)", "endotoxin": "< 0.1 EU/mg", "heavyMetals": "Copper as specified; other metals < 10 ppm"}',
   '{"batchNumber": "GHK-2610-040", "testDate": "2026-10-17", "purityHPLC": "99.0%", "purityMS": "403.9 Da (confirmed)", "waterContent": "3.9%", "aceticAcid": "Not detected", "tfa": "< 0.1%", "peptideContent": "91.5%"}',
   NULL, NULL)
) AS v(product_id, full_description, applications, specifications, certificate, safety, storage);

-- BPC-157's related products are the spec's: tb-500, bpc-tb-blend, ghk-cu.
INSERT INTO related_products (product_id, related_id, position) VALUES
  ('bpc-157', 'tb-500', 1), ('bpc-157', 'bpc-tb-blend', 2), ('bpc-157', 'ghk-cu', 3),
  ('5-amino-1mq', 'aod-9604', 1), ('5-amino-1mq', 'cjc-1295-ipamorelin', 2), ('5-amino-1mq', 'bacteriostatic-water', 3),
  ('aod-9604', '5-amino-1mq', 1), ('aod-9604', 'cjc-1295-ipamorelin', 2), ('aod-9604', 'bacteriostatic-water', 3),
  ('bacteriostatic-water', 'bpc-157', 1), ('bacteriostatic-water', 'bpc-tb-blend', 2), ('bacteriostatic-water', 'cjc-1295-ipamorelin', 3),
  ('bpc-tb-blend', 'bpc-157', 1), ('bpc-tb-blend', 'tb-500', 2), ('bpc-tb-blend', 'bacteriostatic-water', 3),
  ('cjc-1295-ipamorelin', 'aod-9604', 1), ('cjc-1295-ipamorelin', '5-amino-1mq', 2), ('cjc-1295-ipamorelin', 'bacteriostatic-water', 3),
  ('tb-500', 'bpc-157', 1), ('tb-500', 'bpc-tb-blend', 2), ('tb-500', 'ghk-cu', 3),
  ('ghk-cu', 'bpc-157', 1), ('ghk-cu', 'tb-500', 2), ('ghk-cu', 'bpc-tb-blend', 3);
