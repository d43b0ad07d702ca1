import { PictureFrame, ProductPicture } from '@storefront/ui';

/**
 * A product card's picture: the ones a shopper sees first (`priority`) are fetched at once, the rest as
 * they scroll near.
 */
export function CardPicture({
  src,
  alt,
  priority = false,
}: {
  src: string;
  alt: string;
  priority?: boolean;
}) {
  return (
    <PictureFrame>
      <ProductPicture
        src={src}
        alt={alt}
        width={400}
        height={400}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </PictureFrame>
  );
}
