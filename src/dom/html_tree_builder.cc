// HTML5 tree construction, WHATWG HTML Living Standard §13.2.6, with the scripting flag disabled and
// without the fragment case:
//   §13.2.4   parse state: the insertion mode and its reset, the stack of open elements with every
//             kind of scope, the list of active formatting elements (markers, the Noah's Ark clause,
//             reconstruction), the element pointers (head, form), frameset-ok;
//   §13.2.6.1 the appropriate place for inserting a node, foster parenting, inserting characters
//             (appended to an adjacent text node) and comments;
//   §13.2.6.2 the generic raw text and RCDATA element parsing algorithms;
//   §13.2.6.3 generating (all) implied end tags;
//   §13.2.6.4 every insertion mode, from "initial" (quirks and limited-quirks from the DOCTYPE) to
//             "after after frameset", with the adoption agency algorithm of "in body";
//   §13.2.6.5 the rules for parsing tokens in foreign content.
// Departures, none of which changes the tree pith keeps:
//  * the insertion modes "in select" and "in select in table" are those of the standard before its
//    2025 customizable-<select> change (the rules browsers shipped for two decades);
//  * element and attribute names keep the tokenizer's lower case: the SVG/MathML case adjustments
//    only affect names inside <svg> and <math>, whose subtrees pith drops;
//  * no DOM is built for the DOCTYPE, and comments keep no data (they only separate text nodes);
//  * the stack of open elements grows no deeper than a limit (parsing stays linear in the input): a
//    start tag met with the stack full is written as an empty element, and what it held follows it
//    as its siblings (its end tag closes an outer element of its name, as an unmatched one does);
//    elements that leave the stack at once (void, raw text, self-closing foreign) still nest;
//  * formatting elements are reopened (§13.2.4.3) only while the stack has room and while fewer
//    have been reopened than bytes read (plus 4,096); the others are forgotten, as if closed.
// Character tokens arrive as runs; modes that treat whitespace and other characters differently
// split them.
#include "dom/html_tree_builder.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "dom/html_tokenizer.h"
#include "text/ascii.h"

namespace pith::dom {
namespace {

using namespace html_name;  // NOLINT: the element names read best unqualified here

// Categories of (namespace, name) pairs, as bits.
enum Category : std::uint32_t {
  kSpecial = 1u << 0,               // §13.2.4.2 "special"
  kFormatting = 1u << 1,            // §13.2.4.2 "formatting"
  kScopeBoundary = 1u << 2,         // "has an element in scope"
  kListScopeBoundary = 1u << 3,     // + ol, ul for list item scope
  kButtonScopeBoundary = 1u << 4,   // + button for button scope
  kTableScopeBoundary = 1u << 5,    // html, table, template: table scope, "table context"
  kSelectScopeTransparent = 1u << 6,  // optgroup, option: the only non-boundaries of select scope
  kImpliedEnd = 1u << 7,            // §13.2.6.3 generate implied end tags
  kImpliedEndThorough = 1u << 8,    // ... thoroughly
  kHtmlIntegration = 1u << 9,       // SVG foreignObject, desc, title (annotation-xml per element)
  kMathTextIntegration = 1u << 10,  // MathML mi, mo, mn, ms, mtext
  kHeading = 1u << 11,              // h1–h6
  kCell = 1u << 12,                 // td, th
  kTableSection = 1u << 13,         // tbody, thead, tfoot
  kTableBodyContext = 1u << 14,     // tbody, tfoot, thead, template, html
  kTableRowContext = 1u << 15,      // tr, template, html
  kFosterTarget = 1u << 16,         // table, tbody, tfoot, thead, tr
  kBreakout = 1u << 17,             // start tags that leave foreign content (§13.2.6.5)
};

struct CategoryTables {
  std::array<std::uint32_t, kCount> html{}, svg{}, mathml{};
  constexpr CategoryTables() {
    auto set = [](std::array<std::uint32_t, kCount>& t, std::initializer_list<HtmlName> names, std::uint32_t bits) {
      for (HtmlName n : names) t[n] |= bits;
    };
    set(html, {kAddress, kApplet, kArea, kArticle, kAside, kBase, kBasefont, kBgsound, kBlockquote, kBody,
               kBr, kButton, kCaption, kCenter, kCol, kColgroup, kDd, kDetails, kDir, kDiv, kDl, kDt, kEmbed,
               kFieldset, kFigcaption, kFigure, kFooter, kForm, kFrame, kFrameset, kH1, kH2, kH3, kH4, kH5,
               kH6, kHead, kHeader, kHgroup, kHr, kHtml, kIframe, kImg, kInput, kKeygen, kLi, kLink,
               kListing, kMain, kMarquee, kMenu, kMeta, kNav, kNoembed, kNoframes, kNoscript, kObject, kOl,
               kP, kParam, kPlaintext, kPre, kScript, kSearch, kSection, kSelect, kSource, kStyle,
               kSummary, kTable, kTbody, kTd, kTemplate, kTextarea, kTfoot, kTh, kThead, kTitle, kTr,
               kTrack, kUl, kWbr, kXmp},
        kSpecial);
    set(html, {kA, kB, kBig, kCode, kEm, kFont, kI, kNobr, kS, kSmall, kStrike, kStrong, kTt, kU}, kFormatting);
    set(html, {kApplet, kCaption, kHtml, kTable, kTd, kTh, kMarquee, kObject, kTemplate}, kScopeBoundary);
    set(html, {kOl, kUl}, kListScopeBoundary);
    set(html, {kButton}, kButtonScopeBoundary);
    set(html, {kHtml, kTable, kTemplate}, kTableScopeBoundary);
    set(html, {kOptgroup, kOption}, kSelectScopeTransparent);
    set(html, {kDd, kDt, kLi, kOptgroup, kOption, kP, kRb, kRp, kRt, kRtc}, kImpliedEnd | kImpliedEndThorough);
    set(html, {kCaption, kColgroup, kTbody, kTd, kTfoot, kTh, kThead, kTr}, kImpliedEndThorough);
    set(html, {kH1, kH2, kH3, kH4, kH5, kH6}, kHeading);
    set(html, {kTd, kTh}, kCell);
    set(html, {kTbody, kThead, kTfoot}, kTableSection);
    set(html, {kTbody, kTfoot, kThead, kTemplate, kHtml}, kTableBodyContext);
    set(html, {kTr, kTemplate, kHtml}, kTableRowContext);
    set(html, {kTable, kTbody, kTfoot, kThead, kTr}, kFosterTarget);
    set(html, {kB, kBig, kBlockquote, kBody, kBr, kCenter, kCode, kDd, kDiv, kDl, kDt, kEm, kEmbed, kH1, kH2,
               kH3, kH4, kH5, kH6, kHead, kHr, kI, kImg, kLi, kListing, kMenu, kMeta, kNobr, kOl, kP, kPre,
               kRuby, kS, kSmall, kSpan, kStrong, kStrike, kSub, kSup, kTable, kTt, kU, kUl, kVar},
        kBreakout);
    set(mathml, {kMi, kMo, kMn, kMs, kMtext}, kSpecial | kScopeBoundary | kMathTextIntegration);
    set(mathml, {kAnnotationXml}, kSpecial | kScopeBoundary);
    set(svg, {kForeignObject, kDesc, kTitle}, kSpecial | kScopeBoundary | kHtmlIntegration);
  }
};

constexpr CategoryTables kCategories;

inline bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\f' || c == '\r'; }

std::size_t LeadingSpaces(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && IsSpace(s[i])) ++i;
  return i;
}

bool AllSpaces(std::string_view s) { return LeadingSpaces(s) == s.size(); }

// §13.2.6.4.1: public identifiers that put the document in quirks mode when they start it.
constexpr std::string_view kQuirksPublicIdPrefixes[] = {
    "+//Silmaril//dtd html Pro v0r11 19970101//",
    "-//AS//DTD HTML 3.0 asWedit + extensions//",
    "-//AdvaSoft Ltd//DTD HTML 3.0 asWedit + extensions//",
    "-//IETF//DTD HTML 2.0 Level 1//",
    "-//IETF//DTD HTML 2.0 Level 2//",
    "-//IETF//DTD HTML 2.0 Strict Level 1//",
    "-//IETF//DTD HTML 2.0 Strict Level 2//",
    "-//IETF//DTD HTML 2.0 Strict//",
    "-//IETF//DTD HTML 2.0//",
    "-//IETF//DTD HTML 2.1E//",
    "-//IETF//DTD HTML 3.0//",
    "-//IETF//DTD HTML 3.2 Final//",
    "-//IETF//DTD HTML 3.2//",
    "-//IETF//DTD HTML 3//",
    "-//IETF//DTD HTML Level 0//",
    "-//IETF//DTD HTML Level 1//",
    "-//IETF//DTD HTML Level 2//",
    "-//IETF//DTD HTML Level 3//",
    "-//IETF//DTD HTML Strict Level 0//",
    "-//IETF//DTD HTML Strict Level 1//",
    "-//IETF//DTD HTML Strict Level 2//",
    "-//IETF//DTD HTML Strict Level 3//",
    "-//IETF//DTD HTML Strict//",
    "-//IETF//DTD HTML//",
    "-//Metrius//DTD Metrius Presentational//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 2.0 Tables//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 3.0 Tables//",
    "-//Netscape Comm. Corp.//DTD HTML//",
    "-//Netscape Comm. Corp.//DTD Strict HTML//",
    "-//O'Reilly and Associates//DTD HTML 2.0//",
    "-//O'Reilly and Associates//DTD HTML Extended 1.0//",
    "-//O'Reilly and Associates//DTD HTML Extended Relaxed 1.0//",
    "-//SQ//DTD HTML 2.0 HoTMetaL + extensions//",
    "-//SoftQuad Software//DTD HoTMetaL PRO 6.0::19990601::extensions to HTML 4.0//",
    "-//SoftQuad//DTD HoTMetaL PRO 4.0::19971010::extensions to HTML 4.0//",
    "-//Spyglass//DTD HTML 2.0 Extended//",
    "-//Sun Microsystems Corp.//DTD HotJava HTML//",
    "-//Sun Microsystems Corp.//DTD HotJava Strict HTML//",
    "-//W3C//DTD HTML 3 1995-03-24//",
    "-//W3C//DTD HTML 3.2 Draft//",
    "-//W3C//DTD HTML 3.2 Final//",
    "-//W3C//DTD HTML 3.2//",
    "-//W3C//DTD HTML 3.2S Draft//",
    "-//W3C//DTD HTML 4.0 Frameset//",
    "-//W3C//DTD HTML 4.0 Transitional//",
    "-//W3C//DTD HTML Experimental 19960712//",
    "-//W3C//DTD HTML Experimental 970421//",
    "-//W3C//DTD W3 HTML//",
    "-//W3O//DTD W3 HTML 3.0//",
    "-//WebTechs//DTD Mozilla HTML 2.0//",
    "-//WebTechs//DTD Mozilla HTML//",
};

// §13.2.6.4.1: whether a DOCTYPE token puts the document in quirks mode. (Limited-quirks mode
// changes nothing in tree construction, so it is not told from no-quirks.)
bool DoctypeMeansQuirks(const HtmlToken& t) {
  if (t.force_quirks || t.name != "html") return true;
  const std::string_view pub = t.has_public_id ? t.public_id : std::string_view();
  if (t.has_public_id) {
    if (text::EqualsIgnoreAsciiCase(pub, "-//W3O//DTD W3 HTML Strict 3.0//EN//") ||
        text::EqualsIgnoreAsciiCase(pub, "-/W3C/DTD HTML 4.0 Transitional/EN") || text::EqualsIgnoreAsciiCase(pub, "HTML")) {
      return true;
    }
    for (std::string_view prefix : kQuirksPublicIdPrefixes) {
      if (text::StartsWithIgnoreAsciiCase(pub, prefix)) return true;
    }
  }
  if (t.has_system_id &&
      text::EqualsIgnoreAsciiCase(t.system_id, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")) {
    return true;
  }
  if (!t.has_system_id && t.has_public_id &&
      (text::StartsWithIgnoreAsciiCase(pub, "-//W3C//DTD HTML 4.01 Frameset//") ||
       text::StartsWithIgnoreAsciiCase(pub, "-//W3C//DTD HTML 4.01 Transitional//"))) {
    return true;
  }
  return false;
}

// Copies of strings that do not point into the input (the tokenizer's buffers are reused from
// token to token), in chunks that never move; reused from page to page.
class StringPool {
 public:
  void Reset() {
    chunk_ = 0;
    used_ = 0;
    oversized_.clear();
  }
  [[gnu::noinline]] std::string_view Copy(std::string_view s) {
    if (s.size() > kChunkSize / 4) {
      oversized_.emplace_back(s);
      return oversized_.back();
    }
    if (chunks_.empty() || used_ + s.size() > kChunkSize) {
      if (!chunks_.empty()) ++chunk_;
      if (chunk_ == chunks_.size()) chunks_.push_back(std::make_unique<char[]>(kChunkSize));
      used_ = 0;
    }
    char* dst = chunks_[chunk_].get() + used_;
    std::memcpy(dst, s.data(), s.size());
    used_ += s.size();
    return std::string_view(dst, s.size());
  }

 private:
  static constexpr std::size_t kChunkSize = 64 * 1024;
  std::vector<std::unique_ptr<char[]>> chunks_;
  std::size_t chunk_ = 0, used_ = 0;
  std::vector<std::string> oversized_;  // a std::string's characters do not move with the vector
};

}  // namespace

class HtmlTreeBuilder::Run {
 public:
  explicit Run(HtmlTree& tree) : tree_(tree) {}

