-- The product pages' records move the data version when they change (services/kit, live-snapshot).
SELECT move_data_version_on(ARRAY['product_details', 'related_products']);
