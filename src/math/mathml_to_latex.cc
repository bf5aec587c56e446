// MathML to LaTeX (mathml_to_latex.h). One recursive pass over the tree builds each element's
// LaTeX as a Piece that knows how it attaches to a script (whether it needs braces); rows (the
// children of <mrow>, <math>, <mtd>, ...) are where fences pair up into \left … \right, a table
// between fences becomes a matrix or cases environment, ( + a rule-less fraction + ) a \binom, and
// runs of letters in one style share one \mathbf{…}.
#include "math/mathml_to_latex.h"

#include <cstdlib>
#include <string_view>
#include <vector>

#include "math/symbols.h"
#include "math/tex_source.h"
#include "text/ascii.h"
#include "text/unicode.h"

namespace pith::math {
namespace {

using Id = std::uint32_t;
using E = MathElement;

using text::IsAsciiAlpha;

// Whether `s` ends with a control word (\alpha): a letter after it would join its name. Command
// names are short: a longer run of letters is text, and the look back stays bounded.
bool EndsWithControlWord(std::string_view s) {
  constexpr std::size_t kLongestName = 32;
  std::size_t i = s.size();
  while (i > 0 && IsAsciiAlpha(s[i - 1]) && s.size() - i <= kLongestName) --i;
  if (i == s.size() || i == 0 || s[i - 1] != '\\') return false;
  std::size_t slashes = 0;  // "\\\\a": a line break, then a letter
  while (i > 0 && s[i - 1] == '\\') --i, ++slashes;
  return slashes % 2 == 1;
}

// Whether `s` ends with the control space "\\ " (a space TeX keeps).
bool EndsWithControlSpace(std::string_view s) {
  if (s.size() < 2 || s.back() != ' ' || s[s.size() - 2] != '\\') return false;
  std::size_t slashes = 0;
  for (std::size_t i = s.size() - 1; i > 0 && s[i - 1] == '\\'; --i) ++slashes;
  return slashes % 2 == 1;
}

// Appends `piece`, with a space where a control word would otherwise run into a letter.
void Join(std::string_view piece, std::string* out) {
  if (piece.empty()) return;
  if (IsAsciiAlpha(piece.front()) && EndsWithControlWord(*out)) out->push_back(' ');
  out->append(piece);
}

// One character or one control word (\alpha, \{): a script argument that needs no braces.
bool IsSingleToken(std::string_view s) {
  if (s.empty()) return false;
  if (s[0] == '\\') {
    if (s.size() == 2) return true;
    for (std::size_t i = 1; i < s.size(); ++i) {
      if (!IsAsciiAlpha(s[i])) return false;
    }
    return s.size() > 1;
  }
  std::size_t i = 0;
  text::NextCodePoint(s, i);
  return i == s.size();
}

// A converted element. `unit`: it takes a script as it is (a character, a command with its
// arguments, \left … \right); else a base gets braces. `variant`/`inner`: a token set in one
// style, as its style and its unstyled LaTeX, so that a row can join neighbours in that style.
struct Piece {
  std::string latex;
  bool unit = false;
  Variant variant = Variant::kDefault;
  std::string inner;
  int pieces = 1;  // a row: how many pieces it joined
  bool spaced = false;       // an operator set apart by spaces in a row (a relation, ×)
  bool space_after = false;  // a comma, a space after it
};

Piece Unit(std::string latex) {
  Piece p;
  p.latex = std::move(latex);
  p.unit = true;
  return p;
}

std::string Braced(const std::string& s) { return "{" + s + "}"; }
// Whether `s` is one brace group, "{…}" (its first brace closes at its end).
bool IsBraceGroup(std::string_view s) {
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return false;
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '{') {
      ++depth;
    } else if (s[i] == '}' && --depth == 0) {
      return i + 1 == s.size();
    }
  }
  return false;
}
// A script argument: braces unless it is one token (or braced already).
std::string Argument(const std::string& s) { return IsSingleToken(s) || IsBraceGroup(s) ? s : Braced(s); }
// The argument of a command that braces it (\frac, \sqrt, \overset, an accent): a group's own
// braces would be a second pair.
std::string Inner(const std::string& s) { return IsBraceGroup(s) ? s.substr(1, s.size() - 2) : s; }

using text::IsXmlWhitespace;
using text::Trim;

bool IsOpeningFence(std::string_view t) {
  return t == "(" || t == "[" || t == "{" || t == "|" || t == "\u2016" || t == "\u27E8" || t == "\u2329" ||
         t == "\u230A" || t == "\u2308" || t == "\u3008" || t.empty();
}
bool IsClosingFence(std::string_view t) {
  return t == ")" || t == "]" || t == "}" || t == "|" || t == "\u2016" || t == "\u27E9" || t == "\u232A" ||
         t == "\u230B" || t == "\u2309" || t == "\u3009" || t.empty();
}

// A delimiter after \left or \right: "." for none.
std::string Delimiter(std::string_view t) {
  if (t.empty()) return ".";
  std::size_t i = 0;
  const char32_t c = text::NextCodePoint(t, i);
  if (c == '{' || c == '}') return std::string("\\") + static_cast<char>(c);
  const std::string_view cmd = LatexForCharacter(c, TokenRole::kOperator);
  return cmd.empty() ? std::string(t) : std::string(cmd);
}

// The environment of a table between these fences ("" when none fits: \left … \right around a
// matrix).
std::string_view MatrixEnvironment(std::string_view open, std::string_view close) {
  if (open == "(" && close == ")") return "pmatrix";
  if (open == "[" && close == "]") return "bmatrix";
  if (open == "{" && close == "}") return "Bmatrix";
  if (open == "|" && close == "|") return "vmatrix";
  if (open == "\u2016" && close == "\u2016") return "Vmatrix";
  if (open == "{" && close.empty()) return "cases";
  return "";
}