  void Parse(std::string_view input, int max_depth);

 private:
  enum class Mode : std::uint8_t {
    kInitial, kBeforeHtml, kBeforeHead, kInHead, kInHeadNoscript, kAfterHead, kInBody, kText, kInTable,
    kInTableText, kInCaption, kInColumnGroup, kInTableBody, kInRow, kInCell, kInSelect, kInSelectInTable,
    kInTemplate, kAfterBody, kInFrameset, kAfterFrameset, kAfterAfterBody, kAfterAfterFrameset,
  };

  // Node flags.
  static constexpr std::uint8_t kOnStack = 1;
  static constexpr std::uint8_t kInFormattingList = 2;
  static constexpr std::uint8_t kAnnotationHtml = 4;  // annotation-xml with an HTML encoding

  static constexpr std::uint32_t kDocumentNode = 0;
  static constexpr std::uint32_t kMarker = kNoTreeNode;  // in the list of active formatting elements
  static constexpr HtmlName kNoName = 0xFFFF;             // an end tag's name no element has

  // A tag, comment, DOCTYPE or end-of-file token with its name looked up.
  struct Tok {
    HtmlToken::Type type;
    HtmlName name;
    bool self_closing;
    const HtmlAttribute* attrs;
    std::size_t attr_count;
    std::uint32_t offset;
    const HtmlToken* raw;
  };
  // A character run. Its offset is where the tokenizer's run started and stays so when the parser
  // drops a prefix. pith's line convention (that of the MyHTML adapter before): a text node made of
  // one run is on the line where the run starts; a text node that grows by a later run, and
  // whitespace split off a run by the head and column group modes, have no line.
  struct TextRun {
    std::string_view text;
    std::uint32_t offset;
    void Skip(std::size_t n) { text.remove_prefix(n); }
  };
  struct OpenElement {
    std::uint32_t node;
    HtmlName name;
    Namespace ns;
    std::uint32_t category;
  };
  // Where a node goes: appended to `parent`, or inserted before `before`.
  struct Location {
    std::uint32_t parent;
    std::uint32_t before;
  };

  // ---- Tokens in -------------------------------------------------------------------------------
  void Handle(const HtmlToken& token);
  std::size_t UnknownNameSlot(std::string_view name) const;
  HtmlName StartTagName(std::string_view name);
  HtmlName EndTagName(std::string_view name) const;
  HtmlName SharedUnknownName() const;
  void Dispatch(Tok& t);
  void Process(Tok& t);  // by the current insertion mode
  void ProcessText(TextRun r);

  // <input type=hidden> (ASCII case-insensitive).
  static bool IsHiddenInput(const Tok& t) {
    for (std::size_t i = 0; i < t.attr_count; ++i) {
      if (t.attrs[i].name == "type") return text::EqualsIgnoreAsciiCase(t.attrs[i].value, "hidden");
    }
    return false;
  }

  // ---- Insertion modes (§13.2.6.4) ----------------------------------------------------------------
  bool DoctypeCommentOrHtml(Tok& t);
  void Initial(Tok& t);
  void BeforeHtml(Tok& t);
  void BeforeHead(Tok& t);
  void InHead(Tok& t);
  void InHeadNoscript(Tok& t);
  void AfterHead(Tok& t);
  void InBody(Tok& t);
  void InBodyStartTag(Tok& t);
  void InBodyEndTag(Tok& t);
  void AnyOtherEndTag(HtmlName name);
  void TextMode(Tok& t);
  void InTable(Tok& t);
  void InTableAnythingElse(Tok& t);
  void InTableText(Tok& t);
  void InCaption(Tok& t);
  void InColumnGroup(Tok& t);
  void InTableBody(Tok& t);
  void InRow(Tok& t);
  void InCell(Tok& t);
  void InSelect(Tok& t);
  void InSelectInTable(Tok& t);
  void InTemplate(Tok& t);
  void AfterBody(Tok& t);
  void InFrameset(Tok& t);
  void AfterFrameset(Tok& t);
  void AfterAfterBody(Tok& t);
  void AfterAfterFrameset(Tok& t);
  void ForeignContent(Tok& t);

  // Calls f with the pieces of `r` between U+0000 characters.
  template <class F>
  static void WithoutNul(TextRun r, F f) {
    for (std::size_t nul; (nul = r.text.find('\0')) != std::string_view::npos;) {
      if (nul > 0) f(TextRun{r.text.substr(0, nul), r.offset});
      r.Skip(nul + 1);
    }
    if (!r.text.empty()) f(r);
  }
  void TextInBody(TextRun r);
  void TextInForeignContent(TextRun r);
  void FlushPendingTableText();
  void InsertSpacesOnly(TextRun r, bool by_body_rules);

  // ---- The tree (§13.2.6.1) -----------------------------------------------------------------------
  std::uint32_t NewNode(HtmlTreeNode::Kind kind, std::uint32_t offset);
  void AppendChild(std::uint32_t parent, std::uint32_t node);
  void InsertAt(Location loc, std::uint32_t node);
  void Detach(std::uint32_t node);
  Location AppropriatePlace(std::uint32_t override_target = kNoTreeNode) const;
  // A view that lives as long as the tree: into the input as it is, else a copy.
  std::string_view Stable(std::string_view s) {
    const auto offset = reinterpret_cast<std::uintptr_t>(s.data()) - reinterpret_cast<std::uintptr_t>(input_.data());
    if (offset <= input_.size() && s.size() <= input_.size() - offset) return s;
    return s.empty() ? std::string_view() : pool_.Copy(s);
  }
  std::uint32_t CreateElement(HtmlName name, Namespace ns, const HtmlAttribute* attrs, std::size_t count,
                              std::uint32_t offset);
  std::uint32_t Clone(std::uint32_t node);
  std::uint32_t InsertElement(const Tok& t, Namespace ns = Namespace::kHtml);
  void InsertVoidElement(const Tok& t);
  std::uint32_t OpenImplied(HtmlName name, Mode next);
  void InsertForeignElement(const Tok& t, Namespace ns);
  void InsertText(TextRun r);
  void InsertComment(std::uint32_t parent);
  void AddMissingAttributes(std::uint32_t node, const Tok& t);
  void StartRawText(const Tok& t, HtmlTokenizer::State state);

  // ---- The stack of open elements (§13.2.4.3) -------------------------------------------------------
  void Push(std::uint32_t node);
  Namespace NamespaceOf(const Tok& t) const;
  bool StaysOpen(const Tok& t) const;
  void InsertFlattened(const Tok& t);
  void Pop();
  void RemoveFromStack(std::size_t index);
  const OpenElement& Current() const { return open_.back(); }
  // Where `node` is on the stack, open_.size() if it is not.
  std::size_t StackIndexOf(std::uint32_t node) const {
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (open_[i].node == node) return i;
    }
    return open_.size();
  }
  bool CurrentIs(HtmlName name) const {
    return !open_.empty() && open_.back().name == name && open_.back().ns == Namespace::kHtml;
  }
  bool Is(const OpenElement& e, HtmlName name) const { return e.name == name && e.ns == Namespace::kHtml; }
  std::uint32_t CategoryOf(HtmlName name, Namespace ns) const;
  bool InScope(HtmlName name, std::uint32_t boundaries) const;
  bool InScope(HtmlName name) const { return InScope(name, kScopeBoundary); }
  bool InTableScope(HtmlName name) const { return InScope(name, kTableScopeBoundary); }
  bool CategoryInScope(std::uint32_t category, std::uint32_t boundaries, std::uint32_t open) const;
  bool InSelectScope(HtmlName name) const;
  bool TemplateOnStack() const { return open_count_[kTemplate] != 0; }
  void PopUntil(HtmlName name);
  void PopUntilCategory(std::uint32_t category);
  void PopWhileNot(std::uint32_t category);
  void GenerateImpliedEndTags(HtmlName except = kNoName);
  void GenerateAllImpliedEndTagsThoroughly();
  void ClosePElement();
  void ClosePIfInButtonScope() {
    if (InScope(kP, kScopeBoundary | kButtonScopeBoundary)) ClosePElement();
  }
  void CloseCell();
  void CloseTemplate();
  void CloseTablePart(std::uint32_t context, Mode next);
  void ResetInsertionMode();

  // ---- The list of active formatting elements (§13.2.4.3) --------------------------------------------
  void PushFormatting(std::uint32_t node);
  void PushMarker() { formatting_.push_back(kMarker); }
  void RemoveFormattingAt(std::size_t index);
  // Where `node` is in the list, formatting_.size() if it is not.
  std::size_t FormattingIndexOf(std::uint32_t node) const {
    return static_cast<std::size_t>(std::find(formatting_.begin(), formatting_.end(), node) - formatting_.begin());
  }
  void ClearFormattingToLastMarker();
  bool SameForNoahsArk(std::uint32_t a, std::uint32_t b) const;
  void ReconstructFormatting() {
    if (formatting_.empty()) return;
    const std::uint32_t last = formatting_.back();
    if (last != kMarker && !(tree_.nodes[last].flags & kOnStack)) ReopenFormatting();
  }
  void ReopenFormatting();  // the rest of ReconstructFormatting, when there is something to reopen
  bool AdoptionAgency(HtmlName subject);

  HtmlTree& tree_;
  std::string_view input_;
  HtmlTokenizer* tokenizer_ = nullptr;
  StringPool pool_;
  std::vector<std::uint32_t> unknown_slots_;  // open addressing over tree_.unknown_names; index + 1

  Mode mode_ = Mode::kInitial;
  Mode original_mode_ = Mode::kInitial;
  std::vector<Mode> template_modes_;
  std::vector<OpenElement> open_;
  std::array<std::uint32_t, kCount> open_count_{};  // HTML elements of each name on the stack
  std::vector<std::uint32_t> formatting_;
  std::uint32_t head_ = kNoTreeNode;
  std::uint32_t form_ = kNoTreeNode;
  bool quirks_ = false;
  bool frameset_ok_ = true;
  bool foster_parenting_ = false;
  bool skip_newline_ = false;
  bool stopped_ = false;
  std::size_t max_depth_ = 0;
  std::size_t position_ = 0;  // offset of the token being processed
  std::size_t reopened_ = 0;  // formatting elements reopened so far
  bool input_has_nul_ = false;  // (decoded pages never have one: text runs need no search then)
  std::vector<TextRun> pending_table_text_;
  bool pending_table_text_has_non_space_ = false;
};

// ====================================================================================================
// Tokens in

