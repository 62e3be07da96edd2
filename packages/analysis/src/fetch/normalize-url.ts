import { UrlError } from '../errors';

/** Longest address accepted (SECURITY.md A.10). */
export const MAX_URL_LENGTH = 8192;
const MAX_HOSTNAME_LENGTH = 253;

/**
 * Turns what a visitor typed into an absolute http(s) URL: trims, adds a missing scheme,
 * lets WHATWG URL normalise IDN and numeric IPv4 forms. Throws UrlError (INVALID_URL) for
 * other schemes, userinfo, absurd lengths or a host that is not a plausible name.
 */
export function normalizeSiteUrl(input: string): URL {
  const trimmed = input.trim().replace(/[\s"'<>]+$/g, '');
  if (trimmed === '') throw new UrlError('INVALID_URL', 'Please enter a website address.');
  if (trimmed.length > MAX_URL_LENGTH) throw new UrlError('INVALID_URL', 'That address is too long.');
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  return parseHttpUrl(candidate);
}

/** Parses an absolute URL and applies the same rules as normalizeSiteUrl, without guessing a scheme. */
export function parseHttpUrl(raw: string, base?: string | URL): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UrlError('INVALID_URL', 'That address is too long.');
  // Userinfo and backslashes in the authority are how "evil.com\@good.com" confuses readers.
  if (/^[a-z][a-z0-9+.-]*:[\\/]{2}[^/?#]*[@\\]/i.test(raw.trim())) {
    throw new UrlError('INVALID_URL', 'Addresses with a user name or password are not accepted.');
  }
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new UrlError('INVALID_URL', 'That is not a valid website address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlError('INVALID_URL', 'Only http and https addresses can be analyzed.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new UrlError('INVALID_URL', 'Addresses with a user name or password are not accepted.');
  }
  const host = url.hostname;
  if (host === '' || host.length > MAX_HOSTNAME_LENGTH) {
    throw new UrlError('INVALID_URL', 'That is not a valid website address.');
  }
  if (!isIpLiteral(host) && !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.?$/i.test(host)) {
    throw new UrlError('INVALID_URL', 'That is not a valid website address.');
  }
  url.hash = '';
  return url;
}

/** True when the URL host is an IPv4 dotted quad or a bracketed IPv6 literal. */
export function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}
