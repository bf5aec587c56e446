// The forgery guard's address policy: which IP addresses a server may fetch from on a client's
// behalf. Only public unicast addresses pass; refused are the IANA special-purpose ranges a request
// forgery aims at (loopback, "this network" 0/8, private 10/8 172.16/12 192.168/16, shared
// 100.64/10, link-local 169.254/16 with the cloud metadata address, IETF protocol 192.0.0/24,
// documentation, benchmarking 198.18/15, 6to4 relay 192.88.99/24, multicast 224/4, reserved 240/4,
// broadcast) and their IPv6 kin (unspecified, loopback, link-local fe80::/10, site-local
// fec0::/10, unique-local fc00::/7, multicast, documentation, discard, everything outside
// 2000::/3). IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-compatible
// ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address.
//
// The fetcher applies it to the address each connection is opened to (fetch.cc, libcurl's
// open-socket callback), so every hop of a redirect chain is checked after resolution and the
// socket goes to the very address that was checked: however a name resolves the next time, no
// other address is connected to. Decimal, octal and hex spellings of an IPv4 host are resolved to
// their address before this check, so they are judged like the dotted form.
#pragma once

#include <sys/socket.h>

#include <string_view>

namespace pith::io {

// "" when `addr` (AF_INET or AF_INET6) is public unicast, else the name of its range: "loopback",
// "private", "link-local", "shared", "multicast", "unspecified", "reserved", "documentation",
// "unique-local", "site-local", "benchmarking", "protocol", "broadcast"; "unknown family" otherwise.
std::string_view NonPublicRange(const sockaddr* addr);

// The same for an address in standard text form ("10.0.0.1", "::ffff:127.0.0.1"); "not an IP
// address" when `ip` is none.
std::string_view NonPublicRange(std::string_view ip);

}  // namespace pith::io
