// Tables of the content: which <table>s hold data (their cells become table cells in the blocks)
// and which only lay the page out (their cells are containers like <div>s), and where a cell's
// row and table are (docs/output.md, "Tables").
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "dom/document.h"
#include "pith/result.h"

namespace pith::render {

// The <table> a cell (<td>, <th>) or row (<tr>) belongs to: up through its <tr> and a <thead>,
// <tbody> or <tfoot>; kNoNode when the markup around it is no table's.
dom::NodeId TableOf(const dom::Document& doc, dom::NodeId cell_or_row);

// Whether a cell is a header cell: a <th>, or a cell of a <thead>.
bool IsHeaderCell(const dom::Document& doc, dom::NodeId cell);

// A cell's colspan or rowspan attribute as HTML reads it: 1 when absent or not a number, at most
// 1000 (colspan) or 65534 (rowspan), 0 for a rowspan of 0 (to the end of its row group).
std::uint32_t ColumnSpan(const dom::Document& doc, dom::NodeId cell);
std::uint32_t RowSpan(const dom::Document& doc, dom::NodeId cell);

// Decides once per <table> whether it holds data. A table lays the page out when it has
// role="presentation" or "none"; when it lies inside a <pre> or holds a line-number gutter (a
// highlighter's code table); when a cell holds a heading, a form or an element that sections a
// page (<section>, <article>, <aside>, <nav>, <header>, <footer>, <iframe>), or more than 2,000
// bytes of text; when it holds another table, unless it marks its own header (a <th> or <thead>).
// Else it holds data when it marks a header, a caption, a footer or its columns (<th>, <thead>,
// <caption>, <tfoot>, <col>, <colgroup>), or when it has at least two rows and a row of at least
// two cells, and no cell holds more than 400 bytes of text.
// After the blocks are collected: every row of a data table that holds content gets a block for
// each of its cells, in the row's order (an empty cell, or one whose text was not kept, an empty
// block), so that the cells stay in their columns.
void CompleteTables(const dom::Document& doc, std::vector<Block>* blocks);

class TableKinds {
 public:
  explicit TableKinds(const dom::Document& doc) : doc_(doc) {}
  bool IsDataTable(dom::NodeId table);

 private:
  bool Classify(dom::NodeId table) const;
  const dom::Document& doc_;
  std::unordered_map<dom::NodeId, bool> data_;
};

}  // namespace pith::render
