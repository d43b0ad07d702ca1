/** The address a form was posted to, as a path of this site: leading slashes and backslashes are one. */
export const sitePath = (path: string) => `/${path.replace(/^[/\\]+/, '')}`;
