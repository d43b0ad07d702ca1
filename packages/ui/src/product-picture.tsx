import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import styled from 'styled-components';

type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string;
  /** '' for a decorative picture: the default drawing is then hidden from assistive technology too. */
  alt: string;
};

/** A square box for a product picture: its place is kept while the picture loads, so nothing moves. */
export const PictureFrame = styled.div`
  aspect-ratio: 1 / 1;
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  img,
  svg {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** Spec section 8: the default drawing of a vial that takes a picture's place when it cannot be loaded. */
export function DefaultVialPicture({ alt, className }: { alt: string; className?: string }) {
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
  return (
    <svg {...label} className={className} viewBox="0 0 120 120" data-testid="default-image">
      <rect width="120" height="120" fill="#eef2f6" />
      <rect x="44" y="14" width="32" height="14" rx="3" fill="#0b3d61" />
      <rect x="38" y="28" width="44" height="78" rx="8" fill="#ffffff" stroke="#9fb3c8" strokeWidth="3" />
      <rect x="42" y="62" width="36" height="40" rx="4" fill="#d9e1ea" />
    </svg>
  );
}

/**
 * A product picture that falls back to the default vial when it fails. A server-rendered picture may
 * fail before React listens for its error event, so the picture is also checked once when it mounts.
 */
export function ProductPicture({ src, alt, className, ...imgProps }: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const picture = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = picture.current;
    if (element?.complete && element.currentSrc && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  if (failedSrc === src) return <DefaultVialPicture alt={alt} className={className} />;
  return (
    <img
      ref={picture}
      src={src}
      alt={alt}
      className={className}
      {...imgProps}
      onError={() => setFailedSrc(src)}
    />
  );
}