void HtmlTreeBuilder::Run::Parse(std::string_view input, int max_depth) {
  tree_.nodes.clear();
  tree_.attrs.clear();
  tree_.segments.clear();
  tree_.unknown_names.clear();
  tree_.text_bytes = tree_.attribute_bytes = 0;
  tree_.flattened = tree_.formatting_forgotten = 0;
  tree_.may_hold_ef_byte = true;
  pool_.Reset();
  unknown_slots_.assign(64, 0);
  input_ = input;
  input_has_nul_ = std::memchr(input.data(), '\0', input.size()) != nullptr;
  mode_ = original_mode_ = Mode::kInitial;
  template_modes_.clear();
  open_.clear();
  open_count_.fill(0);
  formatting_.clear();
  head_ = form_ = kNoTreeNode;
  quirks_ = foster_parenting_ = skip_newline_ = stopped_ = false;
  position_ = reopened_ = 0;
  frameset_ok_ = true;
  max_depth_ = max_depth < 0 ? 0 : static_cast<std::size_t>(max_depth);
  pending_table_text_.clear();
  pending_table_text_has_non_space_ = false;
  NewNode(HtmlTreeNode::kDocument, 0);

  HtmlTokenizer tokenizer(input);
  tokenizer_ = &tokenizer;
  while (!stopped_) {
    tokenizer.set_foreign_content(!open_.empty() && open_.back().ns != Namespace::kHtml);
    const HtmlToken& token = tokenizer.Next();
    Handle(token);
    if (token.type == HtmlToken::kEof) break;
  }
  tokenizer_ = nullptr;
  tree_.may_hold_ef_byte = input_has_nul_ || tokenizer.decoded_ef_byte() ||
                           std::memchr(input.data(), '\xEF', input.size()) != nullptr;
}

void HtmlTreeBuilder::Run::Handle(const HtmlToken& token) {
  position_ = token.offset;
  if (token.type == HtmlToken::kCharacters) {
    TextRun r{token.data, static_cast<std::uint32_t>(token.offset)};
    if (skip_newline_) {
      skip_newline_ = false;
      if (!r.text.empty() && r.text[0] == '\n') r.Skip(1);
    }
    if (r.text.empty()) return;
    // The usual case (as in Dispatch), without ProcessText's dispatch on the mode.
    if (mode_ == Mode::kInBody && (open_.empty() || open_.back().ns == Namespace::kHtml)) return TextInBody(r);
    ProcessText(r);
    return;
  }
  skip_newline_ = false;
  Tok t{token.type, kNoName, token.self_closing, token.attrs, token.attr_count,
        static_cast<std::uint32_t>(token.offset), &token};
  if (token.type == HtmlToken::kStartTag) {
    t.name = StartTagName(token.name);
    if (open_.size() >= max_depth_ && StaysOpen(t)) return InsertFlattened(t);
  } else if (token.type == HtmlToken::kEndTag) {
    t.name = EndTagName(token.name);
  }
  Dispatch(t);
}

namespace {
inline std::size_t NameHash(std::string_view name) {
  std::size_t h = 1469598103934665603ull;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}
}  // namespace

// The slot of `name` in the table of interned names, or the empty slot where it would go.
std::size_t HtmlTreeBuilder::Run::UnknownNameSlot(std::string_view name) const {
  const std::size_t mask = unknown_slots_.size() - 1;
  std::size_t s = NameHash(name) & mask;
  while (unknown_slots_[s] != 0 && tree_.unknown_names[unknown_slots_[s] - 1] != name) s = (s + 1) & mask;
  return s;
}

// Names not in html_names.h are interned: equal names get equal ids, compared as integers.
HtmlName HtmlTreeBuilder::Run::StartTagName(std::string_view name) {
  const HtmlName listed = LookupHtmlName(name);
  if (listed != kCount) return listed;
  const std::size_t s = UnknownNameSlot(name);
  if (unknown_slots_[s] != 0) return static_cast<HtmlName>(kCount + unknown_slots_[s] - 1);
  if (const HtmlName shared = SharedUnknownName(); shared != kNoName) return shared;
  tree_.unknown_names.push_back(Stable(name));
  unknown_slots_[s] = static_cast<std::uint32_t>(tree_.unknown_names.size());
  if (2 * tree_.unknown_names.size() > unknown_slots_.size()) {
    unknown_slots_.assign(unknown_slots_.size() * 2, 0);
    for (std::size_t i = 0; i < tree_.unknown_names.size(); ++i) {
      unknown_slots_[UnknownNameSlot(tree_.unknown_names[i])] = static_cast<std::uint32_t>(i + 1);
    }
  }
  return static_cast<HtmlName>(kCount + tree_.unknown_names.size() - 1);
}

HtmlName HtmlTreeBuilder::Run::EndTagName(std::string_view name) const {
  const HtmlName listed = LookupHtmlName(name);
  if (listed != kCount) return listed;
  const std::uint32_t entry = unknown_slots_[UnknownNameSlot(name)];
  if (entry != 0) return static_cast<HtmlName>(kCount + entry - 1);
  // Past the table's end a start tag got the shared id, so its end tag must too, or every such
  // element would stay open (and nest) to the end of the page. Else kNoName: never seen.
  return SharedUnknownName();
}

// Ids stay below kNoName: past that (tens of thousands of distinct names) every new name shares the
// last name's id. kNoName while the table has room.
HtmlName HtmlTreeBuilder::Run::SharedUnknownName() const {
  if (kCount + tree_.unknown_names.size() + 1 < kNoName) return kNoName;
  return static_cast<HtmlName>(kCount + tree_.unknown_names.size() - 1);
}

// §13.2.6 tree construction dispatcher.
void HtmlTreeBuilder::Run::Dispatch(Tok& t) {
  if (open_.empty() || open_.back().ns == Namespace::kHtml || t.type == HtmlToken::kEof) {
    if (mode_ == Mode::kInBody && t.type == HtmlToken::kStartTag) return InBodyStartTag(t);  // the usual case
    if (mode_ == Mode::kInBody && t.type == HtmlToken::kEndTag) return InBodyEndTag(t);
    return Process(t);
  }
  const OpenElement& current = open_.back();
  if (t.type == HtmlToken::kStartTag) {
    if ((current.category & kMathTextIntegration) && t.name != kMglyph && t.name != kMalignmark) return Process(t);
    if (current.ns == Namespace::kMathml && current.name == kAnnotationXml && t.name == kSvg) return Process(t);
    if (current.category & kHtmlIntegration) return Process(t);
  }
  ForeignContent(t);
}

void HtmlTreeBuilder::Run::Process(Tok& t) {
  switch (mode_) {
    case Mode::kInitial: return Initial(t);
    case Mode::kBeforeHtml: return BeforeHtml(t);
    case Mode::kBeforeHead: return BeforeHead(t);
    case Mode::kInHead: return InHead(t);
    case Mode::kInHeadNoscript: return InHeadNoscript(t);
    case Mode::kAfterHead: return AfterHead(t);
    case Mode::kInBody: return InBody(t);
    case Mode::kText: return TextMode(t);
    case Mode::kInTable: return InTable(t);
    case Mode::kInTableText: return InTableText(t);
    case Mode::kInCaption: return InCaption(t);
    case Mode::kInColumnGroup: return InColumnGroup(t);
    case Mode::kInTableBody: return InTableBody(t);
    case Mode::kInRow: return InRow(t);
    case Mode::kInCell: return InCell(t);
    case Mode::kInSelect: return InSelect(t);
    case Mode::kInSelectInTable: return InSelectInTable(t);
    case Mode::kInTemplate: return InTemplate(t);
    case Mode::kAfterBody: return AfterBody(t);
    case Mode::kInFrameset: return InFrameset(t);
    case Mode::kAfterFrameset: return AfterFrameset(t);
    case Mode::kAfterAfterBody: return AfterAfterBody(t);
    case Mode::kAfterAfterFrameset: return AfterAfterFrameset(t);
  }
}

// Character tokens, a run at a time: each mode consumes what it handles and may switch modes for
// the rest of the run.
void HtmlTreeBuilder::Run::ProcessText(TextRun r) {
  while (!r.text.empty()) {
    if (!open_.empty() && open_.back().ns != Namespace::kHtml &&
        !(open_.back().category & (kMathTextIntegration | kHtmlIntegration))) {
      return TextInForeignContent(r);
    }
    switch (mode_) {
      case Mode::kInitial:
        r.Skip(LeadingSpaces(r.text));
        if (r.text.empty()) return;
        quirks_ = true;
        mode_ = Mode::kBeforeHtml;
        break;
      case Mode::kBeforeHtml:
        r.Skip(LeadingSpaces(r.text));
        if (r.text.empty()) return;
        OpenImplied(kHtml, Mode::kBeforeHead);
        break;
      case Mode::kBeforeHead:
        r.Skip(LeadingSpaces(r.text));
        if (r.text.empty()) return;
        head_ = OpenImplied(kHead, Mode::kInHead);
        break;
      case Mode::kInHead:
      case Mode::kInHeadNoscript:
      case Mode::kAfterHead: {
        const std::size_t spaces = LeadingSpaces(r.text);
        if (spaces == r.text.size()) return InsertText(r);
        if (spaces > 0) {
          InsertText(TextRun{r.text.substr(0, spaces), kNoOffset});
          r.Skip(spaces);
        }
        if (mode_ == Mode::kAfterHead) {
          OpenImplied(kBody, Mode::kInBody);
        } else {
          Pop();  // <head> or <noscript>
          mode_ = mode_ == Mode::kInHead ? Mode::kAfterHead : Mode::kInHead;
        }
        break;
      }
      case Mode::kInBody:
      case Mode::kInCaption:
      case Mode::kInCell:
      case Mode::kInTemplate:
        return TextInBody(r);
      case Mode::kText:
        return InsertText(r);
      case Mode::kInTable:
      case Mode::kInTableBody:
      case Mode::kInRow:
        if (Current().ns == Namespace::kHtml &&
            (Current().category & (kFosterTarget | kTableScopeBoundary)) && Current().name != kHtml) {
          pending_table_text_.clear();
          pending_table_text_has_non_space_ = false;
          original_mode_ = mode_;
          mode_ = Mode::kInTableText;
          break;
        } else {
          const bool saved = foster_parenting_;
          foster_parenting_ = true;
          TextInBody(r);
          foster_parenting_ = saved;
          return;
        }
      case Mode::kInTableText:
        // The characters wait for the next token that is not one (U+0000 is ignored).
        return WithoutNul(r, [&](TextRun piece) {
          if (!pending_table_text_has_non_space_ && !AllSpaces(piece.text)) pending_table_text_has_non_space_ = true;
          pending_table_text_.push_back(TextRun{Stable(piece.text), piece.offset});
        });
      case Mode::kInColumnGroup: {
        const std::size_t spaces = LeadingSpaces(r.text);
        if (spaces == r.text.size()) return InsertText(r);
        if (spaces > 0) {
          InsertText(TextRun{r.text.substr(0, spaces), kNoOffset});
          r.Skip(spaces);
        }
        if (!CurrentIs(kColgroup)) return InsertSpacesOnly(r, false);  // each other character ignored
        Pop();
        mode_ = Mode::kInTable;
        break;
      }
      case Mode::kInSelect:
      case Mode::kInSelectInTable:
        return WithoutNul(r, [&](TextRun piece) { InsertText(piece); });
      case Mode::kAfterBody:
      case Mode::kAfterAfterBody:
        // Spaces are processed by the rules of "in body"; anything else switches to it.
        if (!AllSpaces(r.text)) mode_ = Mode::kInBody;
        return TextInBody(r);
      case Mode::kInFrameset:
      case Mode::kAfterFrameset:
        return InsertSpacesOnly(r, false);
      case Mode::kAfterAfterFrameset:
        return InsertSpacesOnly(r, true);
    }
  }
}

// The spaces of `r` are inserted, as one run (by the rules of "in body" if asked); its other
// characters are ignored.
void HtmlTreeBuilder::Run::InsertSpacesOnly(TextRun r, bool by_body_rules) {
  std::string spaces;
  for (char c : r.text) {
    if (IsSpace(c)) spaces += c;
  }
  if (spaces.empty()) return;
  const TextRun run{pool_.Copy(spaces), r.offset};
  if (by_body_rules) {
    TextInBody(run);
  } else {
    InsertText(run);
  }
}

void HtmlTreeBuilder::Run::TextInBody(TextRun r) {
  if (input_has_nul_ && r.text.find('\0') != std::string_view::npos) {  // U+0000 is ignored
    return WithoutNul(r, [&](TextRun piece) { TextInBody(piece); });
  }
  ReconstructFormatting();
  InsertText(r);
  if (frameset_ok_ && !AllSpaces(r.text)) frameset_ok_ = false;
}

