import { clientNetworkOf } from './client-network.js';

describe('clientNetworkOf: the client network a per-client budget counts (IPv4 /24, IPv6 /64)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['203.0.113.254', '203.0.113.0/24'],
    ['198.51.100.1', '198.51.100.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::/64'],
    [' 10.0.0.1 ', '10.0.0.0/24'],
  ])('%j is in %s', (address, network) => {
    expect(clientNetworkOf(address)).toBe(network);
  });

  it('puts neighbours in one network and other networks apart', () => {
    expect(clientNetworkOf('203.0.113.1')).toBe(clientNetworkOf('203.0.113.200'));
    expect(clientNetworkOf('203.0.113.1')).not.toBe(clientNetworkOf('203.0.114.1'));
    expect(clientNetworkOf('2001:db8:1:2::1')).not.toBe(clientNetworkOf('2001:db8:1:3::1'));
  });

  it('keeps an address that does not parse as its own network', () => {
    expect(clientNetworkOf('unknown')).toBe('unknown');
  });
});