// Escapes text for \text{…}.
void AppendTextMode(std::string_view s, std::string* out) {
  for (const char c : s) {
    switch (c) {
      case '\\': out->append("\\textbackslash{}"); break;
      case '{': case '}': case '$': case '%': case '&': case '#': case '_':
        out->push_back('\\');
        out->push_back(c);
        break;
      case '^': out->append("\\^{}"); break;
      case '~': out->append("\\~{}"); break;
      case '\n': case '\t': case '\r': out->push_back(' '); break;
      default: out->push_back(c);
    }
  }
}

// mspace widths TeX has a command for.
std::string_view SpaceCommand(std::string_view width) {
  width = Trim(width, IsXmlWhitespace);
  if (width == "thinmathspace") return "\\,";
  if (width == "mediummathspace") return "\\:";
  if (width == "thickmathspace") return "\\;";
  if (width == "negativethinmathspace") return "\\!";
  if (width.empty()) return "";
  const std::string w(width);
  char* end = nullptr;
  const double value = std::strtod(w.c_str(), &end);
  const std::string_view unit = Trim(std::string_view(end), IsXmlWhitespace);
  double em = value;
  if (unit == "ex") {
    em = value * 0.43;
  } else if (unit == "mu") {
    em = value / 18;
  } else if (unit != "em") {
    return "";
  }
  auto near = [&](double target) { return em > target - 0.03 && em < target + 0.03; };
  if (near(0.167)) return "\\,";
  if (near(0.222)) return "\\:";
  if (near(0.278)) return "\\;";
  if (near(-0.167)) return "\\!";
  if (near(1.0)) return "\\quad";
  if (near(2.0)) return "\\qquad";
  if (near(0.333)) return "\\ ";
  return "";
}

class Converter {
 public:
  explicit Converter(const MathTree& tree) : t_(tree) {}

  std::string Convert(Id math) { return Trimmed(RowOf(math, 0, Variant::kDefault).latex); }

 private:
  static std::string Trimmed(std::string s) {
    const std::string_view v = Trim(s, IsXmlWhitespace);
    return std::string(v);
  }
  bool Over() const { return produced_ > kMaxBytes; }

  // The element children of `id` and its text that is not white space (pretty-printed MathML puts
  // white space between elements).
  std::vector<Id> Kids(Id id) const {
    std::vector<Id> kids;
    for (Id c = t_[id].first_child; c != kNoMathNode; c = t_[c].next_sibling) {
      const MathElement e = t_[c].element;
      if (e == E::kAnnotation || e == E::kAnnotationXml) continue;
      if (e == E::kText && Trim(t_.Text(c), IsXmlWhitespace).empty()) continue;
      kids.push_back(c);
    }
    return kids;
  }
  bool HoldsElements(Id id) const {
    for (Id c = t_[id].first_child; c != kNoMathNode; c = t_[c].next_sibling) {
      const MathElement e = t_[c].element;
      if (e != E::kText && e != E::kMglyph && e != E::kOther) return true;
    }
    return false;
  }
  Id Kid(const std::vector<Id>& kids, std::size_t i) const { return i < kids.size() ? kids[i] : kNoMathNode; }

  // All the text of a subtree, in order (a token's content, with HTML or <mglyph> inside it), up to
  // what the output has room for (cut at a character's start).
  std::string TextOf(Id id) const {
    std::string out;
    std::vector<Id> stack{id};
    const std::size_t room = Over() ? 0 : kMaxBytes - produced_;
    while (!stack.empty() && out.size() <= room) {
      const Id n = stack.back();
      stack.pop_back();
      if (t_[n].element == E::kText) {
        out.append(t_.Text(n));
        continue;
      }
      if (t_[n].element == E::kMglyph) out.append(t_.Attr(n, MathAttr::kAlt));
      std::vector<Id> kids;
      for (Id c = t_[n].first_child; c != kNoMathNode; c = t_[c].next_sibling) kids.push_back(c);
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
    }
    if (out.size() > room) {
      std::size_t cut = room;
      while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
      out.resize(cut);
    }
    return out;
  }

  // The text of an <mo> (also wrapped in <mrow>s of one child, as MathJax writes \big( and \binom's
  // parentheses), or nullopt-like false when `id` is no such operator.
  bool OperatorText(Id id, std::string* text, Id* mo = nullptr) const {
    for (int wrappers = 0; id != kNoMathNode && t_[id].element == E::kMrow; ++wrappers) {
      if (wrappers == 3) return false;
      const std::vector<Id> kids = Kids(id);
      if (kids.size() != 1) return false;
      id = kids[0];
    }
    if (id == kNoMathNode || t_[id].element != E::kMo) return false;
    *text = std::string(Trim(TextOf(id), IsXmlWhitespace));
    if (mo) *mo = id;
    return true;
  }

  // A fence that TeX would write with \left or \right: marked stretchy (pandoc), fence="true"
  // (KaTeX) or of class OPEN / CLOSE (MathJax), and not stretchy="false".
  bool StretchyFence(Id id, bool opening, std::string* text) const {
    Id mo = kNoMathNode;
    if (!OperatorText(id, text, &mo)) return false;
    if (opening ? !IsOpeningFence(*text) : !IsClosingFence(*text)) return false;
    if (t_.Attr(mo, MathAttr::kStretchy) == "false") return false;
    const std::string_view texclass = t_.Attr(mo, MathAttr::kTexclass);
    // MathJax wraps \bigl( in an OPEN row of its own: a sized delimiter, not \left.
    if (t_[mo].parent != id && mo != id) return false;
    return t_.Attr(mo, MathAttr::kStretchy) == "true" || t_.Attr(mo, MathAttr::kFence) == "true" ||
           texclass == (opening ? "OPEN" : "CLOSE");
  }
  // Any fence character (stretchy or not), for tables between fences.
  bool AnyFence(Id id, bool opening, std::string* text) const {
    return OperatorText(id, text) && (opening ? IsOpeningFence(*text) : IsClosingFence(*text));
  }

