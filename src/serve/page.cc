// The page at `/` and its script and style (see page.h). The script asks the server's own API
// (/v1/extract with explain=1, and format=markdown or text) and builds the view with DOM calls
// only: page text is always set as textContent, never parsed as HTML. `/#url=U` extracts U at once.
#include "serve/page.h"

namespace pith::serve {

const char* const kPagePolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

namespace {

const char kIndex[] = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pith serve</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header>
  <h1>pith</h1>
  <p>Paste a URL or a page's HTML, or drop an HTML file here: pith shows the content it keeps, the blocks it removed and why, and the page's metadata.</p>
</header>
<main>
  <section id="input" class="drop">
    <textarea id="source" rows="6" spellcheck="false" placeholder="https://example.org/article  — or —  &lt;html&gt;…"></textarea>
    <div class="controls">
      <label>Output <select id="format"><option value="markdown">Markdown</option><option value="text">Text</option></select></label>
      <label>Algorithm <select id="algorithm"><option>auto</option><option>lineblock</option><option>correlation</option><option>semantic</option><option>tibetan</option><option>pathsim</option></select></label>
      <label><input type="checkbox" id="comments"> comments</label>
      <label id="token-label" class="hidden">Token <input type="password" id="token" autocomplete="off"></label>
      <input type="file" id="file" accept=".html,.htm,text/html">
      <button id="go" type="button">Extract</button>
    </div>
    <p id="message" role="status"></p>
  </section>
  <section id="result" class="hidden">
    <div id="summary"></div>
    <table id="meta"><tbody></tbody></table>
    <div class="panes">
      <div class="pane"><h2>The page's blocks</h2><p class="legend"><span class="kept">kept</span> <span class="partial">partly kept</span> <span class="removed">removed</span> — hover a block for the reason</p><ol id="blocks"></ol></div>
      <div class="pane"><h2 id="output-title">Markdown</h2><pre id="output"></pre></div>
    </div>
  </section>
</main>
</body>
</html>
)html";

const char kScript[] = R"js('use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  let dropped = null;  // bytes of a dropped or chosen file

  function say(text, error) {
    $('message').textContent = text;
    $('message').className = error ? 'error' : '';
  }

  function looksLikeUrl(s) { return /^https?:\/\/\S+$/i.test(s); }

  function query(extra) {
    const q = new URLSearchParams(extra);
    q.set('algorithm', $('algorithm').value);
    if ($('comments').checked) q.set('comments', '1');
    return q;
  }

  async function call(format, explain) {
    const extra = { format: format };
    if (explain) extra.explain = '1';
    const headers = {};
    const token = $('token').value;
    if (token) headers['Authorization'] = 'Bearer ' + token;
    const source = $('source').value.trim();
    let response;
    if (!dropped && looksLikeUrl(source)) {
      extra.url = source;
      response = await fetch('/v1/extract?' + query(extra), { headers: headers });
    } else {
      headers['Content-Type'] = dropped ? 'text/html' : 'text/html; charset=utf-8';
      response = await fetch('/v1/extract?' + query(extra), { method: 'POST', headers: headers, body: dropped || source });
    }
    if (response.status === 401) $('token-label').classList.remove('hidden');
    const timing = response.headers.get('Server-Timing') || '';
    const body = format === 'json' || !response.ok ? await response.json() : await response.text();
    return { status: response.status, body: body, timing: timing };
  }

