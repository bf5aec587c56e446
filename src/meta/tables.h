// meta/tables.h — THE WORD LISTS OF THE METADATA MODULE, kept as data in one place.
//
// Every language-specific or convention-specific string that src/meta/*.cc matches against lives
// here as a constexpr table (meta keys, date labels, byline prefixes, title separators; the date
// reader's month and weekday names are date/tables.h). Add a language or a CMS convention by adding rows, not code. All entries are
// lower-case UTF-8 unless noted; labels are stored "folded" the way
// date/date_shapes.cc folds text (ASCII/Latin-1/Greek/Cyrillic lower-cased, Latin-1 and Greek accents
// removed, Greek final sigma → σ).
#pragma once

#include <string_view>

namespace pith::meta::tables {

// ---------------------------------------------------------------------------------------------
// <meta> keys (name=, property=, itemprop= or http-equiv=, compared lower-case).

// Publication date, in priority order (earlier rows win).
inline constexpr std::string_view kPublishedDateKeys[] = {
    "article:published_time", "og:article:published_time", "og:published_time",
    "article:published", "datepublished", "article.published", "published_time",
    "published-date", "published_date", "publication_date", "publication-date", "pubdate",
    "publishdate", "publish_date", "publish-date", "publishdate", "pub_date", "pub-date",
    "dc.date.issued", "dcterms.issued", "dc.date.created", "dcterms.created", "datecreated",
    "citation_publication_date", "citation_date", "citation_online_date", "prism.publicationdate",
    "sailthru.date", "parsely-pub-date", "weibo:article:create_at", "rnews:datepublished",
    "article_date_original", "original-publish-date", "cxenseparse:recs:publishtime",
    "bt:pubdate", "ptime", "og:pubdate", "date", "dc.date", "dcterms.date", "dc:date", "created",
    "creation_date", "article:post_date", "date_published", "release_date",
};
// Modification date: used only when no publication date is found anywhere else.
inline constexpr std::string_view kModifiedDateKeys[] = {
    "article:modified_time", "og:updated_time", "article:modified", "datemodified",
    "dcterms.modified", "dc.date.modified", "last-modified", "lastmod", "utime",
    "weibo:article:update_at", "modified_time", "updated_time",
};
// Author names ("by" style values are cleaned like bylines).
inline constexpr std::string_view kAuthorKeys[] = {
    "author", "article:author", "og:article:author", "byl", "dc.creator", "dcterms.creator",
    "dc:creator", "parsely-author", "sailthru.author", "citation_author", "book:author",
    "twitter:data1:author", "article:author_name", "authors", "citation_authors",
};
inline constexpr std::string_view kTitleKeys[] = {
    "og:title", "twitter:title", "dc.title", "dcterms.title", "headline", "sailthru.title",
    "parsely-title", "citation_title", "articletitle", "title",
};
inline constexpr std::string_view kSiteNameKeys[] = {
    "og:site_name", "application-name", "al:android:app_name", "al:ios:app_name",
    "apple-mobile-web-app-title", "sitename", "site_name", "publisher", "dc.publisher",
    "twitter:app:name:iphone",
};
// JSON-LD properties whose values describe other things than the page (their authors and dates
// are not the page's): not searched for the page's main object.
inline constexpr std::string_view kJsonLdSkippedKeys[] = {
    "review", "reviews", "comment", "comments", "suggestedAnswer", "acceptedAnswer", "answer",
    "itemListElement", "subjectOf", "citation", "isBasedOn", "relatedLink", "mentions", "workExample",
};
inline constexpr std::string_view kDescriptionKeys[] = {
    "description", "og:description", "twitter:description", "dc.description", "dcterms.description",
};
// Keywords: the primary keys are merged; the fallback keys are read only when those are absent.
inline constexpr std::string_view kKeywordKeys[] = {"keywords", "news_keywords"};
inline constexpr std::string_view kFallbackKeywordKeys[] = {
    "article:tag", "parsely-tags", "sailthru.tags", "dc.subject", "og:article:tag",
};
inline constexpr std::string_view kLanguageKeys[] = {
    "content-language", "language", "dc.language", "dcterms.language", "og:locale", "lang",
};

// ---------------------------------------------------------------------------------------------
// Language of Latin-script text without a declaration: each language's most frequent short words
// (lower case; accented letters as UTF-8). Only words that are rare in the other listed
// languages are included, so that counting them separates the languages.
struct FunctionWords {
  std::string_view lang;
  std::string_view words[16];
};
inline constexpr FunctionWords kFunctionWords[] = {
    {"en", {"the", "and", "of", "to", "is", "that", "it", "was", "for", "with", "this", "are", "have", "from", "which", "were"}},
    {"fr", {"le", "les", "des", "est", "une", "dans", "qui", "pour", "pas", "sur", "au", "du", "avec", "sont", "aux", "ce"}},
    {"de", {"der", "die", "und", "das", "ist", "nicht", "mit", "sich", "den", "auf", "ein", "eine", "dem", "auch", "wird", "zu"}},
    {"es", {"el", "los", "las", "del", "que", "por", "una", "con", "para", "es", "se", "al", "lo", "como", "más", "pero"}},
    {"it", {"il", "della", "che", "di", "per", "è", "gli", "una", "sono", "nel", "alla", "anche", "del", "non", "dei", "delle"}},
    {"pt", {"não", "uma", "os", "do", "da", "em", "para", "com", "que", "dos", "das", "ao", "mais", "foi", "pelo", "são"}},
    {"nl", {"de", "het", "een", "van", "en", "niet", "zijn", "voor", "met", "op", "ook", "dat", "aan", "wordt", "naar", "bij"}},
    {"pl", {"się", "nie", "w", "na", "jest", "że", "do", "z", "i", "to", "jak", "od", "przez", "dla", "po", "są"}},
};

// ---------------------------------------------------------------------------------------------
// Title: separators between a headline and a site name, strongest first. The spaces are part of
// the separator (" - " splits, "-" inside a word does not). Full-width forms need no spaces.
inline constexpr std::string_view kTitleSeparators[] = {
    " | ", " - ", " – ", " — ", " :: ", " · ", " • ", " « ", " » ", " / ", " -- ", "｜", "－", "—",
    "_", " |", "| ", " ～ ", "──", " > ", " › ",
};
// Separators that also occur inside headlines often enough that we cut at them only when one side
// is confirmed as the site name (site_name meta, the h1, or og:title).
inline constexpr std::string_view kWeakTitleSeparators[] = {": ", "："};

// ---------------------------------------------------------------------------------------------
// Dates in text (month and weekday names, the words inside a date: date/tables.h).

// Words right before a date in page text that mark it as the publication date (folded).
// Matched as a suffix of the text that precedes the date (spaces, ':' and '：' skipped).
inline constexpr std::string_view kPublishedLabels[] = {
    "发布时间", "发表时间", "发布日期", "发表日期", "发布于", "发表于", "发布", "发表", "时间",
    "日期", "出版时间", "刊发时间", "首发", "發佈時間", "發表時間", "發布時間", "發表於", "時間",
    "日期", "投稿日", "公開日", "掲載日", "작성일", "등록일", "입력", "published", "posted",
    "posted on", "published on", "date", "dated", "publié le", "publie le", "veröffentlicht",
    "veroffentlicht", "publicado", "pubblicato", "опубликовано", "δημοσιευσε",
};
// Labels of a later revision: still a date of the page, but weaker than a publication label.
inline constexpr std::string_view kUpdatedLabels[] = {
    "更新时间", "更新", "修改时间", "更新日", "updated", "last updated", "modified",
    "last modified", "mis à jour", "aktualisiert", "actualizado", "обновлено",
};
// Words after a date that make it look like a "today is" header widget rather than a post date.
inline constexpr std::string_view kWeekdayWords[] = {
    "星期", "礼拜", "周一", "周二", "周三", "周四", "周五", "周六", "周日", "週", "曜日",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
};

// ---------------------------------------------------------------------------------------------
// Authors.

// Prefixes stripped from author values ("By Jane Doe", "作者：张三"). Compared case-insensitively
// for ASCII; a following ':' / '：' / space is stripped too.
inline constexpr std::string_view kAuthorPrefixes[] = {
    "written by", "posted by", "published by", "story by", "words by", "text by", "by", "from",
    "authors", "author", "par", "por", "автор", "作者是", "作者", "本报记者", "本报通讯员", "通讯员",
    "记者", "記者", "撰文", "责任编辑", "責任編輯", "编辑", "編輯",
};
// Separators after which a byline value continues with something else (a date, a job title, a
// label). A value is split at these and the first segment that is a plausible name is kept.
inline constexpr std::string_view kAuthorSeparators[] = {
    "|", " • ", " · ", "⋅", "\n", " - ", " — ", " – ", "(", "（", "【", "[", " on ", " On ", " Updated",
    " updated", " Published", " published", " Posted", " posted", "来源", "來源", "時間", "时间", "发布",
    "日期", " at ", " em ", " le ", " in ", " | ", "｜", " / ",
};
// Values that are labels or links, not names (compared lower-case, whole value / prefix).
inline constexpr std::string_view kAuthorRejects[] = {
    "author", "authors", "by", "updated", "published", "posted", "topic author", "written by",
    "contributor", "contributors", "unknown", "anonymous", "guest", "share", "follow",
    "about the author", "about", "more", "view profile", "profile", "作者", "匿名", "佚名", "未知",
    "article by", "story by", "words by", "posted by", "editor",
};
// Substrings that make a value an advertisement attribution ("by Taboola"), not a byline.
inline constexpr std::string_view kAuthorRejectParts[] = {
    "taboola", "outbrain", "revcontent", "mgid", "zergnet", "sponsored", "advertis",
};
// Last words of a job title shown next to a byline ("Staff Writer"): such a value is not a name.
inline constexpr std::string_view kJobTitleWords[] = {
    "writer", "editor", "reporter", "correspondent", "contributor", "columnist", "journalist",
    "producer", "intern", "specialist",
};
inline constexpr std::string_view kAuthorRejectPrefixes[] = {
    "read more", "view all", "see all", "more from", "more by", "follow ", "all posts", "posts by",
    "view posts", "contact ", "email ", "subscribe",
};

// Chinese/Japanese byline labels found in running text, with the strength of the label: a name
// after 作者 is the author; after 记者 a reporter; after 编辑 only an editor (kept as a last resort
// because many Chinese news pages name nobody else). `sep`: what must follow the label before the
// name — 0 nothing (the name must then end at a delimiter: "记者马俊峰/文"), 1 a space or colon,
// 2 a colon ("编辑：" — "编辑推荐" is a menu, not a byline).
struct AuthorLabel {
  std::string_view label;
  int strength;  // higher wins
  int sep;
};
inline constexpr AuthorLabel kCjkAuthorLabels[] = {
    {"作者", 6, 1}, {"作 者", 6, 1}, {"作　者", 6, 1}, {"撰文", 5, 1}, {"文／", 5, 0}, {"文/", 5, 0},
    {"文：", 5, 0}, {"执笔人", 5, 1}, {"执笔", 5, 1}, {"執筆", 5, 1}, {"著者", 5, 1}, {"本贴由", 5, 0},
    {"发帖人", 4, 1},
    {"楼主", 3, 2}, {"本报记者", 5, 0}, {"记者", 4, 0}, {"記者", 4, 0}, {"责任编辑", 2, 2},
    {"責任編輯", 2, 2}, {"责编", 2, 2}, {"編輯", 1, 2}, {"编辑", 1, 2}, {"小编", 1, 2},
};
// After a label that needs no separator the name must be followed by a delimiter or by one of
// these reporting words ("本报记者张三发自北京", "记者李四报道").
inline constexpr std::string_view kCjkReportWords[] = {
    "发自", "報導", "报道", "摄", "通讯员", "实习生", "综合", "编译", "整理", "采写", "文", "图", "/",
    "／", "于", "於",
};
// Words that begin running text after "记者" ("记者通过电子邮件联系…", "记者从…获悉"), never a name.
inline constexpr std::string_view kCjkNotNames[] = {
    "通过", "了解", "获悉", "发现", "看到", "注意", "采访", "来到", "走访", "近日", "日前", "昨日",
    "昨天", "今天", "今日", "随后", "随即", "致电", "联系", "咨询", "查询", "询问", "调查", "实地",
    "现场", "进入", "登录", "拨打", "电话", "手机", "表示", "认为", "提问", "问", "从", "在", "对",
    "就", "与", "也", "还", "又", "将", "已", "正", "都", "便", "这", "那", "该", "此", "其", "们",
    "节", "站", "证", "会", "团",
};
// A name taken after a CJK label ends before any of these (the next label on the same line, a
// place of reporting, "photo by").
inline constexpr std::string_view kCjkNameStops[] = {
    "来源", "來源", "时间", "時間", "发布", "發佈", "发表", "日期", "编辑", "編輯", "责任", "记者",
    "記者", "发自", "报道", "報導", "摄影", "摄", "通讯员", "实习生", "浏览", "点击", "阅读",
    "出处", "字号", "评论", "分享", "原标题", "文章", "出自", "译", "于", "在", "本报", "综合",
    "电", "讯", "图", "发布会", "转载", "整理",
};

// Common Chinese family names (simplified and traditional forms; together they cover most of the
// population). A line or a closing parenthesis that holds only words of 2–4 Han characters is a
// byline only when its first word begins with one of these: "胡平" under a headline, "（姚峰
// 上海报道）" closing a story; "全文", "关闭", "上海" are not names. Characters that more often
// begin common words than names ("简介", "游戏", "连载") are left out.
inline constexpr std::u32string_view kChineseSurnames =
    U"王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏"
    U"吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付傅方白邹孟熊秦邱江尹薛闫阎段雷侯龙史陶黎贺顾毛郝龚邵"
    U"万钱严覃武戴莫孔向汤常温康施牛樊葛邢安齐易乔伍庞颜倪庄聂章鲁岳翟殷詹欧耿焦俞左柳甘祝包宁尚符"
    U"舒阮柯纪梅童凌毕季裴霍涂苗谷盛翁冉骆蓝辛靳柴蒙鲍喻祁蒲滕屈饶牟艾尤穆卓吉缪芦麦褚娄窦戚岑宫卜"
    U"冷晏席米柏宗瞿桂佟臧闵苟邬卞姬仇栾隋刁荣巫寇桑郎甄丛仲虞敖巩佘池苑迟邝陳楊黃趙吳劉張鄭謝馮鄧"
    U"蕭許韓蔣葉蘇呂盧鍾譚陸賈韋鄒閻顧龔萬錢嚴湯溫龐聶魯歐蘭馬孫羅鄔藍駱喬顏閔鮑齊";
// Last words of a closing credit that are not names: the place of reporting ("上海报道").
inline constexpr std::string_view kCjkCreditEndings[] = {"报道", "報導", "報道"};
// Ends of words that make a credit someone else's than the author's: a photographer ("刘通摄"),
// an editor ("曹文明 編輯"), a translator.
inline constexpr std::string_view kCjkCreditRoles[] = {
    "摄", "攝", "摄影", "攝影", "图", "圖", "编辑", "編輯", "责编", "責編", "编译", "編譯", "翻译", "翻譯",
    "整理", "校对", "校對",
};

// Class/id fragments (lower-case) that mark an element holding the byline.
inline constexpr std::string_view kBylineClassHints[] = {
    "author", "byline", "writer", "by-line", "zuozhe", "reporter", "creator",
};
// Class/id fragments that disqualify a byline candidate (comment authors, author bio boxes).
inline constexpr std::string_view kBylineClassVetoes[] = {
    "comment", "reply", "avatar", "bio", "about-author", "author-box", "authorbox", "related", "authoriz",
    "share", "social", "widget", "description", "title", "role", "position", "job", "image", "photo",
    "img", "count", "desc", "follow",
};
// English byline labels at the start of a line of text ("By Jane Doe", "Contributors: Jane Doe").
inline constexpr std::string_view kBylineLinePrefixes[] = {
    "By ", "BY ", "by ", "Written by ", "Written By ", "Posted by ", "Posted By ", "Words by ",
    "Story by ", "Text by ", "Reporting by ", "Author: ", "Authors: ", "Contributor: ",
    "Contributors: ", "Author ", "Von ", "Par ", "Por ",
};
// The same inside a short line ("This post was written by Jane Doe, Head of …").
inline constexpr std::string_view kBylineInlineLabels[] = {
    "written by ", "posted by ", "authored by ", "contributed by ",
};

}  // namespace pith::meta::tables
