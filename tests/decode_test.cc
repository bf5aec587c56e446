// tests/decode_test.cc — the decode stage: label table, meta prescan, UTF-8 validation, binary
// sniffing, and the sniffing order of Decode. Legacy bytes are produced with ICU from real text
// (news sentences in Chinese, Japanese, Russian, Greek, Arabic, French), never typed in as guesses.
// The corpus test runs Decode over every page of the shared development corpus when it is present.
#include "decode/decode.h"

#include <gtest/gtest.h>
#include <unicode/ucnv.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "decode/charset.h"
#include "text/byte_scan.h"

namespace pith::decode {
namespace {

// ScanUtf8 validates whole valid inputs 32 bytes at a time with AVX2 (where the CPU has it): every
// field of its answer, and of the other UTF-8 checks, is the byte loop's, for every lead byte, cut
// or ill-formed sequence at every place around a block's edge, and for random bytes.
TEST(Utf8Scan, VectorPathAgreesWithTheByteLoop) {
  const auto same = [](const std::string& s) {
    Utf8Stats stats[2][2];
    std::size_t prefix[2];
    for (int path = 0; path < 2; ++path) {
      text::SetScansUseAvx2ForTesting(path == 1);
      stats[path][0] = ScanUtf8(s);
      stats[path][1] = ScanUtf8(s, true);
      prefix[path] = ValidUtf8PrefixLength(s);
    }
    for (int mode = 0; mode < 2; ++mode) {
      const Utf8Stats& a = stats[0][mode];
      const Utf8Stats& b = stats[1][mode];
      ASSERT_EQ(a.valid_prefix, b.valid_prefix) << s.size();
      ASSERT_EQ(a.non_ascii, b.non_ascii) << s.size();
      ASSERT_EQ(a.non_ascii_bytes, b.non_ascii_bytes) << s.size();
      ASSERT_EQ(a.invalid, b.invalid) << s.size();
      ASSERT_EQ(a.invalid_bytes, b.invalid_bytes) << s.size();
      ASSERT_EQ(a.truncated_tail, b.truncated_tail) << s.size();
      ASSERT_EQ(a.complete, b.complete) << s.size();
    }
    ASSERT_EQ(prefix[0], prefix[1]);
  };
  const bool avx2 = text::ScansUseAvx2();
  // Every sequence of one lead byte and up to three bytes from a set that covers each table's
  // ranges, at offsets around the edges of the first two blocks, in a page of ASCII or of 2-byte
  // characters.
  const unsigned char kBytes[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                  0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF};
  for (const unsigned char lead : kBytes) {
    for (const unsigned char b2 : kBytes) {
      for (const unsigned char b3 : {0x41, 0x80, 0xBF, 0xC3}) {
        for (const unsigned char b4 : {0x41, 0x80, 0xBF}) {
          for (const std::size_t at : {0, 29, 30, 31, 32, 33, 60, 61, 62, 63, 64, 96}) {
            for (const char* fill : {"a", "\xC3\xA9"}) {
              std::string s;
              while (s.size() < at) s += fill;
              s.resize(at);  // (may cut a 2-byte fill character: an error of its own)
              s += {static_cast<char>(lead), static_cast<char>(b2), static_cast<char>(b3), static_cast<char>(b4)};
              while (s.size() < 128) s += fill;
              same(s);
              same(s.substr(0, at + 2));  // the sequence cut by the end of the input
              same(s.substr(0, std::max<std::size_t>(at + 3, 64)));
            }
          }
        }
      }
    }
  }
  std::mt19937 rng(45);
  for (int round = 0; round < 20000; ++round) {
    std::string s(64 + rng() % 200, 'a');
    for (char& c : s) {
      if (rng() % 8 == 0) c = static_cast<char>(kBytes[rng() % sizeof kBytes]);
    }
    same(s);
  }
  text::SetScansUseAvx2ForTesting(avx2);
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

// UTF-8 → `charset` bytes with ICU; fails the test if a character has no mapping.
std::string Encode(const std::string& utf8, const char* charset) {
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(utf8);
  UErrorCode error = U_ZERO_ERROR;
  UConverter* converter = ucnv_open(charset, &error);
  EXPECT_TRUE(U_SUCCESS(error)) << charset;
  if (converter == nullptr) return {};
  ucnv_setFromUCallBack(converter, UCNV_FROM_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &error);
  std::string out(static_cast<std::size_t>(text.length()) * 4 + 16, '\0');
  const int32_t n = ucnv_fromUChars(converter, out.data(), static_cast<int32_t>(out.size()),
                                    text.getBuffer(), text.length(), &error);
  ucnv_close(converter);
  EXPECT_TRUE(U_SUCCESS(error)) << charset << ": " << u_errorName(error);
  out.resize(U_SUCCESS(error) ? static_cast<std::size_t>(n) : 0);
  return out;
}

Decoded MustDecode(std::string_view bytes, std::string_view forced = {}, std::string_view caller = {}) {
  Decoded d;
  const Status status = Decode(bytes, forced, caller, &d);
  EXPECT_TRUE(status.ok()) << status.message();
  std::size_t non_ascii = 0;
  EXPECT_TRUE(IsValidUtf8(d.utf8, &non_ascii));
  EXPECT_EQ(ScanUtf8(d.utf8).truncated_tail, 0u);
  EXPECT_FALSE(std::string_view(d.utf8).starts_with("\xEF\xBB\xBF"));
  return d;
}

std::string Page(const std::string& head, const std::string& body) {
  return "<!DOCTYPE html>\n<html><head>" + head + "<title>t</title></head>\n<body><p>" + body +
         "</p></body></html>\n";
}

std::string MetaCharset(const std::string& label) { return "<meta charset=\"" + label + "\">"; }

// Real sentences (news style) in several scripts.
const std::string kChinese =
    "新华社北京三月五日电，国务院总理在政府工作报告中指出，今年经济社会发展的主要预期目标是："
    "国内生产总值增长百分之五左右，城镇新增就业一千二百万人以上。报告强调，要坚持稳中求进工作"
    "总基调，着力扩大国内需求，推动经济实现质的有效提升和量的合理增长。";
const std::string kTraditional =
    "中央社記者台北報導，行政院今天召開院會，通過多項法案，並決定擴大補助範圍，協助民眾度過難關。"
    "院長表示，政府將持續關注物價變化，確保民生物資供應穩定，讓國人安心過年。";
const std::string kJapanese =
    "東京都は五日、新型ウイルスの感染者が新たに確認されたと発表した。専門家は引き続き警戒を呼び"
    "かけている。都の担当者によると、感染経路は現在調査中で、濃厚接触者の健康観察を続けるという。";
const std::string kRussian =
    "Правительство Российской Федерации утвердило новую программу развития транспортной "
    "инфраструктуры на ближайшие десять лет. По словам министра, в первую очередь средства "
    "будут направлены на ремонт дорог и строительство новых мостов в регионах.";
const std::string kGreek =
    "Η κυβέρνηση ανακοίνωσε σήμερα νέα μέτρα στήριξης για τις μικρές και μεσαίες επιχειρήσεις "
    "της χώρας. Σύμφωνα με τον υπουργό Οικονομικών, τα μέτρα θα ισχύσουν από τον επόμενο μήνα.";
const std::string kArabic =
    "أعلنت الحكومة اليوم عن خطة جديدة لدعم الاقتصاد الوطني وتوفير فرص عمل للشباب في جميع المحافظات، "
    "وقال الوزير إن الخطة ستنفذ على مراحل خلال السنوات الخمس المقبلة. ئىشچى";
const std::string kFrench =
    "Le café coûte désormais 5 € à Paris — « c’est très cher », dit-il. “Quoted” naïve façade, "
    "où l’été dernier les prix ont augmenté de 12 %.";
const std::string kUyghur = "ئۇيغۇرچە تور بەت";

// ---------------------------------------------------------------------------------------------
// Label table
// ---------------------------------------------------------------------------------------------

TEST(DecodeLabels, SpotChecks) {
  for (const char* label : {"gbk", "gb2312", "x-gbk", "chinese", "csgb2312", "iso-ir-58", "gb_2312-80",
                            "GB2312", "gb18030"}) {
    EXPECT_EQ(IcuNameForLabel(label), "GB18030") << label;
  }
  for (const char* label : {"big5", "big5-hkscs", "cn-big5", "x-x-big5", "csbig5"}) {
    EXPECT_EQ(IcuNameForLabel(label), "Big5-HKSCS") << label;
  }
  for (const char* label : {"iso-8859-1", "latin1", "ascii", "us-ascii", "l1", "cp1252", "ISO_8859-1:1987",
                            "windows-1252", "ansi_x3.4-1968"}) {
    EXPECT_EQ(IcuNameForLabel(label), "windows-1252") << label;
  }
  for (const char* label : {"euc-kr", "ks_c_5601-1987", "korean", "windows-949"}) {
    EXPECT_EQ(IcuNameForLabel(label), "windows-949") << label;
  }
  for (const char* label : {"shift_jis", "sjis", "ms932", "windows-31j", "x-sjis", "ms_kanji"}) {
    EXPECT_EQ(IcuNameForLabel(label), "windows-31j") << label;
  }
  EXPECT_EQ(IcuNameForLabel("utf-16"), "UTF-16LE");
  EXPECT_EQ(IcuNameForLabel("unicodefffe"), "UTF-16BE");
  EXPECT_EQ(IcuNameForLabel("iso-8859-9"), "windows-1254");
  EXPECT_EQ(IcuNameForLabel("tis-620"), "windows-874");
  EXPECT_EQ(IcuNameForLabel("koi8-r"), "KOI8-R");
  EXPECT_EQ(IcuNameForLabel("koi8-u"), "KOI8-U");
  EXPECT_EQ(IcuNameForLabel("iso-8859-8-i"), "ISO-8859-8");
  for (const char* label : {"iso-2022-kr", "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext",
                            "replacement"}) {
    EXPECT_EQ(IcuNameForLabel(label), kReplacementEncoding) << label;
  }
  EXPECT_EQ(IcuNameForReplacementLabel("hz-gb-2312"), "HZ");
  EXPECT_EQ(IcuNameForReplacementLabel("replacement"), "");
  EXPECT_EQ(IcuNameForLabel("x-user-defined"), kUserDefinedEncoding);
}

TEST(DecodeLabels, CaseAndWhitespaceAndUnknown) {
  EXPECT_EQ(IcuNameForLabel("  UTF-8\t\n"), "UTF-8");
  EXPECT_EQ(IcuNameForLabel("\fUtF8 "), "UTF-8");
  EXPECT_EQ(IcuNameForLabel(""), "");
  EXPECT_EQ(IcuNameForLabel("   "), "");
  EXPECT_EQ(IcuNameForLabel("utf-9"), "");
  EXPECT_EQ(IcuNameForLabel("utf-8x"), "");
  EXPECT_EQ(IcuNameForLabel("x-mac-greek"), "");
  EXPECT_EQ(IcuNameForLabel(std::string(200, 'a')), "");
  EXPECT_EQ(IcuNameForLabel("utf\xC2\xA0" "8"), "");  // NBSP is not ASCII whitespace
}

TEST(DecodeLabels, DetectorNames) {
  EXPECT_EQ(IcuNameForDetectorName("GB18030"), "GB18030");
  EXPECT_EQ(IcuNameForDetectorName("BIG5"), "Big5-HKSCS");
  EXPECT_EQ(IcuNameForDetectorName("WINDOWS-1256"), "windows-1256");
  EXPECT_EQ(IcuNameForDetectorName("SHIFT_JIS"), "windows-31j");
  EXPECT_EQ(IcuNameForDetectorName("ASCII"), "windows-1252");
  EXPECT_EQ(IcuNameForDetectorName("UHC"), "windows-949");
  EXPECT_EQ(IcuNameForDetectorName("MAC-CYRILLIC"), "x-mac-cyrillic");
  EXPECT_EQ(IcuNameForDetectorName("ISO-2022-KR"), "ISO-2022-KR");
  EXPECT_EQ(IcuNameForDetectorName("VISCII"), "");
  EXPECT_EQ(IcuNameForDetectorName(""), "");
}

// Every label of the Encoding Standard, by encoding; each must be usable as a --charset override.
const char* const kAllLabels[] = {
    "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8",
    "866", "cp866", "csibm866", "ibm866",
    "csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2",
    "csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3", "latin3",
    "csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4", "latin4",
    "csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988",
    "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6", "iso-8859-6-e",
    "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6", "iso_8859-6:1987",
    "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-8859-7", "iso-ir-126", "iso8859-7", "iso88597",
    "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek",
    "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8", "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598",
    "iso_8859-8", "iso_8859-8:1988", "visual",
    "csiso88598i", "iso-8859-8-i", "logical",
    "csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6",
    "iso-8859-13", "iso8859-13", "iso885913",
    "iso-8859-14", "iso8859-14", "iso885914",
    "csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9",
    "iso-8859-16",
    "cskoi8r", "koi", "koi8", "koi8-r", "koi8_r",
    "koi8-ru", "koi8-u",
    "csmacintosh", "mac", "macintosh", "x-mac-roman",
    "dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874",
    "cp1250", "windows-1250", "x-cp1250",
    "cp1251", "windows-1251", "x-cp1251",
    "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1",
    "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252",
    "cp1253", "windows-1253", "x-cp1253",
    "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9", "iso_8859-9:1989",
    "l5", "latin5", "windows-1254", "x-cp1254",
    "cp1255", "windows-1255", "x-cp1255",
    "cp1256", "windows-1256", "x-cp1256",
    "cp1257", "windows-1257", "x-cp1257",
    "cp1258", "windows-1258", "x-cp1258",
    "x-mac-cyrillic", "x-mac-ukrainian",
    "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58", "x-gbk",
    "gb18030",
    "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5",
    "cseucpkdfmtjapanese", "euc-jp", "x-euc-jp",
    "csiso2022jp", "iso-2022-jp",
    "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis",
    "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601",
    "ksc_5601", "windows-949",
    "csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr",
    "unicodefffe", "utf-16be",
    "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le",
    "x-user-defined",
};

TEST(DecodeLabels, EveryStandardLabelDecodes) {
  EXPECT_EQ(std::size(kAllLabels), 227u);  // + "replacement", which no override may name
  std::string all_bytes;
  for (int b = 0; b < 256; ++b) all_bytes.push_back(static_cast<char>(b));
  for (const char* label : kAllLabels) {
    ASSERT_NE(IcuNameForLabel(label), "") << label;
    Decoded d;
    const Status status = Decode("<p>plain ascii</p>" + all_bytes, label, "", &d);
    ASSERT_TRUE(status.ok()) << label << ": " << status.message();
    EXPECT_EQ(d.info.source, EncodingSource::kCaller) << label;
    EXPECT_TRUE(IsValidUtf8(d.utf8)) << label;
    EXPECT_EQ(ScanUtf8(d.utf8).truncated_tail, 0u) << label;
  }
  Decoded d;
  EXPECT_EQ(Decode("x", "replacement", "", &d).code(), StatusCode::kInvalidArgument);
}

// ---------------------------------------------------------------------------------------------
// Meta prescan
// ---------------------------------------------------------------------------------------------

TEST(DecodePrescan, Forms) {
  EXPECT_EQ(PrescanMetaCharset("<meta charset=gbk>"), "gbk");
  EXPECT_EQ(PrescanMetaCharset("<META CHARSET='Big5'/>"), "Big5");
  EXPECT_EQ(PrescanMetaCharset("<meta charset = \" utf-8 \">"), "utf-8");
  EXPECT_EQ(PrescanMetaCharset(
                "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">"),
            "gb2312");
  EXPECT_EQ(PrescanMetaCharset("<meta content='text/html;charset=\"windows-1251\"' HTTP-EQUIV='content-type'>"),
            "windows-1251");
  EXPECT_EQ(PrescanMetaCharset("<meta\ncontent=text/html;CHARSET=koi8-r\nhttp-equiv=Content-Type>"), "koi8-r");
  EXPECT_EQ(PrescanMetaCharset("<meta/charset=euc-jp>"), "euc-jp");
  // content=…charset=… counts only with http-equiv=content-type (HTML Standard), or name=content-type.
  EXPECT_EQ(PrescanMetaCharset("<meta name=description content=\"charset=gbk\"><p>"), "");
  EXPECT_EQ(PrescanMetaCharset("<meta content=\"text/html; charset=gbk\"><p>"), "");
  EXPECT_EQ(PrescanMetaCharset("<meta name=\"content-type\" content=\"text/html; charset=gbk\">"), "gbk");
  EXPECT_EQ(PrescanMetaCharset("<?xml version=\"1.0\" encoding=\"ISO-8859-7\"?>\n<html>"), "ISO-8859-7");
  EXPECT_EQ(PrescanMetaCharset("\n <?xml version='1.0' encoding='shift_jis' ?><html>"), "shift_jis");
  // A meta wins over the XML declaration.
  EXPECT_EQ(PrescanMetaCharset("<?xml version=\"1.0\" encoding=\"utf-8\"?><html><meta charset=gbk>"), "gbk");
}

TEST(DecodePrescan, SkipsWhatIsNotADeclaration) {
  EXPECT_EQ(PrescanMetaCharset("<!-- <meta charset=koi8-r> --><meta charset=gbk>"), "gbk");
  EXPECT_EQ(PrescanMetaCharset("<!--><meta charset=gbk>"), "gbk");  // "<!-->" is a whole comment
  EXPECT_EQ(PrescanMetaCharset("<div title='<meta charset=koi8-r>'><meta charset=gbk>"), "gbk");
  EXPECT_EQ(PrescanMetaCharset("<metadata charset=koi8-r><meta charset=gbk>"), "gbk");
  EXPECT_EQ(PrescanMetaCharset("<!DOCTYPE html><?php x ?></p><meta charset=gbk>"), "gbk");
  EXPECT_EQ(PrescanMetaCharset("<meta charset=bogus><meta charset=big5>"), "big5");  // first *known*
  EXPECT_EQ(PrescanMetaCharset("<meta charset=bogus><p>"), "bogus");              // else first seen
  EXPECT_EQ(PrescanMetaCharset("<p>no declaration at all</p>"), "");
  EXPECT_EQ(PrescanMetaCharset(""), "");
  EXPECT_EQ(PrescanMetaCharset("<meta charset=\"gbk"), "");  // unterminated quote at the end
  EXPECT_EQ(PrescanMetaCharset("<meta"), "");
  EXPECT_EQ(PrescanMetaCharset("<"), "");
}

TEST(DecodePrescan, LateDeclarationAndLimit) {
  const std::string filler = "<script>var x = '" + std::string(3000, 'x') + "';</script>\n";
  const std::string page = "<html><head>" + filler + "<meta charset=\"gb2312\"></head>";
  EXPECT_EQ(PrescanMetaCharset(page), "gb2312");           // after 3 KB: found
  EXPECT_EQ(PrescanMetaCharset(page, 1024), "");            // the HTML Standard's 1024 would miss it
  const std::string far = "<html>" + std::string(70000, ' ') + "<meta charset=gbk>";
  EXPECT_EQ(PrescanMetaCharset(far), "");                   // past the 64 KiB default
  EXPECT_EQ(PrescanMetaCharset(far, far.size()), "gbk");
}

// ---------------------------------------------------------------------------------------------
// UTF-8
// ---------------------------------------------------------------------------------------------

TEST(DecodeUtf8, Validity) {
  std::size_t non_ascii = 0;
  EXPECT_TRUE(IsValidUtf8("", &non_ascii));
  EXPECT_EQ(non_ascii, 0u);
  EXPECT_TRUE(IsValidUtf8(std::string(1000, 'a') + "é" + std::string(100, 'b'), &non_ascii));
  EXPECT_EQ(non_ascii, 1u);
  const std::string mixed = kChinese + kRussian + kArabic + "😀𝄞" + kGreek;
  EXPECT_TRUE(IsValidUtf8(mixed));
  for (const char* bad : {"\x80", "\xC0\xAF", "\xC1\xBF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                          "\xF5\x80\x80\x80", "\xFF", "\xE4\xB8x", "\xC3(", "a\xF0\x9F\x98z"}) {
    EXPECT_FALSE(IsValidUtf8(std::string(40, 'a') + bad + std::string(40, 'b'))) << bad;
  }
}

TEST(DecodeUtf8, TruncatedTailCountsAsValid) {
  const std::string text = std::string(30, 'a') + "中文";  // 中 = E4 B8 AD, 文 = E6 96 87
  for (std::size_t cut = 1; cut <= 2; ++cut) {
    const std::string truncated = text.substr(0, text.size() - cut);
    EXPECT_TRUE(IsValidUtf8(truncated));
    const Utf8Stats stats = ScanUtf8(truncated);
    EXPECT_EQ(stats.invalid, 0u);
    EXPECT_EQ(stats.truncated_tail, 3 - cut);
    EXPECT_EQ(stats.valid_prefix, text.size() - 3);
  }
  EXPECT_FALSE(IsValidUtf8("abc\xE0\x80"));  // not a prefix of any valid sequence
  EXPECT_TRUE(IsValidUtf8("abc\xF0\x9F\x98"));
}

TEST(DecodeUtf8, PrefixLengthAndStats) {
  const std::string s = "ok 中 \xFF rest \xC3\xA9 \x80\x80";
  EXPECT_EQ(ValidUtf8PrefixLength(s), 7u);
  const Utf8Stats stats = ScanUtf8(s);
  EXPECT_EQ(stats.valid_prefix, 7u);
  EXPECT_EQ(stats.non_ascii, 2u);
  EXPECT_EQ(stats.invalid, 3u);
  EXPECT_EQ(stats.non_ascii_bytes, 5u);  // 中 (3) and é (2)
  EXPECT_EQ(stats.invalid_bytes, 3u);
  EXPECT_FALSE(MostlyUtf8(stats));
  EXPECT_FALSE(DeclaredUtf8Holds(stats));  // 5 well-formed bytes of 8: under two thirds
  EXPECT_TRUE(DeclaredUtf8Holds(ScanUtf8("ok 中 \xFF rest \xC3\xA9 \x80")));  // 5 of 7
  EXPECT_TRUE(MostlyUtf8(ScanUtf8(kChinese + "\xB0" + kChinese)));
  // Legacy double-byte text never passes, however it is labelled.
  EXPECT_FALSE(DeclaredUtf8Holds(ScanUtf8(Encode(kChinese + kTraditional, "gb18030"))));
  EXPECT_FALSE(DeclaredUtf8Holds(ScanUtf8(Encode(kTraditional + kTraditional, "Big5-HKSCS"))));
  EXPECT_FALSE(DeclaredUtf8Holds(ScanUtf8(Encode(kJapanese, "windows-31j"))));
}

TEST(DecodeUtf8, EarlyStopOnLegacyBytes) {
  const std::string gbk = Encode(kChinese + kChinese + kChinese, "gb18030");
  const Utf8Stats full = ScanUtf8(gbk);
  const Utf8Stats early = ScanUtf8(gbk, /*stop_when_not_mostly_utf8=*/true);
  EXPECT_TRUE(full.complete);
  EXPECT_FALSE(early.complete);
  EXPECT_LT(early.invalid, full.invalid);
  EXPECT_FALSE(MostlyUtf8(full));
  EXPECT_FALSE(MostlyUtf8(early));
  // UTF-8 with a few stray bytes is always scanned to the end.
  const std::string text = kChinese + "\xFF" + kGreek;
  const Utf8Stats stray = ScanUtf8(text, true);
  EXPECT_TRUE(stray.complete);
  EXPECT_EQ(stray.invalid, 1u);
  EXPECT_TRUE(MostlyUtf8(stray));
}

TEST(DecodeUtf8, RepairReplacesMaximalSubparts) {
  std::string out;
  EXPECT_EQ(RepairUtf8("a\xF1\x80\x80" "b", &out), 1u);  // one truncated 4-byte sequence → one U+FFFD
  EXPECT_EQ(out, "a\xEF\xBF\xBD" "b");
  EXPECT_EQ(RepairUtf8("\xC0\xAF", &out), 2u);            // C0 can start nothing: two
  EXPECT_EQ(out, "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(RepairUtf8("\xED\xA0\x80", &out), 3u);        // surrogate: three
  EXPECT_EQ(RepairUtf8("中文\xE6\x96", &out), 0u);        // cut-off tail dropped
  EXPECT_EQ(out, "中文");
  EXPECT_EQ(RepairUtf8(kGreek, &out), 0u);
  EXPECT_EQ(out, kGreek);
}

// ---------------------------------------------------------------------------------------------
// Binary sniffing
// ---------------------------------------------------------------------------------------------

TEST(DecodeBinary, MagicNumbers) {
  std::string what;
  EXPECT_TRUE(LooksBinary("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj", &what));
  EXPECT_EQ(what, "PDF document");
  EXPECT_TRUE(LooksBinary(std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16), &what));
  EXPECT_EQ(what, "PNG image");
  EXPECT_TRUE(LooksBinary(std::string("\x1F\x8B\x08\0\0\0\0\0\0\x03", 10), &what));
  EXPECT_EQ(what, "gzip data");
  EXPECT_TRUE(LooksBinary("GIF89a\x01\0\x01\0", &what));
  EXPECT_EQ(what, "GIF image");
  EXPECT_TRUE(LooksBinary("\xFF\xD8\xFF\xE0\0\x10JFIF", &what));
  EXPECT_EQ(what, "JPEG image");
  EXPECT_TRUE(LooksBinary(std::string("RIFF\x24\0\0\0WEBPVP8 ", 16), &what));
  EXPECT_EQ(what, "WebP image");
  EXPECT_TRUE(LooksBinary(std::string("PK\x03\x04\x14\0\0\0", 8), &what));
  EXPECT_EQ(what, "ZIP archive");
  EXPECT_TRUE(LooksBinary("BZh91AY&SY\x12\x34", &what));
  EXPECT_EQ(what, "bzip2 data");
  EXPECT_TRUE(LooksBinary(std::string("\xFD" "7zXZ\0\0\x04", 8), &what));
  EXPECT_EQ(what, "xz data");
  EXPECT_TRUE(LooksBinary("7z\xBC\xAF\x27\x1C\0\x04", &what));
  EXPECT_EQ(what, "7z archive");
  EXPECT_TRUE(LooksBinary("\x7F" "ELF\x02\x01\x01", &what));
  EXPECT_EQ(what, "ELF executable");
}

TEST(DecodeBinary, RandomBytesAreBinaryTextIsNot) {
  std::mt19937 rng(12345);
  std::string random(8192, '\0');
  for (char& c : random) c = static_cast<char>(rng() & 0xFF);
  std::string what;
  EXPECT_TRUE(LooksBinary(random, &what));
  EXPECT_EQ(what, "binary data");

  EXPECT_FALSE(LooksBinary("", &what));
  EXPECT_FALSE(LooksBinary(Page(MetaCharset("utf-8"), kChinese), &what));
  EXPECT_FALSE(LooksBinary(Page("", Encode(kChinese, "gb18030")), &what));
  EXPECT_FALSE(LooksBinary(Page("", Encode(kJapanese, "ISO-2022-JP")), &what));  // ESC is text
  EXPECT_FALSE(LooksBinary("BZh is just text", &what));
  const std::string page = Page(MetaCharset("utf-16"), kRussian + " plain text");
  EXPECT_FALSE(LooksBinary(Encode(page, "UTF-16LE"), nullptr));              // BOM-less UTF-16LE
  EXPECT_FALSE(LooksBinary(Encode(page, "UTF-16BE"), nullptr));              // BOM-less UTF-16BE
  EXPECT_FALSE(LooksBinary("\xFF\xFE" + Encode(page, "UTF-16LE"), nullptr));  // with BOM
  EXPECT_FALSE(LooksBinary("\xFF\xFE" + Encode(kChinese, "UTF-16LE"), nullptr));
}

TEST(DecodeBinary, Utf16Sniff) {
  const std::string page = Page("", "Hello world, plain text " + kGreek);
  EXPECT_EQ(SniffUtf16WithoutBom(Encode(page, "UTF-16LE")), "UTF-16LE");
  EXPECT_EQ(SniffUtf16WithoutBom(Encode(page, "UTF-16BE")), "UTF-16BE");
  EXPECT_EQ(SniffUtf16WithoutBom(page), "");
  EXPECT_EQ(SniffUtf16WithoutBom(Encode(page, "gb18030")), "");
}

// ---------------------------------------------------------------------------------------------
// The sniffing order
// ---------------------------------------------------------------------------------------------

TEST(DecodeOrder, EncodingSourceNames) {
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kCaller), "caller");
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kBom), "bom");
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kMeta), "meta");
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kUtf8Valid), "utf8");
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kDetector), "detector");
  EXPECT_STREQ(EncodingSourceName(EncodingSource::kDefault), "default");
}