  // The children of `id` as one row.
  Piece RowOf(Id id, int depth, Variant inherited) { return Row(Kids(id), depth, inherited); }

  Piece Row(const std::vector<Id>& kids, int depth, Variant inherited) {
    if (kids.empty()) return Piece{};
    if (kids.size() == 1) return Node(kids[0], depth, inherited);
    std::string open, close;
    // A table between fences: a matrix, or cases after a lone brace.
    if (kids.size() <= 3 && t_[kids[1]].element == E::kMtable && AnyFence(kids[0], true, &open)) {
      const bool closed = kids.size() == 3 && AnyFence(kids[2], false, &close);
      if (kids.size() == 2 || closed) {
        const std::string_view env = MatrixEnvironment(open, close);
        if (!env.empty()) return Unit(Table(kids[1], depth, env));
      }
    }
    // \left … \right around the whole row.
    if (StretchyFence(kids.front(), true, &open) && StretchyFence(kids.back(), false, &close)) {
      std::vector<Id> inner(kids.begin() + 1, kids.end() - 1);
      std::string latex = "\\left" + Delimiter(open);
      Piece body = inner.size() == 1 && t_[inner[0]].element == E::kMtable
                       ? Unit(Table(inner[0], depth, "matrix"))
                       : Row(inner, depth, inherited);
      Join(body.latex, &latex);
      Join("\\right" + Delimiter(close), &latex);
      return Unit(std::move(latex));
    }
    Piece out;
    std::size_t pieces = 0;
    Variant run = Variant::kDefault;  // the style of the run of tokens being joined
    std::string run_text;
    auto end_run = [&]() {
      if (run == Variant::kDefault) return;
      std::string_view closing;
      const std::string_view opening = VariantOpening(run, &closing);
      Join(std::string(opening) + run_text + std::string(closing), &out.latex);
      run = Variant::kDefault;
      run_text.clear();
    };
    for (std::size_t i = 0; i < kids.size(); ++i) {
      Piece p;
      // ( + a fraction without a rule + ): a binomial coefficient.
      if (i + 2 < kids.size() && t_[kids[i + 1]].element == E::kMfrac &&
          Trim(t_.Attr(kids[i + 1], MathAttr::kLinethickness), IsXmlWhitespace) == "0" && OperatorText(kids[i], &open) &&
          open == "(" && OperatorText(kids[i + 2], &close) && close == ")") {
        const std::vector<Id> parts = Kids(kids[i + 1]);
        p = Unit("\\binom{" + Inner(Node(Kid(parts, 0), depth + 1, inherited).latex) + "}{" +
                 Inner(Node(Kid(parts, 1), depth + 1, inherited).latex) + "}");
        i += 2;
      } else {
        p = Node(kids[i], depth, inherited);
        // An identifier made of letters and applied as a function (U+2061 follows): \operatorname.
        if (t_[kids[i]].element == E::kMi && p.variant == Variant::kNormal && p.inner.size() > 1 &&
            !IsSingleToken(p.inner) && NextIsApplication(kids, i)) {
          p = Unit("\\operatorname{" + p.inner + "}");
        }
      }
      if (p.latex.empty()) continue;
      ++pieces;
      if (p.variant != Variant::kDefault && !p.inner.empty() && p.variant != Variant::kNormal) {
        if (p.variant != run) end_run();
        run = p.variant;
        run_text += p.inner;
        continue;
      }
      end_run();
      if (p.spaced && !out.latex.empty() && out.latex.back() != ' ') out.latex.push_back(' ');
      Join(p.latex, &out.latex);
      if (p.spaced || p.space_after) out.latex.push_back(' ');
      if (pieces == 1) {
        out.unit = p.unit;
        out.variant = p.variant;
        out.inner = p.inner;
      }
    }
    end_run();
    if (pieces != 1) {
      out.unit = false;
      out.variant = Variant::kDefault;
      out.inner.clear();
    }
    while (!out.latex.empty() && out.latex.back() == ' ' && !EndsWithControlSpace(out.latex)) out.latex.pop_back();
    out.pieces = static_cast<int>(pieces);
    return out;
  }

  // MathJax marks a TeX group, {…}, as a row of class ORD; it makes such rows for font commands
  // (\mathbf{v}), accents (\hat{x}), lone operators and \binom too, which carry no braces of their
  // own. A group is written with its braces: {p_{ij}}, x^{\top}, {\mathbf{v}}_i.
  Piece Group(Id id, int depth, Variant inherited) {
    const std::vector<Id> kids = Kids(id);
    Piece p = Row(kids, depth + 1, inherited);
    if (kids.empty() || p.latex.empty()) return p;
    if (kids.size() > 1 && p.pieces == 1) return p;  // one construct of several children: \binom
    if (kids.size() == 1) {
      const MathElement e = t_[kids[0]].element;
      if (e == E::kMo || e == E::kMover || e == E::kMunder || e == E::kMunderover) return p;
      if ((e == E::kMi || e == E::kMn) && p.variant != Variant::kDefault) return p;  // \mathbf{v}, \mathrm{d}
    } else {
      // A font command over several tokens: every child a token in the same style.
      bool font = true;
      const std::string_view style = t_.Attr(kids[0], MathAttr::kMathvariant);
      for (const Id k : kids) {
        bool styled = false;
        const std::string_view v = t_.Attr(k, MathAttr::kMathvariant, &styled);
        const MathElement e = t_[k].element;
        font = font && styled && v == style && (e == E::kMi || e == E::kMn || e == E::kMo);
      }
      if (font) return p;
    }
    Piece group = Unit(Braced(p.latex));
    return group;
  }

