/**
 * Our origin as the browser sees it: the request's scheme and Host, or behind a trusted proxy
 * (TRUST_PROXY) the forwarded ones. The CSRF guard compares Origin with it; set-password e-mails
 * link to it when PUBLIC_URL is not set.
 */
export function requestOrigin(req: Request, trustProxy: boolean): string {
  const url = new URL(req.url);
  const host = (trustProxy && req.headers.get("x-forwarded-host")) || req.headers.get("host") ||
    url.host;
  const proto = (trustProxy && req.headers.get("x-forwarded-proto")) ||
    url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