TEST(DecodeOrder, ForcedWinsOverEverything) {
  const std::string page = Page(MetaCharset("koi8-r"), kRussian);
  const Decoded d = MustDecode(Encode(page, "windows-1251"), " CP1251 ", "koi8-r");
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "windows-1251");
  EXPECT_EQ(d.info.source, EncodingSource::kCaller);
  EXPECT_EQ(d.info.declared, "koi8-r");

  // Even over a BOM; a BOM of the forced encoding itself is dropped.
  EXPECT_EQ(MustDecode("\xEF\xBB\xBF" "caf\xC3\xA9", "windows-1252").utf8, "\xC3\xAF\xC2\xBB\xC2\xBF" "cafÃ©");
  EXPECT_EQ(MustDecode("\xEF\xBB\xBF" "café", "utf-8").utf8, "café");

  Decoded bad;
  const Status status = Decode(page, "no-such-charset", "", &bad);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
}

TEST(DecodeOrder, ForcedLegacyAndBuiltinDecoders) {
  // A replacement label named explicitly decodes with its real decoder.
  const std::string korean = "서울 시민들은 오늘 아침 출근길에 큰 불편을 겪었다.";
  const Decoded kr = MustDecode(Encode(korean, "ISO-2022-KR"), "iso-2022-kr");
  EXPECT_EQ(kr.utf8, korean);
  EXPECT_EQ(kr.info.charset, "ISO-2022-KR");
  EXPECT_EQ(MustDecode("a\xA4\xAA\xBA", "iso-8859-16").utf8, "a€Șș");
  EXPECT_EQ(MustDecode("a\x80\xFF", "x-user-defined").utf8, "a\uF780\uF7FF");
}