void HtmlTreeBuilder::Run::TextInForeignContent(TextRun r) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
  for (std::size_t nul; (nul = r.text.find('\0')) != std::string_view::npos;) {
    if (nul > 0) TextInForeignContent(TextRun{r.text.substr(0, nul), r.offset});
    InsertText(TextRun{kReplacement, r.offset});
    r.Skip(nul + 1);
  }
  if (r.text.empty()) return;
  InsertText(r);
  if (frameset_ok_ && !AllSpaces(r.text)) frameset_ok_ = false;
}

// ====================================================================================================
// The tree

std::uint32_t HtmlTreeBuilder::Run::NewNode(HtmlTreeNode::Kind kind, std::uint32_t offset) {
  HtmlTreeNode& n = tree_.nodes.emplace_back();
  n.kind = kind;
  n.offset = offset;
  return static_cast<std::uint32_t>(tree_.nodes.size() - 1);
}

void HtmlTreeBuilder::Run::AppendChild(std::uint32_t parent, std::uint32_t node) {
  HtmlTreeNode& p = tree_.nodes[parent];
  HtmlTreeNode& n = tree_.nodes[node];
  n.parent = parent;
  n.next_sibling = kNoTreeNode;
  n.prev_sibling = p.last_child;
  if (p.last_child != kNoTreeNode) {
    tree_.nodes[p.last_child].next_sibling = node;
  } else {
    p.first_child = node;
  }
  p.last_child = node;
}

void HtmlTreeBuilder::Run::InsertAt(Location loc, std::uint32_t node) {
  if (loc.before == kNoTreeNode) return AppendChild(loc.parent, node);
  HtmlTreeNode& n = tree_.nodes[node];
  HtmlTreeNode& before = tree_.nodes[loc.before];
  n.parent = loc.parent;
  n.next_sibling = loc.before;
  n.prev_sibling = before.prev_sibling;
  if (before.prev_sibling != kNoTreeNode) {
    tree_.nodes[before.prev_sibling].next_sibling = node;
  } else {
    tree_.nodes[loc.parent].first_child = node;
  }
  before.prev_sibling = node;
}

void HtmlTreeBuilder::Run::Detach(std::uint32_t node) {
  HtmlTreeNode& n = tree_.nodes[node];
  if (n.parent == kNoTreeNode) return;
  HtmlTreeNode& p = tree_.nodes[n.parent];
  if (n.prev_sibling != kNoTreeNode) {
    tree_.nodes[n.prev_sibling].next_sibling = n.next_sibling;
  } else {
    p.first_child = n.next_sibling;
  }
  if (n.next_sibling != kNoTreeNode) {
    tree_.nodes[n.next_sibling].prev_sibling = n.prev_sibling;
  } else {
    p.last_child = n.prev_sibling;
  }
  n.parent = n.prev_sibling = n.next_sibling = kNoTreeNode;
}

// §13.2.6.1 "appropriate place for inserting a node", with foster parenting. A <template>'s
// contents are its children here.
HtmlTreeBuilder::Run::Location HtmlTreeBuilder::Run::AppropriatePlace(std::uint32_t override_target) const {
  if (override_target == kNoTreeNode && open_.empty()) return {kDocumentNode, kNoTreeNode};
  const std::uint32_t target = override_target != kNoTreeNode ? override_target : open_.back().node;
  if (!foster_parenting_) return {target, kNoTreeNode};
  const HtmlTreeNode& t = tree_.nodes[target];
  if (t.ns != Namespace::kHtml || !(t.name < kCount && (kCategories.html[t.name] & kFosterTarget))) {
    return {target, kNoTreeNode};
  }
  std::size_t last_table = open_.size(), last_template = open_.size();
  for (std::size_t i = open_.size(); i-- > 0;) {
    if (last_table == open_.size() && Is(open_[i], kTable)) last_table = i;
    if (last_template == open_.size() && Is(open_[i], kTemplate)) last_template = i;
    if (last_table != open_.size() && last_template != open_.size()) break;
  }
  if (last_template != open_.size() && (last_table == open_.size() || last_template > last_table)) {
    return {open_[last_template].node, kNoTreeNode};
  }
  if (last_table == open_.size()) return {open_[0].node, kNoTreeNode};
  const std::uint32_t table = open_[last_table].node;
  if (tree_.nodes[table].parent != kNoTreeNode) return {tree_.nodes[table].parent, table};
  return {open_[last_table - 1].node, kNoTreeNode};
}


std::uint32_t HtmlTreeBuilder::Run::CreateElement(HtmlName name, Namespace ns, const HtmlAttribute* attrs,
                                                  std::size_t count, std::uint32_t offset) {
  const std::uint32_t node = NewNode(HtmlTreeNode::kElement, offset);
  HtmlTreeNode& n = tree_.nodes[node];
  n.name = name;
  n.ns = ns;
  n.first = static_cast<std::uint32_t>(tree_.attrs.size());
  n.count_or_last = static_cast<std::uint32_t>(count);
  for (std::size_t i = 0; i < count; ++i) {
    tree_.attrs.push_back({Stable(attrs[i].name), Stable(attrs[i].value)});
    tree_.attribute_bytes += attrs[i].value.size();
  }
  return node;
}

// "Create an element for the token for which `node` was created": same name and attributes.
std::uint32_t HtmlTreeBuilder::Run::Clone(std::uint32_t node) {
  const std::uint32_t clone = NewNode(HtmlTreeNode::kElement, tree_.nodes[node].offset);
  HtmlTreeNode& c = tree_.nodes[clone];
  const HtmlTreeNode& n = tree_.nodes[node];
  c.name = n.name;
  c.ns = n.ns;
  c.first = n.first;
  c.count_or_last = n.count_or_last;
  return clone;
}

std::uint32_t HtmlTreeBuilder::Run::InsertElement(const Tok& t, Namespace ns) {
  const std::uint32_t node = CreateElement(t.name, ns, t.attrs, t.attr_count, t.offset);
  InsertAt(AppropriatePlace(), node);
  Push(node);
  return node;
}

// Elements popped as soon as they are inserted (void elements, a self-closing foreign element)
// are never pushed, so the stack's depth only ever grows by elements that stay on it.
void HtmlTreeBuilder::Run::InsertVoidElement(const Tok& t) {
  InsertAt(AppropriatePlace(), CreateElement(t.name, Namespace::kHtml, t.attrs, t.attr_count, t.offset));
}

// An element the parser creates without a tag (<html>, <head>, <body>, <tbody>, <tr>, <colgroup>)
// opens and the mode changes.
std::uint32_t HtmlTreeBuilder::Run::OpenImplied(HtmlName name, Mode next) {
  const std::uint32_t node = CreateElement(name, Namespace::kHtml, nullptr, 0, kNoOffset);
  InsertAt(AppropriatePlace(), node);
  Push(node);
  mode_ = next;
  return node;
}

void HtmlTreeBuilder::Run::InsertForeignElement(const Tok& t, Namespace ns) {
  const std::uint32_t node = CreateElement(t.name, ns, t.attrs, t.attr_count, t.offset);
  if (ns == Namespace::kMathml && t.name == kAnnotationXml) {
    for (std::size_t i = 0; i < t.attr_count; ++i) {
      if (t.attrs[i].name == "encoding" && (text::EqualsIgnoreAsciiCase(t.attrs[i].value, "text/html") ||
                                             text::EqualsIgnoreAsciiCase(t.attrs[i].value, "application/xhtml+xml"))) {
        tree_.nodes[node].flags |= kAnnotationHtml;
      }
    }
  }
  InsertAt(AppropriatePlace(), node);
  if (!t.self_closing) Push(node);
}

// §13.2.6.1 "insert a character": appended to a text node right before the insertion point.
void HtmlTreeBuilder::Run::InsertText(TextRun r) {
  const Location loc = AppropriatePlace();
  if (loc.parent == kDocumentNode) return;
  const std::uint32_t prev =
      loc.before == kNoTreeNode ? tree_.nodes[loc.parent].last_child : tree_.nodes[loc.before].prev_sibling;
  const std::string_view text = Stable(r.text);
  tree_.text_bytes += text.size();
  if (prev != kNoTreeNode && tree_.nodes[prev].kind == HtmlTreeNode::kText) {
    tree_.nodes[prev].offset = kNoOffset;
    HtmlTextSegment& last = tree_.segments[tree_.nodes[prev].count_or_last];
    if (last.text.data() + last.text.size() == text.data() && text.data() >= input_.data() &&
        text.data() < input_.data() + input_.size()) {
      last.text = std::string_view(last.text.data(), last.text.size() + text.size());
    } else {
      last.next = static_cast<std::uint32_t>(tree_.segments.size());
      tree_.nodes[prev].count_or_last = last.next;
      tree_.segments.push_back({text, kNoTreeNode});
    }
    return;
  }
  const std::uint32_t node = NewNode(HtmlTreeNode::kText, r.offset);
  tree_.nodes[node].first = tree_.nodes[node].count_or_last = static_cast<std::uint32_t>(tree_.segments.size());
  tree_.segments.push_back({text, kNoTreeNode});
  InsertAt(loc, node);
}

void HtmlTreeBuilder::Run::InsertComment(std::uint32_t parent) {
  const std::uint32_t node = NewNode(HtmlTreeNode::kComment, kNoOffset);
  if (parent != kNoTreeNode) return AppendChild(parent, node);
  InsertAt(AppropriatePlace(), node);
}

// <html> and <body> start tags seen again add the attributes the element does not have yet. An
// element the parser created without a tag takes its line from the first such tag.
void HtmlTreeBuilder::Run::AddMissingAttributes(std::uint32_t node, const Tok& t) {
  if (tree_.nodes[node].offset == kNoOffset) tree_.nodes[node].offset = t.offset;
  // pith's limit: an element that has kMaxMergedAttributes takes no more (each addition compares
  // and moves the ones it has).
  constexpr std::size_t kMaxMergedAttributes = 256;
  if (tree_.nodes[node].count_or_last >= kMaxMergedAttributes) return;
  std::vector<HtmlTreeAttr> added;
  for (std::size_t i = 0; i < t.attr_count; ++i) {
    if (tree_.nodes[node].count_or_last + added.size() >= kMaxMergedAttributes) break;
    const HtmlTreeNode& n = tree_.nodes[node];
    bool present = false;
    for (std::uint32_t a = n.first; a < n.first + n.count_or_last && !present; ++a) {
      present = tree_.attrs[a].name == t.attrs[i].name;
    }
    for (const HtmlTreeAttr& a : added) present = present || a.name == t.attrs[i].name;
    if (!present) added.push_back({Stable(t.attrs[i].name), Stable(t.attrs[i].value)});
  }
  if (added.empty()) return;
  // An element's attributes are contiguous: move them to the end, then append.
  HtmlTreeNode& n = tree_.nodes[node];
  const auto first = static_cast<std::uint32_t>(tree_.attrs.size());
  for (std::uint32_t a = n.first; a < n.first + n.count_or_last; ++a) tree_.attrs.push_back(tree_.attrs[a]);
  tree_.attrs.insert(tree_.attrs.end(), added.begin(), added.end());
  n.first = first;
  n.count_or_last = static_cast<std::uint32_t>(tree_.attrs.size() - first);
}

// §13.2.6.2 generic raw text and RCDATA element parsing algorithms (and <script>'s).
void HtmlTreeBuilder::Run::StartRawText(const Tok& t, HtmlTokenizer::State state) {
  InsertElement(t);
  tokenizer_->SwitchTo(state);
  original_mode_ = mode_;
  mode_ = Mode::kText;
}

// ====================================================================================================
// The stack of open elements

std::uint32_t HtmlTreeBuilder::Run::CategoryOf(HtmlName name, Namespace ns) const {
  if (name >= kCount) return 0;
  switch (ns) {
    case Namespace::kHtml: return kCategories.html[name];
    case Namespace::kSvg: return kCategories.svg[name];
    case Namespace::kMathml: return kCategories.mathml[name];
  }
  return 0;
}

void HtmlTreeBuilder::Run::Push(std::uint32_t node) {
  HtmlTreeNode& n = tree_.nodes[node];
  n.flags |= kOnStack;
  std::uint32_t category = CategoryOf(n.name, n.ns);
  if (n.flags & kAnnotationHtml) category |= kHtmlIntegration;
  open_.push_back({node, n.name, n.ns, category});
  if (n.ns == Namespace::kHtml && n.name < kCount) ++open_count_[n.name];
}

