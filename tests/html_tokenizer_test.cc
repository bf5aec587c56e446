// Tests of the HTML5 tokenizer (src/dom/html_tokenizer.h): exact token sequences for every group of
// §13.2.5 states, character references, newline preprocessing, offsets and end of input; the
// comment and script data states are also compared, exhaustively over small alphabets, with a
// literal transcription of the standard's state machines.
#include "dom/html_tokenizer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "decode/decode.h"
#include "dom/html_entities.h"
#include "test_util.h"

namespace {

using pith::dom::HtmlToken;
using pith::dom::HtmlTokenizer;
using State = HtmlTokenizer::State;
using namespace std::string_view_literals;

std::string Quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\f': out += "\\f"; break;
      case '\0': out += "\\0"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

std::string Describe(const HtmlToken& t) {
  switch (t.type) {
    case HtmlToken::kCharacters:
      return "Chars(" + Quote(t.data) + ")";
    case HtmlToken::kComment:
      return "Comment(" + Quote(t.data) + ")";
    case HtmlToken::kStartTag:
    case HtmlToken::kEndTag: {
      std::string out = t.type == HtmlToken::kStartTag ? "StartTag(" : "EndTag(";
      out += t.name;
      for (std::size_t i = 0; i < t.attr_count; ++i) {
        out += " " + std::string(t.attrs[i].name) + "=" + Quote(t.attrs[i].value);
      }
      if (t.self_closing) out += " /";
      return out + ")";
    }
    case HtmlToken::kDoctype: {
      std::string out = "Doctype(" + std::string(t.name);
      if (t.has_public_id) out += " public=" + Quote(t.public_id);
      if (t.has_system_id) out += " system=" + Quote(t.system_id);
      if (t.force_quirks) out += " quirks";
      return out + ")";
    }
    case HtmlToken::kEof:
      return "EOF";
  }
  return "?";
}

struct Options {
  State initial = State::kData;
  bool foreign = false;
  bool offsets = false;        // append "@offset" to each token
  bool switch_states = true;   // act like the tree builder after <title>, <style>, <script>...
};

// Tokenizes `input` and describes every token, separated by spaces, up to and including EOF.
std::string Tokens(std::string_view input, Options options = {}) {
  HtmlTokenizer tokenizer(input);
  tokenizer.SwitchTo(options.initial);
  std::string out;
  for (int guard = 0; guard < 100000; ++guard) {
    tokenizer.set_foreign_content(options.foreign);
    const HtmlToken& t = tokenizer.Next();
    if (!out.empty()) out += ' ';
    out += Describe(t);
    if (options.offsets) out += "@" + std::to_string(t.offset);
    if (t.type == HtmlToken::kEof) return out;
    if (t.type == HtmlToken::kStartTag && options.switch_states) {
      const std::string_view n = t.name;
      if (n == "title" || n == "textarea") tokenizer.SwitchTo(State::kRcdata);
      if (n == "style" || n == "xmp" || n == "iframe" || n == "noembed" || n == "noframes") {
        tokenizer.SwitchTo(State::kRawtext);
      }
      if (n == "script") tokenizer.SwitchTo(State::kScriptData);
      if (n == "plaintext") tokenizer.SwitchTo(State::kPlaintext);
    }
  }
  return out + " <no EOF>";
}

std::string WithOffsets(std::string_view input) {
  Options options;
  options.offsets = true;
  return Tokens(input, options);
}

// ---- Data state and tag open ---------------------------------------------------------------------

TEST(HtmlTokenizerData, EmptyInputIsEof) {
  EXPECT_EQ(Tokens(""), "EOF");
}

TEST(HtmlTokenizerData, TextRunsBetweenTags) {
  EXPECT_EQ(Tokens("Hello, <b>big</b> world!\n"),
            "Chars(\"Hello, \") StartTag(b) Chars(\"big\") EndTag(b) Chars(\" world!\\n\") EOF");
}

TEST(HtmlTokenizerData, RunIsOneTokenAcrossSpacesAndReferences) {
  EXPECT_EQ(Tokens("  a &amp; b\t&lt;c&gt;  "), "Chars(\"  a & b\\t<c>  \") EOF");
}

TEST(HtmlTokenizerData, RunWithoutSpecialsIsAViewIntoTheInput) {
  const std::string input = "<p>plain text here</p>";
  HtmlTokenizer tokenizer(input);
  tokenizer.Next();
  const HtmlToken& t = tokenizer.Next();
  ASSERT_EQ(t.type, HtmlToken::kCharacters);
  EXPECT_EQ(t.data.data(), input.data() + 3);
  EXPECT_EQ(t.data.size(), 15u);
  const HtmlToken& end = tokenizer.Next();
  ASSERT_EQ(end.type, HtmlToken::kEndTag);
  EXPECT_EQ(end.name.data(), input.data() + 20);  // lower-case names are views too
}

TEST(HtmlTokenizerData, LessThanThatOpensNoTagIsText) {
  EXPECT_EQ(Tokens("a < b <3 <= c <\xC3\xA9"), "Chars(\"a < b <3 <= c <\xC3\xA9\") EOF");
  EXPECT_EQ(Tokens("a<"), "Chars(\"a<\") EOF");
  EXPECT_EQ(Tokens("a</"), "Chars(\"a</\") EOF");
  EXPECT_EQ(Tokens("<"), "Chars(\"<\") EOF");
}

TEST(HtmlTokenizerData, EmptyEndTagIsDropped) {
  EXPECT_EQ(Tokens("a</>b"), "Chars(\"ab\") EOF");
  EXPECT_EQ(Tokens("</>"), "EOF");
}

TEST(HtmlTokenizerData, ProcessingInstructionAndBadEndTagAreBogusComments) {
  EXPECT_EQ(Tokens("<?xml version=\"1.0\"?><p>"), "Comment(\"?xml version=\\\"1.0\\\"?\") StartTag(p) EOF");
  EXPECT_EQ(Tokens("</3 x>y"), "Comment(\"3 x\") Chars(\"y\") EOF");
  EXPECT_EQ(Tokens("</ p>"), "Comment(\" p\") EOF");
  EXPECT_EQ(Tokens("<?php"), "Comment(\"?php\") EOF");
  EXPECT_EQ(Tokens("<!x\0y\r\nz>"sv), "Comment(\"x\xEF\xBF\xBDy\\nz\") EOF");
}

TEST(HtmlTokenizerData, NulIsEmittedAsItIsInData) {
  EXPECT_EQ(Tokens("a\0b"sv), "Chars(\"a\\0b\") EOF");
}

// ---- Tags and attributes -------------------------------------------------------------------------

TEST(HtmlTokenizerTag, NamesAreAsciiLowerCased) {
  EXPECT_EQ(Tokens("<DiV CLASS=X Data-Ä=1></DIV>"),
            "StartTag(div class=\"X\" data-\xC3\x84=\"1\") EndTag(div) EOF");
}

TEST(HtmlTokenizerTag, NulInNamesBecomesReplacementCharacter) {
  EXPECT_EQ(Tokens("<a\0b c\0=\0>"sv),
            "StartTag(a\xEF\xBF\xBD" "b c\xEF\xBF\xBD=\"\xEF\xBF\xBD\") EOF");
}

TEST(HtmlTokenizerTag, AttributeValueForms) {
  EXPECT_EQ(Tokens("<a b=\"1 2\" c='3 \"4' d=5 e f = 6 g=>"),
            "StartTag(a b=\"1 2\" c=\"3 \\\"4\" d=\"5\" e=\"\" f=\"6\" g=\"\") EOF");
  EXPECT_EQ(Tokens("<a b=x\"'<=`y>"), "StartTag(a b=\"x\\\"'<=`y\") EOF");
  EXPECT_EQ(Tokens("<a b='>'>"), "StartTag(a b=\">\") EOF");
  EXPECT_EQ(Tokens("<a b=\"x\"c=\"y\">"), "StartTag(a b=\"x\" c=\"y\") EOF");
}

TEST(HtmlTokenizerTag, OddAttributeNames) {
  EXPECT_EQ(Tokens("<a =b>"), "StartTag(a =b=\"\") EOF");
  EXPECT_EQ(Tokens("<a ==b>"), "StartTag(a ==\"b\") EOF");
  EXPECT_EQ(Tokens("<a \"b'c<d=1>"), "StartTag(a \"b'c<d=\"1\") EOF");
  EXPECT_EQ(Tokens("<a b=\"1\"=c>"), "StartTag(a b=\"1\" =c=\"\") EOF");
}

TEST(HtmlTokenizerTag, DuplicateAttributesKeepTheFirst) {
  EXPECT_EQ(Tokens("<a x=1 y=2 X=3 x='4' Y>"), "StartTag(a x=\"1\" y=\"2\") EOF");
  EXPECT_EQ(Tokens("<a x=&amp; x=&lt; z=\"&gt;\">"), "StartTag(a x=\"&\" z=\">\") EOF");
}

TEST(HtmlTokenizerTag, DuplicatesWithDecodedOrFoldedText) {
  // A dropped duplicate's decoded value must not disturb the kept values around it.
  EXPECT_EQ(Tokens("<a x=\"&amp;1\" x=\"&lt;2\" y=\"&gt;3\" X=4 z=&quot;5>"),
            "StartTag(a x=\"&1\" y=\">3\" z=\"\\\"5\") EOF");
  EXPECT_EQ(Tokens("<a AbC=\"1\" abc=\"2\" ABC=3 d>"), "StartTag(a abc=\"1\" d=\"\") EOF");
}

TEST(HtmlTokenizerTag, DuplicatesAmongManyAttributes) {
  std::string input = "<a";
  std::string expected = "StartTag(a";
  for (int i = 0; i < 300; ++i) {
    input += " n" + std::to_string(i) + "=" + std::to_string(i);
    expected += " n" + std::to_string(i) + "=\"" + std::to_string(i) + "\"";
  }
  for (int i = 0; i < 300; i += 7) input += " N" + std::to_string(i) + "=&amp;dup";
  input += " last=1>";
  expected += " last=\"1\") EOF";
  EXPECT_EQ(Tokens(input), expected);
}

TEST(HtmlTokenizerTag, SelfClosing) {
  EXPECT_EQ(Tokens("<br/><img src=x />"), "StartTag(br /) StartTag(img src=\"x\" /) EOF");
  EXPECT_EQ(Tokens("<a/b>"), "StartTag(a b=\"\") EOF");
  EXPECT_EQ(Tokens("<a / b>"), "StartTag(a b=\"\") EOF");
  EXPECT_EQ(Tokens("<a b=c/>"), "StartTag(a b=\"c/\") EOF");
  EXPECT_EQ(Tokens("<a b='c'/>"), "StartTag(a b=\"c\" /) EOF");
  EXPECT_EQ(Tokens("<a b/>"), "StartTag(a b=\"\" /) EOF");
}

TEST(HtmlTokenizerTag, EndTagsCarryNoAttributes) {
  EXPECT_EQ(Tokens("</a b=\"c>d\" e>x"), "EndTag(a) Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("</br/>"), "EndTag(br /) EOF");
}

TEST(HtmlTokenizerTag, WhitespaceOfEveryKindSeparates) {
  EXPECT_EQ(Tokens("<a\tb\nc\fd\re\r\nf = \r\n'g'>"),
            "StartTag(a b=\"\" c=\"\" d=\"\" e=\"\" f=\"g\") EOF");
}

TEST(HtmlTokenizerTag, EndOfInputInsideATagDropsIt) {
  for (const char* input : {"x<a", "x<a ", "x<a b", "x<a b ", "x<a b=", "x<a b= ", "x<a b=\"c", "x<a b='c",
                            "x<a b=c", "x<a/", "x<a b=\"c\"", "x</a", "x</a b='>"}) {
    EXPECT_EQ(Tokens(input), "Chars(\"x\") EOF") << input;
  }
}

// ---- Character references ------------------------------------------------------------------------

TEST(HtmlTokenizerReference, NamedInData) {
  EXPECT_EQ(Tokens("&amp;&lt;&gt;&quot;&nbsp;&copy;&eacute;&NotEqualTilde;&fjlig;"),
            "Chars(\"&<>\\\"\xC2\xA0\xC2\xA9\xC3\xA9\xE2\x89\x82\xCC\xB8" "fj\") EOF");
}

TEST(HtmlTokenizerReference, LegacyNamesWithoutSemicolonInData) {
  EXPECT_EQ(Tokens("&amp &ampx &copy2 &notit; &notin; &notin"),
            "Chars(\"& &x \xC2\xA9" "2 \xC2\xAC" "it; \xE2\x88\x89 \xC2\xAC" "in\") EOF");
}

TEST(HtmlTokenizerReference, NotAReference) {
  EXPECT_EQ(Tokens("& &; &foo; &#; &#x; &#xg; &#a &Amp; &"),
            "Chars(\"& &; &foo; &#; &#x; &#xg; &#a &Amp; &\") EOF");
  EXPECT_EQ(Tokens("AT&T Q&A &&amp;"), "Chars(\"AT&T Q&A &&\") EOF");
}

TEST(HtmlTokenizerReference, NumericDecimalAndHex) {
  EXPECT_EQ(Tokens("&#65;&#x41;&#X61;&#0065&#x00000041x&#128512;&#x1F600;"),
            "Chars(\"AAaAAx\xF0\x9F\x98\x80\xF0\x9F\x98\x80\") EOF");
}

TEST(HtmlTokenizerReference, NumericEdgeCases) {
  // 0, beyond U+10FFFF (however long) and surrogates become U+FFFD.
  EXPECT_EQ(Tokens("&#0;&#x110000;&#99999999999999999999;&#xD800;&#xDFFF;"),
            "Chars(\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\") EOF");
  EXPECT_EQ(Tokens("&#x10FFFF;"), "Chars(\"\xF4\x8F\xBF\xBF\") EOF");
  // The C1 range maps through windows-1252 where it has a character; the holes stay.
  EXPECT_EQ(Tokens("&#x80;&#x82;&#x8E;&#x9F;&#150;"),
            "Chars(\"\xE2\x82\xAC\xE2\x80\x9A\xC5\xBD\xC5\xB8\xE2\x80\x93\") EOF");
  EXPECT_EQ(Tokens("&#x81;&#x8D;&#x9D;"), "Chars(\"\xC2\x81\xC2\x8D\xC2\x9D\") EOF");
  // Other controls and noncharacters are kept; &#13; is a CR that no preprocessing removes.
  EXPECT_EQ(Tokens("&#1;&#x7F;&#xFFFE;&#x10FFFE;&#13;&#9;"),
            "Chars(\"\x01\x7F\xEF\xBF\xBE\xF4\x8F\xBF\xBE\\r\\t\") EOF");
}

TEST(HtmlTokenizerReference, InAttributeValues) {
  EXPECT_EQ(Tokens("<a href=\"?a=1&amp;b=2&lt=3&copy;&copy=4&copyx&copy&notit;\">"),
            "StartTag(a href=\"?a=1&b=2&lt=3\xC2\xA9&copy=4&copyx\xC2\xA9&notit;\") EOF");
  EXPECT_EQ(Tokens("<a b='&amp;&#34;&#x27;&foo;' c=&lt;&gt d=&gt&>"),
            "StartTag(a b=\"&\\\"'&foo;\" c=\"<>\" d=\">&\") EOF");
  // The historical rule only holds back names without ';' before '=' or an alphanumeric.
  EXPECT_EQ(Tokens("<a b=\"&amp;x &amp=x &amp-x &ampé &notin &#38x\">"),
            "StartTag(a b=\"&x &amp=x &-x &\xC3\xA9 &notin &x\") EOF");
}

TEST(HtmlTokenizerReference, AtEndOfInput) {
  EXPECT_EQ(Tokens("a&"), "Chars(\"a&\") EOF");
  EXPECT_EQ(Tokens("a&#"), "Chars(\"a&#\") EOF");
  EXPECT_EQ(Tokens("a&#x"), "Chars(\"a&#x\") EOF");
  EXPECT_EQ(Tokens("a&#x41"), "Chars(\"aA\") EOF");
  EXPECT_EQ(Tokens("a&amp"), "Chars(\"a&\") EOF");
  EXPECT_EQ(Tokens("<a b=&amp>"), "StartTag(a b=\"&\") EOF");
  EXPECT_EQ(Tokens("<a b=\"&\">"), "StartTag(a b=\"&\") EOF");
}

TEST(HtmlTokenizerReference, ReferenceRunKeepsItsStartOffset) {
  EXPECT_EQ(WithOffsets("<p>&amp;x</p>&lt;"), "StartTag(p)@0 Chars(\"&x\")@3 EndTag(p)@9 Chars(\"<\")@13 EOF@17");
}

TEST(HtmlTokenizerReference, TableLookup) {
  using pith::dom::MatchNamedReference;
  auto m = MatchNamedReference("amp;rest");
  EXPECT_EQ(m.length, 4u);
  EXPECT_EQ(m.utf8, "&");
  EXPECT_TRUE(m.ends_with_semicolon);
  m = MatchNamedReference("notin");
  EXPECT_EQ(m.length, 3u);
  EXPECT_EQ(m.utf8, "\xC2\xAC");
  EXPECT_FALSE(m.ends_with_semicolon);
  m = MatchNamedReference("CounterClockwiseContourIntegral;");
  EXPECT_EQ(m.length, 32u);
  EXPECT_EQ(m.utf8, "\xE2\x88\xB3");
  EXPECT_EQ(MatchNamedReference("").length, 0u);
  EXPECT_EQ(MatchNamedReference("zzz").length, 0u);
  EXPECT_EQ(MatchNamedReference("\xC3\xA9").length, 0u);
  EXPECT_EQ(MatchNamedReference("Amp").length, 0u);
  EXPECT_EQ(MatchNamedReference("AMP").length, 3u);
}

// ---- RCDATA, RAWTEXT, PLAINTEXT ------------------------------------------------------------------

TEST(HtmlTokenizerRcdata, ReferencesDecodedTagsNot) {
  EXPECT_EQ(Tokens("<title>a &amp; <b>b</b></title>x"),
            "StartTag(title) Chars(\"a & <b>b</b>\") EndTag(title) Chars(\"x\") EOF");
}

TEST(HtmlTokenizerRcdata, AppropriateEndTagOnly) {
  EXPECT_EQ(Tokens("<textarea></textareax></text></textarea >"),
            "StartTag(textarea) Chars(\"</textareax></text>\") EndTag(textarea) EOF");
  EXPECT_EQ(Tokens("<title></TITLE a=b>"), "StartTag(title) EndTag(title) EOF");
  EXPECT_EQ(Tokens("<title>x</title/>"), "StartTag(title) Chars(\"x\") EndTag(title /) EOF");
  EXPECT_EQ(Tokens("<title>x</title"), "StartTag(title) Chars(\"x</title\") EOF");
  EXPECT_EQ(Tokens("<title>x</title\ny"), "StartTag(title) Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("<title>x</title\n>"), "StartTag(title) Chars(\"x\") EndTag(title) EOF");
  EXPECT_EQ(Tokens("<title>\0\r\n</title>"sv),
            "StartTag(title) Chars(\"\xEF\xBF\xBD\\n\") EndTag(title) EOF");
}

TEST(HtmlTokenizerRcdata, NoStartTagMeansNoEndTag) {
  Options options;
  options.initial = State::kRcdata;
  EXPECT_EQ(Tokens("a</title>b", options), "Chars(\"a</title>b\") EOF");
}

TEST(HtmlTokenizerRawtext, NothingDecoded) {
  EXPECT_EQ(Tokens("<style>a &amp; <!-- b --> </styles></style><xmp>&lt;</XMP>"),
            "StartTag(style) Chars(\"a &amp; <!-- b --> </styles>\") EndTag(style) StartTag(xmp) "
            "Chars(\"&lt;\") EndTag(xmp) EOF");
  EXPECT_EQ(Tokens("<iframe>\0</iframe>"sv),
            "StartTag(iframe) Chars(\"\xEF\xBF\xBD\") EndTag(iframe) EOF");
}

TEST(HtmlTokenizerPlaintext, EverythingToTheEnd) {
  EXPECT_EQ(Tokens("<plaintext></plaintext>&amp;\0\r"sv),
            "StartTag(plaintext) Chars(\"</plaintext>&amp;\xEF\xBF\xBD\\n\") EOF");
}

// ---- Script data ---------------------------------------------------------------------------------

TEST(HtmlTokenizerScript, EndTagMatching) {
  EXPECT_EQ(Tokens("<script>if (a<b) x='</scripty>';</script >y"),
            "StartTag(script) Chars(\"if (a<b) x='</scripty>';\") EndTag(script) Chars(\"y\") EOF");
  EXPECT_EQ(Tokens("<script>x</SCRIPT>"), "StartTag(script) Chars(\"x\") EndTag(script) EOF");
  EXPECT_EQ(Tokens("<script>x</script"), "StartTag(script) Chars(\"x</script\") EOF");
  EXPECT_EQ(Tokens("<script></script>"), "StartTag(script) EndTag(script) EOF");
  EXPECT_EQ(Tokens("<script>&amp;</script>"), "StartTag(script) Chars(\"&amp;\") EndTag(script) EOF");
}

TEST(HtmlTokenizerScript, EscapedAndDoubleEscaped) {
  // Inside "<!--", a "<script>" double-escapes: its "</script>" does not end the element.
  EXPECT_EQ(Tokens("<script><!--<script></script>--></script>"),
            "StartTag(script) Chars(\"<!--<script></script>-->\") EndTag(script) EOF");
  EXPECT_EQ(Tokens("<script><!--<script></script></script>x"),
            "StartTag(script) Chars(\"<!--<script></script>\") EndTag(script) Chars(\"x\") EOF");
  // Escaped but not double-escaped: the end tag ends it.
  EXPECT_EQ(Tokens("<script><!-- a </script>x"),
            "StartTag(script) Chars(\"<!-- a \") EndTag(script) Chars(\"x\") EOF");
  // "-->" leaves the escape, so a later "<script>" does not double-escape.
  EXPECT_EQ(Tokens("<script><!-- --><script></script>"),
            "StartTag(script) Chars(\"<!-- --><script>\") EndTag(script) EOF");
  EXPECT_EQ(Tokens("<script><!--><script></script>"),
            "StartTag(script) Chars(\"<!--><script>\") EndTag(script) EOF");
  // Double escape needs "script" followed by whitespace, '/' or '>'.
  EXPECT_EQ(Tokens("<script><!--<scripts></script>"),
            "StartTag(script) Chars(\"<!--<scripts>\") EndTag(script) EOF");
  EXPECT_EQ(Tokens("<script><!--<SCRIPT\n></script>--></script>"),
            "StartTag(script) Chars(\"<!--<SCRIPT\\n></script>-->\") EndTag(script) EOF");
}

TEST(HtmlTokenizerScript, NulAndEndOfInput) {
  EXPECT_EQ(Tokens("<script>\0<!--\0-\0--\0<script>\0"sv),
            "StartTag(script) Chars(\"\xEF\xBF\xBD<!--\xEF\xBF\xBD-\xEF\xBF\xBD--\xEF\xBF\xBD<script>\xEF\xBF\xBD\") EOF");
  EXPECT_EQ(Tokens("<script><!--"), "StartTag(script) Chars(\"<!--\") EOF");
}

// A literal transcription of §13.2.5.4 and §13.2.5.15–31 with "script" as the appropriate end tag:
// the text emitted, and where the end tag starts (npos: none before the end of input).
struct ScriptReference {
  std::string text;
  std::size_t end_tag = std::string::npos;
};

ScriptReference ReferenceScriptData(std::string_view s) {
  enum St {
    kData, kLt, kEndOpen, kEndName, kEscStart, kEscStartDash, kEsc, kEscDash, kEscDashDash, kEscLt,
    kEscEndOpen, kEscEndName, kDblStart, kDbl, kDblDash, kDblDashDash, kDblLt, kDblEnd
  };
  const auto is_space = [](char c) { return c == '\t' || c == '\n' || c == '\f' || c == ' '; };
  const auto is_alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  const std::string fffd = "\xEF\xBF\xBD";
  ScriptReference r;
  std::string temp;
  std::size_t tag_start = 0;
  St st = kData;
  std::size_t i = 0;
  for (;;) {
    const bool eof = i >= s.size();
    const char c = eof ? '\0' : s[i];
    switch (st) {
      case kData:
        if (eof) return r;
        if (c == '<') st = kLt;
        else r.text += c == '\0' ? fffd : std::string(1, c);
        ++i;
        break;
      case kLt:
        if (!eof && c == '/') { temp.clear(); tag_start = i - 1; st = kEndOpen; ++i; }
        else if (!eof && c == '!') { r.text += "<!"; st = kEscStart; ++i; }
        else { r.text += '<'; st = kData; }
        break;
      case kEndOpen:
      case kEscEndOpen:
        if (!eof && is_alpha(c)) st = st == kEndOpen ? kEndName : kEscEndName;
        else { r.text += "</"; st = st == kEndOpen ? kData : kEsc; }
        break;
      case kEndName:
      case kEscEndName: {
        std::string name;
        for (const char t : temp) name += lower(t);
        if (!eof && (is_space(c) || c == '/' || c == '>') && name == "script") {
          r.end_tag = tag_start;
          return r;
        }
        if (!eof && is_alpha(c)) { temp += c; ++i; break; }
        r.text += "</" + temp;
        st = st == kEndName ? kData : kEsc;
        break;
      }
      case kEscStart:
        if (!eof && c == '-') { r.text += '-'; st = kEscStartDash; ++i; } else st = kData;
        break;
      case kEscStartDash:
        if (!eof && c == '-') { r.text += '-'; st = kEscDashDash; ++i; } else st = kData;
        break;
      case kEsc:
      case kEscDash:
      case kEscDashDash:
        if (eof) return r;
        if (c == '-') { r.text += '-'; st = st == kEsc ? kEscDash : kEscDashDash; }
        else if (c == '<') st = kEscLt;
        else if (c == '>' && st == kEscDashDash) { r.text += '>'; st = kData; }
        else { r.text += c == '\0' ? fffd : std::string(1, c); st = kEsc; }
        ++i;
        break;
      case kEscLt:
        if (!eof && c == '/') { temp.clear(); tag_start = i - 1; st = kEscEndOpen; ++i; }
        else if (!eof && is_alpha(c)) { temp.clear(); r.text += '<'; st = kDblStart; }
        else { r.text += '<'; st = kEsc; }
        break;
      case kDblStart:
      case kDblEnd:
        if (!eof && (is_space(c) || c == '/' || c == '>')) {
          const bool script = temp == "script";
          st = st == kDblStart ? (script ? kDbl : kEsc) : (script ? kEsc : kDbl);
          r.text += c;
          ++i;
        } else if (!eof && is_alpha(c)) {
          temp += lower(c);
          r.text += c;
          ++i;
        } else {
          st = st == kDblStart ? kEsc : kDbl;
        }
        break;
      case kDbl:
      case kDblDash:
      case kDblDashDash:
        if (eof) return r;
        if (c == '-') { r.text += '-'; st = st == kDbl ? kDblDash : kDblDashDash; }
        else if (c == '<') { r.text += '<'; st = kDblLt; }
        else if (c == '>' && st == kDblDashDash) { r.text += '>'; st = kData; }
        else { r.text += c == '\0' ? fffd : std::string(1, c); st = kDbl; }
        ++i;
        break;
      case kDblLt:
        if (!eof && c == '/') { temp.clear(); r.text += '/'; st = kDblEnd; ++i; } else st = kDbl;
        break;
    }
  }
}

// Runs the tokenizer on "<script>" + body and checks it against the reference.
void ExpectScriptLikeReference(const std::string& body) {
  const std::string input = "<script>" + body;
  HtmlTokenizer tokenizer(input);
  ASSERT_EQ(tokenizer.Next().type, HtmlToken::kStartTag);
  tokenizer.SwitchTo(State::kScriptData);
  std::string text;
  const HtmlToken* t = &tokenizer.Next();
  while (t->type == HtmlToken::kCharacters) {
    text += t->data;
    t = &tokenizer.Next();
  }
  const ScriptReference expected = ReferenceScriptData(body);
  ASSERT_EQ(text, expected.text) << Quote(body);
  // An end tag that the input ends inside (no '>' after it: the pieces have no quotes) is dropped.
  if (expected.end_tag == std::string::npos || body.find('>', expected.end_tag) == std::string::npos) {
    ASSERT_EQ(t->type, HtmlToken::kEof) << Quote(body);
  } else {
    ASSERT_EQ(t->type, HtmlToken::kEndTag) << Quote(body);
    ASSERT_EQ(t->offset, 8 + expected.end_tag) << Quote(body);
    ASSERT_EQ(t->name, "script") << Quote(body);
  }
}

TEST(HtmlTokenizerScript, MatchesTheStandardsStatesExhaustively) {
  const std::vector<std::string> pieces = {"<", "/", "!", "-", ">", "script", "sCRipt", "scrip", " ", std::string(1, '\0')};
  std::vector<std::size_t> digits;
  for (std::size_t length = 0; length <= 5; ++length) {
    digits.assign(length, 0);
    for (;;) {
      std::string body;
      for (const std::size_t d : digits) body += pieces[d];
      ExpectScriptLikeReference(body);
      if (::testing::Test::HasFatalFailure()) return;
      std::size_t k = 0;
      while (k < length && ++digits[k] == pieces.size()) digits[k++] = 0;
      if (k == length) break;
    }
  }
}

TEST(HtmlTokenizerScript, MatchesTheStandardsStatesOnRandomInput) {
  const std::vector<std::string> pieces = {"<", "/", "!", "-", "--", ">", "script", "SCRIPT", "x", "\t",
                                           "<!--", "-->", "</script", "<script", "a"};
  std::mt19937 random(20240611);
  for (int round = 0; round < 20000; ++round) {
    std::string body;
    const int count = static_cast<int>(random() % 16);
    for (int i = 0; i < count; ++i) body += pieces[random() % pieces.size()];
    ExpectScriptLikeReference(body);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// ---- Comments ------------------------------------------------------------------------------------

TEST(HtmlTokenizerComment, Forms) {
  EXPECT_EQ(Tokens("<!-- a -->b"), "Comment(\" a \") Chars(\"b\") EOF");
  EXPECT_EQ(Tokens("<!---->"), "Comment(\"\") EOF");
  EXPECT_EQ(Tokens("<!-->x"), "Comment(\"\") Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("<!--->x"), "Comment(\"\") Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("<!--a--!>x"), "Comment(\"a\") Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("<!--a--!b-->"), "Comment(\"a--!b\") EOF");
  EXPECT_EQ(Tokens("<!--a---->"), "Comment(\"a--\") EOF");
  EXPECT_EQ(Tokens("<!--a-b--c-->"), "Comment(\"a-b--c\") EOF");
  EXPECT_EQ(Tokens("<!--<!-- nested -->-->"), "Comment(\"<!-- nested \") Chars(\"-->\") EOF");
  EXPECT_EQ(Tokens("<!--<!---->"), "Comment(\"<!--\") EOF");
  EXPECT_EQ(Tokens("<!--a\r\nb\rc\0d-->"sv), "Comment(\"a\\nb\\nc\xEF\xBF\xBD" "d\") EOF");
  EXPECT_EQ(Tokens("<!--c\0d-->"sv), "Comment(\"c\xEF\xBF\xBD" "d\") EOF");
}

TEST(HtmlTokenizerComment, EndOfInput) {
  EXPECT_EQ(Tokens("<!--"), "Comment(\"\") EOF");
  EXPECT_EQ(Tokens("<!--a"), "Comment(\"a\") EOF");
  EXPECT_EQ(Tokens("<!--a-"), "Comment(\"a\") EOF");
  EXPECT_EQ(Tokens("<!--a--"), "Comment(\"a\") EOF");
  EXPECT_EQ(Tokens("<!--a--!"), "Comment(\"a\") EOF");
  EXPECT_EQ(Tokens("<!--a---"), "Comment(\"a-\") EOF");
  EXPECT_EQ(Tokens("<!--a--!-"), "Comment(\"a--!\") EOF");
  EXPECT_EQ(Tokens("<!---"), "Comment(\"\") EOF");
  EXPECT_EQ(Tokens("<!-"), "Comment(\"-\") EOF");
  EXPECT_EQ(Tokens("<!"), "Comment(\"\") EOF");
}

TEST(HtmlTokenizerComment, BogusComments) {
  EXPECT_EQ(Tokens("<!x>"), "Comment(\"x\") EOF");
  EXPECT_EQ(Tokens("<!>"), "Comment(\"\") EOF");
  EXPECT_EQ(Tokens("<!-x-->y"), "Comment(\"-x--\") Chars(\"y\") EOF");
  EXPECT_EQ(Tokens("<!ELEMENT br EMPTY>"), "Comment(\"ELEMENT br EMPTY\") EOF");
}

// A literal transcription of §13.2.5.43–52 on the text after "<!--": the comment's data and the
// length consumed (up to and including the closing '>').
std::pair<std::string, std::size_t> ReferenceComment(std::string_view s) {
  enum St { kStart, kStartDash, kComment, kLt, kLtBang, kLtBangDash, kLtBangDashDash, kEndDash, kEnd, kEndBang };
  std::string data;
  St st = kStart;
  std::size_t i = 0;
  for (;;) {
    const bool eof = i >= s.size();
    const char c = eof ? '\0' : s[i];
    switch (st) {
      case kStart:
        if (!eof && c == '-') { st = kStartDash; ++i; }
        else if (!eof && c == '>') return {data, i + 1};
        else st = kComment;
        break;
      case kStartDash:
        if (eof) return {data, i};
        if (c == '-') { st = kEnd; ++i; }
        else if (c == '>') return {data, i + 1};
        else { data += '-'; st = kComment; }
        break;
      case kComment:
        if (eof) return {data, i};
        if (c == '<') { data += '<'; st = kLt; }
        else if (c == '-') st = kEndDash;
        else data += c == '\0' ? std::string("\xEF\xBF\xBD") : std::string(1, c);
        ++i;
        break;
      case kLt:
        if (!eof && c == '!') { data += '!'; st = kLtBang; ++i; }
        else if (!eof && c == '<') { data += '<'; ++i; }
        else st = kComment;
        break;
      case kLtBang:
        if (!eof && c == '-') { st = kLtBangDash; ++i; } else st = kComment;
        break;
      case kLtBangDash:
        if (!eof && c == '-') { st = kLtBangDashDash; ++i; } else st = kEndDash;
        break;
      case kLtBangDashDash:
        st = kEnd;  // '>' and EOF reconsume in comment end; anything else too (nested-comment)
        break;
      case kEndDash:
        if (eof) return {data, i};
        if (c == '-') { st = kEnd; ++i; } else { data += '-'; st = kComment; }
        break;
      case kEnd:
        if (eof) return {data, i};
        if (c == '>') return {data, i + 1};
        if (c == '!') { st = kEndBang; ++i; }
        else if (c == '-') { data += '-'; ++i; }
        else { data += "--"; st = kComment; }
        break;
      case kEndBang:
        if (eof) return {data, i};
        if (c == '-') { data += "--!"; st = kEndDash; ++i; }
        else if (c == '>') return {data, i + 1};
        else { data += "--!"; st = kComment; }
        break;
    }
  }
}

TEST(HtmlTokenizerComment, MatchesTheStandardsStatesExhaustively) {
  // No letters and no '/': what follows the comment is text or another comment, whose offset
  // shows where this one ended.
  const std::string alphabet = std::string("-!><.") + '\0';
  std::vector<std::size_t> digits;
  for (std::size_t length = 0; length <= 7; ++length) {
    digits.assign(length, 0);
    for (;;) {
      std::string body;
      for (const std::size_t d : digits) body += alphabet[d];
      const std::string input = "<!--" + body;
      const auto [data, consumed] = ReferenceComment(body);
      HtmlTokenizer tokenizer(input);
      const HtmlToken& comment = tokenizer.Next();
      ASSERT_EQ(comment.type, HtmlToken::kComment) << Quote(body);
      ASSERT_EQ(comment.data, data) << Quote(body);
      ASSERT_EQ(tokenizer.Next().offset, 4 + consumed) << Quote(body);
      std::size_t k = 0;
      while (k < length && ++digits[k] == alphabet.size()) digits[k++] = 0;
      if (k == length) break;
    }
  }
}

// ---- DOCTYPE -------------------------------------------------------------------------------------

TEST(HtmlTokenizerDoctype, Forms) {
  EXPECT_EQ(Tokens("<!DOCTYPE html>"), "Doctype(html) EOF");
  EXPECT_EQ(Tokens("<!doctype HTML >x"), "Doctype(html) Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("<!DocType html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" 'http://www.w3.org/TR/html4/strict.dtd'>"),
            "Doctype(html public=\"-//W3C//DTD HTML 4.01//EN\" system=\"http://www.w3.org/TR/html4/strict.dtd\") EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html system 'about:legacy-compat'>"),
            "Doctype(html system=\"about:legacy-compat\") EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC\"a\"\"b\">"), "Doctype(html public=\"a\" system=\"b\") EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM\"b\">"), "Doctype(html system=\"b\") EOF");
  EXPECT_EQ(Tokens("<!DOCTYPEhtml>"), "Doctype(html) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE h\0T\r\nPUBLIC 'a\r\nb\0' \"\">"sv),
            "Doctype(h\xEF\xBF\xBDt public=\"a\\nb\xEF\xBF\xBD\" system=\"\") EOF");
}

TEST(HtmlTokenizerDoctype, ForceQuirksOnErrors) {
  EXPECT_EQ(Tokens("<!DOCTYPE>"), "Doctype( quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE >"), "Doctype( quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html foo>"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC>"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC x>"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC \"a>"), "Doctype(html public=\"a\" quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC \"a\" x>"), "Doctype(html public=\"a\" quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM>"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM x>"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM 'a>"), "Doctype(html system=\"a\" quirks) EOF");
  // After the system identifier, junk is a parse error without quirks.
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM 'a' junk>x"), "Doctype(html system=\"a\") Chars(\"x\") EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC 'a' 'b' junk>"), "Doctype(html public=\"a\" system=\"b\") EOF");
}