TEST(DecodeOrder, ByteOrderMarks) {
  const std::string page = Page(MetaCharset("windows-1251"), kChinese + kArabic);
  const struct {
    const char* bom;
    std::size_t bom_size;
    const char* charset;
  } cases[] = {{"\xEF\xBB\xBF", 3, "UTF-8"}, {"\xFF\xFE", 2, "UTF-16LE"}, {"\xFE\xFF", 2, "UTF-16BE"}};
  for (const auto& c : cases) {
    const std::string bytes = std::string(c.bom, c.bom_size) + Encode(page, c.charset);
    const Decoded d = MustDecode(bytes, "", "gbk");  // the BOM beats the caller and the meta
    EXPECT_EQ(d.utf8, page) << c.charset;
    EXPECT_EQ(d.info.charset, c.charset);
    EXPECT_EQ(d.info.source, EncodingSource::kBom);
    EXPECT_EQ(d.info.replacements, 0u);
  }
  // An unpaired surrogate in UTF-16 becomes U+FFFD.
  const Decoded lone = MustDecode(std::string("\xFF\xFE\x00\xD8" "a\x00", 6));
  EXPECT_EQ(lone.utf8, "\uFFFDa");
  EXPECT_EQ(lone.info.replacements, 1u);
  // A doubled UTF-8 BOM still leaves no BOM in the output.
  EXPECT_EQ(MustDecode("\xEF\xBB\xBF\xEF\xBB\xBF" "abc").utf8, "abc");
}

