/**
 * The page's Content Security Policy: sent as a response header by the Electron shell's app://
 * protocol and by browser mode's gateway, so both run the page under the same policy. Images
 * may come from the service (screenshots); nothing else leaves the page's own origin.
 */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' http: https: data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
