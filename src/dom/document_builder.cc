// The rules by which a parser's tree becomes pith's Document (see document_builder.h).
#include "dom/document_builder.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "decode/charset.h"
#include "decode/normalize.h"
#include "math/mathml_to_latex.h"
#include "text/ascii.h"
#include "text/byte_scan.h"

namespace pith::dom {
namespace {

// Whether `style` holds "none" or "hidden" in any ASCII case. It runs on every inline style, so
// both words are sought in one pass, compared only where their first letter is.
bool MentionsNoneOrHidden(std::string_view style) {
  for (std::size_t i = 0; i < style.size(); ++i) {
    const char c = static_cast<char>(style[i] | 0x20);  // 'n' only from 'n' and 'N', 'h' from 'h' and 'H'
    if (c == 'n' && text::StartsWithIgnoreAsciiCase(style.substr(i), "none")) return true;
    if (c == 'h' && text::StartsWithIgnoreAsciiCase(style.substr(i), "hidden")) return true;
  }
  return false;
}

// HTML's ASCII whitespace: what separates class tokens and what a compact style drops.
inline bool IsAsciiWhitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

// Whether `lower_pattern` starts at style[i] (not a space) in the style's compact form: without
// ASCII whitespace, ASCII lower-cased.
bool CompactStartsWith(std::string_view style, std::size_t i, std::string_view lower_pattern) {
  for (const char want : lower_pattern) {
    while (i < style.size() && IsAsciiWhitespace(style[i])) ++i;
    if (i == style.size() || text::AsciiLower(style[i]) != want) return false;
    ++i;
  }
  return true;
}

// "display:none" or "visibility:hidden" in the compact form, sought in place (styles that mention
// "none" are common: list-style, text-decoration, border).
bool HasHiddenStyle(std::string_view style) {
  if (!MentionsNoneOrHidden(style)) return false;
  for (std::size_t i = 0; i < style.size(); ++i) {
    const char c = static_cast<char>(style[i] | 0x20);  // 'd' only from 'd' and 'D', 'v' from 'v' and 'V'
    if (c == 'd' && CompactStartsWith(style, i, "display:none")) return true;
    if (c == 'v' && CompactStartsWith(style, i, "visibility:hidden")) return true;
  }
  return false;
}

// The utility class names that hide an element from sight and leave it to screen readers (Bootstrap
// "sr-only" and "visually-hidden", WordPress "screen-reader-text", Drupal "element-invisible", HTML5
// Boilerplate "visuallyhidden", Foundation "show-for-sr"; "hide-text" is the image-replacement
// technique of logos). Their text is a label for the blind ("Share this", "Skip to content",
// "Opens in a new window") that a reader of the page never sees. Whole tokens, any ASCII case.
bool IsScreenReaderOnlyToken(std::string_view token) {
  static constexpr std::string_view kNames[] = {
      "sr-only",           "screen-reader-text", "screen-reader-only", "visually-hidden",
      "visuallyhidden",    "u-visually-hidden",  "element-invisible",  "show-for-sr",
      "hide-text",         "assistive-text",
  };
  if (token.size() < 7 || token.size() > 18) return false;
  for (const std::string_view name : kNames) {
    if (text::EqualsIgnoreAsciiCase(token, name)) return true;
  }
  return false;
}

// Whether a class value hides its element: a screen-reader-only name, or a utility class that sets
// display:none ("hide" of Bootstrap 2 and Foundation, "d-none" of Bootstrap 4 and 5) unless another
// "d-" class shows the element again at some screen width ("d-none d-lg-block": the desktop
// layout, which a reader on a desktop sees). Such classes hide icon glyphs of lightbox buttons
// and collapsed menus.
bool HasHidingClass(std::string_view value) {
  std::size_t i = 0;
  bool display_none = false, shown_again = false;
  while (i < value.size()) {
    while (i < value.size() && IsAsciiWhitespace(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && !IsAsciiWhitespace(value[i])) ++i;
    const std::string_view token = value.substr(begin, i - begin);
    if (IsScreenReaderOnlyToken(token)) return true;
    if (text::EqualsIgnoreAsciiCase(token, "hide") || text::EqualsIgnoreAsciiCase(token, "d-none")) {
      display_none = true;
    } else if (token.size() > 2 && token[0] == 'd' && token[1] == '-') {
      shown_again = true;
    }
  }
  return display_none && !shown_again;
}

// A class name (split at any non-alphanumeric character) that names a collapsible panel: the
// content of an accordion or FAQ, hidden until the reader opens it.
bool NamesCollapsiblePanel(std::string_view value) {
  static constexpr std::string_view kWords[] = {"accordion", "collapse", "collapsible", "expandable",
                                                "faq"};
  auto alnum = [](char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); };
  std::size_t i = 0;
  while (i < value.size()) {
    while (i < value.size() && !alnum(value[i])) ++i;
    const std::size_t begin = i;
    while (i < value.size() && alnum(value[i])) ++i;
    const std::string_view word = value.substr(begin, i - begin);
    for (std::string_view w : kWords) {
      if (text::EqualsIgnoreAsciiCase(word, w)) return true;
    }
  }
  return false;
}

// The newline table of the last page this thread built, kept for its memory: a page has thousands
// of lines, and growing a new table for each page was a dozen allocations.
std::vector<std::uint32_t>& SpareNewlines() {
  thread_local std::vector<std::uint32_t> spare;
  return spare;
}

std::size_t NonSpaceBytes(std::string_view s) {
  std::size_t count = 0;
  for (char c : s) count += !(c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f');
  return count;
}

}  // namespace

bool IsJsonLdType(std::string_view type) { return text::EqualsIgnoreAsciiCase(type, "application/ld+json"); }

// Runs once per attribute of every element: the length and first letter pick the one candidate.
AttributeRole RoleOfAttribute(std::string_view name) {
  auto is = [&](std::string_view candidate, Attr kept, AttributeRole::Hides hides = AttributeRole::kNo) {
    return name == candidate ? AttributeRole{kept, hides} : AttributeRole{};
  };
  if (name.empty()) return {};
  switch (name.size()) {
    case 2: return is("id", Attr::kId);
    case 3:
      switch (name[0]) {
        case 'd': return is("dir", Attr::kDir);
        case 'r': return is("rel", Attr::kRel);
        case 's': return is("src", Attr::kSrc);
        case 'a': return is("alt", Attr::kAlt);
        default: return {};
      }
    case 4:
      switch (name[0]) {
        case 'h': return is("href", Attr::kHref);
        case 'r': return is("role", Attr::kRole);
        case 'l': return is("lang", Attr::kLang);
        case 'n': return is("name", Attr::kName);
        case 't': return is("type", Attr::kType);
        default: return {};
      }
    case 5:
      switch (name[0]) {
        case 'c': return is("class", Attr::kClass, AttributeRole::kClass);
        case 't': return is("title", Attr::kTitle);
        case 's': return name[1] == 't' && name[2] == 'y' ? is("style", Attr::kCount, AttributeRole::kStyle)
                                                          : is("start", Attr::kStart);
        case 'v': return is("value", Attr::kValue);
        case 'w': return is("width", Attr::kWidth);
        default: return {};
      }
    case 6:
      switch (name[0]) {
        case 'h': return name[1] == 'i' ? is("hidden", Attr::kCount, AttributeRole::kHidden) : is("height", Attr::kHeight);
        case 's': return is("srcset", Attr::kSrcset);
        default: return {};
      }
    case 7:
      switch (name[0]) {
        case 'c': return name[1] == 'o' && name[2] == 'n' ? is("content", Attr::kContent)
               : name[1] == 'o'                          ? is("colspan", Attr::kColspan)
                                                          : is("charset", Attr::kCharset);
        case 'r': return is("rowspan", Attr::kRowspan);
        default: return {};
      }
    case 8:
      switch (name[0]) {
        case 'i': return name[4] == 'p' ? is("itemprop", Attr::kItemprop) : is("itemtype", Attr::kItemtype);
        case 'p': return is("property", Attr::kProperty);
        case 'd': return name[1] == 'a' && name[2] == 't' && name[3] == 'a' ? is("data-src", Attr::kDataSrc)
                                                                            : is("datetime", Attr::kDatetime);
        case 'r': return is("reversed", Attr::kReversed);
        default: return {};
      }
    case 9: return is("data-lang", Attr::kDataLang);
    case 10: return is("http-equiv", Attr::kHttpEquiv);
    case 11: return name[0] == 'a' ? is("aria-hidden", Attr::kCount, AttributeRole::kAriaHidden)
                                   : is("data-srcset", Attr::kDataSrcset);
    case 13:
      if (name[4] != '-') return {};
      if (name[0] == 'd') {  // lazy-loading scripts' other names for data-src; Prism's data-lang
        if (name == "data-original") return {Attr::kDataSrc};
        if (name == "data-lazy-src") return {Attr::kDataSrc};
        if (name == "data-language") return {Attr::kDataLang};
        return {};
      }
      if (name[0] != 'a') return {};
      if (name == "aria-expanded") return AttributeRole{.disclosure = AttributeRole::kExpanded};
      if (name == "aria-controls") return AttributeRole{.disclosure = AttributeRole::kControls};
      return {};
    default: return {};
  }
}

DocumentBuilder::DocumentBuilder(std::string_view html, Document* doc, std::size_t nodes, std::size_t text_bytes,
                                 std::size_t attribute_bytes)
    : doc_(*doc) {
  newlines_.swap(SpareNewlines());
  newlines_.clear();
  doc_.Clear();
  doc_.nodes.reserve(nodes + 1);
  doc_.subtree_end.reserve(nodes + 1);
  doc_.text.reserve(text_bytes);
  doc_.strings.reserve(attribute_bytes);
  FindNewlines(html);
  doc_.line_count = static_cast<std::uint32_t>(newlines_.size() - 1) + 1;  // (less the end mark)
  Node root;
  root.tag = Tag::kDocument;
  doc_.nodes.push_back(root);
  doc_.subtree_end.push_back(1);
  parents_.push_back(0);
}

DocumentBuilder::~DocumentBuilder() { newlines_.swap(SpareNewlines()); }

void DocumentBuilder::FindNewlines(std::string_view html) {
  text::FindAll(html, '\n', &newlines_);
  newlines_.push_back(kEndOfNewlines);
}

std::uint32_t DocumentBuilder::LineBefore(std::size_t offset) {
  line_cursor_ = static_cast<std::size_t>(std::lower_bound(newlines_.begin(), newlines_.end() - 1, offset) -
                                          newlines_.begin());
  last_offset_ = offset;
  return static_cast<std::uint32_t>(line_cursor_) + 1;
}

// The `hidden` attribute, aria-hidden="true", an inline display:none or visibility:hidden, a
// screen-reader-only or display:none class (HasHidingClass). hidden="until-found" is the
// standard's own collapsed section (an accordion's panel that find-in-page opens): its text is the
// page's, as that of the accordion panels OpenElement shows.
bool DocumentBuilder::Hides(AttributeRole::Hides rule, std::string_view value) {
  switch (rule) {
    case AttributeRole::kStyle: return HasHiddenStyle(value);
    case AttributeRole::kHidden: return !text::EqualsIgnoreAsciiCase(value, "until-found");
    case AttributeRole::kAriaHidden: return text::EqualsIgnoreAsciiCase(value, "true");
    case AttributeRole::kClass: return hiding_classes_.Get(value, HasHidingClass);
    case AttributeRole::kNo: return false;
  }
  return false;
}

// An accordion's or FAQ's panel is hidden until the reader opens it, as a tab panel is: the page
// holds its text (product specifications, FAQ answers, filter lists of catalogues).
bool DocumentBuilder::CollapsiblePanel(std::string_view class_names) {
  return NamesCollapsiblePanel(class_names);
}

// WAI-ARIA's disclosure and accordion patterns: a button with aria-expanded names the panel it
// opens in aria-controls, and the panel stays hidden until the reader presses it, whatever its
// class is called ("i1xfwo6n"). A hidden element whose id an earlier such button named is shown.
// (A shop's guarantee and shipping panels.) A button after its panel is not looked for: the
// panel's flags are set when it opens.
void DocumentBuilder::Disclosure(AttributeRole::Disclosure attribute, std::string_view value) {
  if (attribute == AttributeRole::kExpanded) {
    element_expander_ = true;
  } else {
    element_controls_.assign(value);
  }
}

bool DocumentBuilder::Disclosed(std::string_view id) const {
  return !id.empty() && !disclosed_ids_.empty() && disclosed_ids_.count(std::string(id)) != 0;
}

// The element being opened (the last node, not linked yet) is the panel of the last aria-expanded
// element when it comes right after it: its previous element sibling is that element or that
// element's parent (<div><a aria-expanded=false>Methodology</a></div><div class=hide>...), or its
// parent is that element (a <details aria-expanded> whose body follows its <summary>): a
// calculator's methodology, a product's FAQ. A previous sibling that holds the expander deeper
// does not count: a menu whose last item has a toggle button precedes a shop's hidden i18n
// strings and cart popups.
bool DocumentBuilder::FollowsExpander() const {
  if (last_expander_ == kNoNode) return false;
  const NodeId parent = parents_.back();
  if (parent == last_expander_) return true;
  NodeId prev = doc_.nodes[parent].last_child;
  // (past the white space between the two elements: a text node or a few, split by comments)
  for (int i = 0; i < 3 && prev != kNoNode && doc_.nodes[prev].tag == Tag::kText; ++i) prev = doc_.nodes[prev].prev_sibling;
  return prev != kNoNode && (prev == last_expander_ || doc_.nodes[last_expander_].parent == prev);
}

// Records each id of a disclosure button's aria-controls (a space-separated list).
void DocumentBuilder::RememberDisclosed(std::string_view controlled_ids) {
  std::size_t i = 0;
  while (i < controlled_ids.size()) {
    while (i < controlled_ids.size() && controlled_ids[i] == ' ') ++i;
    const std::size_t begin = i;
    while (i < controlled_ids.size() && controlled_ids[i] != ' ') ++i;
    if (i > begin) disclosed_ids_.emplace(controlled_ids.substr(begin, i - begin));
  }
}

// React's streaming server rendering sends a Suspense boundary's content late, in a
// <div hidden id="S:0"> that an inline script moves into place: shown to every reader with scripts.
// A page's whole article can arrive in such boundaries beside a visible header.
bool DocumentBuilder::StreamedBoundary(std::string_view id) {
  if (id.size() < 3 || id[0] != 'S' || id[1] != ':') return false;
  for (std::size_t i = 2; i < id.size(); ++i) {
    const char c = id[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

void DocumentBuilder::AppendWithPresentationFormsFolded(std::string& pool, std::string_view s) {
  std::string tmp(s);
  decode::FoldPresentationForms(tmp);
  pool.append(tmp);
}

// The first <html>, <head>, <body> and <title> (`tag` is one of them).
void DocumentBuilder::RememberLandmark(Tag tag, NodeId id) {
  NodeId& landmark = tag == Tag::kHtml   ? doc_.html
                     : tag == Tag::kHead ? doc_.head
                     : tag == Tag::kBody ? doc_.body
                                         : doc_.title;
  if (landmark == kNoNode) landmark = id;
}

void DocumentBuilder::CountNoscriptText(NodeId id) {
  const Node& n = doc_.nodes[id];
  if (n.flags & kFlagHidden) return;
  noscript_chars_ += NonSpaceBytes(std::string_view(doc_.text).substr(n.text_begin, n.text_size));
}

void DocumentBuilder::CountHiddenByMarkupText(NodeId id) {
  const Node& n = doc_.nodes[id];
  hidden_by_markup_chars_ += NonSpaceBytes(std::string_view(doc_.text).substr(n.text_begin, n.text_size));
}

// Each parser gives every distinct name its own key: a new key is a new name.
std::uint16_t DocumentBuilder::UnknownNameIndex(std::string_view name, std::uint32_t name_key) {
  if (name_key < unknown_index_by_key_.size() && unknown_index_by_key_[name_key] != 0xFFFF) {
    return unknown_index_by_key_[name_key];
  }
  if (doc_.unknown_names.size() < 0xFFFF - 1) doc_.unknown_names.emplace_back(name);  // past that, the
  const auto index = static_cast<std::uint16_t>(doc_.unknown_names.size() - 1);      // last one is shared
  if (name_key >= unknown_index_by_key_.size()) unknown_index_by_key_.resize(name_key + 1, 0xFFFF);
  unknown_index_by_key_[name_key] = index;
  return index;
}

// Hidden text this many times the visible text is what a reader gets (ResolveNoscript,
// ResolveHiddenByMarkup).
constexpr std::size_t kRevealShare = 10;

void DocumentBuilder::Finish(bool text_is_valid_utf8) {
  while (!parents_.empty()) CloseElement();
  ResolveNoscript();
  ResolveHiddenByMarkup();
  if (!text_is_valid_utf8) KeepTextValidUtf8();
}

// The parser runs with scripting off, so <noscript> content is parsed as markup. A browser with
// scripts shows it to nobody, and on most pages it is a "please enable JavaScript" line, so it is
// hidden. Pages that render their text with scripts and ship it only inside <noscript> (forum
// engines, single-page apps with a crawler fallback) would then have no text at all: when the
// <noscript> text outweighs the visible text outside it many times over (the page is all but empty
// without it), it is what a reader gets, and stays.
void DocumentBuilder::ResolveNoscript() {
  if (noscript_chars_ == 0) return;
  // The visible text is only counted on pages whose <noscript> holds text, and only as far as
  // needed to reject it.
  if (noscript_chars_ > kRevealShare * VisibleTextBytesUpTo(noscript_chars_ / kRevealShare + 1)) {
    noscript_shown_ = true;
    return;
  }
  for (Node& n : doc_.nodes) {
    if (n.flags & kFlagInNoscript) n.flags |= kFlagHidden;
  }
}

// The same for text hidden by markup: pages that ship their content hidden and show it with
// scripts — a wrapper with an inline display:none that a script removes, React's streamed
// Suspense boundaries (<div hidden id="S:0">) that a script moves into place — are all but empty
// to a reader without it. When the text hidden by markup outweighs the visible text many times
// over, it is what a reader gets, and is shown (<noscript> text only if ResolveNoscript showed it).
// Only on a shell, a page that shows less than kMaxShellBytes: an SEO spam page hides 400 KB of
// keywords beside a 12 KB story, and the story is what a reader gets.
void DocumentBuilder::ResolveHiddenByMarkup() {
  constexpr std::size_t kMaxShellBytes = 1000;  // about two short paragraphs, 330 CJK characters
  if (hidden_by_markup_chars_ <= kRevealShare) return;
  const std::size_t visible =
      VisibleTextBytesUpTo(std::min(hidden_by_markup_chars_ / kRevealShare + 1, kMaxShellBytes));
  if (visible >= kMaxShellBytes || hidden_by_markup_chars_ <= kRevealShare * visible) return;
  for (Node& n : doc_.nodes) {
    if ((n.flags & kFlagHiddenByMarkup) && (noscript_shown_ || !(n.flags & kFlagInNoscript))) {
      n.flags &= static_cast<std::uint8_t>(~(kFlagHidden | kFlagHiddenByMarkup));
    }
  }
}

// Non-space bytes of the text outside hidden nodes and <noscript>, counted until `enough`.
std::size_t DocumentBuilder::VisibleTextBytesUpTo(std::size_t enough) const {
  std::size_t visible = 0;
  for (const Node& n : doc_.nodes) {
    if (!n.is_text() || (n.flags & (kFlagHidden | kFlagInNoscript))) continue;
    visible += NonSpaceBytes(std::string_view(doc_.text).substr(n.text_begin, n.text_size));
    if (visible >= enough) break;
  }
  return visible;
}

// The input is valid UTF-8 without NULs (decode's contract); should the parser's preprocessing
// still split a sequence (MyHTML's might), the stray bytes become '?' in place (byte ranges of text
// nodes stay put), so that nothing downstream — JSON output above all — ever sees invalid UTF-8.
void DocumentBuilder::KeepTextValidUtf8() {
  std::string& t = doc_.text;
  std::size_t i = 0;
  while ((i += decode::ValidUtf8PrefixLength(std::string_view(t).substr(i))) < t.size()) t[i++] = '?';
}

void DocumentBuilder::AddTextNode(std::size_t begin, std::size_t size, std::uint32_t line) {
  const auto id = static_cast<NodeId>(doc_.nodes.size());
  Node& n = doc_.nodes.emplace_back();
  n.tag = Tag::kText;
  n.text_begin = static_cast<std::uint32_t>(begin);
  n.text_size = static_cast<std::uint32_t>(size);
  n.line = line;
  Link(id);
  const std::uint8_t flags = doc_.nodes[id].flags;
  if (flags & kFlagInNoscript) {
    CountNoscriptText(id);
  } else if (flags & kFlagHiddenByMarkup) {
    CountHiddenByMarkupText(id);
  }
}

void DocumentBuilder::AddFormula(std::size_t begin, std::size_t size, bool display, std::uint32_t line) {
  const auto id = static_cast<NodeId>(doc_.nodes.size());
  Node& n = doc_.nodes.emplace_back();
  n.tag = Tag::kMath;
  n.line = line;
  n.attr_begin = static_cast<std::uint32_t>(doc_.attrs.size());
  if (display) n.flags |= kFlagDisplayMath;
  Link(id);
  parents_.push_back(id);
  AddTextNode(begin, size, line);
  CloseElement();
  last_formula_ = id;
}

void DocumentBuilder::AddFormulaText(std::string_view latex, bool display, std::uint32_t line) {
  if (latex.empty()) return;
  const std::size_t begin = doc_.text.size();
  doc_.text.append(latex);
  AddFormula(begin, latex.size(), display, line);
}

// Text in code shows TeX delimiters as typed (MathJax and KaTeX skip <pre> and <code> too).
bool DocumentBuilder::InCode() const {
  for (auto it = parents_.rbegin(); it != parents_.rend(); ++it) {
    const Tag tag = doc_.nodes[*it].tag;
    if (tag == Tag::kPre || tag == Tag::kCode || tag == Tag::kKbd || tag == Tag::kSamp) return true;
  }
  return false;
}

bool DocumentBuilder::SplitDelimitedTex(std::uint32_t line) {
  const std::size_t base = text_begin_;
  const std::string_view text = std::string_view(doc_.text).substr(base);
  math::DelimitedTex tex;
  if (!math::FindDelimitedTex(text, 0, &tex) || InCode()) return false;
  std::size_t at = 0;  // the text not written yet
  do {
    if (tex.begin > at) AddTextNode(base + at, tex.begin - at, line);
    const std::string_view latex = math::CleanTexSource(text.substr(tex.tex_begin, tex.tex_end - tex.tex_begin));
    AddFormula(base + static_cast<std::size_t>(latex.data() - text.data()), latex.size(), tex.display, line);
    at = tex.end;
  } while (math::FindDelimitedTex(text, at, &tex));
  if (at < text.size()) AddTextNode(base + at, text.size() - at, line);
  return true;
}

void DocumentBuilder::AddTexScript(std::string_view tex, bool display, std::size_t offset) {
  // MathJax 2 writes its preview and its rendering (HTML-CSS, SVG, CommonHTML, their display
  // wrappers) just before the script: the script's TeX is the formula.
  for (NodeId last = LastElementChild(); last != kNoNode && doc_.nodes[last].is_element(); last = LastElementChild()) {
    const std::string_view class_names = doc_.GetAttr(last, Attr::kClass);
    if (!class_names.starts_with("MathJax") && !class_names.starts_with("MJX") && !class_names.starts_with("mjx-")) break;
    DropTrailingChildren(last);
  }
  AddFormulaText(math::CleanTexSource(tex), display, LineOf(offset));
}

void DocumentBuilder::AddMathml(std::size_t offset) {
  const std::string latex = math::MathmlToLatex(math_tree_);
  AddFormulaText(latex, math::IsDisplayMath(math_tree_), LineOf(offset));
}

bool DocumentBuilder::IsFormulaImage(NodeId img) const {
  bool display = false;
  return math::IsFormulaImage(doc_.GetAttr(img, Attr::kClass), doc_.GetAttr(img, Attr::kSrc),
                              doc_.GetAttr(img, Attr::kAlt), &display);
}

// The image becomes the formula: a Tag::kMath element (keeping the image's attributes) whose text
// is its alt.
void DocumentBuilder::WriteFormulaImage(NodeId img) {
  bool display = false;
  const std::string alt(doc_.GetAttr(img, Attr::kAlt));
  math::IsFormulaImage(doc_.GetAttr(img, Attr::kClass), doc_.GetAttr(img, Attr::kSrc), alt, &display);
  const std::string_view latex = math::CleanTexSource(alt);
  if (latex.empty()) return;
  Node& n = doc_.nodes[img];
  n.tag = Tag::kMath;
  if (display) n.flags |= kFlagDisplayMath;
  const std::uint32_t line = n.line;
  const std::size_t begin = doc_.text.size();
  doc_.text.append(latex);
  AddTextNode(begin, latex.size(), line);
  last_formula_ = img;
}

NodeId DocumentBuilder::LastElementChild() const {
  NodeId last = doc_.nodes[parents_.back()].last_child;
  while (last != kNoNode && doc_.nodes[last].is_text() && NonSpaceBytes(doc_.Text(last)) == 0) {
    last = doc_.nodes[last].prev_sibling;
  }
  return last;
}

// The element begun (the last node, not linked) is a formula's rendered copy when nothing but white
// space was written since the last formula and it is aria-hidden (a rendering for the eye beside
// the MathML for the ear: KaTeX's katex-html) or a formula image after a hidden formula (MediaWiki
// hides its MathML and shows an image). When the page hid the formula and shows the copy, the
// formula is shown instead.
bool DocumentBuilder::DropsFormulaCopySlow() {
  const auto begun = static_cast<NodeId>(doc_.nodes.size() - 1);
  for (NodeId id = last_formula_ + 2; id < begun; ++id) {
    if (!doc_.nodes[id].is_text() || NonSpaceBytes(doc_.Text(id)) != 0) return false;
  }
  Node& formula = doc_.nodes[last_formula_];
  const bool formula_hidden = formula.flags & kFlagHidden;
  const bool image = IsFormulaImage(begun);
  if (image ? !formula_hidden : !element_aria_hidden_) return false;
  if (formula_hidden && !element_hidden_ && !(doc_.nodes[parents_.back()].flags & kFlagHidden)) {
    const auto shown = static_cast<std::uint8_t>(~(kFlagHidden | kFlagHiddenByMarkup | kFlagInNoscript));
    formula.flags &= shown;
    if (formula.first_child != kNoNode) doc_.nodes[formula.first_child].flags &= shown;
  }
  const std::uint32_t attr_begin = doc_.nodes.back().attr_begin;
  if (attr_begin < doc_.attrs.size()) {
    doc_.strings.resize(doc_.attrs[attr_begin].begin);
    doc_.attrs.resize(attr_begin);
  }
  doc_.nodes.pop_back();
  return true;
}

void DocumentBuilder::DropTrailingChildren(NodeId first) {
  const NodeId parent = parents_.back();
  const NodeId before = doc_.nodes[first].prev_sibling;
  doc_.nodes[parent].last_child = before;
  if (before == kNoNode) {
    doc_.nodes[parent].first_child = kNoNode;
  } else {
    doc_.nodes[before].next_sibling = kNoNode;
  }
  for (NodeId id = first; id < doc_.nodes.size(); ++id) {
    if (doc_.nodes[id].is_text()) {
      doc_.text.resize(doc_.nodes[id].text_begin);
      break;
    }
  }
  const std::uint32_t attr_begin = doc_.nodes[first].attr_begin;
  if (attr_begin < doc_.attrs.size()) {
    doc_.strings.resize(doc_.attrs[attr_begin].begin);
    doc_.attrs.resize(attr_begin);
  }
  doc_.nodes.resize(first);
  doc_.subtree_end.resize(first);
  if (last_formula_ != kNoNode && last_formula_ >= first) last_formula_ = kNoNode;
  if (last_expander_ != kNoNode && last_expander_ >= first) last_expander_ = kNoNode;
}

}  // namespace pith::dom