TEST(DecodeOrder, CallerBeatsMeta) {
  const std::string page = Page(MetaCharset("big5"), kChinese);
  const Decoded d = MustDecode(Encode(page, "gb18030"), "", "gbk");
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "GB18030");
  EXPECT_EQ(d.info.source, EncodingSource::kCaller);
  EXPECT_EQ(d.info.declared, "big5");
  // An unknown caller label is ignored: the meta decides.
  const std::string big5_page = Page(MetaCharset("big5"), kTraditional);
  const Decoded m = MustDecode(Encode(big5_page, "Big5-HKSCS"), "", "x-unknown");
  EXPECT_EQ(m.utf8, big5_page);
  EXPECT_EQ(m.info.source, EncodingSource::kMeta);
}

TEST(DecodeOrder, MetaDecidesForEachScript) {
  const struct {
    const std::string* text;
    const char* label;       // what the page declares
    const char* icu;         // how the test encodes it
    const char* expected;    // charset pith reports
  } cases[] = {
      {&kChinese, "gb2312", "gb18030", "GB18030"},
      {&kChinese, "GBK", "gb18030", "GB18030"},
      {&kTraditional, "big5", "Big5-HKSCS", "Big5-HKSCS"},
      {&kJapanese, "shift_jis", "windows-31j", "windows-31j"},
      {&kJapanese, "euc-jp", "EUC-JP", "EUC-JP"},
      {&kJapanese, "iso-2022-jp", "ISO-2022-JP", "ISO-2022-JP"},
      {&kRussian, "windows-1251", "windows-1251", "windows-1251"},
      {&kRussian, "koi8-r", "KOI8-R", "KOI8-R"},
      {&kGreek, "windows-1253", "windows-1253", "windows-1253"},
      {&kGreek, "iso-8859-7", "ISO-8859-7", "ISO-8859-7"},
      {&kArabic, "windows-1256", "windows-1256", "windows-1256"},
      {&kFrench, "iso-8859-1", "windows-1252", "windows-1252"},
  };
  for (const auto& c : cases) {
    const std::string page = Page(MetaCharset(c.label), *c.text);
    const Decoded d = MustDecode(Encode(page, c.icu));
    EXPECT_EQ(d.utf8, page) << c.label;
    EXPECT_EQ(d.info.charset, c.expected) << c.label;
    EXPECT_EQ(d.info.source, EncodingSource::kMeta) << c.label;
    EXPECT_EQ(d.info.declared, c.label);
    EXPECT_EQ(d.info.replacements, 0u) << c.label;
  }
}