TEST(HtmlTokenizerDoctype, EndOfInput) {
  EXPECT_EQ(Tokens("<!DOCTYPE"), "Doctype( quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE "), "Doctype( quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html "), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC "), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC 'a"), "Doctype(html public=\"a\" quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC 'a'"), "Doctype(html public=\"a\" quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html PUBLIC 'a' "), "Doctype(html public=\"a\" quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM"), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM "), "Doctype(html quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM 'b"), "Doctype(html system=\"b\" quirks) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM 'b' "), "Doctype(html system=\"b\" quirks) EOF");
  // The bogus DOCTYPE state does not set force-quirks at end of input.
  EXPECT_EQ(Tokens("<!DOCTYPE html SYSTEM 'b' x"), "Doctype(html system=\"b\") EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE html x"), "Doctype(html quirks) EOF");
}

// ---- CDATA ---------------------------------------------------------------------------------------

TEST(HtmlTokenizerCdata, OnlyInForeignContent) {
  EXPECT_EQ(Tokens("<![CDATA[a<b>]]>c"), "Comment(\"[CDATA[a<b\") Chars(\"]]>c\") EOF");
  Options foreign;
  foreign.foreign = true;
  EXPECT_EQ(Tokens("x<![CDATA[a<b>]]]>c", foreign), "Chars(\"x\") Chars(\"a<b>]\") Chars(\"c\") EOF");
  EXPECT_EQ(Tokens("<![CDATA[]]>", foreign), "EOF");
  EXPECT_EQ(Tokens("<![CDATA[a\r\nb]]", foreign), "Chars(\"a\\nb]]\") EOF");
  EXPECT_EQ(Tokens("<![CDATA[\0]]>"sv, foreign), "Chars(\"\\0\") EOF");
  EXPECT_EQ(Tokens("<![cdata[x]]>", foreign), "Comment(\"[cdata[x]]\") EOF");
}

