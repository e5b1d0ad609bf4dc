import fc from 'fast-check';
import { checkAddress, checkWebhookUrl, isAllowedPort, MAX_WEBHOOK_URL_LENGTH, originOf } from './address-safety';

const STRICT = { allowPrivateNetworks: false };
const LENIENT = { allowPrivateNetworks: true };

describe('checkAddress: the ranges of issue #13 item 5', () => {
  it.each`
    ip                                        | reason
    ${'127.0.0.1'}                            | ${'127.0.0.1 is a loopback address'}
    ${'127.255.255.254'}                      | ${'127.255.255.254 is a loopback address'}
    ${'10.0.0.1'}                             | ${'10.0.0.1 is a private address'}
    ${'172.16.0.1'}                           | ${'172.16.0.1 is a private address'}
    ${'172.31.255.255'}                       | ${'172.31.255.255 is a private address'}
    ${'192.168.1.1'}                          | ${'192.168.1.1 is a private address'}
    ${'169.254.1.1'}                          | ${'169.254.1.1 is a link-local address'}
    ${'100.64.0.1'}                           | ${'100.64.0.1 is a carrier-grade NAT (shared) address'}
    ${'100.127.255.255'}                      | ${'100.127.255.255 is a carrier-grade NAT (shared) address'}
    ${'198.18.0.1'}                           | ${'198.18.0.1 is a benchmarking address'}
    ${'198.19.255.255'}                       | ${'198.19.255.255 is a benchmarking address'}
    ${'224.0.0.1'}                            | ${'224.0.0.1 is a multicast address'}
    ${'239.255.255.250'}                      | ${'239.255.255.250 is a multicast address'}
    ${'240.0.0.1'}                            | ${'240.0.0.1 is a reserved address'}
    ${'192.0.2.1'}                            | ${'192.0.2.1 is a reserved address'}
    ${'192.0.0.192'}                          | ${'192.0.0.192 is a reserved address'}
    ${'255.255.255.255'}                      | ${'255.255.255.255 is the broadcast address'}
    ${'0.0.0.0'}                              | ${'0.0.0.0 is an unspecified address'}
    ${'0.1.2.3'}                              | ${'0.1.2.3 is an unspecified address'}
    ${'192.175.48.1'}                         | ${'192.175.48.1 is a special-purpose address'}
    ${'169.254.169.254'}                      | ${'169.254.169.254 is a cloud metadata address'}
    ${'168.63.129.16'}                        | ${'168.63.129.16 is a cloud metadata address'}
    ${'100.100.100.200'}                      | ${'100.100.100.200 is a cloud metadata address'}
    ${'::1'}                                  | ${'::1 is a loopback address'}
    ${'::'}                                   | ${':: is an unspecified address'}
    ${'fc00::1'}                              | ${'fc00::1 is a unique local (private) address'}
    ${'fdff:ffff::1'}                         | ${'fdff:ffff::1 is a unique local (private) address'}
    ${'fd00:ec2::254'}                        | ${'fd00:ec2::254 is a cloud metadata address'}
    ${'fe80::1'}                              | ${'fe80::1 is a link-local address'}
    ${'febf::1'}                              | ${'febf::1 is a link-local address'}
    ${'fec0::1'}                              | ${'fec0::1 is a site-local address'}
    ${'ff02::1'}                              | ${'ff02::1 is a multicast address'}
    ${'2001:db8::1'}                          | ${'2001:db8::1 is a reserved address'}
    ${'2001:2::1'}                            | ${'2001:2::1 is a benchmarking address'}
    ${'100::1'}                               | ${'100::1 is a discard-only address'}
    ${'2001:10::1'}                           | ${'2001:10::1 is a special-purpose address'}
    ${'::7f00:1'}                             | ${'::7f00:1 is an address outside the global unicast range'}
    ${'1fff:ffff::1'}                         | ${'1fff:ffff::1 is an address outside the global unicast range'}
    ${'4000::1'}                              | ${'4000::1 is an address outside the global unicast range'}
    ${'::ffff:127.0.0.1'}                     | ${'::ffff:127.0.0.1 is an IPv4-mapped address of 127.0.0.1, a loopback address'}
    ${'::ffff:a00:1'}                         | ${'::ffff:a00:1 is an IPv4-mapped address of 10.0.0.1, a private address'}
    ${'::ffff:169.254.169.254'}               | ${'::ffff:169.254.169.254 is an IPv4-mapped address of 169.254.169.254, a cloud metadata address'}
    ${'::ffff:0:7f00:1'}                      | ${'::ffff:0:7f00:1 is an IPv4-translated address of 127.0.0.1, a loopback address'}
    ${'64:ff9b::7f00:1'}                      | ${'64:ff9b::7f00:1 is a NAT64 address of 127.0.0.1, a loopback address'}
    ${'64:ff9b::192.168.0.1'}                 | ${'64:ff9b::192.168.0.1 is a NAT64 address of 192.168.0.1, a private address'}
    ${'64:ff9b::a9fe:a9fe'}                   | ${'64:ff9b::a9fe:a9fe is a NAT64 address of 169.254.169.254, a cloud metadata address'}
    ${'64:ff9b:1::808:808'}                   | ${'64:ff9b:1::808:808 is a local-use NAT64 address'}
    ${'2002:7f00:1::1'}                       | ${'2002:7f00:1::1 is a 6to4 address embedding 127.0.0.1, a loopback address'}
    ${'2002:a00:1::'}                         | ${'2002:a00:1:: is a 6to4 address embedding 10.0.0.1, a private address'}
    ${'2002:c0a8:101::1'}                     | ${'2002:c0a8:101::1 is a 6to4 address embedding 192.168.1.1, a private address'}
    ${'2002:a9fe:a9fe::'}                     | ${'2002:a9fe:a9fe:: is a 6to4 address embedding 169.254.169.254, a cloud metadata address'}
    ${'2001:0:4136:e378:8000:63bf:f5ff:fffe'} | ${'2001:0:4136:e378:8000:63bf:f5ff:fffe is a Teredo address whose client is 10.0.0.1, a private address'}
    ${'2001:0:4136:e378:8000:63bf:80ff:fffe'} | ${'2001:0:4136:e378:8000:63bf:80ff:fffe is a Teredo address whose client is 127.0.0.1, a loopback address'}
    ${'2001:0:4136:e378::5601:5601'}          | ${'2001:0:4136:e378::5601:5601 is a Teredo address whose client is 169.254.169.254, a cloud metadata address'}
    ${'2001:0:a00:1::f7f7:f7f7'}              | ${'2001:0:a00:1::f7f7:f7f7 is a Teredo address whose server is 10.0.0.1, a private address'}
  `('refuses $ip', ({ ip, reason }) => {
    expect(checkAddress(ip, STRICT)).toEqual({ ok: false, reason });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '169.253.255.255',
    '169.255.0.0',
    '11.0.0.0',
    '9.255.255.255',
    '126.255.255.255',
    '128.0.0.0',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2000::1',
    '3fff:ffff::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('accepts the public address %s', (ip) => {
    expect(checkAddress(ip, STRICT)).toEqual({ ok: true });
  });

  it.each(['example.com', '', '1.2.3.4.5', '::g', '300.1.1.1', ' 8.8.8.8'])('says %p is not an IP address', (ip) => {
    expect(checkAddress(ip, STRICT)).toEqual({ ok: false, reason: `${ip} is not an IP address` });
  });

  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.0.10',
    '100.64.1.1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
  ])('lets %s through when private networks are allowed', (ip) => {
    expect(checkAddress(ip, STRICT).ok).toBe(false);
    expect(checkAddress(ip, LENIENT)).toEqual({ ok: true });
  });

  it.each([
    '169.254.169.254',
    'fd00:ec2::254',
    '::ffff:169.254.169.254',
    '168.63.129.16',
    '0.0.0.0',
    '::',
    '169.254.0.1',
    'fe80::1',
    '224.0.0.1',
    'ff02::1',
    '255.255.255.255',
    '240.0.0.1',
    '198.18.0.1',
    '2001:db8::1',
    '64:ff9b:1::1',
    'fec0::1',
    '2001:2::1',
    '100::1',
    '2001:10::1',
    '192.175.48.1',
    '4000::1',
    '::7f00:1',
  ])('refuses %s even when private networks are allowed', (ip) => {
    expect(checkAddress(ip, LENIENT).ok).toBe(false);
  });

  it('reads the non-canonical IPv4 forms the way the system resolver does', () => {
    for (const ip of ['127.1', '0177.0.0.1', '0x7f000001', '2130706433', '0x7f.0.0.1']) {
      expect(checkAddress(ip, STRICT)).toEqual({ ok: false, reason: `${ip} is a loopback address` });
    }
  });
});

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet);
const dotted = ([a, b, c, d]: number[]) => `${a}.${b}.${c}.${d}`;
const hex16 = (high: number, low: number) => ((high << 8) | low).toString(16);