  bool NextIsApplication(const std::vector<Id>& kids, std::size_t i) const {
    std::string text;
    if (i + 1 >= kids.size() || !OperatorText(kids[i + 1], &text)) return false;
    return text == "\u2061";
  }

  Piece Node(Id id, int depth, Variant inherited) {
    if (id == kNoMathNode || Over()) return Piece{};
    produced_ += 8;
    if (depth >= kMaxDepth) return Flat(id);
    const MathNode& n = t_[id];
    switch (n.element) {
      case E::kMi: case E::kMn: case E::kMo:
        // A token holding elements (KaTeX writes <mo><mover>…</mover></mo>) is read as a row.
        if (HoldsElements(id)) return RowOf(id, depth + 1, inherited);
        return Token(id, inherited);
      case E::kText: return Characters(Trim(t_.Text(id), IsXmlWhitespace), TokenRole::kIdentifier, inherited, false);
      case E::kMtext: return Text(id);
      case E::kMs: {
        std::string latex = "\\text{\"";
        AppendTextMode(Trim(TextOf(id), IsXmlWhitespace), &latex);
        produced_ += latex.size();
        return Unit(latex + "\"}");
      }
      case E::kMspace: {
        if (t_.Attr(id, MathAttr::kLinebreak) == "newline") return Unit("\\\\");
        return Unit(std::string(SpaceCommand(t_.Attr(id, MathAttr::kWidth))));
      }
      case E::kMrow:
        if (t_.Attr(id, MathAttr::kTexclass) == "ORD") return Group(id, depth, inherited);
        return RowOf(id, depth + 1, inherited);
      case E::kMath: case E::kMpadded: case E::kMerror: case E::kOther: case E::kMtd: case E::kMtr:
      case E::kMlabeledtr:
        return RowOf(id, depth + 1, inherited);
      case E::kMstyle: return Style(id, depth, inherited);
      case E::kMphantom: return Unit("\\phantom{" + Inner(RowOf(id, depth + 1, inherited).latex) + "}");
      case E::kMaction: case E::kSemantics: {
        const std::vector<Id> kids = Kids(id);
        return Node(Kid(kids, 0), depth + 1, inherited);
      }
      case E::kMfrac: return Fraction(id, depth, inherited);
      case E::kMsqrt: return Unit("\\sqrt{" + Inner(RowOf(id, depth + 1, inherited).latex) + "}");
      case E::kMroot: {
        const std::vector<Id> kids = Kids(id);
        return Unit("\\sqrt[" + Inner(Node(Kid(kids, 1), depth + 1, inherited).latex) + "]{" +
                    Inner(Node(Kid(kids, 0), depth + 1, inherited).latex) + "}");
      }
      case E::kMfenced: return Fenced(id, depth, inherited);
      case E::kMenclose: return Enclose(id, depth, inherited);
      case E::kMsub: case E::kMsup: case E::kMsubsup: return Scripts(id, depth, inherited);
      case E::kMunder: case E::kMover: case E::kMunderover: return UnderOver(id, depth, inherited);
      case E::kMmultiscripts: return Multiscripts(id, depth, inherited);
      case E::kMtable: return Unit(Table(id, depth, ""));
      case E::kMglyph: return Unit(std::string(t_.Attr(id, MathAttr::kAlt)));
      case E::kNone: case E::kMprescripts: case E::kAnnotation: case E::kAnnotationXml: return Piece{};
    }
    return Piece{};
  }

  // Past kMaxDepth: the subtree's characters, as identifiers.
  Piece Flat(Id id) { return Characters(Trim(TextOf(id), IsXmlWhitespace), TokenRole::kIdentifier, Variant::kDefault, false); }

  // The style a token is set in: its mathvariant, MathJax's -tex- variant, or the inherited one.
  Variant TokenVariant(Id id, Variant inherited) const {
    const Variant mjx = VariantFromName(t_.Attr(id, MathAttr::kVariant));
    if (mjx == Variant::kCalligraphic) return mjx;
    bool present = false;
    const std::string_view name = t_.Attr(id, MathAttr::kMathvariant, &present);
    return present ? VariantFromName(name) : inherited;
  }

  Piece Token(Id id, Variant inherited) {
    const MathElement e = t_[id].element;
    const std::string text(Trim(TextOf(id), IsXmlWhitespace));
    if (text.empty()) return Piece{};
    const Variant variant = TokenVariant(id, inherited);
    if (e == E::kMo) {
      if (text == "mod") return Unit("\\bmod");
      // A word: a function or an operator name (lim, max, argmax).
      if (text.size() > 1 && IsAsciiAlpha(text[0]) && IsAsciiAlpha(text[1])) return Word(text, Variant::kNormal, id);
      if (Piece fence = Fence(id, text); !fence.latex.empty()) return fence;
      Piece op = Characters(text, TokenRole::kOperator, Variant::kDefault, false);
      // Spaced as people write TeX: around a relation or a times sign, after a comma.
      std::size_t at = 0;
      const char32_t c = text::NextCodePoint(text, at);
      op.spaced = at == text.size() && IsSpacedOperator(c);
      op.space_after = text == ",";
      return op;
    }
    if (e == E::kMi && text == "\u2205" && t_.Attr(id, MathAttr::kAlternate) == "1") return Unit("\\varnothing");
    if (e == E::kMi && text.size() > 1 && !IsSingleToken(text) && IsAsciiAlpha(text[0])) {
      bool plain = true;
      for (const char c : text) plain = plain && IsAsciiAlpha(c);
      if (plain) return Word(text, variant, id);
    }
    return Characters(text, TokenRole::kIdentifier, variant, e == E::kMi, e == E::kMn);
  }