TEST(HtmlTokenizerCdata, FlagIsReadWhenTheSectionIsReached) {
  // The run before "<![CDATA[" is returned first, so the flag set after it counts.
  const std::string input = "a<![CDATA[b]]>";
  HtmlTokenizer tokenizer(input);
  tokenizer.set_foreign_content(false);
  EXPECT_EQ(Describe(tokenizer.Next()), "Chars(\"a\")");
  tokenizer.set_foreign_content(true);
  EXPECT_EQ(Describe(tokenizer.Next()), "Chars(\"b\")");
  EXPECT_EQ(Describe(tokenizer.Next()), "EOF");
}

// ---- Newlines, offsets, end of input, size -------------------------------------------------------

TEST(HtmlTokenizerNewlines, CrAndCrLfBecomeLf) {
  EXPECT_EQ(Tokens("a\r\nb\rc\n\rd\r\r\ne\r"), "Chars(\"a\\nb\\nc\\n\\nd\\n\\ne\\n\") EOF");
  EXPECT_EQ(Tokens("<a b=\"1\r\n2\r3\" c='\r' d=\r\ne>"), "StartTag(a b=\"1\\n2\\n3\" c=\"\\n\" d=\"e\") EOF");
  EXPECT_EQ(Tokens("<!--\r\n-->\r\n"), "Comment(\"\\n\") Chars(\"\\n\") EOF");
  EXPECT_EQ(Tokens("<script>a\r\n</script>"), "StartTag(script) Chars(\"a\\n\") EndTag(script) EOF");
  EXPECT_EQ(Tokens("<script><!--\r\n<script>\r</script>\r\n--></script>"),
            "StartTag(script) Chars(\"<!--\\n<script>\\n</script>\\n-->\") EndTag(script) EOF");
  EXPECT_EQ(Tokens("<style>a\r</style\r\n>"), "StartTag(style) Chars(\"a\\n\") EndTag(style) EOF");
  EXPECT_EQ(Tokens("<!DOCTYPE\rhtml\r\nPUBLIC\r'a\r\nb'>"), "Doctype(html public=\"a\\nb\") EOF");
}