  function row(name, value) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return;
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    const td = document.createElement('td');
    th.textContent = name;
    td.textContent = Array.isArray(value) ? value.join(', ') : String(value);
    tr.append(th, td);
    $('meta').tBodies[0].append(tr);
  }

  function show(record, output, format, ms) {
    $('result').classList.remove('hidden');
    $('meta').tBodies[0].replaceChildren();
    $('blocks').replaceChildren();
    const e = record.explain || { blocks: [], summary: '' };
    $('summary').textContent = e.summary || record.status;
    for (const k of ['title', 'author', 'date', 'keywords', 'description', 'lang', 'page_type', 'site_name', 'url', 'final_url', 'algorithm', 'status']) row(k, record[k]);
    if (record.encoding) row('encoding', record.encoding.charset + ' (' + record.encoding.source + ')');
    row('time', ms);
    for (const b of e.blocks) {
      const li = document.createElement('li');
      li.className = b.verdict;
      li.textContent = b.text;
      li.title = '<' + b.element + '> line ' + b.line + ': ' + (b.reason || 'no decision covers it');
      $('blocks').append(li);
    }
    $('output-title').textContent = format === 'markdown' ? 'Markdown' : 'Text';
    $('output').textContent = output;
  }

  async function go() {
    if (!dropped && !$('source').value.trim()) { say('Paste a URL or HTML first, or drop a file.', true); return; }
    say('Extracting…');
    $('go').disabled = true;
    const started = performance.now();
    try {
      const format = $('format').value;
      const [record, output] = await Promise.all([call('json', true), call(format, false)]);
      const ms = Math.round(performance.now() - started) + ' ms in all; server: ' + (record.timing || '?');
      if (record.status !== 200) {
        const err = record.body.error || {};
        say('HTTP ' + record.status + ' — ' + (err.kind || record.body.status) + ': ' + (err.message || ''), true);
        return;
      }
      show(record.body, typeof output.body === 'string' ? output.body : '', format, ms);
      say(record.body.status === 'no_content' ? 'No main content found.' : 'Done.');
    } catch (err) {
      say('Request failed: ' + err, true);
    } finally {
      $('go').disabled = false;
    }
  }

  async function take(file) {
    dropped = new Uint8Array(await file.arrayBuffer());
    $('source').value = '';
    $('source').placeholder = file.name + ' (' + dropped.length + ' bytes) — press Extract';
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('go').addEventListener('click', go);
    $('source').addEventListener('input', function () { dropped = null; });
    $('file').addEventListener('change', function () { if (this.files[0]) take(this.files[0]).then(go); });
    const zone = $('input');
    zone.addEventListener('dragover', function (ev) { ev.preventDefault(); zone.classList.add('over'); });
    zone.addEventListener('dragleave', function () { zone.classList.remove('over'); });
    zone.addEventListener('drop', function (ev) {
      ev.preventDefault();
      zone.classList.remove('over');
      if (ev.dataTransfer.files[0]) take(ev.dataTransfer.files[0]).then(go);
    });
    // /#url=https://... extracts that URL at once (a link or a bookmarklet can open the page so).
    const asked = new URLSearchParams(location.hash.slice(1)).get('url');
    if (asked) { $('source').value = asked; go(); }
  });
})();
)js";

const char kStyle[] = R"css(
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d2330; background: #f6f7f9; }
header { padding: 12px 24px; background: #1d2330; color: #fff; }
header h1 { margin: 0; font-size: 22px; }
header p { margin: 4px 0 0; color: #c9d1e0; }
main { padding: 16px 24px; }
textarea { width: 100%; box-sizing: border-box; font: 13px/1.4 ui-monospace, monospace; }
.drop { border: 2px dashed #b8c0cf; border-radius: 8px; padding: 12px; background: #fff; }
.drop.over { border-color: #2f6fde; background: #eef4ff; }
.controls { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; margin-top: 8px; }
button { font-size: 15px; padding: 6px 18px; }
.hidden { display: none; }
#message.error { color: #b00020; }
#summary { font-weight: 600; margin: 12px 0 6px; }
#meta th { text-align: left; padding-right: 12px; color: #5a6478; font-weight: 500; vertical-align: top; }
.panes { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; margin-top: 12px; }
.pane { background: #fff; border: 1px solid #d9dee7; border-radius: 8px; padding: 8px 12px; min-width: 0; }
.pane h2 { font-size: 16px; margin: 4px 0 8px; }
#blocks { padding-left: 28px; margin: 0; }
#blocks li { margin: 2px 0; padding: 2px 6px; border-left: 4px solid transparent; white-space: pre-wrap; word-break: break-word; }
.kept { background: #e6f6ea; border-left-color: #2e9b4f !important; }
.partial { background: #fff5d6; border-left-color: #c99400 !important; }
.removed { color: #7a8190; text-decoration: line-through; text-decoration-color: #c3c8d2; }
.legend span { padding: 0 6px; }
#output { white-space: pre-wrap; word-break: break-word; font: 13px/1.45 ui-monospace, monospace; margin: 0; }
@media (max-width: 900px) { .panes { grid-template-columns: 1fr; } }
)css";

}  // namespace

HttpResponse PageAsset(const std::string& path) {
  HttpResponse r;
  r.log_kind = "ok";
  r.headers.emplace_back("Content-Security-Policy", kPagePolicy);
  r.headers.emplace_back("Cache-Control", "no-cache");
  r.headers.emplace_back("Referrer-Policy", "no-referrer");
  if (path == "/app.js") {
    r.content_type = "text/javascript; charset=utf-8";
    r.body = kScript;
  } else if (path == "/app.css") {
    r.content_type = "text/css; charset=utf-8";
    r.body = kStyle;
  } else {
    r.content_type = "text/html; charset=utf-8";
    r.body = kIndex;
  }
  return r;
}

}  // namespace pith::serve