TEST(DecodeOrder, GbkFullWidthSpaceSlotBecomesIdeographicSpace) {
  // 中 A3A0 文: A3A0 is the private-use U+E5E5 in the standard's index; pages meant a full-width space.
  const Decoded d = MustDecode(MetaCharset("gbk") + "\xD6\xD0\xA3\xA0\xCE\xC4");
  EXPECT_EQ(d.utf8, MetaCharset("gbk") + "中\u3000文");
  EXPECT_EQ(d.info.replacements, 0u);
}

TEST(DecodeOrder, MetaForms) {
  const std::string late = Page(
      "<script>var config = {" + std::string(2500, ' ') + "};</script>"
      "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\">",
      kChinese);
  const Decoded d1 = MustDecode(Encode(late, "gb18030"));
  EXPECT_EQ(d1.utf8, late);
  EXPECT_EQ(d1.info.source, EncodingSource::kMeta);
  EXPECT_EQ(d1.info.declared, "gb2312");

  const std::string xml = "<?xml version=\"1.0\" encoding=\"windows-1253\"?>\n" + Page("", kGreek);
  const Decoded d2 = MustDecode(Encode(xml, "windows-1253"));
  EXPECT_EQ(d2.utf8, xml);
  EXPECT_EQ(d2.info.charset, "windows-1253");
  EXPECT_EQ(d2.info.source, EncodingSource::kMeta);
}

