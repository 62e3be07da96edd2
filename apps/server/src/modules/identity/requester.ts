import type { Visitor } from '../visitors/visitors.repository';

/**
 * Who is asking: the visitor ids they present (cookie and header), their bearer token and the
 * hash of their browser's device key (an httpOnly cookie).
 */
export interface Requester {
  visitorIds: readonly string[];
  token: string | undefined;
  deviceHash: string | undefined;
}

/** True when the requester is the browser that stored this visitor's e-mail (or none is stored). */
export function isEmailOwner(visitor: Visitor | undefined, requester: Requester): boolean {
  if (!visitor || !requester.visitorIds.includes(visitor.id)) return false;
  return visitor.email === null || (requester.deviceHash !== undefined && visitor.emailDeviceHash === requester.deviceHash);
}
