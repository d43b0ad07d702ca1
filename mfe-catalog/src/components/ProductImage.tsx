import { ProductPicture } from '@storefront/ui';
import styled from 'styled-components';

/** A fixed square box, so nothing moves while pictures load. */
const Frame = styled.div`
  aspect-ratio: 1 / 1;
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  img,
  svg {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The pictures a shopper sees first (`priority`) are fetched at once; the rest as they scroll near. */
export function ProductImage({
  src,
  alt,
  priority = false,
}: {
  src: string;
  alt: string;
  priority?: boolean;
}) {
  return (
    <Frame>
      <ProductPicture
        src={src}
        alt={alt}
        width={400}
        height={400}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </Frame>
  );
}
