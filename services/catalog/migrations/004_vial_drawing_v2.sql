-- Drawing version 2 keeps long product names inside the vial's label band. Pictures are cached for a
-- year under their URL, so the new drawing gets new URLs rather than changing the old ones.
UPDATE product_images SET path = replace(path, '/api/catalog/images/v1/', '/api/catalog/images/v2/');
