// Tests of date/date.h: NormalizeDate, FindDateInText, FindDateInUrl.
#include "date/date.h"

#include <gtest/gtest.h>

namespace pith::date {
namespace {

TEST(DateNormalize, IsoForms) {
  EXPECT_EQ(NormalizeDate("2009-11-09"), "2009-11-09");
  EXPECT_EQ(NormalizeDate(" 2009-11-09T12:30:00Z "), "2009-11-09T12:30:00Z");
  EXPECT_EQ(NormalizeDate("2009-11-09T12:30:00+08:00"), "2009-11-09T12:30:00+08:00");
  EXPECT_EQ(NormalizeDate("2009-11-09T12:30:00.000-05:00"), "2009-11-09T12:30:00-05:00");
  EXPECT_EQ(NormalizeDate("2025-12-19T04:25:38+0500"), "2025-12-19T04:25:38+05:00");
  EXPECT_EQ(NormalizeDate("2009-11-09T12:30+0530"), "2009-11-09T12:30:00+05:30");
  EXPECT_EQ(NormalizeDate("2009-11-09 12:30:45-03"), "2009-11-09T12:30:45-03:00");
  EXPECT_EQ(NormalizeDate("2009-11-09T12:30:00+15:00"), "2009-11-09T12:30:00");  // no such offset
  EXPECT_EQ(NormalizeDate("2009-11-09T12:30"), "2009-11-09T12:30:00");
  EXPECT_EQ(NormalizeDate("2009-11-09 12:30:45"), "2009-11-09T12:30:45");
  EXPECT_EQ(NormalizeDate("2009-1-9"), "2009-01-09");
  EXPECT_EQ(NormalizeDate("2009/11/09"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("2009.11.09"), "2009-11-09");
}

TEST(DateNormalize, CompactAndEpoch) {
  EXPECT_EQ(NormalizeDate("20091109"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("200911091230"), "2009-11-09T12:30:00");
  EXPECT_EQ(NormalizeDate("20091109T123000Z"), "2009-11-09T12:30:00Z");
  EXPECT_EQ(NormalizeDate("20091109T123000"), "2009-11-09T12:30:00");
  EXPECT_EQ(NormalizeDate("1257769800"), "2009-11-09T12:30:00Z");     // Unix seconds (UTC)
  EXPECT_EQ(NormalizeDate("1257769800000"), "2009-11-09T12:30:00Z");  // milliseconds
  EXPECT_EQ(NormalizeDate("12345"), "");
  EXPECT_EQ(NormalizeDate("99999999"), "");
}

TEST(DateNormalize, NamedMonths) {
  EXPECT_EQ(NormalizeDate("Mon, 09 Nov 2009 12:30:00 GMT"), "2009-11-09T12:30:00Z");
  EXPECT_EQ(NormalizeDate("Mon, 09 Nov 2009 12:30:00 -0500"), "2009-11-09T12:30:00-05:00");  // RFC 2822
  EXPECT_EQ(NormalizeDate("November 9, 2009"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("Nov. 9th, 2009 at 3:05 pm"), "2009-11-09T15:05:00");
  EXPECT_EQ(NormalizeDate("9 November 2009"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("Mon Nov 09 2009 12:30:00 GMT+0000"), "2009-11-09T12:30:00Z");
  EXPECT_EQ(NormalizeDate("Nov 9, 2009 3:05 pm UTC+8"), "2009-11-09T15:05:00+08:00");
  EXPECT_EQ(NormalizeDate("Nov 9, 2009 3:05 pm UTCx"), "2009-11-09T15:05:00");  // no zone word
  EXPECT_EQ(NormalizeDate("9. November 2009"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("9 de noviembre de 2009"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("le 9 décembre 2009"), "2009-12-09");
  EXPECT_EQ(NormalizeDate("9 ноября 2009 г."), "2009-11-09");
  EXPECT_EQ(NormalizeDate("9 Νοεμβρίου 2009"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("9 października 2009"), "2009-10-09");
  EXPECT_EQ(NormalizeDate("12 März 2010"), "2010-03-12");
}

TEST(DateNormalize, CjkForms) {
  EXPECT_EQ(NormalizeDate("2009年11月9日"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("2009年11月9日 12:30"), "2009-11-09T12:30:00");
  EXPECT_EQ(NormalizeDate("2009年11月9日12时30分"), "2009-11-09T12:30:00");
  EXPECT_EQ(NormalizeDate("2009 年 11 月 9 日 下午3:20"), "2009-11-09T15:20:00");
  EXPECT_EQ(NormalizeDate("２００９年１１月９日"), "2009-11-09");
  EXPECT_EQ(NormalizeDate("2009년 11월 9일"), "2009-11-09");
}

TEST(DateNormalize, RejectsImplausible) {
  EXPECT_EQ(NormalizeDate(""), "");
  EXPECT_EQ(NormalizeDate("hello"), "");
  EXPECT_EQ(NormalizeDate("1989-06-04"), "");  // before the web
  EXPECT_EQ(NormalizeDate("2101-01-01"), "");
  EXPECT_EQ(NormalizeDate("2009-13-01"), "");
  EXPECT_EQ(NormalizeDate("2009-02-29"), "");
  EXPECT_EQ(NormalizeDate("2008-02-29"), "2008-02-29");
  EXPECT_EQ(NormalizeDate("2009-04-31"), "");
  EXPECT_EQ(NormalizeDate("2009-11"), "");  // month only
  EXPECT_EQ(NormalizeDate("2009-11-09T25:00"), "2009-11-09");  // bad time dropped, date kept
}

TEST(DateNormalize, SlashAmbiguity) {
  EXPECT_EQ(NormalizeDate("11/09/2009"), "2009-11-09");  // machine value: month first
  EXPECT_EQ(NormalizeDate("25/12/2009"), "2009-12-25");
  EXPECT_EQ(NormalizeDate("09.11.2009"), "2009-11-09");  // dots: day first
}

TEST(DateText, FindsFirstDate) {
  EXPECT_EQ(FindDateInText("发布时间：2005年03月21日 11:21 来源：新浪"), "2005-03-21T11:21:00");
  EXPECT_EQ(FindDateInText("BUSINESS.SOHU.COM 2004年7月16日08:19 [ 黄宇 ]"), "2004-07-16T08:19:00");
  EXPECT_EQ(FindDateInText("发表于 2005-9-15 11:46:00 陈天华"), "2005-09-15T11:46:00");
  EXPECT_EQ(FindDateInText("Posted on November 9, 2009 by admin"), "2009-11-09");
  EXPECT_EQ(FindDateInText("Updated 9 Nov 2009, 12:30 GMT"), "2009-11-09T12:30:00Z");
  EXPECT_EQ(FindDateInText("2009-11-09 10:00-12:00 workshop"), "2009-11-09T10:00:00");  // a range
  EXPECT_EQ(FindDateInText("2009-11-09 10:00 +0100 x"), "2009-11-09T10:00:00");  // RFC offsets follow seconds
  EXPECT_EQ(FindDateInText("2022.01.20 16:31 来源：河南日报客户端"), "2022-01-20T16:31:00");
  EXPECT_EQ(FindDateInText("时间：2005/05/17 22:11:42 by 眉间尺"), "2005-05-17T22:11:42");
  EXPECT_EQ(FindDateInText("no date here, 2009 only"), "");
}

TEST(DateText, AmbiguityAndNoise) {
  EXPECT_EQ(FindDateInText("on 03/04/2009"), "");           // ambiguous in free text
  EXPECT_EQ(FindDateInText("on 13/04/2009"), "2009-04-13");
  EXPECT_EQ(FindDateInText("on 04/13/2009"), "2009-04-13");
  EXPECT_EQ(FindDateInText("version 2010.1.1.1"), "");      // a version, not a date
  EXPECT_EQ(FindDateInText("2004 - 01/01 2005 - 2/01"), "");
  EXPECT_EQ(FindDateInText("id n20050311 x"), "");
  EXPECT_EQ(FindDateInText("9November 2009"), "");
  EXPECT_EQ(FindDateInText("May 2009"), "");
  EXPECT_EQ(FindDateInText("1989年5月26日"), "");
}

// "7/5/2005 9:23:57 PM" is how US-English servers (ASP, .NET) print a date by default: month first.
// Without that clock the same date stays ambiguous.
TEST(DateText, UsServerClockReadsSlashedDateMonthFirst) {
  EXPECT_EQ(FindDateInText("发布日期： 7/5/2005 9:23:57 PM"), "2005-07-05T21:23:57");
  EXPECT_EQ(FindDateInText("Posted 3/4/2009 11:05:09 am by"), "2009-03-04T11:05:09");
  EXPECT_EQ(FindDateInText("发布日期： 7/5/2005"), "");
  EXPECT_EQ(FindDateInText("7/5/2005 21:23:57"), "");  // a 24-hour clock says nothing of the order
  EXPECT_EQ(FindDateInText("7/5/2005 9:23 PM"), "");   // nor a time without seconds
  EXPECT_EQ(FindDateInText("7.5.2005 9:23:57 PM"), "2005-05-07T21:23:57");  // dots: day first
}

TEST(DateText, NextDateRanges) {
  const std::string t = "a 2009-11-09 b 2010年1月2日 12:00 c";
  DateMatch m;
  ASSERT_TRUE(NextDateInText(t, 0, &m));
  EXPECT_EQ(m.iso, "2009-11-09");
  EXPECT_EQ(t.substr(m.begin, m.end - m.begin), "2009-11-09");
  ASSERT_TRUE(NextDateInText(t, m.end, &m));
  EXPECT_EQ(m.iso, "2010-01-02T12:00:00");
  EXPECT_TRUE(m.has_time);
  EXPECT_FALSE(NextDateInText(t, m.end, &m));
}

TEST(DateUrl, Forms) {
  EXPECT_EQ(FindDateInUrl("https://example.com/2009/11/09/some-story"), "2009-11-09");
  EXPECT_EQ(FindDateInUrl("http://chanye.finance.sina.com.cn/sm/2005-03-21/244339.shtml"), "2005-03-21");
  EXPECT_EQ(FindDateInUrl("http://business.sohu.com/20050311/n224643115.shtml"), "2005-03-11");
  EXPECT_EQ(FindDateInUrl("http://example.com/2009/1109/a.html"), "2009-11-09");
  EXPECT_EQ(FindDateInUrl("http://chinaneast.xinhuanet.com/jizhe/2005-08/16/content_4894059.htm"), "2005-08-16");
  EXPECT_EQ(FindDateInUrl("http://auto.qianlong.com/36/2005/07/18/1680@2723871.htm"), "2005-07-18");
  EXPECT_EQ(FindDateInUrl("https://example.com/news/story_2009_11_09.html"), "2009-11-09");
  EXPECT_EQ(FindDateInUrl("https://example.com/2009/11/"), "");     // month only
  EXPECT_EQ(FindDateInUrl("https://example.com/p/123456789012"), "");
  EXPECT_EQ(FindDateInUrl("http://20091109.example.com/x"), "");    // host is not the path
  EXPECT_EQ(FindDateInUrl(""), "");
}

}  // namespace
}  // namespace pith::date
