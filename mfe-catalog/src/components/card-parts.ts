import styled from 'styled-components';

/** The price on a product card (home grid and catalogue); wins over a card's own paragraph styles. */
export const CardPrice = styled.p`
  && {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 800;
    color: ${({ theme }) => theme.colors.brand};
  }
`;

/** Add to Cart beside the card's second action, pinned to the bottom so cards in a row line up. */
export const CardActions = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.5rem;
  margin-top: auto;
`;
