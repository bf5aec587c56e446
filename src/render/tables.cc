// Data and layout tables (see tables.h).
#include "render/tables.h"

#include <algorithm>
#include <charconv>

#include "render/code.h"
#include "text/ascii.h"

namespace pith::render {
namespace {

bool IsCell(dom::Tag t) { return t == dom::Tag::kTd || t == dom::Tag::kTh; }

bool IsRowGroup(dom::Tag t) { return t == dom::Tag::kThead || t == dom::Tag::kTbody || t == dom::Tag::kTfoot; }

// Elements that, inside a cell, show the table lays a page out.
bool SectionsAPage(dom::Tag t) {
  switch (t) {
    case dom::Tag::kH1: case dom::Tag::kH2: case dom::Tag::kH3: case dom::Tag::kH4: case dom::Tag::kH5:
    case dom::Tag::kH6: case dom::Tag::kForm: case dom::Tag::kSection: case dom::Tag::kArticle:
    case dom::Tag::kAside: case dom::Tag::kNav: case dom::Tag::kHeader: case dom::Tag::kFooter:
    case dom::Tag::kIframe:
      return true;
    default:
      return false;
  }
}

std::uint32_t SpanAttribute(std::string_view value, std::uint32_t low, std::uint32_t high, std::uint32_t absent) {
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t' || value.front() == '\n')) {
    value.remove_prefix(1);
  }
  std::uint32_t n = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (error == std::errc::result_out_of_range) return high;
  if (error != std::errc() || end == value.data()) return absent;
  return std::clamp(n, low, high);
}

}  // namespace

dom::NodeId TableOf(const dom::Document& doc, dom::NodeId id) {
  if (id == dom::kNoNode) return dom::kNoNode;
  if (IsCell(doc[id].tag)) id = doc[id].parent;
  if (id == dom::kNoNode || doc[id].tag != dom::Tag::kTr) return dom::kNoNode;
  id = doc[id].parent;
  if (id != dom::kNoNode && IsRowGroup(doc[id].tag)) id = doc[id].parent;
  return id != dom::kNoNode && doc[id].tag == dom::Tag::kTable ? id : dom::kNoNode;
}

bool IsHeaderCell(const dom::Document& doc, dom::NodeId cell) {
  if (doc[cell].tag == dom::Tag::kTh) return true;
  const dom::NodeId row = doc[cell].parent;
  const dom::NodeId group = row == dom::kNoNode ? dom::kNoNode : doc[row].parent;
  return group != dom::kNoNode && doc[group].tag == dom::Tag::kThead;
}

std::uint32_t ColumnSpan(const dom::Document& doc, dom::NodeId cell) {
  return SpanAttribute(doc.GetAttr(cell, dom::Attr::kColspan), 1, 1000, 1);
}

std::uint32_t RowSpan(const dom::Document& doc, dom::NodeId cell) {
  return SpanAttribute(doc.GetAttr(cell, dom::Attr::kRowspan), 0, 65534, 1);
}

void CompleteTables(const dom::Document& doc, std::vector<Block>* blocks) {
  bool any = false;
  for (const Block& b : *blocks) any = any || b.table != 0;
  if (!any) return;
  std::vector<Block> out;
  out.reserve(blocks->size());
  std::vector<Block>& in = *blocks;
  for (std::size_t i = 0; i < in.size();) {
    if (in[i].table == 0) {
      out.push_back(std::move(in[i++]));
      continue;
    }
    // A run of one table's blocks: its rows in order, each cell's blocks together.
    const std::uint32_t table = in[i].table;
    std::size_t end = i;
    while (end < in.size() && in[end].table == table) ++end;
    while (i < end) {
      const std::uint32_t row = in[i].row;
      std::size_t row_end = i;
      while (row_end < end && in[row_end].row == row) ++row_end;
      std::size_t next = i;  // the run's next block of this row
      for (dom::NodeId c = doc[row].first_child; c != dom::kNoNode; c = doc[c].next_sibling) {
        if (!IsCell(doc[c].tag)) continue;
        if (next < row_end && in[next].cell == c) {
          while (next < row_end && in[next].cell == c) out.push_back(std::move(in[next++]));
          continue;
        }
        Block empty;
        empty.kind = BlockKind::kTableRow;
        empty.line = doc[c].line;
        empty.table = table;
        empty.row = row;
        empty.cell = c;
        empty.colspan = ColumnSpan(doc, c);
        empty.rowspan = RowSpan(doc, c);
        empty.header = IsHeaderCell(doc, c);
        empty.comment = in[i].comment;
        out.push_back(std::move(empty));
      }
      // (Blocks of cells the row's children do not list, which markup cannot make, stay.)
      while (next < row_end) out.push_back(std::move(in[next++]));
      i = row_end;
    }
  }
  *blocks = std::move(out);
}

bool TableKinds::IsDataTable(dom::NodeId table) {
  const auto [entry, added] = data_.try_emplace(table, false);
  if (added) entry->second = Classify(table);
  return entry->second;
}

bool TableKinds::Classify(dom::NodeId table) const {
  const std::string_view role = doc_.GetAttr(table, dom::Attr::kRole);
  if (text::EqualsIgnoreAsciiCase(role, "presentation") || text::EqualsIgnoreAsciiCase(role, "none")) return false;
  for (dom::NodeId a = doc_[table].parent; a != dom::kNoNode; a = doc_[a].parent) {
    if (doc_[a].tag == dom::Tag::kPre) return false;
  }
  bool marked = false;  // a header, caption, footer or columns of its own
  bool nested = false;
  std::uint32_t rows = 0, widest_row = 0, longest_cell = 0;
  // The table's own rows and cells; a nested table is passed over (noted).
  dom::NodeId cell = dom::kNoNode;  // the cell being read
  std::uint32_t cell_bytes = 0, row_cells = 0;
  const dom::NodeId end = doc_.SubtreeEnd(table);
  for (dom::NodeId id = table + 1; id < end; ++id) {
    if (cell != dom::kNoNode && id >= doc_.SubtreeEnd(cell)) {
      longest_cell = std::max(longest_cell, cell_bytes);
      cell = dom::kNoNode;
    }
    const dom::Node& n = doc_[id];
    if (n.is_text()) {
      if (cell != dom::kNoNode && !n.hidden()) cell_bytes += n.text_size;
      continue;
    }
    switch (n.tag) {
      case dom::Tag::kTable:
        nested = true;
        id = doc_.SubtreeEnd(id) - 1;
        continue;
      case dom::Tag::kTr:
        ++rows;
        row_cells = 0;
        continue;
      case dom::Tag::kTd: case dom::Tag::kTh:
        if (cell != dom::kNoNode) continue;  // (a cell inside a cell: malformed; counted with it)
        if (n.tag == dom::Tag::kTh) marked = true;
        if (n.attr_count != 0 && IsLineNumberGutter(doc_, id)) return false;
        widest_row = std::max(widest_row, ++row_cells);
        cell = id;
        cell_bytes = 0;
        continue;
      case dom::Tag::kThead: case dom::Tag::kCaption: case dom::Tag::kTfoot: case dom::Tag::kCol:
      case dom::Tag::kColgroup:
        marked = true;
        continue;
      default:
        if (cell != dom::kNoNode && SectionsAPage(n.tag)) return false;
        continue;
    }
  }
  if (cell != dom::kNoNode) longest_cell = std::max(longest_cell, cell_bytes);
  if (longest_cell > 2000) return false;
  if (nested && !marked) return false;
  if (marked) return true;
  return rows >= 2 && widest_row >= 2 && longest_cell <= 400;
}

}  // namespace pith::render
