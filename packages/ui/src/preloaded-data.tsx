import { createContext, useContext } from 'react';

/** An API answer the server fetched for the page it rendered: its status and its JSON body. */
export interface PreloadedResponse {
  status: number;
  body: unknown;
}

/** Every answer the page came with, by URL. */
export type PreloadedResponses = Readonly<Record<string, PreloadedResponse>>;

const PreloadedDataContext = createContext<PreloadedResponses>({});

/**
 * The shell provides the answers its server fetched for the page (on the server while rendering, in
 * the browser from the page until the first navigation), so a page hydrates with the very data it was
 * rendered with: no second request and no flicker.
 */
export const PreloadedDataProvider = PreloadedDataContext.Provider;

export function usePreloadedResponse(url: string): PreloadedResponse | undefined {
  return useContext(PreloadedDataContext)[url];
}
