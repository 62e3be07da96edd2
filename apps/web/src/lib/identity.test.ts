// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const load = vi.fn(async (_options: { monitoring?: boolean }) => ({ get: async () => ({ visitorId: 'fingerprint1234' }) }));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: { load } }));

beforeEach(() => {
  vi.resetModules();
  load.mockClear();
  for (const name of ['user_id', 'user_email', 'auth_token']) Cookies.remove(name, { path: '/' });
});

describe('visitor id resolution', () => {
  it('uses the user_id cookie before computing a fingerprint', async () => {
    Cookies.set('user_id', 'cookievisitor99', { path: '/' });
    const { getVisitorId } = await import('./identity');
    expect(await getVisitorId()).toBe('cookievisitor99');
    expect(load).not.toHaveBeenCalled();
  });

  it('computes the fingerprint with monitoring off, writes the cookie, then serves it from memory', async () => {
    const { getVisitorId } = await import('./identity');
    expect(await getVisitorId()).toBe('fingerprint1234');
    expect(load).toHaveBeenCalledWith({ monitoring: false });
    expect(Cookies.get('user_id')).toBe('fingerprint1234');
    Cookies.remove('user_id', { path: '/' });
    expect(await getVisitorId()).toBe('fingerprint1234');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets the three cookies and the in-memory id', async () => {
    const { getVisitorId, resetIdentity } = await import('./identity');
    await getVisitorId();
    Cookies.set('user_email', 'a@b.co', { path: '/' });
    Cookies.set('auth_token', 'tok', { path: '/' });
    resetIdentity();
    expect(Cookies.get('user_id') ?? Cookies.get('user_email') ?? Cookies.get('auth_token')).toBeUndefined();
    await getVisitorId();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
