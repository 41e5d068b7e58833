/** Literal IP addresses: IPv4 dotted, IPv6 bracketed as a URL's hostname has it. */
const isIpAddress = (hostname: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');

const isLoopback = (hostname: string) => hostname.startsWith('127.') || hostname === '[::1]';

/**
 * When a passkey failed because of the page's address rather than the device, what to do
 * instead; null when the address is not the cause. WebAuthn needs a domain, never an IP address,
 * and the passkey belongs to the portal's own address (its relying party): the browser refuses
 * with a SecurityError before any device is asked (README, "Second factor"). A portal on a
 * loopback address offers passkeys at http://localhost on the same port, so that is named.
 */
export function passkeyAddressProblem(
  err: unknown,
  instead: string,
  { protocol, hostname, port }: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location,
): string | null {
  const refusedAddress = err instanceof Error && err.name === 'SecurityError';
  if (!refusedAddress && !isIpAddress(hostname)) return null;
  if (isIpAddress(hostname)) {
    const localhost = isLoopback(hostname)
      ? `${protocol}//localhost${port ? `:${port}` : ''} or `
      : '';
    return `Passkeys work only at ${localhost}the portal's own address, not at an IP address (this page is at ${hostname}). Open the portal there and try again, or ${instead}.`;
  }
  return `Passkeys work only at the portal's own address, and this page is at ${hostname}. Open the portal at its own address and try again, or ${instead}.`;
}
