const PLACEHOLDER = /:([A-Za-z][A-Za-z0-9_]*)/g;

/** A URL template with each ':name' replaced by its value, encoded; a missing value throws. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${template}`);
    return encodeURIComponent(value);
  });
}

/** A declared query parameter's value: trimmed, or the default when absent or blank. */
export function queryParameter(search: string, name: string, fallback: string): string {
  return new URLSearchParams(search).get(name)?.trim() || fallback;
}

export interface DataUrlContext {
  /** The route's path parameters. */
  params: Record<string, string | undefined>;
  /** The page's query string. */
  search: string;
  /** The route's declared query parameters and their defaults. */
  query: Record<string, string>;
}

/**
 * A declared data URL for one page: each ':name' is the path parameter of that name, else the declared
 * query parameter. Null when a placeholder is neither, or is blank (the page then fetches for itself,
 * or knows there is nothing to fetch).
 */
export function resolveDataUrl(template: string, { params, search, query }: DataUrlContext): string | null {
  const values: Record<string, string> = {};
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    const fromPath = params[name!];
    const fallback = query[name!];
    if (fromPath !== undefined) values[name!] = fromPath;
    else if (fallback !== undefined) values[name!] = queryParameter(search, name!, fallback);
    else return null;
    if (!values[name!]) return null;
  }
  return fillPath(template, values);
}
