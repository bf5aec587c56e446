// The forgery guard's address policy (see address_guard.h). Ranges from the IANA IPv4 and IPv6
// Special-Purpose Address Registries (RFC 6890 and its updates).
#include "fetch/address_guard.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <cstdint>
#include <cstring>
#include <string>

namespace pith::io {
namespace {

struct Range4 {
  std::uint32_t base;
  int bits;
  std::string_view name;
};

constexpr std::uint32_t Ip4(unsigned a, unsigned b, unsigned c, unsigned d) { return (a << 24) | (b << 16) | (c << 8) | d; }

// Checked in order: the broadcast address before the reserved block it sits in.
constexpr Range4 kRanges4[] = {
    {Ip4(255, 255, 255, 255), 32, "broadcast"},
    {Ip4(0, 0, 0, 0), 8, "unspecified"},  // "this network"; 0.0.0.0 connects to the local host
    {Ip4(10, 0, 0, 0), 8, "private"},
    {Ip4(100, 64, 0, 0), 10, "shared"},  // carrier-grade NAT
    {Ip4(127, 0, 0, 0), 8, "loopback"},
    {Ip4(169, 254, 0, 0), 16, "link-local"},  // includes the cloud metadata address 169.254.169.254
    {Ip4(172, 16, 0, 0), 12, "private"},
    {Ip4(192, 0, 0, 0), 24, "protocol"},
    {Ip4(192, 0, 2, 0), 24, "documentation"},
    {Ip4(192, 88, 99, 0), 24, "reserved"},  // the former 6to4 relay anycast
    {Ip4(192, 168, 0, 0), 16, "private"},
    {Ip4(198, 18, 0, 0), 15, "benchmarking"},
    {Ip4(198, 51, 100, 0), 24, "documentation"},
    {Ip4(203, 0, 113, 0), 24, "documentation"},
    {Ip4(224, 0, 0, 0), 4, "multicast"},
    {Ip4(240, 0, 0, 0), 4, "reserved"},
};

std::string_view Check4(std::uint32_t ip) {
  for (const Range4& r : kRanges4) {
    const std::uint32_t mask = r.bits == 0 ? 0 : ~std::uint32_t{0} << (32 - r.bits);
    if ((ip & mask) == r.base) return r.name;
  }
  return {};
}

std::uint32_t Load4(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

bool AllZero(const unsigned char* p, int n) {
  for (int i = 0; i < n; ++i) {
    if (p[i] != 0) return false;
  }
  return true;
}

std::string_view Check6(const unsigned char* a) {
  if (AllZero(a, 15)) return a[15] == 0 ? "unspecified" : a[15] == 1 ? "loopback" : "reserved";
  if (AllZero(a, 10) && a[10] == 0xff && a[11] == 0xff) return Check4(Load4(a + 12));  // ::ffff:a.b.c.d
  if (AllZero(a, 12)) return Check4(Load4(a + 12));                                    // ::a.b.c.d
  static constexpr unsigned char kNat64[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  if (std::memcmp(a, kNat64, 12) == 0) return Check4(Load4(a + 12));  // 64:ff9b::a.b.c.d
  if (a[0] == 0x20 && a[1] == 0x02) return Check4(Load4(a + 2));       // 6to4 2002:AABB:CCDD::
  if (a[0] == 0xff) return "multicast";
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80) return "link-local";
  if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0) return "site-local";
  if ((a[0] & 0xfe) == 0xfc) return "unique-local";
  if (a[0] == 0x20 && a[1] == 0x01 && a[2] == 0x0d && a[3] == 0xb8) return "documentation";  // 2001:db8::/32
  if (a[0] == 0x3f && a[1] == 0xff && (a[2] & 0xf0) == 0) return "documentation";           // 3fff::/20
  if (a[0] == 0x20 && a[1] == 0x01 && (a[2] & 0xfe) == 0) return "protocol";  // 2001::/23: Teredo, ORCHID...
  if ((a[0] & 0xe0) != 0x20) return "reserved";  // outside 2000::/3, the global unicast space
  return {};
}

}  // namespace

std::string_view NonPublicRange(const sockaddr* addr) {
  if (addr == nullptr) return "unknown family";
  if (addr->sa_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(addr);
    return Check4(ntohl(in->sin_addr.s_addr));
  }
  if (addr->sa_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(addr);
    return Check6(in6->sin6_addr.s6_addr);
  }
  return "unknown family";
}

std::string_view NonPublicRange(std::string_view ip) {
  const std::string text(ip);
  sockaddr_in in{};
  if (inet_pton(AF_INET, text.c_str(), &in.sin_addr) == 1) {
    in.sin_family = AF_INET;
    return NonPublicRange(reinterpret_cast<const sockaddr*>(&in));
  }
  sockaddr_in6 in6{};
  if (inet_pton(AF_INET6, text.c_str(), &in6.sin6_addr) == 1) {
    in6.sin6_family = AF_INET6;
    return NonPublicRange(reinterpret_cast<const sockaddr*>(&in6));
  }
  return "not an IP address";
}

}  // namespace pith::io