// The namespace of the element a start tag creates (§13.2.6 tree construction dispatcher, §13.2.6.5).
Namespace HtmlTreeBuilder::Run::NamespaceOf(const Tok& t) const {
  if (!open_.empty() && open_.back().ns != Namespace::kHtml &&
      !(open_.back().category & (kHtmlIntegration | kMathTextIntegration)) &&
      !(t.name < kCount && (kCategories.html[t.name] & kBreakout))) {
    return open_.back().ns;
  }
  if (t.name == kSvg) return Namespace::kSvg;
  if (t.name == kMath) return Namespace::kMathml;
  return Namespace::kHtml;
}

// Whether the element a start tag opens would stay on the stack of open elements: not a void
// element, not one whose raw text or RCDATA ends at its own end tag, not <html> or <body> (their
// attributes join the open ones), not a self-closing foreign element.
bool HtmlTreeBuilder::Run::StaysOpen(const Tok& t) const {
  if (NamespaceOf(t) != Namespace::kHtml) return !t.self_closing;
  switch (t.name) {
    case kArea: case kBase: case kBasefont: case kBgsound: case kBr: case kCol: case kEmbed: case kFrame:
    case kHr: case kImage: case kImg: case kInput: case kKeygen: case kLink: case kMeta: case kParam:
    case kSource: case kTrack: case kWbr:
    case kIframe: case kNoembed: case kNoframes: case kPlaintext: case kScript: case kStyle: case kTextarea:
    case kTitle: case kXmp:
    case kHtml: case kBody:
      return false;
    default:
      return true;
  }
}

// pith's limit on nesting (see the top of the file): a start tag met with the stack full.
void HtmlTreeBuilder::Run::InsertFlattened(const Tok& t) {
  InsertAt(AppropriatePlace(), CreateElement(t.name, NamespaceOf(t), t.attrs, t.attr_count, t.offset));
  ++tree_.flattened;
}

void HtmlTreeBuilder::Run::Pop() { RemoveFromStack(open_.size() - 1); }

void HtmlTreeBuilder::Run::RemoveFromStack(std::size_t index) {
  const OpenElement& e = open_[index];
  tree_.nodes[e.node].flags &= static_cast<std::uint8_t>(~kOnStack);
  if (e.ns == Namespace::kHtml && e.name < kCount) --open_count_[e.name];
  open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(index));
}

// §13.2.4.2 "has an element in the specific scope": `boundaries` are the categories that end it.
bool HtmlTreeBuilder::Run::InScope(HtmlName name, std::uint32_t boundaries) const {
  if (name >= kCount || open_count_[name] == 0) return false;
  for (std::size_t i = open_.size(); i-- > 0;) {
    const OpenElement& e = open_[i];
    if (e.name == name && e.ns == Namespace::kHtml) return true;
    if (e.category & boundaries) return false;
  }
  return false;
}

// Whether an HTML element of `category` (headings, cells, table sections) is in scope; `open` is
// how many such elements are on the stack.
bool HtmlTreeBuilder::Run::CategoryInScope(std::uint32_t category, std::uint32_t boundaries,
                                           std::uint32_t open) const {
  if (open == 0) return false;
  for (std::size_t i = open_.size(); i-- > 0;) {
    const OpenElement& e = open_[i];
    if ((e.category & category) && e.ns == Namespace::kHtml) return true;
    if (e.category & boundaries) return false;
  }
  return false;
}

bool HtmlTreeBuilder::Run::InSelectScope(HtmlName name) const {
  if (open_count_[name] == 0) return false;
  for (std::size_t i = open_.size(); i-- > 0;) {
    const OpenElement& e = open_[i];
    if (Is(e, name)) return true;
    if (!(e.ns == Namespace::kHtml && (e.category & kSelectScopeTransparent))) return false;
  }
  return false;
}

// (Callers checked that such an element is open: the root <html> is never popped.)
void HtmlTreeBuilder::Run::PopUntil(HtmlName name) {
  while (open_.size() > 1) {
    const bool found = Is(open_.back(), name);
    Pop();
    if (found) return;
  }
}

void HtmlTreeBuilder::Run::PopUntilCategory(std::uint32_t category) {
  while (open_.size() > 1) {
    const bool found = (open_.back().category & category) && open_.back().ns == Namespace::kHtml;
    Pop();
    if (found) return;
  }
}

// "Clear the stack back to a table (body, row) context": pops until the current node is an HTML
// element of `category`.
void HtmlTreeBuilder::Run::PopWhileNot(std::uint32_t category) {
  while (open_.size() > 1 && !((Current().category & category) && Current().ns == Namespace::kHtml)) Pop();
}

void HtmlTreeBuilder::Run::GenerateImpliedEndTags(HtmlName except) {
  while (!open_.empty() && (Current().category & kImpliedEnd) && Current().ns == Namespace::kHtml &&
         Current().name != except) {
    Pop();
  }
}

void HtmlTreeBuilder::Run::GenerateAllImpliedEndTagsThoroughly() {
  while (!open_.empty() && (Current().category & kImpliedEndThorough) && Current().ns == Namespace::kHtml) Pop();
}

void HtmlTreeBuilder::Run::ClosePElement() {
  GenerateImpliedEndTags(kP);
  PopUntil(kP);
}

// The end of a table section or row: the stack cleared back to its `context`, then popped.
void HtmlTreeBuilder::Run::CloseTablePart(std::uint32_t context, Mode next) {
  PopWhileNot(context);
  Pop();
  mode_ = next;
}

// The end of a <template> (its end tag, or the end of the input inside it).
void HtmlTreeBuilder::Run::CloseTemplate() {
  PopUntil(kTemplate);
  ClearFormattingToLastMarker();
  if (!template_modes_.empty()) template_modes_.pop_back();
  ResetInsertionMode();
}

void HtmlTreeBuilder::Run::CloseCell() {
  GenerateImpliedEndTags();
  PopUntilCategory(kCell);
  ClearFormattingToLastMarker();
  mode_ = Mode::kInRow;
}

// §13.2.4.1 "reset the insertion mode appropriately" (no fragment case).
void HtmlTreeBuilder::Run::ResetInsertionMode() {
  for (std::size_t i = open_.size(); i-- > 0;) {
    const OpenElement& e = open_[i];
    const bool last = i == 0;
    if (e.ns == Namespace::kHtml) {
      switch (e.name) {
        case kSelect:
          if (!last) {
            for (std::size_t j = i; j-- > 0;) {
              if (Is(open_[j], kTemplate)) break;
              if (Is(open_[j], kTable)) {
                mode_ = Mode::kInSelectInTable;
                return;
              }
            }
          }
          mode_ = Mode::kInSelect;
          return;
        case kTd:
        case kTh:
          if (!last) {
            mode_ = Mode::kInCell;
            return;
          }
          break;
        case kTr: mode_ = Mode::kInRow; return;
        case kTbody:
        case kThead:
        case kTfoot: mode_ = Mode::kInTableBody; return;
        case kCaption: mode_ = Mode::kInCaption; return;
        case kColgroup: mode_ = Mode::kInColumnGroup; return;
        case kTable: mode_ = Mode::kInTable; return;
        case kTemplate: mode_ = template_modes_.empty() ? Mode::kInBody : template_modes_.back(); return;
        case kHead:
          if (!last) {
            mode_ = Mode::kInHead;
            return;
          }
          break;
        case kBody: mode_ = Mode::kInBody; return;
        case kFrameset: mode_ = Mode::kInFrameset; return;
        case kHtml: mode_ = head_ == kNoTreeNode ? Mode::kBeforeHead : Mode::kAfterHead; return;
        default: break;
      }
    }
    if (last) {
      mode_ = Mode::kInBody;
      return;
    }
  }
  mode_ = Mode::kInBody;
}

// ====================================================================================================
// The list of active formatting elements

void HtmlTreeBuilder::Run::RemoveFormattingAt(std::size_t index) {
  if (formatting_[index] != kMarker) {
    tree_.nodes[formatting_[index]].flags &= static_cast<std::uint8_t>(~kInFormattingList);
  }
  formatting_.erase(formatting_.begin() + static_cast<std::ptrdiff_t>(index));
}

void HtmlTreeBuilder::Run::ClearFormattingToLastMarker() {
  while (!formatting_.empty()) {
    const bool marker = formatting_.back() == kMarker;
    RemoveFormattingAt(formatting_.size() - 1);
    if (marker) return;
  }
}

// Same tag name, namespace and attributes (in any order).
bool HtmlTreeBuilder::Run::SameForNoahsArk(std::uint32_t a, std::uint32_t b) const {
  const HtmlTreeNode& x = tree_.nodes[a];
  const HtmlTreeNode& y = tree_.nodes[b];
  if (x.name != y.name || x.ns != y.ns || x.count_or_last != y.count_or_last) return false;
  if (x.first == y.first) return true;  // clones share their attributes
  for (std::uint32_t i = x.first; i < x.first + x.count_or_last; ++i) {
    bool found = false;
    for (std::uint32_t j = y.first; j < y.first + y.count_or_last && !found; ++j) {
      found = tree_.attrs[i].name == tree_.attrs[j].name && tree_.attrs[i].value == tree_.attrs[j].value;
    }
    if (!found) return false;
  }
  return true;
}

// §13.2.4.3 "push onto the list of active formatting elements", with the Noah's Ark clause.
void HtmlTreeBuilder::Run::PushFormatting(std::uint32_t node) {
  int same = 0;
  std::size_t earliest = 0;
  for (std::size_t i = formatting_.size(); i-- > 0 && formatting_[i] != kMarker;) {
    if (SameForNoahsArk(formatting_[i], node)) {
      ++same;
      earliest = i;
    }
  }
  if (same >= 3) RemoveFormattingAt(earliest);
  formatting_.push_back(node);
  tree_.nodes[node].flags |= kInFormattingList;
}

// §13.2.4.3 "reconstruct the active formatting elements".
void HtmlTreeBuilder::Run::ReopenFormatting() {
  std::size_t i = formatting_.size() - 1;
  while (i > 0 && formatting_[i - 1] != kMarker && !(tree_.nodes[formatting_[i - 1]].flags & kOnStack)) --i;
  // pith's limits: the same formatting elements reopened again and again (closed by every block, as
  // in "<p><b><i><u>…</p><p>x</p><p>x</p>…") make a tree that grows much faster than the input.
  // Real pages reopen a few hundred in all (at most one per 200 bytes of the development corpus);
  // past one per byte read (and a start of 4,096) none are, and none past the depth limit. Those
  // not reopened leave the list, so that the next reconstruction does not walk over them again.
  reopened_ += formatting_.size() - i;
  std::size_t end = reopened_ > position_ + 4096 ? i : formatting_.size();
  end = std::min(end, i + (max_depth_ > open_.size() ? max_depth_ - open_.size() : 0));
  for (std::size_t k = end; k < formatting_.size(); ++k) {
    tree_.nodes[formatting_[k]].flags &= static_cast<std::uint8_t>(~kInFormattingList);
  }
  tree_.formatting_forgotten += formatting_.size() - end;
  formatting_.resize(end);
  for (; i < formatting_.size(); ++i) {
    const std::uint32_t old = formatting_[i];
    const std::uint32_t clone = Clone(old);
    InsertAt(AppropriatePlace(), clone);
    Push(clone);
    tree_.nodes[old].flags &= static_cast<std::uint8_t>(~kInFormattingList);
    tree_.nodes[clone].flags |= kInFormattingList;
    formatting_[i] = clone;
  }
}

