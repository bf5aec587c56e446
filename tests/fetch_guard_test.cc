// The fetcher's forgery guard (FetchOptions::public_only, address_guard.h): the address policy on
// literal addresses, and real fetches from local test servers that must be refused — loopback in
// every spelling, a public name redirecting to a private one, a name resolving to both — while the
// same fetches pass without the guard. "Public" hosts are test servers on 127.0.0.2 that a policy
// seam declares public, and names resolve through libcurl's fixed resolutions: no DNS, no /etc/hosts.
#include <gtest/gtest.h>
#include <netinet/in.h>

#include <string>
#include <vector>

#include "fetch/address_guard.h"
#include "fetch/fetch.h"
#include "online_test_server.h"

namespace pith::io {
namespace {

using pith::testing::HttpRequest;
using pith::testing::HttpResponse;
using pith::testing::TestHttpServer;
using pith::testing::TestRoutes;

TEST(AddressGuard, RefusesEverySpecialRange) {
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"127.0.0.1", "loopback"},        {"127.255.3.4", "loopback"},   {"0.0.0.0", "unspecified"},
      {"0.1.2.3", "unspecified"},       {"10.0.0.1", "private"},       {"172.16.0.1", "private"},
      {"172.31.255.255", "private"},    {"192.168.1.1", "private"},    {"100.64.0.1", "shared"},
      {"100.127.255.254", "shared"},    {"169.254.169.254", "link-local"}, {"192.0.0.8", "protocol"},
      {"192.0.2.1", "documentation"},   {"198.51.100.7", "documentation"}, {"203.0.113.9", "documentation"},
      {"198.18.0.1", "benchmarking"},   {"198.19.255.1", "benchmarking"}, {"192.88.99.1", "reserved"},
      {"224.0.0.1", "multicast"},       {"239.255.255.250", "multicast"}, {"240.0.0.1", "reserved"},
      {"255.255.255.255", "broadcast"}, {"::", "unspecified"},         {"::1", "loopback"},
      {"fe80::1", "link-local"},        {"febf::1", "link-local"},     {"fec0::1", "site-local"},
      {"fc00::1", "unique-local"},      {"fd12:3456::1", "unique-local"}, {"ff02::1", "multicast"},
      {"2001:db8::1", "documentation"}, {"3fff::1", "documentation"},  {"2001::1", "protocol"},
      {"100::1", "reserved"},           {"::ffff:127.0.0.1", "loopback"}, {"::ffff:10.1.2.3", "private"},
      {"::ffff:169.254.169.254", "link-local"}, {"::ffff:0.0.0.0", "unspecified"}, {"::127.0.0.1", "loopback"},
      {"64:ff9b::a00:1", "private"},    {"2002:7f00:1::", "loopback"}, {"2002:c0a8:101::1", "private"},
  };
  for (const auto& [ip, range] : refused) EXPECT_EQ(NonPublicRange(ip), range) << ip;
  for (const char* ip : {"8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "11.0.0.1",
                         "2606:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001::1", "::ffff:8.8.8.8",
                         "2002:0808:0808::1", "64:ff9b::808:808"}) {
    EXPECT_EQ(NonPublicRange(ip), "") << ip;
  }
  EXPECT_EQ(NonPublicRange("example.org"), "not an IP address");
}

FetchOptions Guarded() {
  FetchOptions o;
  o.timeout = 5;
  o.connect_timeout = 2;
  o.retries = 0;
  o.public_only = true;
  return o;
}

FetchResult FetchOne(const std::string& url, const FetchOptions& o) {
  FetchResult out;
  FetchAll(1, [&](std::size_t) { return url; }, [&](std::size_t, FetchResult& r) { out = std::move(r); }, o);
  return out;
}

// Declares the test servers on 127.0.0.2 public; every other address is judged as usual.
std::string_view SeamPolicy(const sockaddr* addr) {
  if (addr->sa_family == AF_INET &&
      ntohl(reinterpret_cast<const sockaddr_in*>(addr)->sin_addr.s_addr) == 0x7f000002u) {
    return "";
  }
  return NonPublicRange(addr);
}