TEST(DecodeOrder, LegacyMetaOnUtf8BytesMeansUtf8) {
  const std::string page = Page(MetaCharset("gb2312"), kChinese);
  const Decoded d = MustDecode(page);
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "UTF-8");
  EXPECT_EQ(d.info.source, EncodingSource::kUtf8Valid);
  EXPECT_EQ(d.info.declared, "gb2312");
  // Same for a caller's legacy charset.
  const Decoded c = MustDecode(Page("", kFrench), "", "iso-8859-1");
  EXPECT_EQ(c.utf8, Page("", kFrench));
  EXPECT_EQ(c.info.source, EncodingSource::kUtf8Valid);
  // An ASCII-only page keeps its declared legacy charset (the bytes read the same).
  const Decoded a = MustDecode(Page(MetaCharset("windows-1251"), "plain"));
  EXPECT_EQ(a.info.charset, "windows-1251");
  EXPECT_EQ(a.info.source, EncodingSource::kMeta);
}

TEST(DecodeOrder, Utf8MetaOnGbkBytesIsDetected) {
  const std::string page = Page(MetaCharset("utf-8"), kChinese + kChinese);
  const Decoded d = MustDecode(Encode(page, "gb18030"));
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "GB18030");
  EXPECT_EQ(d.info.source, EncodingSource::kDetector);
  EXPECT_EQ(d.info.declared, "utf-8");
}

TEST(DecodeOrder, Utf8DeclaredPageWithAFewStrayBytesStaysUtf8) {
  // A mostly-ASCII page that declares UTF-8, with two characters in UTF-8 and two stray windows-1252
  // bytes (a no-break space and a euro sign pasted in): two ill-formed sequences for two well-formed
  // ones is not MostlyUtf8, and the detector reads the page as windows-1250. Five of its seven
  // non-ASCII bytes are well-formed: UTF-8, U+FFFD for the stray bytes.
  const std::string body =
      "The caf\xC3\xA9 on the corner serves coffee and tea every day of the week, and the visitors "
      "order two cups each time they come by here. Prices start at 5\xA0\x80 for an espresso \xE2\x80\x94 "
      "cheap for the area, paid at the counter.";
  const std::string page = Page(MetaCharset("utf-8"), body);
  ASSERT_FALSE(MostlyUtf8(ScanUtf8(page)));
  const Decoded meta = MustDecode(page);
  const Decoded caller = MustDecode(Page("", body), {}, "utf-8");
  for (const Decoded* d : {&meta, &caller}) {
    EXPECT_EQ(d->info.charset, "UTF-8");
    EXPECT_EQ(d->info.replacements, 2u);
    EXPECT_NE(d->utf8.find("The café on the corner"), std::string::npos) << d->utf8;
    EXPECT_NE(d->utf8.find("5\uFFFD\uFFFD for an espresso — cheap"), std::string::npos) << d->utf8;
  }
  EXPECT_EQ(meta.info.source, EncodingSource::kMeta);
  EXPECT_EQ(caller.info.source, EncodingSource::kCaller);
}

TEST(DecodeOrder, Utf8DeclaredWesternLegacyPageIsDetected) {
  // French in windows-1252 under a UTF-8 meta: none of its accented letters starts a well-formed
  // sequence, so the declaration does not stand.
  const std::string page = Page(MetaCharset("utf-8"), kFrench + " " + kFrench);
  const Decoded d = MustDecode(Encode(page, "windows-1252"));
  EXPECT_EQ(d.utf8, page) << d.info.charset;
  EXPECT_NE(d.info.charset, "UTF-8");
}

TEST(DecodeOrder, WrongLegacyMetaWithManyReplacementsIsDetected) {
  // GBK bytes under a Big5 declaration: many GBK trail bytes are illegal in Big5.
  const std::string page = Page(MetaCharset("big5"), kChinese + kChinese);
  const Decoded d = MustDecode(Encode(page, "gb18030"));
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "GB18030");
  EXPECT_EQ(d.info.source, EncodingSource::kDetector);
  EXPECT_EQ(d.info.declared, "big5");
}

