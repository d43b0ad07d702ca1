import { useEffect } from 'react';

/** A page's head in the browser, once its data is known; the server writes it into the HTML itself. */
export interface DocumentHead {
  title: string;
  description: string;
}

/** Every tab title names the shop after the page: 'BPC-157 | Helix Research'. */
export function pageTitle(title: string, shopName: string): string {
  return title === shopName ? title : `${title} | ${shopName}`;
}

let shopName = '';

/** The shell names the shop once its runtime configuration is known. */
export function setDocumentShopName(name: string): void {
  shopName = name;
}

export function applyDocumentHead({ title, description }: DocumentHead): void {
  document.title = shopName ? pageTitle(title, shopName) : title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}

/** Keeps the tab's title and description in step with a page shown after a navigation. */
export function useDocumentHead(head: DocumentHead | undefined): void {
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title && description) applyDocumentHead({ title, description });
  }, [title, description]);
}