TEST(HtmlTokenizerOffsets, EveryTokenKind) {
  EXPECT_EQ(WithOffsets("<!DOCTYPE html>\r\n<p a=b>x<!--c--></p><?pi>y</>z"),
            "Doctype(html)@0 Chars(\"\\n\")@15 StartTag(p a=\"b\")@17 Chars(\"x\")@24 Comment(\"c\")@25 "
            "EndTag(p)@33 Comment(\"?pi\")@37 Chars(\"yz\")@42 EOF@47");
  EXPECT_EQ(WithOffsets("<title>a&amp;</title>"), "StartTag(title)@0 Chars(\"a&\")@7 EndTag(title)@13 EOF@21");
  EXPECT_EQ(WithOffsets("<a"), "EOF@2");
}

TEST(HtmlTokenizerSwitch, StateAppliesAfterTheStartTag) {
  // The tree builder switches after receiving the start tag; a run before the tag is returned
  // first, and the content after the tag is read in the new state.
  const std::string input = "x<title><b>&amp;</title><b>";
  HtmlTokenizer tokenizer(input);
  EXPECT_EQ(Describe(tokenizer.Next()), "Chars(\"x\")");
  EXPECT_EQ(Describe(tokenizer.Next()), "StartTag(title)");
  tokenizer.SwitchTo(State::kRcdata);
  EXPECT_EQ(Describe(tokenizer.Next()), "Chars(\"<b>&\")");
  EXPECT_EQ(Describe(tokenizer.Next()), "EndTag(title)");
  EXPECT_EQ(Describe(tokenizer.Next()), "StartTag(b)");
  EXPECT_EQ(Describe(tokenizer.Next()), "EOF");
}

