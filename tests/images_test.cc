// Images of the content: the URL each lazy-loading shape stands for, captions, the decoration left
// out, which images lie in the content, and how Markdown, JSON and --no-images write them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dom/parse.h"
#include "pith/pith.h"
#include "render/blocks.h"
#include "render/formats.h"
#include "render/images.h"
#include "test_util.h"

namespace pith::render {
namespace {

dom::Document Parsed(std::string_view html) {
  dom::Document doc;
  dom::Parse(html, dom::ParseLimits{}, &doc);
  return doc;
}

// The URL the page's first <img> stands for.
std::string FirstImageUrl(std::string_view html) {
  const dom::Document doc = Parsed(html);
  const dom::NodeId img = doc.FindFirst(dom::Tag::kImg);
  return img == dom::kNoNode ? "(no img)" : ImageUrl(doc, img);
}

TEST(Images, EveryLazyLoadingShapeGivesOneUrl) {
  EXPECT_EQ(FirstImageUrl("<img src=a.png>"), "a.png");
  EXPECT_EQ(FirstImageUrl("<img src=placeholder.gif data-src=real.jpg>"), "real.jpg");
  EXPECT_EQ(FirstImageUrl("<img src=\"data:image/gif;base64,R0lGOD\" data-original=real.jpg>"), "real.jpg");
  EXPECT_EQ(FirstImageUrl("<img data-lazy-src=lazy.jpg>"), "lazy.jpg");
  EXPECT_EQ(FirstImageUrl("<img src=\"data:image/gif;base64,R0lGOD\" srcset=\"s.jpg 480w, l.jpg 1024w, m.jpg 800w\">"),
            "l.jpg");
  EXPECT_EQ(FirstImageUrl("<img data-srcset=\"a.jpg, b.jpg 2x\">"), "b.jpg");
  EXPECT_EQ(FirstImageUrl("<picture><source srcset=\"w.webp 1x, w2.webp 2x\" type=image/webp><img></picture>"),
            "w2.webp");
  EXPECT_EQ(FirstImageUrl("<picture><source srcset=w.webp><img src=fallback.jpg></picture>"), "fallback.jpg");
  EXPECT_EQ(FirstImageUrl("<img src=\"data:image/png;base64,iVBOR\">"), "data:image/png;base64,iVBOR");
  EXPECT_EQ(FirstImageUrl("<img>"), "");
}

TEST(Images, LargestSrcsetCandidate) {
  EXPECT_EQ(LargestSrcsetCandidate(""), "");
  EXPECT_EQ(LargestSrcsetCandidate("one.jpg"), "one.jpg");
  EXPECT_EQ(LargestSrcsetCandidate("a.jpg 1.5x,b.jpg 3x , c.jpg 2x"), "b.jpg");
  EXPECT_EQ(LargestSrcsetCandidate("a.jpg 300w,b.jpg"), "a.jpg");
  EXPECT_EQ(LargestSrcsetCandidate(" , ,"), "");
}

// The blocks of a whole page, every text node kept.
std::vector<Block> Blocks(std::string_view html, bool images = true) {
  const dom::Document doc = Parsed(html);
  return CollectBlocks(doc, std::vector<std::uint8_t>(doc.size(), 1), {.images = images});
}

std::vector<std::string> Sources(const std::vector<Block>& blocks) {
  std::vector<std::string> out;
  for (const Block& b : blocks) {
    for (const Image& i : b.images) out.push_back(i.src);
  }
  return out;
}

TEST(Images, DecorationIsLeftOut) {
  const std::vector<Block> blocks = Blocks(
      "<body><p>Text of the story.</p>"
      "<img src=photo.jpg alt=Harbour width=800 height=600>"
      "<img src=t.gif width=1 height=1><img src=i.png width=16 height=16><img src=/img/site-logo.svg>"
      "<img src=/u/avatar-42.jpg><div class=share-bar><img src=f.png></div><img src=emailButton.png>"
      "<a href=\"javascript:print()\"><img src=p.png></a><a href=#><img src=h.png></a><button><img src=b.png></button>"
      "<img src=\"http://ads.example.com/serve?zone=1\"><img class=wp-smiley src=s.png><img src=spinner.gif>"
      "<img src=\"data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP\"><img hidden src=h.jpg>"
      "<a href=/big.jpg><img src=linked.jpg></a><img src=/2024/silicon-share-price.jpg>"
      "<p>More of the story.</p></body>");
  EXPECT_EQ(Sources(blocks), (std::vector<std::string>{"photo.jpg", "linked.jpg", "/2024/silicon-share-price.jpg"}));
}

// An image is in the content when the nearest element around it that holds text holds kept text
// only, or kept and other text with nothing left out between the image and kept text beside it.
TEST(Images, OnlyImagesAmongTheKeptTextAreContent) {
  const std::string html =
      "<body><div id=nav><img src=nav.jpg><a href=/>Home</a></div><article><p>First kept paragraph.</p>"
      "<figure><img src=fig.jpg></figure><div class=related><img src=thumb.jpg><h3>Another story</h3></div>"
      "<p>Second kept paragraph.</p><p>Share this</p><div><img src=after-note.jpg></div>"
      "<p>Third kept paragraph.</p></article><aside><img src=aside.jpg></aside></body>";
  const dom::Document doc = Parsed(html);
  std::vector<std::uint8_t> keep(doc.size(), 0);
  for (dom::NodeId id = 0; id < doc.size(); ++id) {
    const std::string_view t = doc.Text(id);
    if (doc[id].is_text() && t.find("kept paragraph") != std::string_view::npos) keep[id] = 1;
  }
  const std::vector<Block> blocks = CollectBlocks(doc, keep);
  // after-note.jpg has "Share this" (not kept) before it and the third kept paragraph right after.
  EXPECT_EQ(Sources(blocks), (std::vector<std::string>{"fig.jpg", "after-note.jpg"}));
}

TEST(Images, StandAloneAndInlineImagesAndCaptions) {
  Result r;
  r.blocks = Blocks(
      "<body><p>Before.</p><figure><img src=\"a b.png\" alt=\"A [chart]\"><figcaption>Figure 1: <b>the</b> "
      "chart</figcaption></figure><p>Look <img src=i.png alt=inline> here.</p><ul><li><img src=li.png "
      "alt=item></li></ul></body>");
  ASSERT_EQ(r.blocks.size(), 5u);
  EXPECT_EQ(r.blocks[1].kind, BlockKind::kImage);
  EXPECT_EQ(r.blocks[1].text, "");
  ASSERT_EQ(r.blocks[1].images.size(), 1u);
  EXPECT_EQ(r.blocks[1].images[0].caption, "Figure 1: the chart");
  EXPECT_EQ(r.blocks[2].kind, BlockKind::kCaption);
  EXPECT_EQ(r.blocks[3].text, "Look  here.");  // an image stands between words as a space does
  ASSERT_EQ(r.blocks[3].images.size(), 1u);
  EXPECT_EQ(r.blocks[3].images[0].at, 5u);  // after "Look ", before the space it stands for
  EXPECT_EQ(r.blocks[4].kind, BlockKind::kImage);
  EXPECT_NE(r.blocks[4].item, 0u);
  EXPECT_EQ(ToMarkdown(r), "Before.\n\n![A \\[chart\\]](a%20b.png)\n\n*Figure 1: the chart*\n\n"
                           "Look ![inline](i.png) here.\n\n- ![item](li.png)\n");
  EXPECT_EQ(r.Text(), "Before.\n\nFigure 1: the chart\n\nLook  here.");  // the text holds no image
  const nlohmann::json json = ToJson(r, "page.html", true);
  EXPECT_EQ(json["blocks"][1]["kind"], "image");
  EXPECT_EQ(json["blocks"][1]["src"], "a b.png");
  EXPECT_EQ(json["blocks"][1]["alt"], "A [chart]");
  EXPECT_EQ(json["blocks"][1]["caption"], "Figure 1: the chart");
  EXPECT_EQ(json["blocks"][3]["images"][0]["at"], 5);
  EXPECT_EQ(json["blocks"][3]["images"][0]["src"], "i.png");
  EXPECT_FALSE(json["blocks"][0].contains("images"));
  // Without images the blocks are the text's.
  EXPECT_TRUE(Sources(Blocks("<p>Look <img src=i.png> here.</p><img src=x.png>", false)).empty());
}

TEST(Images, UrlsResolveAgainstThePageAndBase) {
  const std::string story =
      "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a long debate "
      "about the cost of the work and the time it will take.</p>";
  const std::string html = "<html><head><base href=\"https://news.example.org/2024/\"></head><body><article>" +
                           story + "<p><img src=\"img/breakwater.jpg\" alt=\"The breakwater\"></p>" + story +
                           "</article></body></html>";
  const Result r = testing::ExtractOk(html, Options{});
  const std::string md = ToMarkdown(r);
  EXPECT_NE(md.find("![The breakwater](https://news.example.org/2024/img/breakwater.jpg)"), std::string::npos) << md;
  Options no_images;
  no_images.images = false;
  EXPECT_EQ(ToMarkdown(testing::ExtractOk(html, no_images)).find("!["), std::string::npos);
}

TEST(Images, TheCliWritesThemUnlessTold) {
  testing::TempDir dir;
  const std::string story =
      "<p>The harbour board approved the budget for the new breakwater on Monday evening, after a long debate "
      "about the cost of the work and the time it will take.</p>";
  testing::WriteFile(dir.path() / "page.html", "<body><article>" + story + "<img src=/b.jpg alt=B>" + story +
                                                   "</article></body>");
  const std::string page = (dir.path() / "page.html").string();
  const testing::RunResult md = testing::RunPith("extract -f markdown --url https://example.org/a/ " + page);
  EXPECT_NE(md.out.find("![B](https://example.org/b.jpg)"), std::string::npos) << md.out;
  EXPECT_EQ(testing::RunPith("extract -f markdown --no-images " + page).out.find("!["), std::string::npos);
  EXPECT_EQ(testing::RunPith("extract " + page).out.find("b.jpg"), std::string::npos);
}

}  // namespace
}  // namespace pith::render
