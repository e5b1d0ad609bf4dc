import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('counts an IPv4 address as itself, an IPv4-mapped IPv6 one as its IPv4 address', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const net = '2001:db8:85a3:8d3::/64';
    expect(clientAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(net);
    expect(clientAddress('2001:0DB8:85a3:08d3::1')).toBe(net);
    expect(clientAddress('2001:db8:85a3:8d3:ffff::')).toBe(net);
    expect(clientAddress('2001:db8:85a3:8d3::1%eth0')).toBe(net);
    expect(clientAddress('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientAddress('2001:0db8:00a3:0008::1')).toBe('2001:db8:a3:8::/64');
    expect(clientAddress('2001:db8:0:0000::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('1:2:3:4:5:6:7::')).toBe('1:2:3:4::/64');
    expect(clientAddress('::2:3:4:5:6:7:8')).toBe('0:2:3:4::/64');
  });

  it('counts anything else as itself, lower-cased', () => {
    for (const odd of [
      '64:ff9b::ffff:1.2.3.4',
      '::ffff:1.2.3.4567',
      '1:2:3',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      'g::1',
      '12345::1',
    ]) {
      expect([odd, clientAddress(odd)]).toEqual([odd, odd]);
    }
    expect(clientAddress('Client-A')).toBe('client-a');
  });
});
