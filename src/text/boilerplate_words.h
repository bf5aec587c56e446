// Word tables for class / id / role hints (data, not logic): tokens of an element's class or id
// attribute that mark navigation and other boilerplate, or main content. Matched as whole tokens
// after splitting on non-alphanumeric characters and lower-casing, plus prefixes for the few
// families that are always written as compounds ("sidebar1", "navbar").
#pragma once

#include <string_view>

namespace pith::text {

// Classification of one class/id token.
enum class HintKind { kNone, kBoilerplate, kContent, kComments };

HintKind ClassifyHintToken(std::string_view lower_token);

}  // namespace pith::text
