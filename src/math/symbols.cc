// Character tables of the MathML-to-LaTeX converter (symbols.h). The commands are those of plain
// TeX, LaTeX 2e and amssymb that MathJax, KaTeX and pandoc's texmath map to these code points;
// where two commands give one character (\to and \rightarrow, \le and \leq) the one written more
// often is chosen.
#include "math/symbols.h"

#include <algorithm>
#include <array>

namespace pith::math {
namespace {

struct Symbol {
  char32_t code;
  std::string_view latex;
};

template <std::size_t N>
constexpr std::array<Symbol, N> Sorted(std::array<Symbol, N> table) {
  std::sort(table.begin(), table.end(), [](const Symbol& a, const Symbol& b) { return a.code < b.code; });
  return table;
}

template <std::size_t N>
std::string_view Find(const std::array<Symbol, N>& table, char32_t c) {
  const auto it = std::lower_bound(table.begin(), table.end(), c, [](const Symbol& s, char32_t v) { return s.code < v; });
  return it != table.end() && it->code == c ? it->latex : std::string_view();
}

constexpr auto kSymbols = Sorted(std::to_array<Symbol>({
    // ASCII characters TeX reserves
    {'#', "\\#"}, {'$', "\\$"}, {'%', "\\%"}, {'&', "\\&"}, {'\\', "\\backslash"}, {'_', "\\_"},
    {'{', "\\{"}, {'}', "\\}"}, {'~', "\\sim"}, {'^', "\\hat{}"},
    // Latin-1
    {0x00A0, "~"}, {0x00AC, "\\neg"}, {0x00B0, "^\\circ"}, {0x00B1, "\\pm"}, {0x00B5, "\\mu"},
    {0x00B7, "\\cdot"}, {0x00D7, "\\times"}, {0x00F7, "\\div"}, {0x0131, "\\imath"}, {0x0237, "\\jmath"},
    // Greek (ϵ is \epsilon and ε \varepsilon, ϕ \phi and φ \varphi, as TeX draws them)
    {0x0393, "\\Gamma"}, {0x0394, "\\Delta"}, {0x0398, "\\Theta"}, {0x039B, "\\Lambda"}, {0x039E, "\\Xi"},
    {0x03A0, "\\Pi"}, {0x03A3, "\\Sigma"}, {0x03A5, "\\Upsilon"}, {0x03A6, "\\Phi"}, {0x03A8, "\\Psi"},
    {0x03A9, "\\Omega"}, {0x03B1, "\\alpha"}, {0x03B2, "\\beta"}, {0x03B3, "\\gamma"}, {0x03B4, "\\delta"},
    {0x03B5, "\\varepsilon"}, {0x03B6, "\\zeta"}, {0x03B7, "\\eta"}, {0x03B8, "\\theta"}, {0x03B9, "\\iota"},
    {0x03BA, "\\kappa"}, {0x03BB, "\\lambda"}, {0x03BC, "\\mu"}, {0x03BD, "\\nu"}, {0x03BE, "\\xi"},
    {0x03C0, "\\pi"}, {0x03C1, "\\rho"}, {0x03C2, "\\varsigma"}, {0x03C3, "\\sigma"}, {0x03C4, "\\tau"},
    {0x03C5, "\\upsilon"}, {0x03C6, "\\varphi"}, {0x03C7, "\\chi"}, {0x03C8, "\\psi"}, {0x03C9, "\\omega"},
    {0x03D1, "\\vartheta"}, {0x03D2, "\\Upsilon"}, {0x03D5, "\\phi"}, {0x03D6, "\\varpi"}, {0x03DC, "\\Digamma"},
    {0x03DD, "\\digamma"}, {0x03F0, "\\varkappa"}, {0x03F1, "\\varrho"}, {0x03F4, "\\varTheta"},
    {0x03F5, "\\epsilon"}, {0x03F6, "\\backepsilon"},
    // General punctuation, letterlike symbols
    {0x2016, "\\|"}, {0x2020, "\\dagger"}, {0x2021, "\\ddagger"}, {0x2022, "\\bullet"}, {0x2026, "\\dots"},
    {0x2032, "'"}, {0x2033, "''"}, {0x2034, "'''"}, {0x2035, "\\backprime"}, {0x2057, "''''"},
    {0x210F, "\\hbar"}, {0x2111, "\\Im"}, {0x2113, "\\ell"}, {0x2118, "\\wp"}, {0x211C, "\\Re"},
    {0x2127, "\\mho"}, {0x2135, "\\aleph"}, {0x2136, "\\beth"}, {0x2137, "\\gimel"}, {0x2138, "\\daleth"},
    {0x2141, "\\Game"}, {0x2132, "\\Finv"},
    // Arrows
    {0x2190, "\\leftarrow"}, {0x2191, "\\uparrow"}, {0x2192, "\\to"}, {0x2193, "\\downarrow"},
    {0x2194, "\\leftrightarrow"}, {0x2195, "\\updownarrow"}, {0x2196, "\\nwarrow"}, {0x2197, "\\nearrow"},
    {0x2198, "\\searrow"}, {0x2199, "\\swarrow"}, {0x219A, "\\nleftarrow"}, {0x219B, "\\nrightarrow"},
    {0x219E, "\\twoheadleftarrow"}, {0x21A0, "\\twoheadrightarrow"}, {0x21A2, "\\leftarrowtail"},
    {0x21A3, "\\rightarrowtail"}, {0x21A6, "\\mapsto"}, {0x21A9, "\\hookleftarrow"}, {0x21AA, "\\hookrightarrow"},
    {0x21AB, "\\looparrowleft"}, {0x21AC, "\\looparrowright"}, {0x21AD, "\\leftrightsquigarrow"},
    {0x21AE, "\\nleftrightarrow"}, {0x21B0, "\\Lsh"}, {0x21B1, "\\Rsh"}, {0x21B6, "\\curvearrowleft"},
    {0x21B7, "\\curvearrowright"}, {0x21BA, "\\circlearrowleft"}, {0x21BB, "\\circlearrowright"},
    {0x21BC, "\\leftharpoonup"}, {0x21BD, "\\leftharpoondown"}, {0x21BE, "\\upharpoonright"},
    {0x21BF, "\\upharpoonleft"}, {0x21C0, "\\rightharpoonup"}, {0x21C1, "\\rightharpoondown"},
    {0x21C2, "\\downharpoonright"}, {0x21C3, "\\downharpoonleft"}, {0x21C4, "\\rightleftarrows"},
    {0x21C6, "\\leftrightarrows"}, {0x21C7, "\\leftleftarrows"}, {0x21C8, "\\upuparrows"},
    {0x21C9, "\\rightrightarrows"}, {0x21CA, "\\downdownarrows"}, {0x21CB, "\\leftrightharpoons"},
    {0x21CC, "\\rightleftharpoons"}, {0x21CD, "\\nLeftarrow"}, {0x21CE, "\\nLeftrightarrow"},
    {0x21CF, "\\nRightarrow"}, {0x21D0, "\\Leftarrow"}, {0x21D1, "\\Uparrow"}, {0x21D2, "\\Rightarrow"},
    {0x21D3, "\\Downarrow"}, {0x21D4, "\\Leftrightarrow"}, {0x21D5, "\\Updownarrow"}, {0x21DA, "\\Lleftarrow"},
    {0x21DB, "\\Rrightarrow"}, {0x21DD, "\\rightsquigarrow"}, {0x27F5, "\\longleftarrow"},
    {0x27F6, "\\longrightarrow"}, {0x27F7, "\\longleftrightarrow"}, {0x27F8, "\\Longleftarrow"},
    {0x27F9, "\\Longrightarrow"}, {0x27FA, "\\iff"}, {0x27FC, "\\longmapsto"},
    // Mathematical operators
    {0x2200, "\\forall"}, {0x2201, "\\complement"}, {0x2202, "\\partial"}, {0x2203, "\\exists"},
    {0x2204, "\\nexists"}, {0x2205, "\\emptyset"}, {0x2206, "\\Delta"}, {0x2207, "\\nabla"}, {0x2208, "\\in"},
    {0x2209, "\\notin"}, {0x220A, "\\in"}, {0x220B, "\\ni"}, {0x220D, "\\ni"}, {0x220F, "\\prod"},
    {0x2210, "\\coprod"}, {0x2211, "\\sum"}, {0x2212, "-"}, {0x2213, "\\mp"}, {0x2214, "\\dotplus"},
    {0x2215, "/"}, {0x2216, "\\setminus"}, {0x2217, "\\ast"}, {0x2218, "\\circ"}, {0x2219, "\\bullet"},
    {0x221A, "\\surd"}, {0x221D, "\\propto"}, {0x221E, "\\infty"}, {0x2220, "\\angle"},
    {0x2221, "\\measuredangle"}, {0x2222, "\\sphericalangle"}, {0x2223, "\\mid"}, {0x2224, "\\nmid"},
    {0x2225, "\\parallel"}, {0x2226, "\\nparallel"}, {0x2227, "\\wedge"}, {0x2228, "\\vee"}, {0x2229, "\\cap"},
    {0x222A, "\\cup"}, {0x222B, "\\int"}, {0x222C, "\\iint"}, {0x222D, "\\iiint"}, {0x222E, "\\oint"},
    {0x2234, "\\therefore"}, {0x2235, "\\because"}, {0x2236, ":"}, {0x2237, "::"}, {0x223C, "\\sim"},
    {0x223D, "\\backsim"}, {0x2240, "\\wr"}, {0x2241, "\\nsim"}, {0x2242, "\\eqsim"}, {0x2243, "\\simeq"},
    {0x2244, "\\not\\simeq"}, {0x2245, "\\cong"}, {0x2247, "\\ncong"}, {0x2248, "\\approx"},
    {0x2249, "\\not\\approx"}, {0x224A, "\\approxeq"}, {0x224D, "\\asymp"}, {0x224E, "\\Bumpeq"},
    {0x224F, "\\bumpeq"}, {0x2250, "\\doteq"}, {0x2251, "\\doteqdot"}, {0x2252, "\\fallingdotseq"},
    {0x2253, "\\risingdotseq"}, {0x2254, "\\coloneqq"}, {0x2256, "\\eqcirc"}, {0x2257, "\\circeq"},
    {0x225C, "\\triangleq"}, {0x2260, "\\neq"}, {0x2261, "\\equiv"}, {0x2262, "\\not\\equiv"},
    {0x2264, "\\leq"}, {0x2265, "\\geq"}, {0x2266, "\\leqq"}, {0x2267, "\\geqq"}, {0x2268, "\\lneqq"},
    {0x2269, "\\gneqq"}, {0x226A, "\\ll"}, {0x226B, "\\gg"}, {0x226C, "\\between"}, {0x226E, "\\nless"},
    {0x226F, "\\ngtr"}, {0x2270, "\\nleq"}, {0x2271, "\\ngeq"}, {0x2272, "\\lesssim"}, {0x2273, "\\gtrsim"},
    {0x2276, "\\lessgtr"}, {0x2277, "\\gtrless"}, {0x227A, "\\prec"}, {0x227B, "\\succ"},
    {0x227C, "\\preccurlyeq"}, {0x227D, "\\succcurlyeq"}, {0x227E, "\\precsim"}, {0x227F, "\\succsim"},
    {0x2280, "\\nprec"}, {0x2281, "\\nsucc"}, {0x2282, "\\subset"}, {0x2283, "\\supset"},
    {0x2284, "\\not\\subset"}, {0x2285, "\\not\\supset"}, {0x2286, "\\subseteq"}, {0x2287, "\\supseteq"},
    {0x2288, "\\nsubseteq"}, {0x2289, "\\nsupseteq"}, {0x228A, "\\subsetneq"}, {0x228B, "\\supsetneq"},
    {0x228E, "\\uplus"}, {0x228F, "\\sqsubset"}, {0x2290, "\\sqsupset"}, {0x2291, "\\sqsubseteq"},
    {0x2292, "\\sqsupseteq"}, {0x2293, "\\sqcap"}, {0x2294, "\\sqcup"}, {0x2295, "\\oplus"},
    {0x2296, "\\ominus"}, {0x2297, "\\otimes"}, {0x2298, "\\oslash"}, {0x2299, "\\odot"},
    {0x229A, "\\circledcirc"}, {0x229B, "\\circledast"}, {0x229D, "\\circleddash"}, {0x229E, "\\boxplus"},
    {0x229F, "\\boxminus"}, {0x22A0, "\\boxtimes"}, {0x22A1, "\\boxdot"}, {0x22A2, "\\vdash"},
    {0x22A3, "\\dashv"}, {0x22A4, "\\top"}, {0x22A5, "\\perp"}, {0x22A7, "\\models"}, {0x22A8, "\\vDash"},
    {0x22A9, "\\Vdash"}, {0x22AA, "\\Vvdash"}, {0x22AC, "\\nvdash"}, {0x22AD, "\\nvDash"},
    {0x22B2, "\\lhd"}, {0x22B3, "\\rhd"}, {0x22B4, "\\unlhd"}, {0x22B5, "\\unrhd"}, {0x22B8, "\\multimap"},
    {0x22BA, "\\intercal"}, {0x22BB, "\\veebar"}, {0x22C0, "\\bigwedge"}, {0x22C1, "\\bigvee"},
    {0x22C2, "\\bigcap"}, {0x22C3, "\\bigcup"}, {0x22C4, "\\diamond"}, {0x22C5, "\\cdot"}, {0x22C6, "\\star"},
    {0x22C7, "\\divideontimes"}, {0x22C8, "\\bowtie"}, {0x22C9, "\\ltimes"}, {0x22CA, "\\rtimes"},
    {0x22CB, "\\leftthreetimes"}, {0x22CC, "\\rightthreetimes"}, {0x22CD, "\\backsimeq"},
    {0x22CE, "\\curlyvee"}, {0x22CF, "\\curlywedge"}, {0x22D0, "\\Subset"}, {0x22D1, "\\Supset"},
    {0x22D2, "\\Cap"}, {0x22D3, "\\Cup"}, {0x22D4, "\\pitchfork"}, {0x22D6, "\\lessdot"}, {0x22D7, "\\gtrdot"},
    {0x22D8, "\\lll"}, {0x22D9, "\\ggg"}, {0x22DA, "\\lesseqgtr"}, {0x22DB, "\\gtreqless"},
    {0x22DE, "\\curlyeqprec"}, {0x22DF, "\\curlyeqsucc"}, {0x22E2, "\\not\\sqsubseteq"},
    {0x22E6, "\\lnsim"}, {0x22E7, "\\gnsim"}, {0x22EA, "\\ntriangleleft"}, {0x22EB, "\\ntriangleright"},
    {0x22EC, "\\ntrianglelefteq"}, {0x22ED, "\\ntrianglerighteq"}, {0x22EE, "\\vdots"}, {0x22EF, "\\cdots"},
    {0x22F1, "\\ddots"},
    // Miscellaneous technical, geometric shapes, symbols
    {0x2308, "\\lceil"}, {0x2309, "\\rceil"}, {0x230A, "\\lfloor"}, {0x230B, "\\rfloor"}, {0x231C, "\\ulcorner"},
    {0x231D, "\\urcorner"}, {0x231E, "\\llcorner"}, {0x231F, "\\lrcorner"}, {0x2322, "\\frown"},
    {0x2323, "\\smile"}, {0x2329, "\\langle"}, {0x232A, "\\rangle"}, {0x23B0, "\\lmoustache"},
    {0x23B1, "\\rmoustache"}, {0x24C8, "\\circledS"}, {0x25A0, "\\blacksquare"}, {0x25A1, "\\square"},
    {0x25B2, "\\blacktriangle"}, {0x25B3, "\\triangle"}, {0x25B4, "\\blacktriangle"},
    {0x25B5, "\\vartriangle"}, {0x25B6, "\\blacktriangleright"}, {0x25B8, "\\blacktriangleright"},
    {0x25B9, "\\triangleright"}, {0x25BC, "\\blacktriangledown"}, {0x25BD, "\\bigtriangledown"},
    {0x25BF, "\\triangledown"}, {0x25C0, "\\blacktriangleleft"}, {0x25C2, "\\blacktriangleleft"},
    {0x25C3, "\\triangleleft"}, {0x25CA, "\\lozenge"}, {0x25EF, "\\bigcirc"}, {0x2605, "\\bigstar"},
    {0x2660, "\\spadesuit"}, {0x2661, "\\heartsuit"}, {0x2662, "\\diamondsuit"}, {0x2663, "\\clubsuit"},
    {0x2666, "\\diamondsuit"}, {0x2665, "\\heartsuit"}, {0x266D, "\\flat"}, {0x266E, "\\natural"},
    {0x266F, "\\sharp"}, {0x2713, "\\checkmark"}, {0x2720, "\\maltese"}, {0x27E8, "\\langle"},
    {0x27E9, "\\rangle"}, {0x27EE, "\\lgroup"}, {0x27EF, "\\rgroup"}, {0x29EB, "\\blacklozenge"},
    {0x2A00, "\\bigodot"}, {0x2A01, "\\bigoplus"}, {0x2A02, "\\bigotimes"}, {0x2A04, "\\biguplus"},
    {0x2A06, "\\bigsqcup"}, {0x2A0C, "\\iiiint"}, {0x2A3F, "\\amalg"}, {0x2A5E, "\\doublebarwedge"},
    {0x2A7D, "\\leqslant"}, {0x2A7E, "\\geqslant"}, {0x2A85, "\\lessapprox"}, {0x2A86, "\\gtrapprox"},
    {0x2A87, "\\lneq"}, {0x2A88, "\\gneq"}, {0x2A89, "\\lnapprox"}, {0x2A8A, "\\gnapprox"},
    {0x2A8B, "\\lesseqqgtr"}, {0x2A8C, "\\gtreqqless"}, {0x2A95, "\\eqslantless"}, {0x2A96, "\\eqslantgtr"},
    {0x2AAF, "\\preceq"}, {0x2AB0, "\\succeq"}, {0x2AB5, "\\precneqq"}, {0x2AB6, "\\succneqq"},
    {0x2AB7, "\\precapprox"}, {0x2AB8, "\\succapprox"}, {0x2AB9, "\\precnapprox"}, {0x2ABA, "\\succnapprox"},
    {0x2AC5, "\\subseteqq"}, {0x2AC6, "\\supseteqq"}, {0x2ACB, "\\subsetneqq"}, {0x2ACC, "\\supsetneqq"},
    {0x3008, "\\langle"}, {0x3009, "\\rangle"}, {0xFF5C, "|"},
}));

// Characters that read differently as a term (an <mi>, an <mn>) than between terms.
constexpr auto kIdentifierSymbols = Sorted(std::to_array<Symbol>({
    {'~', "\\sim"}, {0x22A5, "\\bot"}, {0x2216, "\\setminus"}, {0x2205, "\\emptyset"},
    {0x2223, "|"},  // KaTeX sets | as an identifier U+2223, \mid as an operator
}));

constexpr auto kOverAccents = Sorted(std::to_array<Symbol>({
    {'^', "\\hat"}, {0x02C6, "\\hat"}, {0x0302, "\\hat"}, {'~', "\\tilde"}, {0x02DC, "\\tilde"},
    {0x0303, "\\tilde"}, {0x00AF, "\\bar"}, {0x02C9, "\\bar"}, {0x0304, "\\bar"}, {0x0305, "\\bar"},
    {0x203E, "\\bar"}, {0x2015, "\\bar"}, {0x02D9, "\\dot"}, {0x0307, "\\dot"}, {0x00A8, "\\ddot"}, {0x0308, "\\ddot"},
    {0x20DB, "\\dddot"}, {0x20DC, "\\ddddot"}, {0x2192, "\\vec"}, {0x20D7, "\\vec"}, {0x02C7, "\\check"},
    {0x030C, "\\check"}, {0x02D8, "\\breve"}, {0x0306, "\\breve"}, {0x00B4, "\\acute"}, {0x0301, "\\acute"},
    {'`', "\\grave"}, {0x0300, "\\grave"}, {0x02DA, "\\mathring"}, {0x030A, "\\mathring"},
    {0x23DE, "\\overbrace"}, {0x23B4, "\\overbrace"}, {0xFE37, "\\overbrace"}, {0x2190, "\\overleftarrow"},
    {0x20D6, "\\overleftarrow"}, {0x2194, "\\overleftrightarrow"}, {0x20E1, "\\overleftrightarrow"},
    {0x23DC, "\\overparen"}, {0x2322, "\\overparen"},
}));

// The accents that stretch over a wide base have their own commands.
constexpr auto kWideOverAccents = Sorted(std::to_array<Symbol>({
    {'^', "\\widehat"}, {0x02C6, "\\widehat"}, {0x0302, "\\widehat"}, {'~', "\\widetilde"},
    {0x02DC, "\\widetilde"}, {0x0303, "\\widetilde"}, {0x00AF, "\\overline"}, {0x02C9, "\\overline"},
    {0x0304, "\\overline"}, {0x0305, "\\overline"}, {0x203E, "\\overline"}, {0x2015, "\\overline"}, {0x2192, "\\overrightarrow"},
    {0x20D7, "\\overrightarrow"},
}));

constexpr auto kUnderAccents = Sorted(std::to_array<Symbol>({
    {'_', "\\underline"}, {0x0332, "\\underline"}, {0x00AF, "\\underline"}, {0x203E, "\\underline"},
    {0x23DF, "\\underbrace"}, {0x23B5, "\\underbrace"}, {0xFE38, "\\underbrace"}, {0x2190, "\\underleftarrow"},
    {0x2192, "\\underrightarrow"}, {0x2194, "\\underleftrightarrow"}, {0x23DD, "\\underparen"},
}));

constexpr auto kLargeOperators = Sorted(std::to_array<Symbol>({
    {0x220F, ""}, {0x2210, ""}, {0x2211, ""}, {0x222B, ""}, {0x222C, ""}, {0x222D, ""}, {0x222E, ""},
    {0x222F, ""}, {0x2230, ""}, {0x22C0, ""}, {0x22C1, ""}, {0x22C2, ""}, {0x22C3, ""}, {0x2A00, ""},
    {0x2A01, ""}, {0x2A02, ""}, {0x2A04, ""}, {0x2A06, ""}, {0x2A0C, ""},
}));

// Letterlike characters that fill the holes of the alphanumeric blocks.
struct Styled {
  char32_t code;
  char base;
  Variant variant;
};
constexpr Styled kLetterlike[] = {
    {0x2102, 'C', Variant::kDoubleStruck}, {0x210A, 'g', Variant::kScript},   {0x210B, 'H', Variant::kScript},
    {0x210C, 'H', Variant::kFraktur},      {0x210D, 'H', Variant::kDoubleStruck}, {0x210E, 'h', Variant::kItalic},
    {0x2110, 'I', Variant::kScript},       {0x2111, 'I', Variant::kFraktur},  {0x2112, 'L', Variant::kScript},
    {0x2115, 'N', Variant::kDoubleStruck}, {0x2119, 'P', Variant::kDoubleStruck}, {0x211A, 'Q', Variant::kDoubleStruck},
    {0x211B, 'R', Variant::kScript},       {0x211C, 'R', Variant::kFraktur},  {0x211D, 'R', Variant::kDoubleStruck},
    {0x2124, 'Z', Variant::kDoubleStruck}, {0x2128, 'Z', Variant::kFraktur},  {0x212C, 'B', Variant::kScript},
    {0x212D, 'C', Variant::kFraktur},      {0x212F, 'e', Variant::kScript},   {0x2130, 'E', Variant::kScript},
    {0x2131, 'F', Variant::kScript},       {0x2133, 'M', Variant::kScript},   {0x2134, 'o', Variant::kScript},
};

// The order of the Latin blocks from U+1D400, 52 letters each.
constexpr Variant kLatinBlocks[] = {
    Variant::kBold,          Variant::kItalic,         Variant::kBoldItalic,    Variant::kScript,
    Variant::kBoldScript,    Variant::kFraktur,        Variant::kDoubleStruck,  Variant::kBoldFraktur,
    Variant::kSansSerif,     Variant::kBoldSansSerif,  Variant::kSansSerifItalic, Variant::kSansSerifBoldItalic,
    Variant::kMonospace,
};
// The Greek blocks from U+1D6A8, 58 characters each, and the digit blocks from U+1D7CE, 10 each.
constexpr Variant kGreekBlocks[] = {Variant::kBold, Variant::kItalic, Variant::kBoldItalic, Variant::kBoldSansSerif,
                                    Variant::kSansSerifBoldItalic};
constexpr Variant kDigitBlocks[] = {Variant::kBold, Variant::kDoubleStruck, Variant::kSansSerif,
                                    Variant::kBoldSansSerif, Variant::kMonospace};

// The character at `index` of a Greek block: Α..Ω with ϴ in the place of the unused U+03A2, ∇,
// α..ω, then ∂ ϵ ϑ ϰ ϕ ϱ ϖ.
char32_t GreekOfBlock(std::uint32_t index) {
  static constexpr char32_t kTail[] = {0x2202, 0x03F5, 0x03D1, 0x03F0, 0x03D5, 0x03F1, 0x03D6};
  if (index < 25) return index == 17 ? 0x03F4 : 0x0391 + index;
  if (index == 25) return 0x2207;
  if (index < 51) return 0x03B1 + (index - 26);
  return kTail[index - 51];
}

}  // namespace

Variant VariantFromName(std::string_view name) {
  struct Entry {
    std::string_view name;
    Variant variant;
  };
  static constexpr Entry kNames[] = {
      {"normal", Variant::kNormal},
      {"bold", Variant::kBold},
      {"italic", Variant::kItalic},
      {"bold-italic", Variant::kBoldItalic},
      {"double-struck", Variant::kDoubleStruck},
      {"script", Variant::kScript},
      {"bold-script", Variant::kBoldScript},
      {"fraktur", Variant::kFraktur},
      {"bold-fraktur", Variant::kBoldFraktur},
      {"sans-serif", Variant::kSansSerif},
      {"bold-sans-serif", Variant::kBoldSansSerif},
      {"sans-serif-italic", Variant::kSansSerifItalic},
      {"sans-serif-bold-italic", Variant::kSansSerifBoldItalic},
      {"monospace", Variant::kMonospace},
      {"-tex-calligraphic", Variant::kCalligraphic},
      {"-tex-bold-calligraphic", Variant::kBoldScript},
  };
  for (const Entry& e : kNames) {
    if (e.name == name) return e.variant;
  }
  return Variant::kDefault;
}

std::string_view VariantOpening(Variant v, std::string_view* closing) {
  *closing = "}";
  switch (v) {
    case Variant::kDefault: *closing = ""; return "";
    case Variant::kNormal: return "\\mathrm{";
    case Variant::kBold: return "\\mathbf{";
    case Variant::kItalic: return "\\mathit{";
    case Variant::kBoldItalic: return "\\boldsymbol{";
    case Variant::kDoubleStruck: return "\\mathbb{";
    case Variant::kScript: return "\\mathcal{";
    case Variant::kCalligraphic: return "\\mathcal{";
    case Variant::kFraktur: return "\\mathfrak{";
    case Variant::kSansSerif: return "\\mathsf{";
    case Variant::kMonospace: return "\\mathtt{";
    case Variant::kSansSerifItalic: return "\\mathsfit{";
    case Variant::kBoldScript: *closing = "}}"; return "\\boldsymbol{\\mathcal{";
    case Variant::kBoldFraktur: *closing = "}}"; return "\\boldsymbol{\\mathfrak{";
    case Variant::kBoldSansSerif: *closing = "}}"; return "\\boldsymbol{\\mathsf{";
    case Variant::kSansSerifBoldItalic: *closing = "}}"; return "\\boldsymbol{\\mathsfit{";
  }
  *closing = "";
  return "";
}

StyledCharacter Unstyle(char32_t c) {
  if (c >= 0x2102 && c <= 0x2134) {
    for (const Styled& s : kLetterlike) {
      if (s.code == c) return {static_cast<char32_t>(s.base), s.variant};
    }
    return {c, Variant::kDefault};
  }
  if (c < 0x1D400 || c > 0x1D7FF) return {c, Variant::kDefault};
  if (c < 0x1D400 + 13 * 52) {
    const std::uint32_t offset = c - 0x1D400;
    const std::uint32_t letter = offset % 52;
    return {static_cast<char32_t>(letter < 26 ? 'A' + letter : 'a' + (letter - 26)), kLatinBlocks[offset / 52]};
  }
  if (c == 0x1D6A4) return {0x0131, Variant::kItalic};
  if (c == 0x1D6A5) return {0x0237, Variant::kItalic};
  if (c >= 0x1D6A8 && c < 0x1D6A8 + 5 * 58) {
    const std::uint32_t offset = c - 0x1D6A8;
    return {GreekOfBlock(offset % 58), kGreekBlocks[offset / 58]};
  }
  if (c >= 0x1D7CE) {
    const std::uint32_t offset = c - 0x1D7CE;
    return {static_cast<char32_t>('0' + offset % 10), kDigitBlocks[offset / 10]};
  }
  return {c, Variant::kDefault};
}

std::string_view LatexForCharacter(char32_t c, TokenRole role) {
  if (role == TokenRole::kIdentifier) {
    if (const std::string_view s = Find(kIdentifierSymbols, c); !s.empty()) return s;
  }
  return Find(kSymbols, c);
}

std::string_view OverAccent(char32_t c, bool wide) {
  if (wide) {
    if (const std::string_view s = Find(kWideOverAccents, c); !s.empty()) return s;
  }
  return Find(kOverAccents, c);
}

std::string_view UnderAccent(char32_t c) { return Find(kUnderAccents, c); }

bool IsTexFunctionName(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "arccos", "arcsin", "arctan", "arg", "cos",  "cosh", "cot",    "coth",   "csc", "deg", "det",
      "dim",    "exp",    "gcd",    "hom", "inf",  "ker",  "lg",     "lim",    "liminf", "limsup", "ln",
      "log",    "max",    "min",    "Pr",  "sec",  "sin",  "sinh",   "sup",    "tan", "tanh",
  };
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

bool IsSpacedOperator(char32_t c) {
  switch (c) {
    case '=': case '<': case '>': case 0x00D7: case 0x22C5: case 0x2208: case 0x2209: case 0x220B:
    case 0x2223: case 0x2225: case 0x223C: case 0x2243: case 0x2245: case 0x2248: case 0x221D:
    case 0x22A5:
      return true;
    default:
      // ← ↑ → ↓ … ⇔, ≠ ≡ ≤ ≥ ≪ ≫ ≺ ≻, ⊂ ⊃ ⊆ ⊇, the long arrows, ⩽ ⩾ ⪯ ⪰
      return (c >= 0x2190 && c <= 0x21FF) || (c >= 0x2260 && c <= 0x2281) || (c >= 0x2282 && c <= 0x228B) ||
             (c >= 0x27F5 && c <= 0x27FC) || c == 0x2A7D || c == 0x2A7E || c == 0x2AAF || c == 0x2AB0;
  }
}

bool IsLargeOperator(char32_t c) {
  const auto it = std::lower_bound(kLargeOperators.begin(), kLargeOperators.end(), c,
                                   [](const Symbol& s, char32_t v) { return s.code < v; });
  return it != kLargeOperators.end() && it->code == c;
}

}  // namespace pith::math