  // A delimiter TeX writes with a command of its own: a sized one (\big|, \bigl( : MathJax's and
  // KaTeX's minsize), | and ‖ as an opening or closing one (\lvert, \rVert) or as the norm (\|),
  // and U+2223 set as a plain bar (KaTeX's | between stretchy="false" fences). "" when none.
  Piece Fence(Id mo, const std::string& text) {
    std::string_view texclass = t_.Attr(mo, MathAttr::kTexclass);
    const Id parent = t_[mo].parent;
    if (texclass.empty() && parent != kNoMathNode && t_[parent].element == E::kMrow) {
      texclass = t_.Attr(parent, MathAttr::kTexclass);
    }
    const std::string_view minsize = Trim(t_.Attr(mo, MathAttr::kMinsize), IsXmlWhitespace);
    std::string size;
    if (minsize == "1.2em") size = "\\big";
    if (minsize == "1.623em") size = "\\Big";
    if (minsize == "2.047em") size = "\\bigg";
    if (minsize == "2.470em") size = "\\Bigg";
    const bool bar = text == "|" || text == "\u2223";
    const bool double_bar = text == "\u2225" || text == "\u2016";
    if (!size.empty()) {
      size += texclass == "OPEN" ? "l" : texclass == "CLOSE" ? "r" : texclass == "REL" ? "m" : "";
      return Unit(size + (bar ? "|" : double_bar ? "\\|" : Delimiter(text)));
    }
    if (bar && texclass == "OPEN") return Unit("\\lvert");
    if (bar && texclass == "CLOSE") return Unit("\\rvert");
    if (double_bar && texclass == "OPEN") return Unit("\\lVert");
    if (double_bar && texclass == "CLOSE") return Unit("\\rVert");
    if (double_bar && texclass == "ORD") return Unit("\\|");
    if (text == "\u2223" && t_.Attr(mo, MathAttr::kStretchy) == "false") return Unit("|");
    return Piece{};
  }

  // A multi-letter identifier or operator name.
  Piece Word(const std::string& text, Variant variant, Id id) {
    produced_ += text.size();
    if ((variant == Variant::kDefault || variant == Variant::kNormal) && IsTexFunctionName(text)) {
      return Unit("\\" + text);
    }
    bool styled = false;
    t_.Attr(id, MathAttr::kMathvariant, &styled);
    // An operator name: <mo>, MathJax's class OP, or an <mi> of several letters in its default
    // upright style, as MathJax writes \operatorname (\mathrm sets mathvariant="normal").
    if (t_[id].element == E::kMo || t_.Attr(id, MathAttr::kTexclass) == "OP" ||
        (t_[id].element == E::kMi && !styled && variant == Variant::kDefault)) {
      const bool limits = t_.Attr(id, MathAttr::kMovablelimits) == "true";
      return Unit((limits ? "\\operatorname*{" : "\\operatorname{") + text + "}");
    }
    if (variant == Variant::kDefault) variant = Variant::kNormal;
    std::string_view closing;
    const std::string_view opening = VariantOpening(variant, &closing);
    Piece p = Unit(std::string(opening) + text + std::string(closing));
    p.variant = variant;
    p.inner = text;
    return p;
  }

  // Characters of a token, each as its command, in runs of one style. `identifier`: an <mi>, whose
  // single letters are italic by default (an explicit italic adds nothing, normal is \mathrm).
  Piece Characters(std::string_view text, TokenRole role, Variant variant, bool identifier, bool number = false) {
    Piece out;
    Variant run = Variant::kDefault;
    std::string run_text;
    std::size_t runs = 0, characters = 0;
    auto flush = [&]() {
      if (run_text.empty()) return;
      ++runs;
      std::string_view closing;
      const std::string_view opening = VariantOpening(run, &closing);
      Join(std::string(opening) + run_text + std::string(closing), &out.latex);
      if (runs == 1) {
        out.variant = run;
        out.inner = run_text;
      }
      run_text.clear();
    };
    for (std::size_t i = 0; i < text.size() && produced_ + run_text.size() + out.latex.size() <= kMaxBytes;) {
      const char32_t raw = text::NextCodePoint(text, i);
      if (IsInvisibleOperator(raw) || raw == 0x200B) continue;
      const StyledCharacter c = Unstyle(raw);
      Variant v = c.variant != Variant::kDefault ? c.variant : variant;
      const bool latin = c.base < 0x80 && IsAsciiAlpha(static_cast<char>(c.base));
      // Styles TeX already gives the character: italic Latin letters in <mi>, upright digits, Greek
      // and symbols (a normal ⊤ is \top).
      if (v == Variant::kItalic && identifier && latin) v = Variant::kDefault;
      if (v == Variant::kNormal && !latin) v = Variant::kDefault;
      if (v == Variant::kCalligraphic && !latin) v = Variant::kDefault;
      std::string piece;
      if (c.base == 0x2217 || c.base == '*') {
        piece = "*";
      } else if (const std::string_view cmd = LatexForCharacter(c.base, role); !cmd.empty()) {
        piece = cmd;
      } else {
        text::AppendUtf8(c.base, piece);
      }
      if (v != run) flush();
      run = v;
      Join(piece, &run_text);
      ++characters;
    }
    flush();
    produced_ += out.latex.size();
    if (runs != 1) {
      out.variant = Variant::kDefault;
      out.inner.clear();
    }
    out.unit = characters == 1 || (runs == 1 && out.variant != Variant::kDefault) || number;
    if (out.variant == Variant::kDefault) out.inner.clear();
    return out;
  }