describe('checkAddress: properties', () => {
  it('refuses every address in 10.0.0.0/8, 127.0.0.0/8 and 192.168.0.0/16, and their IPv4-mapped forms', () => {
    fc.assert(
      fc.property(fc.constantFrom(10, 127, 192), octet, octet, octet, (a, b, c, d) => {
        const ip = a === 192 ? `192.168.${c}.${d}` : dotted([a, b, c, d]);
        return !checkAddress(ip, STRICT).ok && !checkAddress(`::ffff:${ip}`, STRICT).ok;
      }),
    );
  });

  it('judges an IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4, Teredo client) as that IPv4 address', () => {
    fc.assert(
      fc.property(ipv4, fc.boolean(), ([a, b, c, d], allow) => {
        const policy = { allowPrivateNetworks: allow };
        const expected = checkAddress(dotted([a, b, c, d]), policy).ok;
        const high = hex16(a, b);
        const low = hex16(c, d);
        const teredoClient = `2001:0:808:808::${hex16(a ^ 0xff, b ^ 0xff)}:${hex16(c ^ 0xff, d ^ 0xff)}`;
        return [`::ffff:${high}:${low}`, `64:ff9b::${high}:${low}`, `2002:${high}:${low}::1`, teredoClient].every(
          (ip) => checkAddress(ip, policy).ok === expected,
        );
      }),
    );
  });
});

