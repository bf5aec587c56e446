// The pieces the Python module's batch functions share with `pith extract`: compressed JSONL output
// (io/compressed_writer.h), archive sniffing and stems (io/archive_input.h), summary counts
// (batch/records.h).
#include <zlib.h>
#include <zstd.h>

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "batch/records.h"
#include "io/archive_input.h"
#include "io/compressed_writer.h"
#include "io/wet_writer.h"
#include "test_util.h"

namespace pith {
namespace {

std::string ReadFile(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string Gunzip(const std::string& gz) {  // every member
  z_stream z{};
  inflateInit2(&z, 16 + MAX_WBITS);
  std::string out;
  char buf[1 << 16];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
  z.avail_in = static_cast<uInt>(gz.size());
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    const int rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
    if (rc == Z_STREAM_END && z.avail_in > 0) {
      inflateReset(&z);
      continue;
    }
    if (rc != Z_OK) break;
  }
  inflateEnd(&z);
  return out;
}

std::string Unzstd(const std::string& zst) {  // every frame
  ZSTD_DCtx* d = ZSTD_createDCtx();
  std::string out;
  char buf[1 << 16];
  ZSTD_inBuffer in{zst.data(), zst.size(), 0};
  while (in.pos < in.size) {
    ZSTD_outBuffer o{buf, sizeof buf, 0};
    if (ZSTD_isError(ZSTD_decompressStream(d, &o, &in))) break;
    out.append(buf, o.pos);
  }
  ZSTD_freeDCtx(d);
  return out;
}

// Lines of ~3 MiB in all: three or four pieces of 1 MiB, so that readers must join them.
std::string SomeLines() {
  std::string all;
  for (int i = 0; all.size() < (3u << 20); ++i) {
    all += "{\"record\":" + std::to_string(i) + ",\"text\":\"" + std::string(i % 97, 'x') + "\"}\n";
  }
  return all;
}

TEST(CompressedWriter, PlainGzipAndZstdReadBackAsWritten) {
  testing::TempDir dir;
  const std::string lines = SomeLines();
  for (const char* name : {"none", "gzip", "zstd"}) {
    io::OutputCompression kind;
    ASSERT_TRUE(io::ParseOutputCompression(name, &kind));
    const auto path = dir.path() / name;
    Status s;
    auto w = io::CompressedWriter::Open(path.string(), kind, &s);
    ASSERT_TRUE(w) << s.ToString();
    for (std::size_t i = 0; i < lines.size();) {
      const std::size_t end = lines.find('\n', i) + 1;
      w->Write(std::string_view(lines).substr(i, end - i));
      i = end;
    }
    ASSERT_TRUE(w->Close().ok());
    const std::string bytes = ReadFile(path);
    const std::string back = kind == io::OutputCompression::kGzip   ? Gunzip(bytes)
                             : kind == io::OutputCompression::kZstd ? Unzstd(bytes)
                                                                    : bytes;
    EXPECT_EQ(back, lines) << name;
    if (kind != io::OutputCompression::kNone) {
      EXPECT_LT(bytes.size(), lines.size() / 4) << name;
    }
  }
  io::OutputCompression kind;
  EXPECT_FALSE(io::ParseOutputCompression("bzip2", &kind));
}

TEST(CompressedWriter, AnUnwritablePathIsAnIoError) {
  Status s;
  EXPECT_FALSE(io::CompressedWriter::Open("/nonexistent-folder/out.jsonl", io::OutputCompression::kNone, &s));
  EXPECT_EQ(s.code(), StatusCode::kIoError);
  // /dev/full takes the open but not the bytes: the error comes out of Close.
  auto w = io::CompressedWriter::Open("/dev/full", io::OutputCompression::kNone, &s);
  ASSERT_TRUE(w);
  w->Write(std::string(2u << 20, 'x'));
  EXPECT_EQ(w->Close().code(), StatusCode::kIoError);
}

TEST(ArchiveInput, ArchivesAreToldByNameOrFirstBytes) {
  testing::TempDir dir;
  const auto write = [&](const char* name, const std::string& bytes) {
    std::ofstream(dir.path() / name, std::ios::binary) << bytes;
    const std::string p = (dir.path() / name).string();
    return io::InputItem{p, p, Status::Ok()};
  };
  EXPECT_TRUE(io::IsArchiveFile(write("a.WARC.GZ", "not even gzip")));
  EXPECT_TRUE(io::IsArchiveFile(write("crawl.bin", "WARC/1.1\r\nWARC-Type: warcinfo\r\n")));
  EXPECT_TRUE(io::IsArchiveFile(write("crawl.gz", io::GzipMember("WARC/1.0\r\nWARC-Type: response\r\n"))));
  EXPECT_TRUE(io::IsArchiveFile(write("old.dat", "filedesc://x.arc 0.0.0.0 20000101000000 text/plain 10\n")));
  EXPECT_FALSE(io::IsArchiveFile(write("page.html", "<html><body>WARC/1.0</body></html>")));
  EXPECT_FALSE(io::IsArchiveFile(write("page.html.gz", io::GzipMember("<html></html>"))));
  EXPECT_FALSE(io::IsArchiveFile({"gone.warc", "gone.warc", Status(StatusCode::kIoError, "no such file")}));
  EXPECT_EQ(io::ArchiveStem({"x", "/a/b/Crawl-01.warc.gz", Status::Ok()}), "Crawl-01");
  EXPECT_EQ(io::ArchiveStem({"x", "/a/b/c.arc", Status::Ok()}), "c");
  EXPECT_EQ(io::ArchiveStem({"x", "/a/b/page.html.gz", Status::Ok()}), "page");
  EXPECT_EQ(io::ArchiveStem({"-", "", Status::Ok()}), "stdin");
}

TEST(ArchiveInput, GzipPagesAreInflatedWithinTheLimit) {
  std::string bytes = io::GzipMember("<html><p>hello</p></html>");
  EXPECT_TRUE(io::InflateIfGzip(1000, &bytes).ok());
  EXPECT_EQ(bytes, "<html><p>hello</p></html>");
  EXPECT_TRUE(io::InflateIfGzip(1000, &bytes).ok());  // not gzip: unchanged
  EXPECT_EQ(bytes, "<html><p>hello</p></html>");
  std::string bomb = io::GzipMember(std::string(100000, 'a'));
  EXPECT_EQ(io::InflateIfGzip(1000, &bomb).code(), StatusCode::kTooLarge);
  EXPECT_TRUE(bomb.empty());
}

TEST(BatchCounts, CategoriesAddUpToTheRecords) {
  batch::Counts c;
  for (const char* cat :
       {"ok", "ok", "no_content", "skip:request", "skip:request", "error:gzip_error", "error:not_html"}) {
    c.Count(cat);
  }
  EXPECT_EQ(c.records, 7u);
  EXPECT_EQ(c.extracted() + c.skipped_total() + c.errors_total(), c.records);
  EXPECT_EQ(c.Line(),
            "7 records: 3 extracted (2 ok, 1 no_content), 2 skipped (request 2), "
            "2 errors (gzip_error 1, not_html 1)");
  batch::Counts d = c;
  d.Add(c);
  EXPECT_EQ(d.Json()["errors"]["gzip_error"], 2);
  EXPECT_EQ(d.Json()["records"], 14);
}

}  // namespace
}  // namespace pith
