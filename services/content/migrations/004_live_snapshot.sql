-- Policies move the data version when they change (services/kit, live-snapshot); subscribers do not.
SELECT move_data_version_on(ARRAY['policy_documents']);
