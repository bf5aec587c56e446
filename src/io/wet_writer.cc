// WET records (io/wet_writer.h). Field names and order follow the WARC 1.1 specification (ISO
// 28500:2017 §5, §6.7 conversion) and Common Crawl's WET files.
#include "io/wet_writer.h"

#include <zlib.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <ctime>

namespace pith::io {
namespace {

std::uint32_t Rotl(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

std::array<std::uint8_t, 20> Sha1(std::string_view data) {
  std::uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
  std::string msg(data);
  const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
  msg.push_back(static_cast<char>(0x80));
  while (msg.size() % 64 != 56) msg.push_back('\0');
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<char>((bits >> (i * 8)) & 0xff));
  for (std::size_t block = 0; block < msg.size(); block += 64) {
    std::uint32_t w[80];
    for (int t = 0; t < 16; ++t) {
      const auto* p = reinterpret_cast<const unsigned char*>(msg.data() + block + t * 4);
      w[t] = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
    }
    for (int t = 16; t < 80; ++t) w[t] = Rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; ++t) {
      std::uint32_t f, k;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5A827999u;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ED9EBA1u;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8F1BBCDCu;
      } else {
        f = b ^ c ^ d;
        k = 0xCA62C1D6u;
      }
      const std::uint32_t temp = Rotl(a, 5) + f + e + k + w[t];
      e = d;
      d = c;
      c = Rotl(b, 30);
      b = a;
      a = temp;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  }
  std::array<std::uint8_t, 20> out{};
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 4; ++j) out[i * 4 + j] = static_cast<std::uint8_t>(h[i] >> (24 - 8 * j));
  }
  return out;
}

std::string Field(std::string_view name, std::string_view value) {
  std::string out(name);
  out += ": ";
  for (char c : value) out.push_back(c == '\r' || c == '\n' ? ' ' : c);  // a value is one line
  out += "\r\n";
  return out;
}

std::string Record(std::string head, std::string_view content_type, std::string_view block) {
  head += Field("Content-Type", content_type);
  head += Field("Content-Length", std::to_string(block.size()));
  head += "\r\n";
  head.append(block);
  head += "\r\n\r\n";
  return head;
}

}  // namespace

std::string Sha1Base32(std::string_view data) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const std::array<std::uint8_t, 20> d = Sha1(data);
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (std::uint8_t byte : d) {  // 160 bits = 32 characters, no padding
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out.push_back(kAlphabet[(buffer >> (bits - 5)) & 31]);
      bits -= 5;
    }
  }
  return out;
}

std::string NameRecordId(std::string_view name) {
  std::array<std::uint8_t, 20> d = Sha1(std::string("pith-wet:") + std::string(name));
  d[6] = static_cast<std::uint8_t>((d[6] & 0x0f) | 0x50);  // version 5
  d[8] = static_cast<std::uint8_t>((d[8] & 0x3f) | 0x80);  // RFC 4122 variant
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "<urn:uuid:";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    out.push_back(kHex[d[i] >> 4]);
    out.push_back(kHex[d[i] & 15]);
  }
  return out + ">";
}

std::string WetInfoRecord(std::string_view filename, std::string_view date) {
  const std::string block = "Software-Info: pith (main-content extraction)\r\nExtracted-Date: " + std::string(date) +
                            "\r\nformat: WARC File Format 1.0\r\n"
                            "description: main text of the HTML records, one conversion record each\r\n";
  std::string head = "WARC/1.0\r\n";
  head += Field("WARC-Type", "warcinfo");
  head += Field("WARC-Date", date);
  head += Field("WARC-Filename", filename);
  head += Field("WARC-Record-ID", NameRecordId(std::string(filename) + "\n" + std::string(date)));
  return Record(std::move(head), "application/warc-fields", block);
}

std::string WetConversionRecord(std::string_view target_uri, std::string_view date, std::string_view refers_to,
                                std::string_view text) {
  std::string head = "WARC/1.0\r\n";
  head += Field("WARC-Type", "conversion");
  head += Field("WARC-Target-URI", target_uri);
  head += Field("WARC-Date", date);
  head += Field("WARC-Record-ID", NameRecordId(std::string(refers_to.empty() ? target_uri : refers_to) + "\nconversion"));
  if (!refers_to.empty()) head += Field("WARC-Refers-To", refers_to);
  head += Field("WARC-Block-Digest", "sha1:" + Sha1Base32(text));
  return Record(std::move(head), "text/plain", text);
}

std::string GzipMember(std::string_view data, int level) {
  z_stream z{};
  deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

std::string NowIso() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace pith::io
