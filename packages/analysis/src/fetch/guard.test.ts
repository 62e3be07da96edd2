import diagnostics from 'node:diagnostics_channel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisError } from '../errors';
import { isPublicAddress } from './address-guard';
import { fetchDocument, type ResolvedAddress } from './guarded-fetch';
import { normalizeSiteUrl } from './normalize-url';

// Every rejection must happen before a socket exists: count undici connection attempts.
let connects = 0;
const onConnect = () => connects++;
beforeEach(() => {
  connects = 0;
  diagnostics.subscribe('undici:client:beforeConnect', onConnect);
});
afterEach(() => diagnostics.unsubscribe('undici:client:beforeConnect', onConnect));

const stubResolver = (answers: Record<string, string[]>) => {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    calls.push(host);
    const list = answers[host];
    if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
};

async function expectBlocked(input: string, resolver = stubResolver({})): Promise<AnalysisError> {
  let error: unknown;
  try {
    await fetchDocument(normalizeSiteUrl(input), { resolve: resolver.resolve });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(AnalysisError);
  expect(['BLOCKED_ADDRESS', 'INVALID_URL']).toContain((error as AnalysisError).code);
  expect(connects).toBe(0);
  return error as AnalysisError;
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '240.0.0.1',
    '198.18.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd12::1',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:0:1::1',
    '2001:db8::1',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['172.32.0.1', '8.8.8.8', '93.184.215.14', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );
});

describe('guarded fetch refuses non-public targets without opening a socket', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.0.0.2/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[::]/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fd12::1]/',
    'http://[fe80::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::1]/',
    'http://[2001:0:1::1]/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://240.0.0.1/',
    'http://198.18.0.1/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://127.000.000.001/',
    'http://１２７.０.０.１/',
    'http://%31%32%37.0.0.1/',
  ])('%s', async (url) => {
    await expectBlocked(url);
  });

  it('blocks localhost by its resolution', async () => {
    const resolver = stubResolver({ localhost: ['127.0.0.1'] });
    await expectBlocked('http://localhost/', resolver);
    await expectBlocked('http://localhost./', resolver);
  });

  it.each([[['10.0.0.5']], [['::1']], [['::ffff:127.0.0.1']], [['93.184.215.14', '10.0.0.5']]])(
    'blocks a name resolving to %j',
    async (answers) => {
      await expectBlocked('http://evil.example/', stubResolver({ 'evil.example': answers }));
    },
  );

  it('rejects an IPv4 with out-of-range parts as an invalid URL without DNS', async () => {
    const resolver = stubResolver({});
    const error = await expectBlocked('http://425.510.425.510/', resolver);
    expect(error.code).toBe('INVALID_URL');
    expect(resolver.calls).toHaveLength(0);
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'http://a@127.0.0.1/',
    'http://evil.com\\@good.com/',
    'http://example.com:8080/',
    `http://${'a'.repeat(254)}.com/`,
    `http://example.com/${'a'.repeat(9000)}`,
  ])('rejects %s before DNS', async (url) => {
    const resolver = stubResolver({ 'example.com': ['93.184.215.14'], 'good.com': ['93.184.215.14'] });
    const error = await expectBlocked(url, resolver);
    expect(error.code).toBe('INVALID_URL');
    expect(resolver.calls).toHaveLength(0);
  });

  it('rejects the product’s own host', async () => {
    let error: unknown;
    try {
      await fetchDocument('https://fineprint.example/', {
        blockedHosts: ['fineprint.example'],
        resolve: stubResolver({ 'fineprint.example': ['93.184.215.14'] }).resolve,
      });
    } catch (e) {
      error = e;
    }
    expect((error as AnalysisError).code).toBe('BLOCKED_ADDRESS');
    expect(connects).toBe(0);
  });

  it('stays guarded with proxy variables set', async () => {
    process.env.HTTP_PROXY = 'http://127.0.0.1:9';
    process.env.HTTPS_PROXY = 'http://127.0.0.1:9';
    try {
      await expectBlocked('http://10.0.0.1/');
    } finally {
      delete process.env.HTTP_PROXY;
      delete process.env.HTTPS_PROXY;
    }
  });

  it('survives a flood of blocked requests', async () => {
    const results = await Promise.allSettled(Array.from({ length: 500 }, (_, i) => fetchDocument(`http://10.0.${i % 250}.1/`)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(connects).toBe(0);
  });
});