// §13.2.6.4.7 the adoption agency algorithm. False: "act as described in the any other end tag
// entry".
bool HtmlTreeBuilder::Run::AdoptionAgency(HtmlName subject) {
  if (CurrentIs(subject) && !(tree_.nodes[Current().node].flags & kInFormattingList)) {
    Pop();
    return true;
  }
  for (int outer = 0; outer < 8; ++outer) {
    std::size_t fe_list = formatting_.size();
    for (std::size_t i = formatting_.size(); i-- > 0 && formatting_[i] != kMarker;) {
      if (tree_.nodes[formatting_[i]].name == subject) {
        fe_list = i;
        break;
      }
    }
    if (fe_list == formatting_.size()) return false;
    const std::uint32_t fe = formatting_[fe_list];
    if (!(tree_.nodes[fe].flags & kOnStack)) {
      RemoveFormattingAt(fe_list);
      return true;
    }
    std::size_t fe_stack = open_.size();
    bool in_scope = true;
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (open_[i].node == fe) {
        fe_stack = i;
        break;
      }
      if (open_[i].category & kScopeBoundary) in_scope = false;
    }
    if (!in_scope) return true;  // parse error; the token is ignored
    std::size_t fb_stack = fe_stack + 1;
    while (fb_stack < open_.size() && !(open_[fb_stack].category & kSpecial)) ++fb_stack;
    if (fb_stack == open_.size()) {
      while (open_.size() > fe_stack) Pop();
      RemoveFormattingAt(fe_list);
      return true;
    }
    const std::uint32_t furthest_block = open_[fb_stack].node;
    const std::uint32_t common_ancestor = open_[fe_stack - 1].node;
    std::uint32_t bookmark_after = kNoTreeNode;  // kNoTreeNode: the formatting element's own place
    std::size_t node_stack = fb_stack;
    std::uint32_t last_node = furthest_block;
    for (int inner = 1;; ++inner) {
      const std::uint32_t node = open_[--node_stack].node;
      if (node == fe) break;
      bool listed = tree_.nodes[node].flags & kInFormattingList;
      std::size_t node_list = 0;
      if (listed) node_list = FormattingIndexOf(node);
      if (inner > 3 && listed) {
        RemoveFormattingAt(node_list);
        listed = false;
      }
      if (!listed) {
        RemoveFromStack(node_stack);
        continue;
      }
      const std::uint32_t clone = Clone(node);
      formatting_[node_list] = clone;
      tree_.nodes[node].flags &= static_cast<std::uint8_t>(~(kInFormattingList | kOnStack));
      tree_.nodes[clone].flags |= kInFormattingList | kOnStack;
      open_[node_stack].node = clone;
      if (last_node == furthest_block) bookmark_after = clone;
      Detach(last_node);
      AppendChild(clone, last_node);
      last_node = clone;
    }
    Detach(last_node);
    InsertAt(AppropriatePlace(common_ancestor), last_node);
    const std::uint32_t adopted = Clone(fe);
    HtmlTreeNode& fb = tree_.nodes[furthest_block];
    for (std::uint32_t c = fb.first_child; c != kNoTreeNode; c = tree_.nodes[c].next_sibling) {
      tree_.nodes[c].parent = adopted;
    }
    tree_.nodes[adopted].first_child = fb.first_child;
    tree_.nodes[adopted].last_child = fb.last_child;
    fb.first_child = fb.last_child = kNoTreeNode;
    AppendChild(furthest_block, adopted);
    // The list: the formatting element out, the new element in at the bookmark.
    RemoveFormattingAt(FormattingIndexOf(fe));
    std::size_t at = fe_list;
    if (bookmark_after != kNoTreeNode) at = FormattingIndexOf(bookmark_after) + 1;
    at = std::min(at, formatting_.size());
    formatting_.insert(formatting_.begin() + static_cast<std::ptrdiff_t>(at), adopted);
    tree_.nodes[adopted].flags |= kInFormattingList;
    // The stack: the formatting element out, the new element in right after the furthest block.
    const OpenElement entry{adopted, open_[fe_stack].name, open_[fe_stack].ns, open_[fe_stack].category};
    RemoveFromStack(fe_stack);
    open_.insert(open_.begin() + static_cast<std::ptrdiff_t>(StackIndexOf(furthest_block) + 1), entry);
    tree_.nodes[adopted].flags |= kOnStack;
    if (entry.ns == Namespace::kHtml && entry.name < kCount) ++open_count_[entry.name];
  }
  return true;
}

// ====================================================================================================
// Insertion modes

// What the head, column group, select and frameset modes share: a DOCTYPE is ignored, a comment
// inserted, an <html> start tag processed by the rules of "in body".
bool HtmlTreeBuilder::Run::DoctypeCommentOrHtml(Tok& t) {
  switch (t.type) {
    case HtmlToken::kDoctype: return true;
    case HtmlToken::kComment: InsertComment(kNoTreeNode); return true;
    case HtmlToken::kStartTag:
      if (t.name != kHtml) return false;
      InBody(t);
      return true;
    default: return false;
  }
}

void HtmlTreeBuilder::Run::Initial(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment: return InsertComment(kDocumentNode);
    case HtmlToken::kDoctype:
      quirks_ = DoctypeMeansQuirks(*t.raw);
      mode_ = Mode::kBeforeHtml;
      return;
    default:
      quirks_ = true;
      mode_ = Mode::kBeforeHtml;
      return Process(t);
  }
}

void HtmlTreeBuilder::Run::BeforeHtml(Tok& t) {
  switch (t.type) {
    case HtmlToken::kDoctype: return;
    case HtmlToken::kComment: return InsertComment(kDocumentNode);
    case HtmlToken::kStartTag:
      if (t.name == kHtml) {
        const std::uint32_t html = CreateElement(kHtml, Namespace::kHtml, t.attrs, t.attr_count, t.offset);
        AppendChild(kDocumentNode, html);
        Push(html);
        mode_ = Mode::kBeforeHead;
        return;
      }
      break;
    case HtmlToken::kEndTag:
      if (t.name != kHead && t.name != kBody && t.name != kHtml && t.name != kBr) return;
      break;
    default: break;
  }
  OpenImplied(kHtml, Mode::kBeforeHead);
  Process(t);
}

void HtmlTreeBuilder::Run::BeforeHead(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      if (t.name == kHead) {
        head_ = InsertElement(t);
        mode_ = Mode::kInHead;
        return;
      }
      break;
    case HtmlToken::kEndTag:
      if (t.name != kHead && t.name != kBody && t.name != kHtml && t.name != kBr) return;
      break;
    default: break;
  }
  head_ = OpenImplied(kHead, Mode::kInHead);
  Process(t);
}

void HtmlTreeBuilder::Run::InHead(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      switch (t.name) {
        case kBase: case kBasefont: case kBgsound: case kLink: case kMeta: return InsertVoidElement(t);
        case kTitle: return StartRawText(t, HtmlTokenizer::State::kRcdata);
        case kNoframes: case kStyle: return StartRawText(t, HtmlTokenizer::State::kRawtext);
        case kNoscript:
          InsertElement(t);
          mode_ = Mode::kInHeadNoscript;
          return;
        case kScript: return StartRawText(t, HtmlTokenizer::State::kScriptData);
        case kTemplate:
          InsertElement(t);
          PushMarker();
          frameset_ok_ = false;
          mode_ = Mode::kInTemplate;
          template_modes_.push_back(Mode::kInTemplate);
          return;
        case kHead: return;
        default: break;
      }
      break;
    case HtmlToken::kEndTag:
      switch (t.name) {
        case kHead:
          Pop();
          mode_ = Mode::kAfterHead;
          return;
        case kBody: case kHtml: case kBr: break;
        case kTemplate:
          if (!TemplateOnStack()) return;
          GenerateAllImpliedEndTagsThoroughly();
          return CloseTemplate();
        default: return;
      }
      break;
    default: break;
  }
  Pop();  // <head>
  mode_ = Mode::kAfterHead;
  Process(t);
}

void HtmlTreeBuilder::Run::InHeadNoscript(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      switch (t.name) {
        case kBasefont: case kBgsound: case kLink: case kMeta: case kNoframes: case kStyle: return InHead(t);
        case kHead: case kNoscript: return;
        default: break;
      }
      break;
    case HtmlToken::kEndTag:
      if (t.name == kNoscript) {
        Pop();
        mode_ = Mode::kInHead;
        return;
      }
      if (t.name != kBr) return;
      break;
    default: break;
  }
  Pop();  // <noscript>
  mode_ = Mode::kInHead;
  Process(t);
}

void HtmlTreeBuilder::Run::AfterHead(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      switch (t.name) {
        case kBody:
          InsertElement(t);
          frameset_ok_ = false;
          mode_ = Mode::kInBody;
          return;
        case kFrameset:
          InsertElement(t);
          mode_ = Mode::kInFrameset;
          return;
        case kBase: case kBasefont: case kBgsound: case kLink: case kMeta: case kNoframes: case kScript:
        case kStyle: case kTemplate: case kTitle: {
          // The head goes back on the stack for the token, and comes off wherever it is then.
          const std::uint32_t head = head_;
          Push(head);
          InHead(t);
          if (const std::size_t at = StackIndexOf(head); at != open_.size()) RemoveFromStack(at);
          return;
        }
        case kHead: return;
        default: break;
      }
      break;
    case HtmlToken::kEndTag:
      if (t.name == kTemplate) return InHead(t);
      if (t.name != kBody && t.name != kHtml && t.name != kBr) return;
      break;
    default: break;
  }
  OpenImplied(kBody, Mode::kInBody);
  Process(t);
}

void HtmlTreeBuilder::Run::InBody(Tok& t) {
  switch (t.type) {
    case HtmlToken::kStartTag: return InBodyStartTag(t);
    case HtmlToken::kEndTag: return InBodyEndTag(t);
    case HtmlToken::kComment: return InsertComment(kNoTreeNode);
    case HtmlToken::kDoctype: return;
    case HtmlToken::kEof:
      if (!template_modes_.empty()) return InTemplate(t);
      stopped_ = true;
      return;
    case HtmlToken::kCharacters: return;  // runs go through ProcessText
  }
}

