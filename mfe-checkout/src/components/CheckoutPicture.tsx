import { PictureFrame, ProductPicture } from '@storefront/ui';
import styled from 'styled-components';

/** The whole vial shown, never cropped: it is what the shopper is about to pay for. */
const Frame = styled(PictureFrame)`
  max-width: 360px;
  border-radius: ${({ theme }) => theme.radii.lg};
  img,
  svg {
    object-fit: contain;
  }
`;

/** The checkout's largest picture, fetched ahead of the page's scripts; a default vial if it fails. */
export function CheckoutPicture({ src, alt }: { src: string; alt: string }) {
  return (
    <Frame>
      <ProductPicture src={src} alt={alt} width={360} height={360} fetchPriority="high" />
    </Frame>
  );
}
