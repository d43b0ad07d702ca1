import { ProductPicture } from '@storefront/ui';
import styled from 'styled-components';

const Frame = styled.div`
  aspect-ratio: 1;
  width: 100%;
  max-width: 360px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  display: grid;
  place-items: center;
  overflow: hidden;
  img,
  svg {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

/** The checkout's largest picture, fetched ahead of the page's scripts; a default vial if it fails. */
export function ProductImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Frame>
      <ProductPicture src={src} alt={alt} width={360} height={360} fetchPriority="high" />
    </Frame>
  );
}