describe('isAllowedPort', () => {
  it.each`
    port     | allowed
    ${80}    | ${true}
    ${443}   | ${true}
    ${1024}  | ${true}
    ${65535} | ${true}
    ${1023}  | ${false}
    ${81}    | ${false}
    ${79}    | ${false}
    ${442}   | ${false}
    ${444}   | ${false}
    ${22}    | ${false}
    ${0}     | ${false}
    ${65536} | ${false}
  `('port $port: $allowed', ({ port, allowed }) => {
    expect(isAllowedPort(port)).toBe(allowed);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    'https://example.com/hook',
    'https://hooks.slack.com/services/T000/B000/XXXX',
    'http://example.com:8080/x?y=1#z',
    'https://example.com:443/',
    'http://example.com:80/',
    'https://example.com:80/',
    'http://example.com:1024/',
    'https://example.com:65535/',
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
    'https://localhost.example.com/',
    'https://mylocalhost/',
    'https://xn--bcher-kva.example/',
  ])('accepts %s', (url) => {
    const verdict = checkWebhookUrl(url, STRICT);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.url.href).toBe(new URL(url).href);
  });

  it.each`
    url                                                 | reason
    ${'not a url'}                                      | ${'the URL is not a valid absolute URL'}
    ${''}                                               | ${'the URL is not a valid absolute URL'}
    ${'/relative/path'}                                 | ${'the URL is not a valid absolute URL'}
    ${'https://example.com:65536/'}                     | ${'the URL is not a valid absolute URL'}
    ${'ftp://example.com/'}                             | ${"the URL's scheme ftp is not http or https"}
    ${'file:///etc/passwd'}                             | ${"the URL's scheme file is not http or https"}
    ${'javascript:alert(1)'}                            | ${"the URL's scheme javascript is not http or https"}
    ${'gopher://example.com:70/'}                       | ${"the URL's scheme gopher is not http or https"}
    ${'wss://example.com/'}                             | ${"the URL's scheme wss is not http or https"}
    ${'https://user:pass@example.com/'}                 | ${'the URL must not carry a user name or password'}
    ${'https://user@example.com/'}                      | ${'the URL must not carry a user name or password'}
    ${'https://:pass@example.com/'}                     | ${'the URL must not carry a user name or password'}
    ${'https://example.com:22/'}                        | ${'port 22 is not allowed: use 80, 443 or 1024 to 65535'}
    ${'http://example.com:1023/'}                       | ${'port 1023 is not allowed: use 80, 443 or 1024 to 65535'}
    ${'http://example.com:0/'}                          | ${'port 0 is not allowed: use 80, 443 or 1024 to 65535'}
    ${'http://example.com:25/'}                         | ${'port 25 is not allowed: use 80, 443 or 1024 to 65535'}
    ${'http://localhost/'}                              | ${'localhost is a loopback host name'}
    ${'http://LOCALHOST:3000/'}                         | ${'localhost is a loopback host name'}
    ${'http://localhost./'}                             | ${'localhost. is a loopback host name'}
    ${'http://api.localhost/'}                          | ${'api.localhost is a loopback host name'}
    ${'http://127.0.0.1/'}                              | ${'127.0.0.1 is a loopback address'}
    ${'http://0x7f000001/'}                             | ${'127.0.0.1 is a loopback address'}
    ${'http://2130706433/'}                             | ${'127.0.0.1 is a loopback address'}
    ${'http://0177.0.0.1/'}                             | ${'127.0.0.1 is a loopback address'}
    ${'http://127.1/'}                                  | ${'127.0.0.1 is a loopback address'}
    ${'http://0/'}                                      | ${'0.0.0.0 is an unspecified address'}
    ${'http://[::1]:8080/'}                             | ${'::1 is a loopback address'}
    ${'http://[::ffff:127.0.0.1]/'}                     | ${'::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address'}
    ${'http://[::]/'}                                   | ${':: is an unspecified address'}
    ${'http://10.0.0.5/'}                               | ${'10.0.0.5 is a private address'}
    ${'http://169.254.169.254/latest/meta-data/'}       | ${'169.254.169.254 is a cloud metadata address'}
    ${'http://[fd00:ec2::254]/latest/'}                 | ${'fd00:ec2::254 is a cloud metadata address'}
    ${'http://[64:ff9b::7f00:1]/'}                      | ${'64:ff9b::7f00:1 is a NAT64 address of 127.0.0.1, a loopback address'}
    ${'http://[2002:7f00:1::]/'}                        | ${'2002:7f00:1:: is a 6to4 address embedding 127.0.0.1, a loopback address'}
    ${'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/'} | ${'2001:0:4136:e378:8000:63bf:f5ff:fffe is a Teredo address whose client is 10.0.0.1, a private address'}
  `('refuses $url: $reason', ({ url, reason }) => {
    expect(checkWebhookUrl(url, STRICT)).toEqual({ ok: false, reason });
  });

  it(`accepts ${MAX_WEBHOOK_URL_LENGTH} characters and refuses one more`, () => {
    const base = 'https://example.com/';
    const longest = base + 'a'.repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect(checkWebhookUrl(longest, STRICT).ok).toBe(true);
    expect(checkWebhookUrl(`${longest}a`, STRICT)).toEqual({
      ok: false,
      reason: `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`,
    });
  });

  it.each([
    'http://localhost:3000/hook',
    'http://api.localhost/',
    'http://127.0.0.1:9000/',
    'http://[::1]:9000/',
    'http://10.0.0.5:8080/',
  ])('accepts %s when private networks are allowed', (url) => {
    const verdict = checkWebhookUrl(url, LENIENT);
    expect(verdict.ok && verdict.url.href).toBe(new URL(url).href);
  });

  it.each([
    'http://169.254.169.254/',
    'http://[fd00:ec2::254]/',
    'http://0.0.0.0:8080/',
    'http://127.0.0.1:22/',
    'ftp://127.0.0.1/',
  ])('still refuses %s when private networks are allowed', (url) => {
    expect(checkWebhookUrl(url, LENIENT).ok).toBe(false);
  });

  it('refuses every URL whose host is an address in 10.0.0.0/8, however the number is written', () => {
    fc.assert(
      fc.property(octet, octet, octet, fc.constantFrom('dotted', 'decimal', 'hex'), (b, c, d, form) => {
        const value = ((10 << 24) | (b << 16) | (c << 8) | d) >>> 0;
        const host =
          form === 'dotted' ? `10.${b}.${c}.${d}` : form === 'decimal' ? String(value) : `0x${value.toString(16)}`;
        return !checkWebhookUrl(`https://${host}/hook`, STRICT).ok;
      }),
    );
  });
});

describe('originOf', () => {
  it.each`
    url                                                      | origin
    ${'https://hooks.slack.com/services/T000/B000/XXXXXXXX'} | ${'https://hooks.slack.com'}
    ${'https://discord.com/api/webhooks/123/token?wait=1'}   | ${'https://discord.com'}
    ${'http://example.com:8080/x'}                           | ${'http://example.com:8080'}
    ${'https://EXAMPLE.com:443/x'}                           | ${'https://example.com'}
    ${'https://user:pw@example.com/x'}                       | ${'https://example.com'}
    ${'not a url'}                                           | ${''}
  `('$url → $origin', ({ url, origin }) => {
    expect(originOf(url)).toBe(origin);
  });
});