TEST(HtmlTokenizerSwitch, AppropriateEndTagIsTheLastStartTag) {
  // After <b>, RAWTEXT ends only at </b>, whatever element the tree builder thinks it is in.
  const std::string input = "<B>a</i></B >c";
  HtmlTokenizer tokenizer(input);
  EXPECT_EQ(Describe(tokenizer.Next()), "StartTag(b)");
  tokenizer.SwitchTo(State::kRawtext);
  EXPECT_EQ(Describe(tokenizer.Next()), "Chars(\"a</i>\")");
  EXPECT_EQ(Describe(tokenizer.Next()), "EndTag(b)");
  EXPECT_EQ(Describe(tokenizer.Next()), "Chars(\"c\")");
}

TEST(HtmlTokenizerEof, RepeatsForever) {
  HtmlTokenizer tokenizer("x");
  EXPECT_EQ(tokenizer.Next().type, HtmlToken::kCharacters);
  for (int i = 0; i < 3; ++i) {
    const HtmlToken& t = tokenizer.Next();
    EXPECT_EQ(t.type, HtmlToken::kEof);
    EXPECT_EQ(t.offset, 1u);
  }
  tokenizer.SwitchTo(State::kScriptData);
  EXPECT_EQ(tokenizer.Next().type, HtmlToken::kEof);
}