TEST(FetchGuard, LoopbackInEverySpellingIsRefused) {
  TestHttpServer server(TestRoutes);
  const std::string port = std::to_string(server.port());
  for (const std::string& host : {std::string("127.0.0.1"), std::string("localhost"), std::string("2130706433"),
                                  std::string("0177.0.0.1"), std::string("0x7f.0.0.1"), std::string("127.1"),
                                  std::string("0.0.0.0"), std::string("[::ffff:127.0.0.1]"), std::string("[::1]"),
                                  std::string("[::ffff:7f00:1]")}) {
    const FetchResult r = FetchOne("http://" + host + ":" + port + "/page/1", Guarded());
    EXPECT_EQ(r.error, FetchError::kForbiddenAddress) << host << ": " << r.message;
    EXPECT_EQ(FetchErrorName(r.error), "forbidden_address");
  }
  EXPECT_EQ(server.TotalRequests(), 0);
  // The same server without the guard (--allow-private).
  FetchOptions open = Guarded();
  open.public_only = false;
  const FetchResult r = FetchOne("http://2130706433:" + port + "/page/1", open);
  EXPECT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(server.TotalRequests(), 1);
}

TEST(FetchGuard, OnlyHttpAndHttpsEvenWithFileUrlsAllowed) {
  FetchOptions o = Guarded();
  o.allow_file_urls = true;
  const FetchResult r = FetchOne("file:///etc/hostname", o);
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.body.empty());
}

TEST(FetchGuard, PublicNameRedirectingToPrivateIsRefused) {
  TestHttpServer inside(TestRoutes);  // 127.0.0.1: the private service a forgery aims at
  const std::string inside_port = std::to_string(inside.port());
  TestHttpServer outside(
      [&](const HttpRequest& req) {
        HttpResponse r;
        if (req.path == "/to-literal") {
          r.status = 302;
          r.headers.push_back({"Location", "http://127.0.0.1:" + inside_port + "/page/1"});
        } else if (req.path == "/to-name") {
          r.status = 301;
          r.headers.push_back({"Location", "http://intranet.test:" + inside_port + "/page/2"});
        } else if (req.path == "/to-mapped") {
          r.status = 307;
          r.headers.push_back({"Location", "http://[::ffff:127.0.0.1]:" + inside_port + "/page/3"});
        } else {
          return TestRoutes(req);
        }
        return r;
      },
      "127.0.0.2");
  if (!outside.bound()) GTEST_SKIP() << "cannot bind 127.0.0.2";
  FetchOptions o = Guarded();
  o.address_check = SeamPolicy;
  const std::string out_port = std::to_string(outside.port());
  o.resolve = {"public.test:" + out_port + ":127.0.0.2", "intranet.test:" + inside_port + ":127.0.0.1"};
  const FetchResult page = FetchOne("http://public.test:" + out_port + "/page/5", o);
  ASSERT_TRUE(page.ok()) << page.message;  // the seam works: the public host is reached
  for (const char* path : {"/to-literal", "/to-name", "/to-mapped"}) {
    const FetchResult r = FetchOne("http://public.test:" + out_port + path, o);
    EXPECT_EQ(r.error, FetchError::kForbiddenAddress) << path << ": " << r.message;
    EXPECT_NE(r.message.find("127.0.0.1 is a loopback address"), std::string::npos) << r.message;
  }
  EXPECT_EQ(inside.TotalRequests(), 0);
  o.public_only = false;  // --allow-private: the redirect is followed
  const FetchResult r = FetchOne("http://public.test:" + out_port + "/to-name", o);
  EXPECT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(inside.TotalRequests(), 1);
}

TEST(FetchGuard, NameWithPublicAndPrivateAddressesConnectsOnlyToThePublicOne) {
  TestHttpServer outside(TestRoutes, "127.0.0.2");
  if (!outside.bound()) GTEST_SKIP() << "cannot bind 127.0.0.2";
  TestHttpServer inside(TestRoutes, "127.0.0.1", outside.port());  // same port, the private address
  if (!inside.bound()) GTEST_SKIP() << "port taken on 127.0.0.1";
  FetchOptions o = Guarded();
  o.address_check = SeamPolicy;
  const std::string port = std::to_string(outside.port());
  o.resolve = {"both.test:" + port + ":127.0.0.1,127.0.0.2"};  // the private address first
  for (int i = 0; i < 3; ++i) {
    const FetchResult r = FetchOne("http://both.test:" + port + "/page/1", o);
    EXPECT_TRUE(r.ok()) << r.message;
  }
  EXPECT_EQ(inside.TotalRequests(), 0);
  EXPECT_EQ(outside.TotalRequests(), 3);
  o.resolve = {"private.test:" + port + ":127.0.0.1,127.0.0.3"};  // no public address at all
  const FetchResult r = FetchOne("http://private.test:" + port + "/page/1", o);
  EXPECT_EQ(r.error, FetchError::kForbiddenAddress) << r.message;
  EXPECT_EQ(inside.TotalRequests(), 0);
}

}  // namespace
}  // namespace pith::io
