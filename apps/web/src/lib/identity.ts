import { COOKIE_NAMES } from '@fineprint/contracts';
import { readCookie, removeIdentityCookies, writeCookie } from './cookies';

let memoryId: string | undefined;

/**
 * The visitor id (device identifier): the one held in memory, else the user_id cookie, else
 * the fingerprint hash, which is then written to the cookie. The fingerprint library's
 * monitoring beacon is switched off.
 */
export async function getVisitorId(): Promise<string> {
  if (memoryId) return memoryId;
  const fromCookie = readCookie(COOKIE_NAMES.userId);
  if (fromCookie && /^[A-Za-z0-9_-]{8,128}$/.test(fromCookie)) {
    memoryId = fromCookie;
    return memoryId;
  }
  // The fingerprint library is fetched only for a visitor without a user_id cookie.
  const { default: FingerprintJS } = await import('@fingerprintjs/fingerprintjs');
  const agent = await FingerprintJS.load({ monitoring: false });
  const { visitorId } = await agent.get();
  memoryId = visitorId;
  writeCookie(COOKIE_NAMES.userId, visitorId);
  return visitorId;
}

/** Forgets the identity on this device: the three cookies and the in-memory id. */
export function resetIdentity(): void {
  removeIdentityCookies();
  memoryId = undefined;
}