TEST(HtmlTokenizerLong, LongRunsAndValues) {
  const std::string text(1 << 20, 'x');
  const std::string value(300000, 'v');
  const std::string input = "<p title=\"" + value + "\">" + text + "<!--" + text + "-->" + "<script>" + text + "</script>";
  HtmlTokenizer tokenizer(input);
  const HtmlToken& p = tokenizer.Next();
  ASSERT_EQ(p.type, HtmlToken::kStartTag);
  ASSERT_EQ(p.attr_count, 1u);
  EXPECT_EQ(p.attrs[0].value.size(), value.size());
  const HtmlToken& run = tokenizer.Next();
  ASSERT_EQ(run.type, HtmlToken::kCharacters);
  EXPECT_EQ(run.data.size(), text.size());
  EXPECT_EQ(tokenizer.Next().data.size(), text.size());  // the comment
  EXPECT_EQ(tokenizer.Next().name, "script");
  tokenizer.SwitchTo(State::kScriptData);
  EXPECT_EQ(tokenizer.Next().data.size(), text.size());
  EXPECT_EQ(tokenizer.Next().type, HtmlToken::kEndTag);
  EXPECT_EQ(tokenizer.Next().type, HtmlToken::kEof);
}

TEST(HtmlTokenizerLong, ManyTokens) {
  std::string input;
  for (int i = 0; i < 20000; ++i) input += "<li class=\"item&amp;\">Item " + std::to_string(i) + "\r\n</li>";
  HtmlTokenizer tokenizer(input);
  std::size_t starts = 0, ends = 0, runs = 0;
  for (;;) {
    const HtmlToken& t = tokenizer.Next();
    if (t.type == HtmlToken::kEof) break;
    if (t.type == HtmlToken::kStartTag) {
      ++starts;
      ASSERT_EQ(t.attr_count, 1u);
      ASSERT_EQ(t.attrs[0].value, "item&");
    }
    if (t.type == HtmlToken::kEndTag) ++ends;
    if (t.type == HtmlToken::kCharacters) {
      ++runs;
      ASSERT_EQ(t.data.back(), '\n');
    }
  }
  EXPECT_EQ(starts, 20000u);
  EXPECT_EQ(ends, 20000u);
  EXPECT_EQ(runs, 20000u);
}