  Piece Text(Id id) {
    const std::string text(Trim(TextOf(id), IsXmlWhitespace));
    if (text.empty()) return Piece{};
    if (std::string spaces; Spaces(text, &spaces)) return Unit(spaces);
    // The text's style as the text-mode font command (\textbf{…} is <mtext mathvariant="bold">).
    std::string latex;
    std::string closing = "}";
    switch (TokenVariant(id, Variant::kDefault)) {
      case Variant::kBold: latex = "\\textbf{"; break;
      case Variant::kItalic: latex = "\\textit{"; break;
      case Variant::kBoldItalic: latex = "\\textbf{\\textit{"; closing = "}}"; break;
      case Variant::kSansSerif: latex = "\\textsf{"; break;
      case Variant::kMonospace: latex = "\\texttt{"; break;
      default: latex = "\\text{";
    }
    AppendTextMode(text, &latex);
    latex += closing;
    produced_ += latex.size();
    return Unit(std::move(latex));
  }

  // Text of spaces only, as TeX's spacing commands (the characters KaTeX and MathJax write for \ ,
  // \, \: \; \quad); false when the text holds anything else.
  static bool Spaces(std::string_view text, std::string* out) {
    for (std::size_t i = 0; i < text.size();) {
      const char32_t c = text::NextCodePoint(text, i);
      std::size_t j = i;
      const bool hair_follows = j < text.size() && text::NextCodePoint(text, j) == 0x200A;
      switch (c) {
        case 0x00A0: case ' ': out->append("\\ "); break;
        case 0x2009: out->append("\\,"); break;
        case 0x2005:
          out->append(hair_follows ? "\\;" : "\\:");
          if (hair_follows) i = j;
          break;
        case 0x2004: out->append("\\;"); break;
        case 0x2003: out->append("\\quad"); break;
        case 0x2002: out->append("\\enspace"); break;
        case 0x200A: case 0x2063: case 0x200B: break;
        default: return false;
      }
    }
    return true;
  }

  Piece Style(Id id, int depth, Variant inherited) {
    bool present = false;
    const std::string_view name = t_.Attr(id, MathAttr::kMathvariant, &present);
    const Variant variant = present ? VariantFromName(name) : inherited;
    const std::vector<Id> kids = Kids(id);
    const std::string_view display = t_.Attr(id, MathAttr::kDisplaystyle);
    // \dfrac and \tfrac are a fraction in a style of their own.
    if (kids.size() == 1 && t_[kids[0]].element == E::kMfrac && !display.empty()) {
      Piece p = Fraction(kids[0], depth + 1, variant);
      if (p.latex.starts_with("\\frac")) p.latex.replace(0, 5, display == "true" ? "\\dfrac" : "\\tfrac");
      return p;
    }
    return Row(kids, depth + 1, variant);
  }

  Piece Fraction(Id id, int depth, Variant inherited) {
    const std::vector<Id> kids = Kids(id);
    const std::string num = Inner(Node(Kid(kids, 0), depth + 1, inherited).latex);
    const std::string den = Inner(Node(Kid(kids, 1), depth + 1, inherited).latex);
    if (t_.Attr(id, MathAttr::kLinethickness) == "0") return Unit("\\genfrac{}{}{0pt}{}{" + num + "}{" + den + "}");
    return Unit("\\frac{" + num + "}{" + den + "}");
  }

  Piece Fenced(Id id, int depth, Variant inherited) {
    bool has_open = false, has_close = false, has_separators = false;
    std::string_view open = t_.Attr(id, MathAttr::kOpen, &has_open);
    std::string_view close = t_.Attr(id, MathAttr::kClose, &has_close);
    std::string_view separators = t_.Attr(id, MathAttr::kSeparators, &has_separators);
    if (!has_open) open = "(";
    if (!has_close) close = ")";
    if (!has_separators) separators = ",";
    std::string seps;
    for (const char c : separators) {
      if (c != ' ' && c != '\t' && c != '\n') seps.push_back(c);
    }
    const std::vector<Id> kids = Kids(id);
    if (kids.size() == 1 && t_[kids[0]].element == E::kMtable) {
      const std::string_view env = MatrixEnvironment(Trim(open, IsXmlWhitespace), Trim(close, IsXmlWhitespace));
      if (!env.empty()) return Unit(Table(kids[0], depth, env));
    }
    std::string latex = "\\left" + Delimiter(Trim(open, IsXmlWhitespace));
    for (std::size_t i = 0; i < kids.size(); ++i) {
      if (i > 0 && !seps.empty()) latex.push_back(seps[std::min(i - 1, seps.size() - 1)]);
      Join(Node(kids[i], depth + 1, inherited).latex, &latex);
    }
    Join("\\right" + Delimiter(Trim(close, IsXmlWhitespace)), &latex);
    return Unit(std::move(latex));
  }

  Piece Enclose(Id id, int depth, Variant inherited) {
    const std::string body = RowOf(id, depth + 1, inherited).latex;
    const std::string_view notation = t_.Attr(id, MathAttr::kNotation);
    auto has = [&](std::string_view word) {
      std::size_t at = notation.find(word);
      while (at != std::string_view::npos) {
        const bool starts = at == 0 || notation[at - 1] == ' ';
        const bool ends = at + word.size() == notation.size() || notation[at + word.size()] == ' ';
        if (starts && ends) return true;
        at = notation.find(word, at + 1);
      }
      return false;
    };
    if (has("updiagonalstrike") && has("downdiagonalstrike")) return Unit("\\xcancel{" + body + "}");
    if (has("updiagonalstrike")) return Unit("\\cancel{" + body + "}");
    if (has("downdiagonalstrike")) return Unit("\\bcancel{" + body + "}");
    if (has("box") || has("roundedbox") || notation.empty()) return Unit("\\boxed{" + body + "}");
    if (has("radical")) return Unit("\\sqrt{" + body + "}");
    if (has("top")) return Unit("\\overline{" + body + "}");
    if (has("bottom")) return Unit("\\underline{" + body + "}");
    Piece p;
    p.latex = body;
    return p;
  }

  // Primes set as a superscript are written after the base: f', p'_{ij}.
  static bool IsPrimes(const std::string& s) {
    return !s.empty() && s.find_first_not_of('\'') == std::string::npos;
  }