void HtmlTreeBuilder::Run::InBodyStartTag(Tok& t) {
  switch (t.name) {
    case kHtml:
      if (!TemplateOnStack()) AddMissingAttributes(open_[0].node, t);
      return;
    case kBase: case kBasefont: case kBgsound: case kLink: case kMeta: case kNoframes: case kScript:
    case kStyle: case kTemplate: case kTitle:
      return InHead(t);
    case kBody:
      if (open_.size() == 1 || !Is(open_[1], kBody) || TemplateOnStack()) return;
      frameset_ok_ = false;
      return AddMissingAttributes(open_[1].node, t);
    case kFrameset:
      if (open_.size() == 1 || !Is(open_[1], kBody) || !frameset_ok_) return;
      Detach(open_[1].node);
      while (open_.size() > 1) Pop();
      InsertElement(t);
      mode_ = Mode::kInFrameset;
      return;
    case kAddress: case kArticle: case kAside: case kBlockquote: case kCenter: case kDetails: case kDialog:
    case kDir: case kDiv: case kDl: case kFieldset: case kFigcaption: case kFigure: case kFooter: case kHeader:
    case kHgroup: case kMain: case kMenu: case kNav: case kOl: case kP: case kSearch: case kSection:
    case kSummary: case kUl:
      ClosePIfInButtonScope();
      InsertElement(t);
      return;
    case kH1: case kH2: case kH3: case kH4: case kH5: case kH6:
      ClosePIfInButtonScope();
      if (Current().ns == Namespace::kHtml && (Current().category & kHeading)) Pop();
      InsertElement(t);
      return;
    case kPre: case kListing:
      ClosePIfInButtonScope();
      InsertElement(t);
      skip_newline_ = true;
      frameset_ok_ = false;
      return;
    case kForm: {
      const bool template_open = TemplateOnStack();
      if (form_ != kNoTreeNode && !template_open) return;
      ClosePIfInButtonScope();
      const std::uint32_t form = InsertElement(t);
      if (!template_open) form_ = form;
      return;
    }
    case kLi: case kDd: case kDt: {
      frameset_ok_ = false;
      for (std::size_t i = open_.size(); i-- > 0;) {
        const OpenElement& e = open_[i];
        const bool match = e.ns == Namespace::kHtml &&
                           (t.name == kLi ? e.name == kLi : (e.name == kDd || e.name == kDt));
        if (match) {
          const HtmlName name = e.name;
          GenerateImpliedEndTags(name);
          PopUntil(name);
          break;
        }
        if ((e.category & kSpecial) && !Is(e, kAddress) && !Is(e, kDiv) && !Is(e, kP)) break;
      }
      ClosePIfInButtonScope();
      InsertElement(t);
      return;
    }
    case kPlaintext:
      ClosePIfInButtonScope();
      InsertElement(t);
      tokenizer_->SwitchTo(HtmlTokenizer::State::kPlaintext);
      return;
    case kButton:
      if (InScope(kButton)) {
        GenerateImpliedEndTags();
        PopUntil(kButton);
      }
      ReconstructFormatting();
      InsertElement(t);
      frameset_ok_ = false;
      return;
    case kA:
      for (std::size_t i = formatting_.size(); i-- > 0 && formatting_[i] != kMarker;) {
        const std::uint32_t a = formatting_[i];
        if (tree_.nodes[a].name != kA) continue;
        AdoptionAgency(kA);
        if (const std::size_t at = FormattingIndexOf(a); at != formatting_.size()) RemoveFormattingAt(at);
        if (const std::size_t at = StackIndexOf(a); at != open_.size()) RemoveFromStack(at);
        break;
      }
      ReconstructFormatting();
      PushFormatting(InsertElement(t));
      return;
    case kB: case kBig: case kCode: case kEm: case kFont: case kI: case kS: case kSmall: case kStrike:
    case kStrong: case kTt: case kU:
      ReconstructFormatting();
      PushFormatting(InsertElement(t));
      return;
    case kNobr:
      ReconstructFormatting();
      if (InScope(kNobr)) {
        AdoptionAgency(kNobr);
        ReconstructFormatting();
      }
      PushFormatting(InsertElement(t));
      return;
    case kApplet: case kMarquee: case kObject:
      ReconstructFormatting();
      InsertElement(t);
      PushMarker();
      frameset_ok_ = false;
      return;
    case kTable:
      if (!quirks_) ClosePIfInButtonScope();
      InsertElement(t);
      frameset_ok_ = false;
      mode_ = Mode::kInTable;
      return;
    case kArea: case kBr: case kEmbed: case kImg: case kKeygen: case kWbr:
      ReconstructFormatting();
      InsertVoidElement(t);
      frameset_ok_ = false;
      return;
    case kInput:
      ReconstructFormatting();
      InsertVoidElement(t);
      if (!IsHiddenInput(t)) frameset_ok_ = false;
      return;
    case kParam: case kSource: case kTrack: return InsertVoidElement(t);
    case kHr:
      ClosePIfInButtonScope();
      InsertVoidElement(t);
      frameset_ok_ = false;
      return;
    case kImage:
      t.name = kImg;
      return Process(t);
    case kTextarea:
      InsertElement(t);
      skip_newline_ = true;
      tokenizer_->SwitchTo(HtmlTokenizer::State::kRcdata);
      original_mode_ = mode_;
      frameset_ok_ = false;
      mode_ = Mode::kText;
      return;
    case kXmp:
      ClosePIfInButtonScope();
      ReconstructFormatting();
      frameset_ok_ = false;
      return StartRawText(t, HtmlTokenizer::State::kRawtext);
    case kIframe:
      frameset_ok_ = false;
      return StartRawText(t, HtmlTokenizer::State::kRawtext);
    case kNoembed: return StartRawText(t, HtmlTokenizer::State::kRawtext);
    case kSelect:
      ReconstructFormatting();
      InsertElement(t);
      frameset_ok_ = false;
      mode_ = (mode_ == Mode::kInTable || mode_ == Mode::kInCaption || mode_ == Mode::kInTableBody ||
               mode_ == Mode::kInRow || mode_ == Mode::kInCell)
                  ? Mode::kInSelectInTable
                  : Mode::kInSelect;
      return;
    case kOptgroup: case kOption:
      if (CurrentIs(kOption)) Pop();
      ReconstructFormatting();
      InsertElement(t);
      return;
    case kRb: case kRtc:
      if (InScope(kRuby)) GenerateImpliedEndTags();
      InsertElement(t);
      return;
    case kRp: case kRt:
      if (InScope(kRuby)) GenerateImpliedEndTags(kRtc);
      InsertElement(t);
      return;
    case kMath:
      ReconstructFormatting();
      return InsertForeignElement(t, Namespace::kMathml);
    case kSvg:
      ReconstructFormatting();
      return InsertForeignElement(t, Namespace::kSvg);
    case kCaption: case kCol: case kColgroup: case kFrame: case kHead: case kTbody: case kTd: case kTfoot:
    case kTh: case kThead: case kTr:
      return;
    default:
      ReconstructFormatting();
      InsertElement(t);
      return;
  }
}

void HtmlTreeBuilder::Run::InBodyEndTag(Tok& t) {
  switch (t.name) {
    case kTemplate: return InHead(t);
    case kBody:
      if (InScope(kBody)) mode_ = Mode::kAfterBody;
      return;
    case kHtml:
      if (!InScope(kBody)) return;
      mode_ = Mode::kAfterBody;
      return Process(t);
    case kAddress: case kArticle: case kAside: case kBlockquote: case kButton: case kCenter: case kDetails:
    case kDialog: case kDir: case kDiv: case kDl: case kFieldset: case kFigcaption: case kFigure:
    case kFooter: case kHeader: case kHgroup: case kListing: case kMain: case kMenu: case kNav: case kOl:
    case kPre: case kSearch: case kSection: case kSummary: case kUl:
      if (!InScope(t.name)) return;
      GenerateImpliedEndTags();
      PopUntil(t.name);
      return;
    case kForm:
      if (!TemplateOnStack()) {
        const std::uint32_t form = form_;
        form_ = kNoTreeNode;
        if (form == kNoTreeNode) return;
        std::size_t at = open_.size();
        for (std::size_t i = open_.size(); i-- > 0;) {
          if (open_[i].node == form) {
            at = i;
            break;
          }
          if (open_[i].category & kScopeBoundary) break;
        }
        if (at == open_.size()) return;
        GenerateImpliedEndTags();
        RemoveFromStack(StackIndexOf(form));
        return;
      }
      if (!InScope(kForm)) return;
      GenerateImpliedEndTags();
      PopUntil(kForm);
      return;
    case kP:
      if (!InScope(kP, kScopeBoundary | kButtonScopeBoundary)) {
        // A <p> is created and closed at once.
        InsertAt(AppropriatePlace(), CreateElement(kP, Namespace::kHtml, nullptr, 0, kNoOffset));
        return;
      }
      ClosePElement();
      return;
    case kLi:
      if (!InScope(kLi, kScopeBoundary | kListScopeBoundary)) return;
      GenerateImpliedEndTags(kLi);
      PopUntil(kLi);
      return;
    case kDd: case kDt:
      if (!InScope(t.name)) return;
      GenerateImpliedEndTags(t.name);
      PopUntil(t.name);
      return;
    case kH1: case kH2: case kH3: case kH4: case kH5: case kH6:
      if (!CategoryInScope(kHeading, kScopeBoundary,
                           open_count_[kH1] + open_count_[kH2] + open_count_[kH3] + open_count_[kH4] +
                               open_count_[kH5] + open_count_[kH6])) {
        return;
      }
      GenerateImpliedEndTags();
      PopUntilCategory(kHeading);
      return;
    case kA: case kB: case kBig: case kCode: case kEm: case kFont: case kI: case kNobr: case kS: case kSmall:
    case kStrike: case kStrong: case kTt: case kU:
      if (!AdoptionAgency(t.name)) AnyOtherEndTag(t.name);
      return;
    case kApplet: case kMarquee: case kObject:
      if (!InScope(t.name)) return;
      GenerateImpliedEndTags();
      PopUntil(t.name);
      ClearFormattingToLastMarker();
      return;
    case kBr: {
      Tok br{HtmlToken::kStartTag, kBr, false, nullptr, 0, t.offset, t.raw};
      ReconstructFormatting();
      InsertVoidElement(br);
      frameset_ok_ = false;
      return;
    }
    default: return AnyOtherEndTag(t.name);
  }
}

void HtmlTreeBuilder::Run::AnyOtherEndTag(HtmlName name) {
  for (std::size_t i = open_.size(); i-- > 0;) {
    const OpenElement& e = open_[i];
    if (Is(e, name)) {
      GenerateImpliedEndTags(name);
      while (open_.size() > i) Pop();
      return;
    }
    if (e.category & kSpecial) return;
  }
}

void HtmlTreeBuilder::Run::TextMode(Tok& t) {
  if (t.type == HtmlToken::kEof) {
    Pop();
    mode_ = original_mode_;
    return Process(t);
  }
  if (t.type == HtmlToken::kEndTag) {
    Pop();
    mode_ = original_mode_;
  }
}

void HtmlTreeBuilder::Run::InTable(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment: return InsertComment(kNoTreeNode);
    case HtmlToken::kDoctype: return;
    case HtmlToken::kEof: return InBody(t);
    case HtmlToken::kStartTag:
      switch (t.name) {
        case kCaption:
          PopWhileNot(kTableScopeBoundary);
          PushMarker();
          InsertElement(t);
          mode_ = Mode::kInCaption;
          return;
        case kColgroup:
          PopWhileNot(kTableScopeBoundary);
          InsertElement(t);
          mode_ = Mode::kInColumnGroup;
          return;
        case kCol:
          PopWhileNot(kTableScopeBoundary);
          OpenImplied(kColgroup, Mode::kInColumnGroup);
          return Process(t);
        case kTbody: case kTfoot: case kThead:
          PopWhileNot(kTableScopeBoundary);
          InsertElement(t);
          mode_ = Mode::kInTableBody;
          return;
        case kTd: case kTh: case kTr:
          PopWhileNot(kTableScopeBoundary);
          OpenImplied(kTbody, Mode::kInTableBody);
          return Process(t);
        case kTable:
          if (!InTableScope(kTable)) return;
          PopUntil(kTable);
          ResetInsertionMode();
          return Process(t);
        case kStyle: case kScript: case kTemplate: return InHead(t);
        case kInput:
          if (!IsHiddenInput(t)) break;
          return InsertVoidElement(t);
        case kForm: {
          if (TemplateOnStack() || form_ != kNoTreeNode) return;
          const std::uint32_t form = CreateElement(kForm, Namespace::kHtml, t.attrs, t.attr_count, t.offset);
          InsertAt(AppropriatePlace(), form);
          form_ = form;
          return;
        }
        default: break;
      }
      break;
    case HtmlToken::kEndTag:
      switch (t.name) {
        case kTable:
          if (!InTableScope(kTable)) return;
          PopUntil(kTable);
          ResetInsertionMode();
          return;
        case kBody: case kCaption: case kCol: case kColgroup: case kHtml: case kTbody: case kTd: case kTfoot:
        case kTh: case kThead: case kTr:
          return;
        case kTemplate: return InHead(t);
        default: break;
      }
      break;
    case HtmlToken::kCharacters: return;
  }
  InTableAnythingElse(t);
}

void HtmlTreeBuilder::Run::InTableAnythingElse(Tok& t) {
  const bool saved = foster_parenting_;
  foster_parenting_ = true;
  InBody(t);
  foster_parenting_ = saved;
}

void HtmlTreeBuilder::Run::FlushPendingTableText() {
  if (pending_table_text_has_non_space_) {
    const bool saved = foster_parenting_;
    foster_parenting_ = true;
    for (const TextRun& r : pending_table_text_) TextInBody(r);
    foster_parenting_ = saved;
  } else {
    for (const TextRun& r : pending_table_text_) InsertText(r);
  }
  pending_table_text_.clear();
  pending_table_text_has_non_space_ = false;
}

void HtmlTreeBuilder::Run::InTableText(Tok& t) {
  FlushPendingTableText();
  mode_ = original_mode_;
  Dispatch(t);
}

void HtmlTreeBuilder::Run::InCaption(Tok& t) {
  const bool table_start =
      t.type == HtmlToken::kStartTag &&
      (t.name == kCaption || t.name == kCol || t.name == kColgroup || t.name == kTbody || t.name == kTd ||
       t.name == kTfoot || t.name == kTh || t.name == kThead || t.name == kTr);
  if ((t.type == HtmlToken::kEndTag && (t.name == kCaption || t.name == kTable)) || table_start) {
    if (!InTableScope(kCaption)) return;
    GenerateImpliedEndTags();
    PopUntil(kCaption);
    ClearFormattingToLastMarker();
    mode_ = Mode::kInTable;
    if (!(t.type == HtmlToken::kEndTag && t.name == kCaption)) Process(t);
    return;
  }
  if (t.type == HtmlToken::kEndTag &&
      (t.name == kBody || t.name == kCol || t.name == kColgroup || t.name == kHtml || t.name == kTbody ||
       t.name == kTd || t.name == kTfoot || t.name == kTh || t.name == kThead || t.name == kTr)) {
    return;
  }
  InBody(t);
}

