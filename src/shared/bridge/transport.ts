/**
 * Whether a service address would send the API token unencrypted over a network: http://
 * to anything but this machine. Loopback (127.0.0.0/8, ::1, localhost and *.localhost)
 * never leaves the machine, so the reference service and the demo need no confirmation.
 * Shared by the connect form (which shows the warning) and main (which refuses without
 * the person's explicit confirmation).
 */
export function isInsecureRemoteHttp(baseUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(baseUrl.trim());
  } catch {
    return false;
  }
  if (u.protocol !== 'http:') return false;
  const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const loopback =
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  return !loopback;
}

export function insecureHttpRefusal(host: string): string {
  return `http://${host} is not encrypted: your API token would travel in clear text, readable by anyone on the network path. Use an https:// address, or confirm "Send my token unencrypted" on the connect screen to connect anyway.`;
}