  std::string Base(const Piece& base) {
    if (base.latex.empty()) return "{}";
    return base.unit ? base.latex : Braced(base.latex);
  }

  Piece Scripts(Id id, int depth, Variant inherited) {
    const std::vector<Id> kids = Kids(id);
    const MathElement e = t_[id].element;
    const Piece base = Node(Kid(kids, 0), depth + 1, inherited);
    const Id sub_id = e == E::kMsup ? kNoMathNode : Kid(kids, 1);
    const Id sup_id = e == E::kMsub ? kNoMathNode : Kid(kids, e == E::kMsup ? 1 : 2);
    const std::string sub = sub_id == kNoMathNode ? "" : Node(sub_id, depth + 1, inherited).latex;
    const std::string sup = sup_id == kNoMathNode ? "" : Node(sup_id, depth + 1, inherited).latex;
    std::string latex = Base(base);
    if (IsPrimes(sup)) latex += sup;
    if (sub_id != kNoMathNode) latex += "_" + Argument(sub.empty() ? "{}" : sub);
    if (sup_id != kNoMathNode && !IsPrimes(sup)) latex += "^" + Argument(sup.empty() ? "{}" : sup);
    Piece p;
    p.latex = std::move(latex);
    return p;
  }

  // Whether an under/over base takes its scripts as limits (\sum_{i}^{n}, \lim_{x \to 0}).
  bool TakesLimits(Id base) const {
    std::string text;
    Id mo = kNoMathNode;
    if (OperatorText(base, &text, &mo)) {
      if (t_.Attr(mo, MathAttr::kMovablelimits) == "true" || t_.Attr(mo, MathAttr::kLargeop) == "true") return true;
      if (text.size() > 1 && IsAsciiAlpha(text[0])) return true;
      std::size_t i = 0;
      return !text.empty() && IsLargeOperator(text::NextCodePoint(text, i));
    }
    if (base != kNoMathNode && t_[base].element == E::kMi) {
      const std::string name(Trim(TextOf(base), IsXmlWhitespace));
      return name == "lim" || name == "max" || name == "min" || name == "sup" || name == "inf" ||
             name == "limsup" || name == "liminf" || name == "det" || name == "gcd" || name == "Pr";
    }
    return false;
  }

  // The accent character of an under/over script, or 0.
  char32_t AccentOf(Id script) const {
    if (script == kNoMathNode) return 0;
    const MathElement e = t_[script].element;
    if (e != E::kMo && e != E::kMi && e != E::kMtext) return 0;
    const std::string text(Trim(TextOf(script), IsXmlWhitespace));
    std::size_t i = 0;
    if (text.empty()) return 0;
    const char32_t c = text::NextCodePoint(text, i);
    return i == text.size() ? c : 0;
  }

  Piece UnderOver(Id id, int depth, Variant inherited) {
    const std::vector<Id> kids = Kids(id);
    const MathElement e = t_[id].element;
    const Id base_id = Kid(kids, 0);
    const Id under_id = e == E::kMover ? kNoMathNode : Kid(kids, 1);
    const Id over_id = e == E::kMunder ? kNoMathNode : Kid(kids, e == E::kMover ? 1 : 2);
    const Piece base = Node(base_id, depth + 1, inherited);
    if (TakesLimits(base_id)) {
      std::string latex = Base(base);
      if (under_id != kNoMathNode) latex += "_" + Argument(Node(under_id, depth + 1, inherited).latex);
      if (over_id != kNoMathNode) latex += "^" + Argument(Node(over_id, depth + 1, inherited).latex);
      Piece p;
      p.latex = std::move(latex);
      return p;
    }
    const bool wide = !IsSingleToken(base.latex);
    std::string latex = base.latex;
    bool unit = base.unit;
    // A brace's label goes on it as a script: \underbrace{a+b}_{n}.
    const bool braced_below = latex.starts_with("\\underbrace{");
    const bool braced_above = latex.starts_with("\\overbrace{");
    if (under_id != kNoMathNode) {
      const std::string_view accent = UnderAccent(AccentOf(under_id));
      if (!accent.empty()) {
        latex = std::string(accent) + Braced(Inner(latex));
        unit = true;
      } else if (braced_below) {
        latex += "_" + Argument(Node(under_id, depth + 1, inherited).latex);
        unit = false;
      } else {
        latex = "\\underset{" + Inner(Node(under_id, depth + 1, inherited).latex) + "}" + Braced(Inner(latex));
        unit = true;
      }
    }
    if (over_id != kNoMathNode) {
      const std::string_view accent = OverAccent(AccentOf(over_id), wide);
      if (!accent.empty() && under_id == kNoMathNode) {
        latex = std::string(accent) + Braced(Inner(latex));
        unit = true;
      } else if (braced_above) {
        latex += "^" + Argument(Node(over_id, depth + 1, inherited).latex);
        unit = false;
      } else {
        latex = "\\overset{" + Inner(Node(over_id, depth + 1, inherited).latex) + "}" + Braced(Inner(latex));
        unit = true;
      }
    }
    Piece p;
    p.latex = std::move(latex);
    p.unit = unit;
    return p;
  }

  Piece Multiscripts(Id id, int depth, Variant inherited) {
    const std::vector<Id> kids = Kids(id);
    std::string post, pre;
    bool prescripts = false;
    std::vector<Id> scripts[2];
    for (std::size_t i = 1; i < kids.size(); ++i) {
      if (t_[kids[i]].element == E::kMprescripts) {
        prescripts = true;
        continue;
      }
      scripts[prescripts ? 1 : 0].push_back(kids[i]);
    }
    for (int side = 0; side < 2; ++side) {
      std::string& out = side == 0 ? post : pre;
      for (std::size_t i = 0; i < scripts[side].size(); ++i) {
        const Id s = scripts[side][i];
        if (t_[s].element == E::kNone) continue;
        const std::string latex = Node(s, depth + 1, inherited).latex;
        if (latex.empty()) continue;
        out += (i % 2 == 0 ? "_" : "^") + Argument(latex);
      }
    }
    Piece p;
    p.latex = (pre.empty() ? "" : "{}" + pre) + Base(Node(Kid(kids, 0), depth + 1, inherited)) + post;
    return p;
  }

