-- Every table the catalogue's live snapshot is read from moves the data version when it changes, so
-- each instance serves a change within a second of its commit (services/kit, live-snapshot).
SELECT move_data_version_on(ARRAY[
  'categories', 'products', 'product_keywords', 'product_research_areas', 'product_variants',
  'product_images', 'sales_channels', 'channel_listings', 'price_list_entries'
]);
