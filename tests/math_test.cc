// Formulas: the MathML-to-LaTeX converter construct by construct (broken, nested and huge markup
// too), the rules for TeX between delimiters and for formula images (src/math/), a hand-written page
// of each math engine's shape (tests/math/) as the Document holds it, and the text, Markdown, JSON and
// HTML written.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "batch/records.h"
#include "dom/parse.h"
#include "math/mathml_to_latex.h"
#include "math/tex_source.h"
#include "render/formats.h"
#include "test_util.h"

namespace pith {
namespace {

struct Formula {
  std::string latex;
  bool display = false;
  bool operator==(const Formula&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Formula& f) {
  return os << (f.display ? "$$" : "$") << f.latex << (f.display ? "$$" : "$");
}

// The visible formulas of a page, in order.
std::vector<Formula> Formulas(const std::string& html) {
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  std::vector<Formula> out;
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    if (!doc.IsFormula(id) || doc[id].hidden()) continue;
    EXPECT_EQ(doc[id].first_child, doc[id].last_child) << "a formula holds one text node";
    EXPECT_TRUE(doc[doc[id].first_child].is_text());
    out.push_back({std::string(doc.FormulaLatex(id)), doc.IsDisplayFormula(id)});
  }
  return out;
}

// The LaTeX of one <math> element holding `mathml`.
std::string Latex(const std::string& mathml) {
  const std::vector<Formula> f = Formulas("<p>x <math>" + mathml + "</math> y</p>");
  return f.size() == 1 ? f[0].latex : "(" + std::to_string(f.size()) + " formulas)";
}

std::string Page(const std::string& name) {
  return testing::ReadFile(std::filesystem::path(PITH_TEST_DIR) / "math" / name);
}

// ---------------------------------------------------------------- the converter

TEST(MathmlToLatex, Tokens) {
  EXPECT_EQ(Latex("<mi>x</mi>"), "x");
  EXPECT_EQ(Latex("<mi>&#x3B1;</mi><mi>&#x3C6;</mi><mi>&#x3D5;</mi><mi>&#x3B5;</mi><mi>&#x3F5;</mi>"),
            "\\alpha\\varphi\\phi\\varepsilon\\epsilon");
  EXPECT_EQ(Latex("<mi>&#x393;</mi><mi>&#x3A9;</mi>"), "\\Gamma\\Omega");
  EXPECT_EQ(Latex("<mn>3.14</mn>"), "3.14");
  EXPECT_EQ(Latex("<mi>a</mi><mo>&#x2264;</mo><mi>b</mi><mo>&#x00D7;</mo><mi>c</mi><mo>&#x2212;</mo><mi>d</mi>"), "a \\leq b \\times c-d");
  EXPECT_EQ(Latex("<mi>a</mi><mo>&#x2208;</mo><mi>A</mi>"), "a \\in A");
  EXPECT_EQ(Latex("<mi>f</mi><mo>:</mo><mi>X</mi><mo>&#x2192;</mo><mi>Y</mi>"), "f:X \\to Y");
  EXPECT_EQ(Latex("<mo>{</mo><mi>x</mi><mo>}</mo><mo>#</mo><mo>%</mo><mo>&amp;</mo>"), "\\{x\\}\\#\\%\\&");
  EXPECT_EQ(Latex("<mo>&#x2026;</mo><mo>&#x22EF;</mo><mi>&#x221E;</mi><mi>&#x2202;</mi><mi>&#x2207;</mi>"),
            "\\dots\\cdots\\infty\\partial\\nabla");
  EXPECT_EQ(Latex("<mtext>if </mtext><mi>x</mi>"), "\\text{if}x");
  EXPECT_EQ(Latex("<mtext>50% &amp; up_to</mtext>"), "\\text{50\\% \\& up\\_to}");
  EXPECT_EQ(Latex("<ms>abc</ms>"), "\\text{\"abc\"}");
  EXPECT_EQ(Latex("<mtext mathvariant=\"bold\">while</mtext>"), "\\textbf{while}");
  // Invisible operators (function application, invisible times) are not written.
  EXPECT_EQ(Latex("<mi>f</mi><mo>&#x2061;</mo><mi>x</mi><mo>&#x2062;</mo><mi>y</mi>"), "fxy");
}

TEST(MathmlToLatex, FunctionNamesAndOperatorNames) {
  EXPECT_EQ(Latex("<mi>sin</mi><mo>&#x2061;</mo><mi>x</mi>"), "\\sin x");
  EXPECT_EQ(Latex("<mi>log</mi><mspace width=\"0.167em\"/><mi>x</mi>"), "\\log\\,x");
  EXPECT_EQ(Latex("<mi>sgn</mi><mo>&#x2061;</mo><mi>x</mi>"), "\\operatorname{sgn}x");
  EXPECT_EQ(Latex("<mi mathvariant=\"normal\">abc</mi>"), "\\mathrm{abc}");
  EXPECT_EQ(Latex("<mi mathvariant=\"normal\">sgn</mi><mo>&#x2061;</mo><mi>x</mi>"), "\\operatorname{sgn}x");
  EXPECT_EQ(Latex("<munder><mo movablelimits=\"true\">argmax</mo><mi>x</mi></munder>"), "\\operatorname*{argmax}_x");
  EXPECT_EQ(Latex("<mi>a</mi><mo lspace=\"thickmathspace\">mod</mo><mi>k</mi>"), "a\\bmod k");
}

TEST(MathmlToLatex, Variants) {
  EXPECT_EQ(Latex("<mi mathvariant=\"bold\">v</mi>"), "\\mathbf{v}");
  EXPECT_EQ(Latex("<mi mathvariant=\"bold\">u</mi><mi mathvariant=\"bold\">v</mi>"), "\\mathbf{uv}");
  EXPECT_EQ(Latex("<mi>&#x1D42E;</mi>"), "\\mathbf{u}");      // 𝐮 MATHEMATICAL BOLD SMALL U
  EXPECT_EQ(Latex("<mi>&#x211D;</mi>"), "\\mathbb{R}");       // ℝ
  EXPECT_EQ(Latex("<mi mathvariant=\"double-struck\">N</mi>"), "\\mathbb{N}");
  EXPECT_EQ(Latex("<mstyle mathvariant=\"script\"><mi>&#x1D4AE;</mi></mstyle>"), "\\mathcal{S}");  // 𝒮
  EXPECT_EQ(Latex("<mi mathvariant=\"fraktur\">g</mi>"), "\\mathfrak{g}");
  EXPECT_EQ(Latex("<mi mathvariant=\"sans-serif\">A</mi><mi mathvariant=\"monospace\">x</mi>"), "\\mathsf{A}\\mathtt{x}");
  EXPECT_EQ(Latex("<mi mathvariant=\"bold-italic\">x</mi>"), "\\boldsymbol{x}");
  EXPECT_EQ(Latex("<mi mathvariant=\"normal\">d</mi><mi>x</mi>"), "\\mathrm{d}x");
  EXPECT_EQ(Latex("<mi mathvariant=\"italic\">x</mi>"), "x");         // single letters are italic anyway
  EXPECT_EQ(Latex("<mi mathvariant=\"normal\">&#x22A4;</mi>"), "\\top");   // a symbol has no style
  EXPECT_EQ(Latex("<mi mathvariant=\"normal\">&#x394;</mi>"), "\\Delta");  // upright Greek capitals too
  EXPECT_EQ(Latex("<mn>&#x1D7CF;</mn>"), "\\mathbf{1}");
  EXPECT_EQ(Latex("<mi data-mjx-variant=\"-tex-calligraphic\" mathvariant=\"script\">V</mi>"), "\\mathcal{V}");
}

TEST(MathmlToLatex, ScriptsWithMinimalBraces) {
  EXPECT_EQ(Latex("<msup><mi>x</mi><mn>2</mn></msup>"), "x^2");
  EXPECT_EQ(Latex("<msup><mi>x</mi><mn>10</mn></msup>"), "x^{10}");
  EXPECT_EQ(Latex("<msub><mi>x</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub>"), "x_{ij}");
  EXPECT_EQ(Latex("<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>"), "x_i^2");
  EXPECT_EQ(Latex("<msup><mi>e</mi><mrow><mo>&#x2212;</mo><mi>x</mi></mrow></msup>"), "e^{-x}");
  EXPECT_EQ(Latex("<msup><mi>x</mi><mi>&#x3B1;</mi></msup>"), "x^\\alpha");
  EXPECT_EQ(Latex("<msup><mi>f</mi><mo>&#x2032;</mo></msup><mo>(</mo><mi>x</mi><mo>)</mo>"), "f'(x)");
  EXPECT_EQ(Latex("<msubsup><mi>p</mi><mrow><mi>i</mi><mi>j</mi></mrow><mo>&#x2032;</mo></msubsup>"), "p'_{ij}");
  EXPECT_EQ(Latex("<msup><mrow><mi>a</mi><mi>b</mi></mrow><mn>2</mn></msup>"), "{ab}^2");
  EXPECT_EQ(Latex("<msup><msub><mi>x</mi><mi>i</mi></msub><mn>2</mn></msup>"), "{x_i}^2");
  EXPECT_EQ(Latex("<msup><mn>10</mn><mn>3</mn></msup>"), "10^3");
  EXPECT_EQ(Latex("<msup><mi mathvariant=\"bold\">u</mi><mi mathvariant=\"normal\">&#x22A4;</mi></msup>"),
            "\\mathbf{u}^\\top");
  EXPECT_EQ(Latex("<msup><mn>90</mn><mo>&#x2218;</mo></msup>"), "90^\\circ");
  EXPECT_EQ(Latex("<msup><mi>x</mi><mo>&#x2217;</mo></msup>"), "x^*");
  EXPECT_EQ(Latex("<mmultiscripts><mi>C</mi><mi>k</mi><none/><mprescripts/><mi>n</mi><none/></mmultiscripts>"),
            "{}_nC_k");
}

TEST(MathmlToLatex, MathJaxGroupsKeepTheirBraces) {
  // MathJax marks a TeX group {…} as a row of class ORD: x^{\top} and x^\top differ, {p_{ij}}
  // keeps its braces, \mathbf{v} and \hat{x} are no groups of their own.
  const std::string ord = "<mrow data-mjx-texclass=\"ORD\">";
  EXPECT_EQ(Latex("<msup><mi>x</mi>" + ord + "<mi mathvariant=\"normal\">&#x22A4;</mi></mrow></msup>"), "x^{\\top}");
  EXPECT_EQ(Latex("<msup><mn>2</mn>" + ord + "<mn>7</mn></mrow></msup>"), "2^{7}");
  EXPECT_EQ(Latex(ord + "<msub><mi>p</mi>" + ord + "<mi>i</mi><mi>j</mi></mrow></msub></mrow>" + ord +
                  "<mo>/</mo></mrow>"),
            "{p_{ij}}/");
  EXPECT_EQ(Latex("<msub>" + ord + ord + "<mi mathvariant=\"bold\">v</mi></mrow></mrow><mi>i</mi></msub>"),
            "{\\mathbf{v}}_i");
  EXPECT_EQ(Latex("<msub>" + ord + "<mi mathvariant=\"bold\">v</mi></mrow><mi>i</mi></msub>"), "\\mathbf{v}_i");
  EXPECT_EQ(Latex(ord + "<mover><mi>x</mi><mo stretchy=\"false\">^</mo></mover></mrow>"), "\\hat{x}");
  EXPECT_EQ(Latex("<mover><mo>=</mo>" + ord + "<mtext>def</mtext></mrow></mover>"), "\\overset{\\text{def}}{=}");
}

TEST(MathmlToLatex, FractionsAndRoots) {
  EXPECT_EQ(Latex("<mfrac><mi>a</mi><mi>b</mi></mfrac>"), "\\frac{a}{b}");
  EXPECT_EQ(Latex("<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></mfrac>"), "\\frac{a+b}{2}");
  EXPECT_EQ(Latex("<msqrt><mi>x</mi></msqrt>"), "\\sqrt{x}");
  EXPECT_EQ(Latex("<msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt>"), "\\sqrt{x+1}");
  EXPECT_EQ(Latex("<mroot><mi>x</mi><mn>3</mn></mroot>"), "\\sqrt[3]{x}");
  EXPECT_EQ(Latex("<mstyle displaystyle=\"true\"><mfrac><mn>1</mn><mn>2</mn></mfrac></mstyle>"), "\\dfrac{1}{2}");
  EXPECT_EQ(Latex("<mrow><mo>(</mo><mfrac linethickness=\"0\"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo></mrow>"),
            "\\binom{n}{k}");
}

TEST(MathmlToLatex, UnderOverAndAccents) {
  EXPECT_EQ(Latex("<munderover><mo>&#x2211;</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover>"),
            "\\sum_{i = 1}^n");
  EXPECT_EQ(Latex("<msubsup><mo>&#x222B;</mo><mn>0</mn><mn>1</mn></msubsup>"), "\\int_0^1");
  EXPECT_EQ(Latex("<munder><mo>lim</mo><mrow><mi>x</mi><mo>&#x2192;</mo><mn>0</mn></mrow></munder>"),
            "\\lim_{x \\to 0}");
  EXPECT_EQ(Latex("<mover><mi>x</mi><mo>^</mo></mover>"), "\\hat{x}");
  EXPECT_EQ(Latex("<mover accent=\"true\"><mi>v</mi><mo>&#x2192;</mo></mover>"), "\\vec{v}");
  EXPECT_EQ(Latex("<mover><mrow><mi>A</mi><mi>B</mi></mrow><mo>&#x00AF;</mo></mover>"), "\\overline{AB}");
  EXPECT_EQ(Latex("<mover><mi>x</mi><mo>~</mo></mover><mover><mi>y</mi><mo>&#x02D9;</mo></mover>"),
            "\\tilde{x}\\dot{y}");
  EXPECT_EQ(Latex("<munder><mi>x</mi><mo>_</mo></munder>"), "\\underline{x}");
  EXPECT_EQ(Latex("<munder><munder><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mo>&#x23DF;</mo></munder>"
                  "<mi>n</mi></munder>"),
            "\\underbrace{a+b}_n");
  EXPECT_EQ(Latex("<mover><mo>=</mo><mtext>def</mtext></mover>"), "\\overset{\\text{def}}{=}");
  EXPECT_EQ(Latex("<mi>a</mi><mover><mo>=</mo><mtext>def</mtext></mover><mi>b</mi>"), "a\\overset{\\text{def}}{=}b");
}

TEST(MathmlToLatex, FencesAndDelimiters) {
  // Plain parentheses stay plain; stretchy ones (pandoc, KaTeX's fence, MathJax's OPEN/CLOSE) are
  // \left … \right, and so is <mfenced>.
  EXPECT_EQ(Latex("<mo stretchy=\"false\">(</mo><mi>x</mi><mo stretchy=\"false\">)</mo>"), "(x)");
  EXPECT_EQ(Latex("<mrow><mo stretchy=\"true\">(</mo><mfrac><mi>a</mi><mi>b</mi></mfrac><mo stretchy=\"true\">)</mo></mrow>"),
            "\\left(\\frac{a}{b}\\right)");
  EXPECT_EQ(Latex("<mrow><mo fence=\"true\">[</mo><mi>x</mi><mo fence=\"true\">]</mo></mrow>"), "\\left[x\\right]");
  EXPECT_EQ(Latex("<mrow data-mjx-texclass=\"INNER\"><mo data-mjx-texclass=\"OPEN\">{</mo><mi>x</mi>"
                  "<mo data-mjx-texclass=\"CLOSE\"></mo></mrow>"),
            "\\left\\{x\\right.");
  EXPECT_EQ(Latex("<mfenced><mi>a</mi><mi>b</mi></mfenced>"), "\\left(a,b\\right)");
  EXPECT_EQ(Latex("<mfenced open=\"[\" close=\")\" separators=\";\"><mi>a</mi><mi>b</mi></mfenced>"),
            "\\left[a;b\\right)");
  EXPECT_EQ(Latex("<mo data-mjx-texclass=\"OPEN\" stretchy=\"false\">|</mo><mi>x</mi>"
                  "<mo data-mjx-texclass=\"CLOSE\" stretchy=\"false\">|</mo>"),
            "\\lvert x\\rvert");
  EXPECT_EQ(Latex("<mrow data-mjx-texclass=\"ORD\"><mo minsize=\"1.2em\" maxsize=\"1.2em\">|</mo></mrow>"), "\\big|");
  EXPECT_EQ(Latex("<mi>a</mi><mo>&#x2225;</mo><mi>b</mi>"), "a \\parallel b");
  EXPECT_EQ(Latex("<mo data-mjx-texclass=\"ORD\">&#x2225;</mo><mi>x</mi><mo data-mjx-texclass=\"ORD\">&#x2225;</mo>"),
            "\\|x\\|");
  EXPECT_EQ(Latex("<mo>&#x27E8;</mo><mi>x</mi><mo>&#x27E9;</mo>"), "\\langle x\\rangle");
  // KaTeX sets | as the identifier U+2223 and \mid as the operator.
  EXPECT_EQ(Latex("<mi mathvariant=\"normal\">&#x2223;</mi><mi>x</mi><mi mathvariant=\"normal\">&#x2223;</mi>"), "|x|");
  EXPECT_EQ(Latex("<mi>a</mi><mo>&#x2223;</mo><mi>b</mi>"), "a \\mid b");
}

TEST(MathmlToLatex, Tables) {
  const std::string cells = "<mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr>"
                            "<mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable>";
  EXPECT_EQ(Latex(cells), "\\begin{matrix} a & b \\\\ c & d \\end{matrix}");
  EXPECT_EQ(Latex("<mrow><mo>(</mo>" + cells + "<mo>)</mo></mrow>"), "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}");
  EXPECT_EQ(Latex("<mrow><mo>[</mo>" + cells + "<mo>]</mo></mrow>"), "\\begin{bmatrix} a & b \\\\ c & d \\end{bmatrix}");
  EXPECT_EQ(Latex("<mrow><mo>|</mo>" + cells + "<mo>|</mo></mrow>"), "\\begin{vmatrix} a & b \\\\ c & d \\end{vmatrix}");
  EXPECT_EQ(Latex("<mfenced open=\"[\" close=\"]\">" + cells + "</mfenced>"),
            "\\begin{bmatrix} a & b \\\\ c & d \\end{bmatrix}");
  // A brace before a table: cases (pandoc leaves the right side out, MathJax writes an empty one).
  EXPECT_EQ(Latex("<mrow><mo>{</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mi>x</mi><mo>&gt;</mo><mn>0</mn></mtd></mtr>"
                  "<mtr><mtd><mn>0</mn></mtd><mtd><mtext>else</mtext></mtd></mtr></mtable></mrow>"),
            "\\begin{cases} 1 & x > 0 \\\\ 0 & \\text{else} \\end{cases}");
  EXPECT_EQ(Latex("<mrow><mo>{</mo>" + cells + "<mo fence=\"true\" stretchy=\"true\"></mo></mrow>"),
            "\\begin{cases} a & b \\\\ c & d \\end{cases}");
  // Right and left columns in turn: equations aligned at their relations.
  EXPECT_EQ(Latex("<mtable columnalign=\"right left\"><mtr><mtd><mi>x</mi></mtd><mtd><mo>=</mo><mn>1</mn></mtd></mtr>"
                  "<mtr><mtd><mi>y</mi></mtd><mtd><mo>=</mo><mn>2</mn></mtd></mtr></mtable>"),
            "\\begin{aligned} x & = 1 \\\\ y & = 2 \\end{aligned}");
  EXPECT_EQ(Latex("<mtable columnalign=\"left center\"><mtr><mtd><mi>x</mi></mtd><mtd><mi>y</mi></mtd></mtr></mtable>"),
            "\\begin{array}{lc} x & y \\end{array}");
  // A labelled row's label is left out.
  EXPECT_EQ(Latex("<mtable><mlabeledtr><mtd><mtext>(1)</mtext></mtd><mtd><mi>x</mi></mtd></mlabeledtr></mtable>"),
            "\\begin{matrix} x \\end{matrix}");
}

TEST(MathmlToLatex, SpacesEnclosuresAndTheRest) {
  EXPECT_EQ(Latex("<mi>a</mi><mspace width=\"1em\"/><mi>b</mi><mspace width=\"2em\"/><mi>c</mi>"), "a\\quad b\\qquad c");
  EXPECT_EQ(Latex("<mi>a</mi><mspace width=\"thickmathspace\"/><mi>b</mi><mspace width=\"-0.1667em\"/><mi>c</mi>"),
            "a\\;b\\!c");
  EXPECT_EQ(Latex("<mi>a</mi><mtext>&#xA0;</mtext><mi>b</mi><mtext>&#x2009;</mtext><mi>c</mi>"), "a\\ b\\,c");
  EXPECT_EQ(Latex("<menclose notation=\"box\"><mi>x</mi></menclose>"), "\\boxed{x}");
  EXPECT_EQ(Latex("<menclose notation=\"updiagonalstrike\"><mi>x</mi></menclose>"), "\\cancel{x}");
  EXPECT_EQ(Latex("<mphantom><mi>x</mi></mphantom>"), "\\phantom{x}");
  EXPECT_EQ(Latex("<mpadded><mi>x</mi></mpadded><merror><mi>y</mi></merror>"), "xy");
  EXPECT_EQ(Latex("<maction actiontype=\"toggle\"><mi>a</mi><mi>b</mi></maction>"), "a");
  EXPECT_EQ(Latex("<mi>&#x2205;</mi><mi data-mjx-alternate=\"1\">&#x2205;</mi>"), "\\emptyset\\varnothing");
}

TEST(MathmlToLatex, TheTexAnnotationWinsAndMediaWikisWrapperGoes) {
  EXPECT_EQ(Latex("<semantics><mi>x</mi><annotation encoding=\"application/x-tex\">\\chi </annotation></semantics>"),
            "\\chi");
  EXPECT_EQ(Latex("<semantics><mi>x</mi><annotation-xml encoding=\"MathML-Content\"><ci>x</ci></annotation-xml>"
                  "</semantics>"),
            "x");
  EXPECT_EQ(Latex("<semantics><mi>x</mi><annotation encoding=\"text/plain\">x</annotation>"
                  "<annotation encoding=\"TeX\">y</annotation></semantics>"),
            "y");
  EXPECT_EQ(Latex("<semantics><mi>x</mi><annotation encoding=\"application/x-tex\">{\\displaystyle x^{2}}</annotation>"
                  "</semantics>"),
            "x^{2}");
  // Only a wrapper that closes at the end goes.
  EXPECT_EQ(math::CleanTexSource("{\\displaystyle a}{b}"), "{\\displaystyle a}{b}");
  EXPECT_EQ(math::CleanTexSource("  {\\textstyle \\frac{1}{2}} "), "\\frac{1}{2}");
}

TEST(MathmlToLatex, BrokenMarkupGivesItsCharacters) {
  EXPECT_EQ(Latex("<msup><mi>x</mi></msup>"), "x");                          // a script missing
  EXPECT_EQ(Latex("<mfrac></mfrac>"), "\\frac{}{}");
  EXPECT_EQ(Latex("<mrow>x + </mrow>"), "x +");                             // text where elements go
  EXPECT_EQ(Latex("<mi>x<mi>y</mi></mi>"), "xy");                           // a token holding one
  EXPECT_EQ(Formulas("<p><math><msup><mi>x")[0].latex, "x");               // never closed
  EXPECT_EQ(Latex("<foo><bar>z</bar></foo>"), "z");                         // unknown elements
  EXPECT_EQ(Latex("<mtable><mi>a</mi><mtr><mi>b</mi></mtr></mtable>"), "\\begin{matrix} a \\\\ b \\end{matrix}");
  EXPECT_EQ(Latex(""), "(0 formulas)");                                     // nothing to write
  EXPECT_EQ(Latex("<mrow>   </mrow>"), "(0 formulas)");
}

TEST(MathmlToLatex, DeepAndHugeMarkupStaysBounded) {
  std::string deep;
  for (int i = 0; i < 20000; ++i) deep += "<msup><mi>x</mi>";
  const std::string nested = Latex(deep);
  EXPECT_FALSE(nested.empty());
  EXPECT_LE(nested.size(), 2 * math::kMaxBytes);
  EXPECT_NE(nested.find("x^"), std::string::npos);
  std::string wide;
  for (int i = 0; i < 200000; ++i) wide += "<mi>&#x3B1;</mi>";
  const std::string many = Latex(wide);
  EXPECT_GT(many.size(), 1000u);
  EXPECT_LE(many.size(), 2 * math::kMaxBytes);
  const std::string text(3 << 20, 'a');
  EXPECT_LE(Latex("<mtext>" + text + "</mtext>").size(), 2 * math::kMaxBytes);
}

// ---------------------------------------------------------------- TeX in the text, formula images

std::vector<std::string> Delimited(std::string_view text) {
  std::vector<std::string> out;
  math::DelimitedTex tex;
  for (std::size_t at = 0; math::FindDelimitedTex(text, at, &tex); at = tex.end) {
    out.push_back(std::string(tex.display ? "D:" : "I:") + std::string(text.substr(tex.tex_begin, tex.tex_end - tex.tex_begin)));
  }
  return out;
}

TEST(DelimitedTex, FindsEachShapeByItsRules) {
  using V = std::vector<std::string>;
  EXPECT_EQ(Delimited("a \\(x^2\\) b \\[y\\] c $$z$$ d $w$."), (V{"I:x^2", "D:y", "D:z", "I:w"}));
  EXPECT_EQ(Delimited("$k$-colourable, $(k-1)$-colourable"), (V{"I:k", "I:(k-1)"}));
  // Prices and shell variables: no space after the opening dollar, none before the closing one, no
  // digit after it.
  EXPECT_EQ(Delimited("it costs $5 and $10"), V{});
  EXPECT_EQ(Delimited("from $5-$10 a day"), V{});
  EXPECT_EQ(Delimited("set $HOME and $PATH"), V{});
  EXPECT_EQ(Delimited("$ x$ and $x $"), V{});
  EXPECT_EQ(Delimited("US$20 or $x$"), V{"I:x"});
  EXPECT_EQ(Delimited("the $n$th element, \xE4\xB8\xBA$32$\xE8\x87\xB3"), (V{"I:n", "I:32"}));
  EXPECT_EQ(Delimited("days rated $, $$, or $$$ for a route"), V{});
  EXPECT_EQ(Delimited("from ($) for a low price up to ($$$)"), V{});
  EXPECT_EQ(Delimited("Price Range | $$ \xE2\x80\x94 $$"), V{});
  EXPECT_EQ(Delimited("a shortcut where \"$1\" is \"$service\""), V{});
  EXPECT_EQ(Delimited("=R->?-:.?-0-/-2R.-.3$-.%-.$R/-#J-"), V{});  // a legacy Tibetan font's ASCII
  EXPECT_EQ(Delimited("-:I<-:$R-5$?, - $?%-<2,"), V{});
  EXPECT_EQ(Delimited("($x$) and \"$y$\" and *$z$*"), (V{"I:x", "I:y", "I:z"}));
  // Escaped delimiters, empty formulas, unclosed ones.
  EXPECT_EQ(Delimited("an escaped \\$x$ and \\\\(y\\)"), V{});
  EXPECT_EQ(Delimited("\\( \\) and $$ $$ and \\(x"), V{});
  EXPECT_TRUE(math::MayHoldDelimitedTex("a $"));
  EXPECT_FALSE(math::MayHoldDelimitedTex("plain text (with parentheses)"));
}

TEST(DelimitedTex, ScriptTypes) {
  bool display = true;
  EXPECT_TRUE(math::IsTexScriptType("math/tex", &display));
  EXPECT_FALSE(display);
  EXPECT_TRUE(math::IsTexScriptType(" Math/TeX; mode=display", &display));
  EXPECT_TRUE(display);
  EXPECT_FALSE(math::IsTexScriptType("math/texture", &display));
  EXPECT_FALSE(math::IsTexScriptType("text/javascript", &display));
}

TEST(FormulaImage, ByClassOrUrlWithTexForAlt) {
  bool display = false;
  EXPECT_TRUE(math::IsFormulaImage("mwe-math-fallback-image-inline", "/math/render/svg/1", "{\\displaystyle x}", &display));
  EXPECT_FALSE(display);
  EXPECT_TRUE(math::IsFormulaImage("mwe-math-fallback-image-display", "", "x^2", &display));
  EXPECT_TRUE(display);
  EXPECT_TRUE(math::IsFormulaImage("latex", "https://s0.wp.com/latex.php?latex=x", "x", &display));
  EXPECT_TRUE(math::IsFormulaImage("", "https://latex.codecogs.com/svg.latex?x%5E2", "x^2", &display));
  EXPECT_FALSE(math::IsFormulaImage("photo", "/images/math-teacher.jpg", "Our math teacher", &display));
  EXPECT_FALSE(math::IsFormulaImage("equation", "/eq.png", "Formula 1", &display));  // a caption, not TeX
  EXPECT_FALSE(math::IsFormulaImage("latex", "/x.png", "", &display));
}

// ---------------------------------------------------------------- each engine's page shape

TEST(FormulaShapes, MathJax2ScriptsWithTheirPreviewsAndFrames) {
  const std::string html = Page("mathjax2.html");
  EXPECT_EQ(Formulas(html), (std::vector<Formula>{{"e^{ix}", false}, {"e^{i\\pi} + 1 = 0", true}, {"0, 1", false}}));
  const Result r = testing::ExtractOk(html);
  EXPECT_NE(r.Text().find("satisfies e^{ix} for every"), std::string::npos) << r.Text();
  EXPECT_EQ(r.Text().find("0, 10, 1"), std::string::npos) << "the preview is dropped";
}

TEST(FormulaShapes, MathJax3ChtmlAndSvgFromTheirAssistiveMathml) {
  EXPECT_EQ(Formulas(Page("mathjax3-chtml.html")),
            (std::vector<Formula>{
                {"q_{ij}", false},
                {"q_{ij} = \\frac{\\exp(\\mathbf{u}_j^\\top\\mathbf{v}_i)}{\\sum_{k \\in "
                 "\\mathcal{V}}\\exp(\\mathbf{u}_k^\\top\\mathbf{v}_i)}",
                 true}}));
  const std::string svg = Page("mathjax3-svg.html");
  EXPECT_EQ(Formulas(svg), (std::vector<Formula>{{"\\|x\\|_2", false}}));
  EXPECT_NE(testing::ExtractOk(svg).Text().find("vector is \\|x\\|_2, the square root"), std::string::npos);
}

TEST(FormulaShapes, KatexOnceFromItsAnnotation) {
  const std::string html = Page("katex.html");
  EXPECT_EQ(Formulas(html), (std::vector<Formula>{{"k", false}, {"n", false}, {"\\binom{n}{k} = \\frac{n!}{k!(n-k)!}", true}}));
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  const std::string text = doc.SubtreeText(0);
  EXPECT_EQ(text.find("n!"), text.rfind("n!")) << "the katex-html copy is dropped: " << text;
}

TEST(FormulaShapes, MathmlWithAndWithoutAnnotation) {
  EXPECT_EQ(Formulas(Page("mathml.html")), (std::vector<Formula>{{"a", false},
                                                                  {"b", false},
                                                                  {"a^2 + b^2 = c^2", true},
                                                                  {"c = \\sqrt{a^2+b^2}", false}}));
}

TEST(FormulaShapes, ArithmatexAndSphinxSpans) {
  EXPECT_EQ(Formulas(Page("arithmatex.html")),
            (std::vector<Formula>{{"32", false}, {"64", false}, {"T(n) = O(n \\log n)", true}}));
  EXPECT_EQ(Formulas(Page("sphinx.html")),
            (std::vector<Formula>{{"n", false}, {"p", false}, {"g", false}, {"h \\le 2\\log_2(n+1)", true}}));
}

TEST(FormulaShapes, RawTexInTheTextButNotPricesShellOrCode) {
  EXPECT_EQ(Formulas(Page("raw.html")), (std::vector<Formula>{{"k", false},
                                                               {"(k-1)", false},
                                                               {"\\chi(G)", false},
                                                               {"\\chi(G) \\leq \\Delta(G) + 1", false},
                                                               {"\\chi(G) \\leq \\Delta(G)", true},
                                                               {"\\sum_{v} \\deg(v) = 2|E|", true}}));
}

TEST(FormulaShapes, MediaWikiAndOtherFormulaImages) {
  EXPECT_EQ(Formulas(Page("mediawiki.html")),
            (std::vector<Formula>{{"ax^{2}+bx+c=0", false},
                                  {"x={\\frac {-b\\pm {\\sqrt {b^{2}-4ac}}}{2a}}", true},
                                  {"e^{i\\pi}", false},
                                  {"x^2", false}}));
}

TEST(FormulaShapes, TwoFormulaImagesInARowAreTwoFormulas) {
  EXPECT_EQ(Formulas("<p><img class=latex alt='a'><img class=latex alt='b' aria-hidden=true></p>"),
            (std::vector<Formula>{{"a", false}, {"b", false}}));
}

// ---------------------------------------------------------------- the text

TEST(FormulaText, EachFormulaOnceAsItsLatex) {
  const std::string text = testing::ExtractOk(Page("katex.html")).Text();
  EXPECT_NE(text.find("choose k things out of n is"), std::string::npos) << text;
  EXPECT_NE(text.find("\\binom{n}{k} = \\frac{n!}{k!(n-k)!}"), std::string::npos) << text;
  EXPECT_EQ(text.find("n!"), text.rfind("n!")) << text;
}

// ---------------------------------------------------------------- the outputs

// A display formula is a block of its own, even between the words of a paragraph.
TEST(FormulaText, ADisplayFormulaIsABlockOfItsOwn) {
  const std::string text = testing::ExtractOk(Page("katex.html")).Text();
  EXPECT_NE(text.find("\n\n\\binom{n}{k} = \\frac{n!}{k!(n-k)!}\n\n"), std::string::npos) << text;
}

TEST(FormulaOutput, MarkdownWritesDollarsAndDisplayBlocks) {
  const Result r = testing::ExtractOk(Page("mathjax2.html"));
  const std::string md = render::ToMarkdown(r, true);
  EXPECT_NE(md.find("satisfies $e^{ix}$ for every real number"), std::string::npos) << md;
  EXPECT_NE(md.find("\n\n$$\ne^{i\\pi} + 1 = 0\n$$\n\n"), std::string::npos) << md;
  EXPECT_NE(md.find("constants: $0, 1$, the"), std::string::npos) << md;
}

Block WithFormulas(std::string text, std::vector<std::pair<std::uint32_t, std::uint32_t>> formulas) {
  Block b;
  b.text = std::move(text);
  for (const auto& [begin, end] : formulas) b.spans.push_back({SpanKind::kMath, begin, end});
  return b;
}

TEST(FormulaOutput, MarkdownEscapesDollarsOfTheTextAndPipesOfFormulasInCells) {
  Result r;
  r.blocks = {WithFormulas("costs $5 and x_1", {{13, 16}})};
  EXPECT_EQ(render::ToMarkdown(r, false), "costs \\$5 and $x_1$\n");
  // One dollar alone pairs with nothing and stays as it is; two are escaped.
  r.blocks = {WithFormulas("costs $5", {})};
  EXPECT_EQ(render::ToMarkdown(r, false), "costs $5\n");
  r.blocks = {WithFormulas("$5 or $6", {})};
  EXPECT_EQ(render::ToMarkdown(r, false), "\\$5 or \\$6\n");
  Block cell = WithFormulas("|x|", {{0, 3}});
  cell.kind = BlockKind::kTableRow;
  cell.table = cell.row = cell.cell = 1;
  r.blocks = {cell};
  EXPECT_EQ(render::ToMarkdown(r, false), "| $\\|x\\|$ |\n| --- |\n");
  // Two formulas side by side stay two; a trailing backslash does not escape the closing dollar.
  r.blocks = {WithFormulas("ab\\", {{0, 1}, {1, 3}})};
  EXPECT_EQ(render::ToMarkdown(r, false), "$a$ $b\\ $\n");
  // Emphasis around a formula, the formula's LaTeX untouched by the escaping of the text.
  Block em = WithFormulas("so a_*b holds", {{3, 7}});
  em.spans.insert(em.spans.begin(), Span{SpanKind::kEmphasis, 0, 7});
  r.blocks = {em};
  EXPECT_EQ(render::ToMarkdown(r, false), "*so $a_*b$* holds\n");
}

TEST(FormulaOutput, JsonBlocksHaveMathKindAndMathSpans) {
  const Result r = testing::ExtractOk(Page("sphinx.html"));
  const nlohmann::json j = render::ToJson(r, "sphinx.html", true, nullptr, false);
  bool display = false, spans = false;
  for (const nlohmann::json& b : j["blocks"]) {
    if (b["kind"] == "math") {
      display = true;
      EXPECT_EQ(b["text"], "h \\le 2\\log_2(n+1)");
      EXPECT_FALSE(b.contains("spans"));
    }
    if (!b.contains("spans")) continue;
    const std::string text = b["text"];
    std::vector<std::string> formulas;
    for (const nlohmann::json& sp : b["spans"]) {
      if (sp["kind"] != "math") continue;
      const std::size_t begin = sp["begin"], end = sp["end"];
      formulas.push_back(text.substr(begin, end - begin));
    }
    if (formulas.empty()) continue;
    spans = true;
    ASSERT_EQ(formulas.size(), 3u) << text;
    EXPECT_EQ(formulas[1], "p");
  }
  EXPECT_TRUE(display);
  EXPECT_TRUE(spans);
}

TEST(FormulaOutput, HtmlWritesFormulasForMathJaxToRender) {
  std::string html;
  const Extractor extractor{Options{}};
  ASSERT_TRUE(batch::ExtractPage(extractor, Page("mathjax2.html"), PageInfo{}, nullptr, &html).status.ok());
  EXPECT_NE(html.find("<span class=\"math inline\">\\(e^{ix}\\)</span>"), std::string::npos) << html;
  EXPECT_NE(html.find("<span class=\"math display\">\\[e^{i\\pi} + 1 = 0\\]</span>"), std::string::npos) << html;
}

}  // namespace
}  // namespace pith
