import { useState } from 'react';
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

/**
 * Spec section 8: when the picture cannot be loaded, a default drawing of a vial takes its place. It is
 * the checkout's largest picture, fetched ahead of the page's scripts.
 */
export function ProductImage({ src, alt }: { src: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <Frame>
      {failedSrc === src ? (
        <svg role="img" aria-label={alt} viewBox="0 0 120 120" data-testid="default-image">
          <rect x="44" y="14" width="32" height="14" rx="3" fill="#0b3d61" />
          <rect x="38" y="28" width="44" height="78" rx="8" fill="#ffffff" stroke="#9fb3c8" strokeWidth="3" />
          <rect x="42" y="62" width="36" height="40" rx="4" fill="#d9e1ea" />
        </svg>
      ) : (
        <img
          src={src}
          alt={alt}
          width={360}
          height={360}
          fetchPriority="high"
          onError={() => setFailedSrc(src)}
        />
      )}
    </Frame>
  );
}