TEST(DecodeOrder, Utf16MetaOnAsciiCompatiblePageMeansUtf8) {
  const std::string page = Page(MetaCharset("utf-16"), kGreek);
  const Decoded d = MustDecode(page);
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "UTF-8");
  EXPECT_EQ(d.info.source, EncodingSource::kMeta);
}

TEST(DecodeOrder, ReplacementAndUnknownMetaAreIgnored) {
  for (const char* label : {"iso-2022-kr", "hz-gb-2312", "x-no-such-thing"}) {
    const std::string page = Page(MetaCharset(label), kChinese);
    const Decoded d = MustDecode(page);
    EXPECT_EQ(d.utf8, page) << label;
    EXPECT_EQ(d.info.source, EncodingSource::kUtf8Valid) << label;
    EXPECT_EQ(d.info.declared, label);
  }
}

TEST(DecodeOrder, DetectorOnUndeclaredLegacyBytes) {
  const struct {
    std::string text;
    const char* icu;
  } cases[] = {
      {kChinese + kChinese, "gb18030"},
      {kTraditional + kTraditional, "Big5-HKSCS"},
      {kJapanese + kJapanese, "windows-31j"},
      {kJapanese + kJapanese, "EUC-JP"},
      {kRussian + kRussian, "windows-1251"},
      {kRussian + kRussian, "KOI8-R"},
      {kGreek + kGreek, "windows-1253"},
      {kArabic + kArabic, "windows-1256"},
  };
  for (const auto& c : cases) {
    const std::string page = Page("", c.text);
    const Decoded d = MustDecode(Encode(page, c.icu));
    EXPECT_EQ(d.utf8, page) << c.icu << " decoded as " << d.info.charset;
    EXPECT_EQ(d.info.source, EncodingSource::kDetector) << c.icu;
    EXPECT_EQ(d.info.declared, "");
  }
}

TEST(DecodeOrder, WesternLegacyWithoutDeclaration) {
  const std::string page = Page("", kFrench + " " + kFrench);
  const Decoded d = MustDecode(Encode(page, "windows-1252"));
  EXPECT_EQ(d.utf8, page) << d.info.charset;
  EXPECT_TRUE(d.info.source == EncodingSource::kDetector || d.info.source == EncodingSource::kDefault);
}

TEST(DecodeOutput, NulBytesAreDroppedAndCounted) {
  // U+0000 never reaches the parser (its text preprocessing mangles neighbouring bytes); a BOM that a
  // leading NUL hid is still stripped (found by fuzz/decode_fuzz.cc).
  const Decoded d = MustDecode(std::string("\xEF\xBB\xBF\0\xEF\xBB\xBF<p>a\0b</p>", 17));
  EXPECT_EQ(d.utf8, "<p>ab</p>");
  EXPECT_EQ(d.info.replacements, 2u);
  const Decoded legacy = MustDecode(std::string("<p>\xFD\xFF\0\0\xC3</p>", 12), "windows-1252");
  EXPECT_EQ(legacy.utf8, "<p>\u00FD\u00FF\u00C3</p>");
}

TEST(DecodeOrder, Utf16WithoutBom) {
  const std::string page = Page("", kRussian);
  const Decoded d = MustDecode(Encode(page, "UTF-16LE"));
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "UTF-16LE");
  EXPECT_EQ(d.info.source, EncodingSource::kDetector);
  const Decoded c = MustDecode(Encode(page, "UTF-16BE"), "", "utf-16");  // caller: bytes pick the order
  EXPECT_EQ(c.utf8, page);
  EXPECT_EQ(c.info.charset, "UTF-16BE");
  EXPECT_EQ(c.info.source, EncodingSource::kCaller);
}

TEST(DecodeOrder, PureAsciiAndEmpty) {
  const std::string page = Page("", "Nothing but ASCII here.");
  const Decoded d = MustDecode(page);
  EXPECT_EQ(d.utf8, page);
  EXPECT_EQ(d.info.charset, "UTF-8");
  EXPECT_EQ(d.info.source, EncodingSource::kUtf8Valid);

  const Decoded e = MustDecode("");
  EXPECT_EQ(e.utf8, "");
  EXPECT_EQ(e.info.replacements, 0u);
}

TEST(DecodeOrder, InvalidUtf8BecomesReplacementCharacters) {
  const std::string page = Page(MetaCharset("utf-8"), kChinese + "\xFF" + kGreek + "\xC3(" + kArabic);
  const Decoded d = MustDecode(page);
  EXPECT_EQ(d.info.charset, "UTF-8");
  EXPECT_EQ(d.info.source, EncodingSource::kMeta);
  EXPECT_EQ(d.info.replacements, 2u);
  EXPECT_EQ(d.utf8, Page(MetaCharset("utf-8"), kChinese + "\uFFFD" + kGreek + "\uFFFD(" + kArabic));
  // Undeclared, the same page is still mostly UTF-8.
  const std::string undeclared = Page("", kChinese + "\xFF" + kGreek);
  const Decoded u = MustDecode(undeclared);
  EXPECT_EQ(u.info.source, EncodingSource::kUtf8Valid);
  EXPECT_EQ(u.info.replacements, 1u);
}

TEST(DecodeOrder, TruncatedMultiByteAtEnd) {
  const std::string page = Page("", kChinese) + "最后";
  const std::string truncated = page.substr(0, page.size() - 1);  // cut inside 后
  const Decoded d = MustDecode(truncated);
  EXPECT_EQ(d.info.source, EncodingSource::kUtf8Valid);
  EXPECT_EQ(d.utf8, Page("", kChinese) + "最");
  EXPECT_EQ(d.info.replacements, 0u);
}

// DecodeText gives the text Decode gives, and leaves bytes that are already that text in place.
TEST(DecodeOutput, DecodeTextBorrowsValidUtf8) {
  const std::string valid = Page(MetaCharset("utf-8"), kChinese + " " + kFrench);
  struct Case {
    std::string bytes;
    bool in_place;
  };
  const std::vector<Case> cases = {
      {valid, true},
      {(Page("", kChinese) + "最后").substr(0, Page("", kChinese).size() + 5), true},  // cut inside 后
      {Page("", "Nothing but ASCII here."), true},
      {"\xEF\xBB\xBF" + valid, false},
      {std::string("<p>a\0b</p>", 9), false},
      {Page("", kChinese + "\xFF" + kGreek), false},
      {Encode(Page("", kRussian), "UTF-16LE"), false},
      {Encode(Page(MetaCharset("gbk"), kChinese), "gbk"), false},
      {"", false},
  };
  for (const Case& c : cases) {
    Decoded copied, borrowed;
    std::string_view text;
    ASSERT_TRUE(Decode(c.bytes, "", "", &copied).ok());
    ASSERT_TRUE(DecodeText(c.bytes, "", "", &borrowed, &text).ok());
    EXPECT_EQ(text, copied.utf8);
    EXPECT_EQ(borrowed.info.charset, copied.info.charset);
    EXPECT_EQ(borrowed.info.source, copied.info.source);
    EXPECT_EQ(borrowed.info.replacements, copied.info.replacements);
    EXPECT_EQ(!text.empty() && text.data() == c.bytes.data(), c.in_place) << c.bytes;
    if (c.in_place) {
      EXPECT_TRUE(borrowed.utf8.empty());
    }
  }
}