void HtmlTreeBuilder::Run::InColumnGroup(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      if (t.name == kCol) return InsertVoidElement(t);
      if (t.name == kTemplate) return InHead(t);
      break;
    case HtmlToken::kEndTag:
      if (t.name == kColgroup) {
        if (!CurrentIs(kColgroup)) return;
        Pop();
        mode_ = Mode::kInTable;
        return;
      }
      if (t.name == kCol) return;
      if (t.name == kTemplate) return InHead(t);
      break;
    case HtmlToken::kEof: return InBody(t);
    default: return;  // (DOCTYPE and comments done above; characters go through ProcessText)
  }
  if (!CurrentIs(kColgroup)) return;
  Pop();
  mode_ = Mode::kInTable;
  Process(t);
}

void HtmlTreeBuilder::Run::InTableBody(Tok& t) {
  if (t.type == HtmlToken::kStartTag) {
    switch (t.name) {
      case kTr:
        PopWhileNot(kTableBodyContext);
        InsertElement(t);
        mode_ = Mode::kInRow;
        return;
      case kTh: case kTd:
        PopWhileNot(kTableBodyContext);
        OpenImplied(kTr, Mode::kInRow);
        return Process(t);
      case kCaption: case kCol: case kColgroup: case kTbody: case kTfoot: case kThead:
        break;
      default: return InTable(t);
    }
  } else if (t.type == HtmlToken::kEndTag) {
    switch (t.name) {
      case kTbody: case kTfoot: case kThead:
        if (InTableScope(t.name)) CloseTablePart(kTableBodyContext, Mode::kInTable);
        return;
      case kTable: break;
      case kBody: case kCaption: case kCol: case kColgroup: case kHtml: case kTd: case kTh: case kTr: return;
      default: return InTable(t);
    }
  } else {
    return InTable(t);
  }
  // <caption>, <col>, <colgroup>, <tbody>, <tfoot>, <thead>, </table>: the section ends first.
  if (!CategoryInScope(kTableSection, kTableScopeBoundary,
                       open_count_[kTbody] + open_count_[kThead] + open_count_[kTfoot])) {
    return;
  }
  CloseTablePart(kTableBodyContext, Mode::kInTable);
  Process(t);
}

void HtmlTreeBuilder::Run::InRow(Tok& t) {
  if (t.type == HtmlToken::kStartTag) {
    switch (t.name) {
      case kTh: case kTd:
        PopWhileNot(kTableRowContext);
        InsertElement(t);
        mode_ = Mode::kInCell;
        PushMarker();
        return;
      case kCaption: case kCol: case kColgroup: case kTbody: case kTfoot: case kThead: case kTr:
        break;
      default: return InTable(t);
    }
  } else if (t.type == HtmlToken::kEndTag) {
    switch (t.name) {
      case kTr:
        if (InTableScope(kTr)) CloseTablePart(kTableRowContext, Mode::kInTableBody);
        return;
      case kTable: break;
      case kTbody: case kTfoot: case kThead:
        if (!InTableScope(t.name)) return;
        break;
      case kBody: case kCaption: case kCol: case kColgroup: case kHtml: case kTd: case kTh: return;
      default: return InTable(t);
    }
  } else {
    return InTable(t);
  }
  // The row ends first.
  if (!InTableScope(kTr)) return;
  CloseTablePart(kTableRowContext, Mode::kInTableBody);
  Process(t);
}

void HtmlTreeBuilder::Run::InCell(Tok& t) {
  if (t.type == HtmlToken::kEndTag) {
    switch (t.name) {
      case kTd: case kTh:
        if (!InTableScope(t.name)) return;
        GenerateImpliedEndTags();
        PopUntil(t.name);
        ClearFormattingToLastMarker();
        mode_ = Mode::kInRow;
        return;
      case kBody: case kCaption: case kCol: case kColgroup: case kHtml: return;
      case kTable: case kTbody: case kTfoot: case kThead: case kTr:
        if (!InTableScope(t.name)) return;
        CloseCell();
        return Process(t);
      default: break;
    }
  } else if (t.type == HtmlToken::kStartTag) {
    switch (t.name) {
      case kCaption: case kCol: case kColgroup: case kTbody: case kTd: case kTfoot: case kTh: case kThead:
      case kTr:
        if (!CategoryInScope(kCell, kTableScopeBoundary, open_count_[kTd] + open_count_[kTh])) return;
        CloseCell();
        return Process(t);
      default: break;
    }
  }
  InBody(t);
}

void HtmlTreeBuilder::Run::InSelect(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kEof: return InBody(t);
    case HtmlToken::kStartTag:
      switch (t.name) {
        case kOption:
          if (CurrentIs(kOption)) Pop();
          InsertElement(t);
          return;
        case kOptgroup:
        case kHr:
          if (CurrentIs(kOption)) Pop();
          if (CurrentIs(kOptgroup)) Pop();
          if (t.name == kHr) return InsertVoidElement(t);
          InsertElement(t);
          return;
        case kSelect:
          if (!InSelectScope(kSelect)) return;
          PopUntil(kSelect);
          ResetInsertionMode();
          return;
        case kInput: case kKeygen: case kTextarea:
          if (!InSelectScope(kSelect)) return;
          PopUntil(kSelect);
          ResetInsertionMode();
          return Process(t);
        case kScript: case kTemplate: return InHead(t);
        default: return;
      }
    case HtmlToken::kEndTag:
      switch (t.name) {
        case kOptgroup:
          if (CurrentIs(kOption) && open_.size() >= 2 && Is(open_[open_.size() - 2], kOptgroup)) Pop();
          if (CurrentIs(kOptgroup)) Pop();
          return;
        case kOption:
          if (CurrentIs(kOption)) Pop();
          return;
        case kSelect:
          if (!InSelectScope(kSelect)) return;
          PopUntil(kSelect);
          ResetInsertionMode();
          return;
        case kTemplate: return InHead(t);
        default: return;
      }
    default: return;  // (DOCTYPE and comments done above; characters go through ProcessText)
  }
}

void HtmlTreeBuilder::Run::InSelectInTable(Tok& t) {
  if (t.type == HtmlToken::kStartTag || t.type == HtmlToken::kEndTag) {
    switch (t.name) {
      case kCaption: case kTable: case kTbody: case kTfoot: case kThead: case kTr: case kTd: case kTh:
        if (t.type == HtmlToken::kEndTag && !InTableScope(t.name)) return;
        PopUntil(kSelect);
        ResetInsertionMode();
        return Process(t);
      default: break;
    }
  }
  InSelect(t);
}

void HtmlTreeBuilder::Run::InTemplate(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment:
    case HtmlToken::kDoctype:
    case HtmlToken::kCharacters:
      return InBody(t);
    case HtmlToken::kStartTag: {
      Mode next = Mode::kInBody;
      switch (t.name) {
        case kBase: case kBasefont: case kBgsound: case kLink: case kMeta: case kNoframes: case kScript:
        case kStyle: case kTemplate: case kTitle:
          return InHead(t);
        case kCaption: case kColgroup: case kTbody: case kTfoot: case kThead: next = Mode::kInTable; break;
        case kCol: next = Mode::kInColumnGroup; break;
        case kTr: next = Mode::kInTableBody; break;
        case kTd: case kTh: next = Mode::kInRow; break;
        default: break;
      }
      if (!template_modes_.empty()) template_modes_.pop_back();
      template_modes_.push_back(next);
      mode_ = next;
      return Process(t);
    }
    case HtmlToken::kEndTag:
      if (t.name == kTemplate) return InHead(t);
      return;
    case HtmlToken::kEof:
      if (!TemplateOnStack()) {
        stopped_ = true;
        return;
      }
      CloseTemplate();
      return Process(t);
  }
}

void HtmlTreeBuilder::Run::AfterBody(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment: return InsertComment(open_[0].node);
    case HtmlToken::kDoctype: return;
    case HtmlToken::kStartTag:
      if (t.name == kHtml) return InBody(t);
      break;
    case HtmlToken::kEndTag:
      if (t.name == kHtml) {
        mode_ = Mode::kAfterAfterBody;
        return;
      }
      break;
    case HtmlToken::kEof: stopped_ = true; return;
    case HtmlToken::kCharacters: return;
  }
  mode_ = Mode::kInBody;
  Process(t);
}

void HtmlTreeBuilder::Run::InFrameset(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      switch (t.name) {
        case kFrameset: InsertElement(t); return;
        case kFrame: return InsertVoidElement(t);
        case kNoframes: return InHead(t);
        default: return;
      }
    case HtmlToken::kEndTag:
      if (t.name == kFrameset && open_.size() > 1) {
        Pop();
        if (!CurrentIs(kFrameset)) mode_ = Mode::kAfterFrameset;
      }
      return;
    case HtmlToken::kEof: stopped_ = true; return;
    default: return;
  }
}

void HtmlTreeBuilder::Run::AfterFrameset(Tok& t) {
  if (DoctypeCommentOrHtml(t)) return;
  switch (t.type) {
    case HtmlToken::kStartTag:
      if (t.name == kNoframes) return InHead(t);
      return;
    case HtmlToken::kEndTag:
      if (t.name == kHtml) mode_ = Mode::kAfterAfterFrameset;
      return;
    case HtmlToken::kEof: stopped_ = true; return;
    default: return;
  }
}

void HtmlTreeBuilder::Run::AfterAfterBody(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment: return InsertComment(kDocumentNode);
    case HtmlToken::kDoctype: return InBody(t);
    case HtmlToken::kStartTag:
      if (t.name == kHtml) return InBody(t);
      break;
    case HtmlToken::kEof: stopped_ = true; return;
    default: break;
  }
  mode_ = Mode::kInBody;
  Process(t);
}

void HtmlTreeBuilder::Run::AfterAfterFrameset(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment: return InsertComment(kDocumentNode);
    case HtmlToken::kDoctype: return InBody(t);
    case HtmlToken::kStartTag:
      if (t.name == kHtml) return InBody(t);
      if (t.name == kNoframes) return InHead(t);
      return;
    case HtmlToken::kEof: stopped_ = true; return;
    default: return;
  }
}

// §13.2.6.5 the rules for parsing tokens in foreign content (tags, comments, DOCTYPEs).
void HtmlTreeBuilder::Run::ForeignContent(Tok& t) {
  switch (t.type) {
    case HtmlToken::kComment: return InsertComment(kNoTreeNode);
    case HtmlToken::kStartTag: {
      bool breakout = t.name < kCount && (kCategories.html[t.name] & kBreakout);
      if (t.name == kFont) {
        for (std::size_t i = 0; i < t.attr_count; ++i) {
          const std::string_view n = t.attrs[i].name;
          if (n == "color" || n == "face" || n == "size") breakout = true;
        }
      }
      if (!breakout) return InsertForeignElement(t, Current().ns);
      break;
    }
    case HtmlToken::kEndTag: {
      if (t.name == kBr || t.name == kP) break;
      if (t.name == kScript && Current().name == kScript && Current().ns == Namespace::kSvg) return Pop();
      for (std::size_t i = open_.size() - 1;; --i) {
        if (i == 0) return;
        if (open_[i].name == t.name) {
          while (open_.size() > i) Pop();
          return;
        }
        if (open_[i - 1].ns == Namespace::kHtml) return Process(t);
      }
    }
    default: return;
  }
  // A start tag of HTML's, or </br>, </p>: leave foreign content, then process it as HTML.
  while (!open_.empty() && Current().ns != Namespace::kHtml &&
         !(Current().category & (kMathTextIntegration | kHtmlIntegration))) {
    Pop();
  }
  Process(t);
}

HtmlTreeBuilder::HtmlTreeBuilder() : run_(std::make_unique<Run>(tree_)) {}
HtmlTreeBuilder::~HtmlTreeBuilder() = default;

void HtmlTreeBuilder::Build(std::string_view html, int max_depth) { run_->Parse(html, max_depth); }

}  // namespace pith::dom
