// WET output: a WARC/1.0 file of `conversion` records holding extracted text, laid out as Common
// Crawl's WET files are (a `warcinfo` record first; each conversion record names the record it was
// made from with WARC-Refers-To, carries its WARC-Target-URI and WARC-Date, and a WARC-Block-Digest
// "sha1:" + base32 of the text), so that corpus pipelines that read WET read it unchanged.
#pragma once

#include <string>
#include <string_view>

namespace pith::io {

// SHA-1 (FIPS 180-4) of `data` as RFC 4648 base32, as WARC digests write it (32 characters).
std::string Sha1Base32(std::string_view data);

// A record id "<urn:uuid:...>" made from `name` (SHA-1 based, as RFC 4122 version 5): the same
// name gives the same id, so that WET output is reproducible.
std::string NameRecordId(std::string_view name);

// The warcinfo record that opens a WET file. `filename`: the WET file's name; `date`: ISO 8601.
std::string WetInfoRecord(std::string_view filename, std::string_view date);

// One conversion record. `refers_to`: the source record's WARC-Record-ID ("" for a page file, and
// then no WARC-Refers-To is written); `date`: the source's WARC-Date.
std::string WetConversionRecord(std::string_view target_uri, std::string_view date, std::string_view refers_to,
                                std::string_view text);

// The current UTC time as WARC-Date writes it: "2024-05-01T12:00:00Z".
std::string NowIso();

// `data` as one gzip member at zlib `level` (Common Crawl's .warc.wet.gz compresses each record on
// its own).
std::string GzipMember(std::string_view data, int level = 6);

}  // namespace pith::io
