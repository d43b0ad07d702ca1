/** Spec section 2: ORD- plus the last 8 characters of the session id, upper-cased. */
export const orderNumberOf = (sessionId: string) => `ORD-${sessionId.slice(-8).toUpperCase()}`;