TEST(DecodeOrder, ArbitraryBytesAlwaysComeOutValid) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    std::string bytes(static_cast<std::size_t>(rng() % 600), '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
    if (round % 3 == 0) bytes = MetaCharset("utf-8") + bytes;
    if (round % 5 == 0) bytes = MetaCharset("shift_jis") + bytes;
    MustDecode(bytes);
    MustDecode(bytes, "", "gbk");
    MustDecode(bytes, "utf-16be");
    MustDecode(bytes, "iso-2022-jp");
  }
}

TEST(DecodeOrder, DetectCharsetOnStrippedText) {
  // The Chinese is only in the text; scripts full of Latin-1 bytes must not confuse the detector.
  const std::string page = "<html><head><script>var s = '" + std::string(400, '\xE9') +
                           "';</script><style>p{}</style></head><body><!-- " + std::string(300, '\xE8') +
                           " --><p>" + kChinese + "</p></body></html>";
  EXPECT_EQ(DetectCharset(Encode(page, "gb18030")), "GB18030");
}

// ---------------------------------------------------------------------------------------------
// The shared development corpus
// ---------------------------------------------------------------------------------------------

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct CjkCounts {
  std::size_t cjk = 0;          // U+2000 and above: ideographs, CJK and general punctuation, symbols
  std::size_t other_non_ascii = 0;  // U+0080–U+1FFF: Latin-1, Latin Extended… (mojibake lands here)
  std::size_t replacement = 0;  // U+FFFD
};

CjkCounts CountCjk(std::string_view utf8) {
  CjkCounts counts;
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), utf8.size()));
  for (int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    if (c < 0x80) continue;
    if (c == 0xFFFD) {
      ++counts.replacement;
    } else if (c >= 0x2000) {
      ++counts.cjk;
    } else {
      ++counts.other_non_ascii;
    }
  }
  return counts;
}

std::filesystem::path SharedData() { return std::filesystem::path(PITH_SHARED_DATA); }

TEST(DecodeCorpus, EveryPageDecodesToValidUtf8) {
  if (!std::filesystem::is_directory(SharedData())) GTEST_SKIP() << "no shared data at " << SharedData();
  std::size_t pages = 0;
  std::map<std::string, std::size_t> by_source;
  for (const auto& set : std::filesystem::directory_iterator(SharedData())) {
    const std::filesystem::path html = set.path() / "html";
    const std::filesystem::path index = set.path() / "index.jsonl";
    if (!std::filesystem::is_directory(html)) continue;
    std::map<std::string, nlohmann::json> rows;
    if (std::filesystem::exists(index)) {
      std::ifstream in(index);
      for (std::string line; std::getline(in, line);) {
        if (line.empty()) continue;
        const nlohmann::json row = nlohmann::json::parse(line);
        rows[row.value("id", "")] = row;
      }
    }
    for (const auto& file : std::filesystem::directory_iterator(html)) {
      const std::string bytes = ReadFile(file.path());
      Decoded d;
      ASSERT_TRUE(Decode(bytes, "", "", &d).ok()) << file.path();
      const Utf8Stats out = ScanUtf8(d.utf8);
      ASSERT_EQ(out.invalid, 0u) << file.path();
      ASSERT_EQ(out.truncated_tail, 0u) << file.path();
      ASSERT_FALSE(std::string_view(d.utf8).starts_with("\xEF\xBB\xBF")) << file.path();
      EXPECT_FALSE(LooksBinary(bytes, nullptr)) << file.path();
      ++pages;
      ++by_source[EncodingSourceName(d.info.source) + std::string("/") + d.info.charset];
      const auto row = rows.find(file.path().stem().string());
      if (row == rows.end()) continue;
      if (row->second.value("bytes_valid_utf8", false)) {
        // Valid UTF-8 must come through unchanged (any legacy declaration notwithstanding).
        std::string_view expected(bytes);
        if (expected.starts_with("\xEF\xBB\xBF")) expected.remove_prefix(3);
        EXPECT_EQ(d.utf8, expected) << file.path() << " " << d.info.charset;
      }
    }
  }
  std::printf("[ corpus   ] %zu pages decoded\n", pages);
  for (const auto& [key, count] : by_source) std::printf("[ corpus   ]   %-28s %zu\n", key.c_str(), count);
  EXPECT_GT(pages, 0u);
}

TEST(DecodeCorpus, ZhCwcedLegacyPagesComeOutChinese) {
  const std::filesystem::path set = SharedData() / "zh-cwced";
  if (!std::filesystem::exists(set / "index.jsonl")) GTEST_SKIP() << "no zh-cwced set";
  std::ifstream in(set / "index.jsonl");
  std::size_t pages = 0, cjk_total = 0, other_total = 0, fffd_total = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const nlohmann::json row = nlohmann::json::parse(line);
    if (row.value("bytes_valid_utf8", true)) continue;
    const std::string id = row.value("id", "");
    const std::string bytes = ReadFile(set / "html" / (id + ".html"));
    ASSERT_FALSE(bytes.empty()) << id;
    Decoded d;
    ASSERT_TRUE(Decode(bytes, "", "", &d).ok());
    const CjkCounts counts = CountCjk(d.utf8);
    const std::size_t non_ascii = counts.cjk + counts.other_non_ascii + counts.replacement;
    ++pages;
    cjk_total += counts.cjk;
    other_total += counts.other_non_ascii;
    fffd_total += counts.replacement;
    const std::string declared = row["declared_charset"].is_string() ? row["declared_charset"].get<std::string>() : "-";
    std::printf("[ zh-cwced ] %s declared=%-7s -> %-10s %-8s cjk=%5zu other=%4zu fffd=%zu\n", id.c_str(),
                declared.c_str(), d.info.charset.c_str(), EncodingSourceName(d.info.source), counts.cjk,
                counts.other_non_ascii, counts.replacement);
    EXPECT_GE(counts.cjk * 100, non_ascii * 95) << id << " decoded as " << d.info.charset;
    EXPECT_LE(counts.replacement * 1000, non_ascii + 5) << id;
  }
  std::printf("[ zh-cwced ] %zu legacy pages: cjk=%zu other_non_ascii=%zu fffd=%zu\n", pages, cjk_total,
              other_total, fffd_total);
  EXPECT_EQ(pages, 47u);
}

}  // namespace
}  // namespace pith::decode
