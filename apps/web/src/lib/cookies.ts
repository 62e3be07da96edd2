import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES } from '@fineprint/contracts';
import Cookies from 'js-cookie';

const OPTIONS = { expires: COOKIE_MAX_AGE_SECONDS / 86_400, path: '/', sameSite: 'lax' as const };

/** Reads one of the identity cookies (user_id, user_email, auth_token). */
export function readCookie(name: (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES]): string | undefined {
  return Cookies.get(name);
}

/** Writes an identity cookie for 30 days on path /. */
export function writeCookie(name: (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES], value: string): void {
  Cookies.set(name, value, OPTIONS);
}

/** Removes the three identity cookies. */
export function removeIdentityCookies(): void {
  for (const name of Object.values(COOKIE_NAMES)) Cookies.remove(name, { path: '/' });
}
