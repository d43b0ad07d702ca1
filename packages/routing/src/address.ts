/** The query string with one parameter set (or removed, for null or ''), the rest as it was. */
export function withParameter(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null || value === '') params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}