// ---- The development corpus ----------------------------------------------------------------------

// Every page, decoded as the pipeline does, tokenizes to EOF with offsets in order, names in lower
// case, and text views inside the page or the tokenizer's buffers. (Skipped without the corpus.)
TEST(HtmlTokenizerCorpus, PagesTokenizeWithInvariants) {
  const std::filesystem::path root = PITH_SHARED_DATA;
  std::error_code ec;
  std::size_t pages = 0;
  for (const auto& set : std::filesystem::directory_iterator(root, ec)) {
    const auto html = set.path() / "html";
    if (!std::filesystem::is_directory(html)) continue;
    std::size_t in_set = 0;
    for (const auto& file : std::filesystem::directory_iterator(html)) {
      if (++in_set > 20) break;  // a sample of each set keeps this quick under the sanitizers
      pith::decode::Decoded decoded;
      ASSERT_TRUE(pith::decode::Decode(pith::testing::ReadFile(file.path()), "", "", &decoded).ok());
      const std::string& page = decoded.utf8;
      HtmlTokenizer tokenizer(page);
      std::size_t last_offset = 0, tokens = 0;
      for (;;) {
        const HtmlToken& t = tokenizer.Next();
        ASSERT_GE(t.offset, last_offset) << file.path();
        ASSERT_LE(t.offset, page.size()) << file.path();
        last_offset = t.offset;
        ++tokens;
        if (t.type == HtmlToken::kEof) break;
        for (const char c : t.name) ASSERT_FALSE(c >= 'A' && c <= 'Z') << file.path();
        if (t.type == HtmlToken::kStartTag) {
          if (t.name == "script") tokenizer.SwitchTo(State::kScriptData);
          if (t.name == "style") tokenizer.SwitchTo(State::kRawtext);
          if (t.name == "title" || t.name == "textarea") tokenizer.SwitchTo(State::kRcdata);
        }
      }
      EXPECT_GT(tokens, 1u) << file.path();
      ++pages;
    }
  }
  if (pages == 0) GTEST_SKIP() << "no corpus at " << root;
}

}  // namespace