  // The alignment of column `column`: the table's columnalign (one value a column, the last
  // repeating) or that of the first row's cell.
  std::vector<std::string> ColumnAlignments(Id table, std::size_t columns) const {
    std::vector<std::string> align;
    const std::string_view spec = t_.Attr(table, MathAttr::kColumnalign);
    std::size_t i = 0;
    while (i < spec.size()) {
      while (i < spec.size() && spec[i] == ' ') ++i;
      const std::size_t begin = i;
      while (i < spec.size() && spec[i] != ' ') ++i;
      if (i > begin) align.emplace_back(spec.substr(begin, i - begin));
    }
    if (align.empty()) {
      for (const Id row : Kids(table)) {
        for (const Id cell : Kids(row)) align.emplace_back(t_.Attr(cell, MathAttr::kColumnalign));
        break;
      }
    }
    if (!align.empty()) {
      while (align.size() < columns) align.push_back(align.back());
    }
    return align;
  }

  // A table as an environment: `env` when the caller knows it (fences around it), else aligned
  // (right and left columns in turn: equations aligned at their relations), an array with its
  // columns' alignment, or a matrix.
  std::string Table(Id table, int depth, std::string_view env) {
    std::vector<std::vector<std::string>> rows;
    std::size_t columns = 0;
    for (const Id row : Kids(table)) {
      if (Over()) break;
      std::vector<Id> cells = Kids(row);
      if (t_[row].element == E::kMlabeledtr && !cells.empty()) cells.erase(cells.begin());  // its label
      std::vector<std::string> out;
      if (t_[row].element != E::kMtr && t_[row].element != E::kMlabeledtr) {
        out.push_back(Node(row, depth + 1, Variant::kDefault).latex);  // broken markup: a row of one cell
      } else {
        for (const Id cell : cells) out.push_back(Trimmed(Node(cell, depth + 2, Variant::kDefault).latex));
      }
      columns = std::max(columns, out.size());
      rows.push_back(std::move(out));
    }
    std::string begin;
    std::string name(env);
    if (name.empty()) {
      const std::vector<std::string> align = ColumnAlignments(table, columns);
      bool alternating = align.size() >= 2;
      bool all_center = true;
      for (std::size_t c = 0; c < align.size(); ++c) {
        alternating = alternating && align[c] == (c % 2 == 0 ? "right" : "left");
        all_center = all_center && (align[c] == "center" || align[c].empty());
      }
      if (alternating) {
        name = "aligned";
      } else if (!all_center && columns > 0) {
        name = "array";
        begin = "{";
        for (std::size_t c = 0; c < columns; ++c) {
          const std::string& a = c < align.size() ? align[c] : align.back();
          begin.push_back(a == "left" ? 'l' : a == "right" ? 'r' : 'c');
        }
        begin.push_back('}');
      } else {
        name = "matrix";
      }
    }
    std::string latex = "\\begin{" + name + "}" + begin;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      latex += r == 0 ? " " : " \\\\ ";
      for (std::size_t c = 0; c < rows[r].size(); ++c) {
        if (c > 0) latex += " & ";
        latex += rows[r][c];
      }
    }
    latex += " \\end{" + name + "}";
    produced_ += 16 + name.size();
    return latex;
  }

  const MathTree& t_;
  std::size_t produced_ = 0;
};

Id FindMath(const MathTree& tree, Id math) {
  if (math != kNoMathNode) return math;
  for (Id id = 1; id < tree.size(); ++id) {
    if (tree[id].element == E::kMath) return id;
  }
  return 0;
}

bool IsTexEncoding(std::string_view encoding) {
  static constexpr std::string_view kNames[] = {"application/x-tex", "tex", "text/x-tex", "application/x-latex",
                                                "latex", "text/latex", "text/tex"};
  for (const std::string_view name : kNames) {
    if (text::EqualsIgnoreAsciiCase(Trim(encoding, IsXmlWhitespace), name)) return true;
  }
  return false;
}

}  // namespace

std::string TexAnnotation(const MathTree& tree, std::uint32_t math) {
  math = FindMath(tree, math);
  for (Id id = math + 1; id < tree.size(); ++id) {
    if (tree[id].element != E::kAnnotation || !IsTexEncoding(tree.Attr(id, MathAttr::kEncoding))) continue;
    // Inside `math` (ids are in document order, so its subtree follows it).
    Id up = tree[id].parent;
    while (up != kNoMathNode && up != math && up > math) up = tree[up].parent;
    if (up != math) break;
    std::string text;
    for (Id c = tree[id].first_child; c != kNoMathNode; c = tree[c].next_sibling) {
      if (tree[c].element == E::kText) text.append(tree.Text(c));
    }
    return std::string(CleanTexSource(text));
  }
  return {};
}

std::string MathmlToLatex(const MathTree& tree, std::uint32_t math) {
  math = FindMath(tree, math);
  std::string tex = TexAnnotation(tree, math);
  if (!tex.empty()) return tex;
  return Converter(tree).Convert(math);
}

bool IsDisplayMath(const MathTree& tree, std::uint32_t math) {
  math = FindMath(tree, math);
  return text::EqualsIgnoreAsciiCase(Trim(tree.Attr(math, MathAttr::kDisplay), IsXmlWhitespace), "block") ||
         text::EqualsIgnoreAsciiCase(Trim(tree.Attr(math, MathAttr::kMode), IsXmlWhitespace), "display");
}

}  // namespace pith::math
