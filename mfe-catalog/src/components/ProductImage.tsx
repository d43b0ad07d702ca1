import styled from 'styled-components';

/** A fixed square box, so nothing moves while pictures load. */
const Frame = styled.div`
  aspect-ratio: 1 / 1;
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export function ProductImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Frame>
      <img src={src} alt={alt} width={400} height={400} loading="lazy" decoding="async" />
    </Frame>
  );
}
