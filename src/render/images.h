// Images of the main content: which URL an <img> stands for (lazy-loading attributes, srcset,
// <picture>) and which images are decoration rather than content (icons, avatars, logos, tracking
// pixels, spacers). Whether an image lies in the content is decided with the text around it, in
// CollectBlocks (docs/output.md, "Images").
#pragma once

#include <string>
#include <string_view>

#include "dom/document.h"
#include "text/string_memo.h"

namespace pith::render {

// The one URL an <img> stands for, as written in the page (not yet resolved): its lazy-loading
// source (data-src, data-original, data-lazy-src) when it has one, else its src unless that is a
// data: URL, else the largest candidate of its srcset or data-srcset, else, inside a <picture>,
// the largest candidate of the first <source> with a srcset; else its data: src; "" when none.
std::string ImageUrl(const dom::Document& doc, dom::NodeId img);

// The largest candidate of a srcset value ("a.jpg 480w, b.jpg 960w" gives "b.jpg"; "x.png,
// y.png 2x" gives "y.png"; a candidate without a descriptor counts as 1x), "" when it holds none.
std::string_view LargestSrcsetCandidate(std::string_view srcset);

// Whether the <img> `img`, standing for `url`, is decoration: hidden; given only as a data: URL
// (lazy loading's placeholders, blobs); a declared size of at most 4 pixels on a side (tracking
// pixels, spacers) or at most 48 on both (icons); a word of an icon, avatar, logo, emoji, spacer,
// button or share bar in its file name or in the class or id of it, its parent or grandparent
// (images.cc lists them; a share bar's words only in a class or id); a word of an ad server's or tracker's anywhere in the URL ("ads",
// "openx", "doubleclick", ...); or inside a <button> or a link that goes nowhere (a script's,
// "#"). `markup_words` holds what the class and id values already read on the page told.
bool IsDecorativeImage(const dom::Document& doc, dom::NodeId img, std::string_view url,
                       text::StringMemo<bool>* markup_words);

}  // namespace pith::render
