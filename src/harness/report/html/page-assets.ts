/**
 * The page's only style sheet and script, constant text written here. The
 * Content-Security-Policy allows exactly these two by hash, so nothing a model
 * writes — even if it slipped through escaping — could run or load anything.
 */
export const PAGE_STYLE = `
:root{--pass:#1a7f37;--fail:#cf222e;--error:#bf8700;--neutral:#57606a;--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--soft:#f6f8fa}
*{box-sizing:border-box}
body{margin:0;padding:20px 28px;font:14px/1.45 -apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","WenQuanYi Zen Hei","Microsoft YaHei",sans-serif;color:var(--fg);background:var(--bg)}
h2{font-size:17px;margin:26px 0 10px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:14px;margin:0 0 6px}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Noto Sans Mono CJK SC",monospace;font-size:12.5px}
pre.output{white-space:pre-wrap;word-break:break-word;background:var(--soft);border:1px solid var(--line);padding:8px;margin:4px 0;max-height:340px;overflow:auto}
.muted{color:var(--muted)}
.verdict{padding:14px 18px;border-radius:8px;border:2px solid}
.verdict-pass{border-color:var(--pass);background:#dafbe1}
.verdict-fail{border-color:var(--fail);background:#ffebe9}
.verdict-review{border-color:var(--error);background:#fff8c5}
.verdict-line{font-size:26px;font-weight:700}
.verdict-mark{display:inline-block;padding:0 10px;border-radius:6px;color:#fff;font-size:20px;vertical-align:3px}
.verdict-pass .verdict-mark{background:var(--pass)}.verdict-fail .verdict-mark{background:var(--fail)}
.verdict-why{margin-top:4px;font-size:15px}
.verdict-why ul{margin:6px 0 0 0}
.verdict-note{margin-top:6px;font-size:13.5px}
.run-meta{margin-top:6px;color:var(--muted);font-size:12.5px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(190px,1fr));gap:10px}
.card{border:1px solid var(--line);border-radius:8px;padding:8px 10px;background:var(--soft)}
.card-fail{border:2px solid var(--fail);background:#fff5f5}
.card-id{font-size:12px;color:var(--muted);font-family:ui-monospace,monospace}
.card-value{font-size:22px;font-weight:700}
.card-counts,.card-delta,.card-gate{font-size:12px}
.delta-worse b{color:var(--fail)}.delta-better b{color:var(--pass)}.delta-noise b,.delta-unchanged b{color:var(--muted)}
.card-fail .card-gate b{color:var(--fail)}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(620px,1fr));gap:14px;align-items:start}
.chart{margin:0}
.chart svg{width:100%;height:auto}
.chart figcaption{font-weight:600;margin-bottom:4px}
.bar-pass{fill:var(--pass)}.bar-fail{fill:var(--fail)}.bar-error{fill:var(--error)}.bar-neutral{fill:#8250df}.bar-track{fill:#eaeef2}
.bar-label{font-size:12px;fill:var(--fg)}.bar-note{font-size:12px;fill:var(--muted)}
.row-highlight .bar-label{font-weight:700;fill:var(--fail)}
.badge{display:inline-block;padding:0 6px;border-radius:10px;font-size:11.5px;font-weight:600;color:#fff;background:var(--neutral);white-space:nowrap}
.badge.pass{background:var(--pass)}.badge.fail{background:var(--fail)}.badge.error{background:var(--error)}.badge.flip{background:#8250df}.badge.neutral{background:var(--neutral)}
ol.failing{padding-left:22px;margin:0}
.failing-item{margin-bottom:6px}
.why{font-size:13px}
.consequence{font-size:12.5px;color:var(--muted)}
.attribution{border-left:4px solid var(--fail);background:#fff5f5;padding:6px 10px;margin:6px 0}
.eg span{display:inline-block;min-width:64px;color:var(--muted)}
ol.timeline{list-style:none;padding-left:14px;border-left:3px solid var(--line);margin:6px 0 6px 6px}
.step{margin:0 0 6px;padding:4px 8px;border-radius:6px;position:relative}
.step::before{content:"";position:absolute;left:-22px;top:9px;width:11px;height:11px;border-radius:50%;background:var(--line)}
.step-fail{background:#ffebe9;border:2px solid var(--fail)}.step-fail::before{background:var(--fail)}
.step-invalid::before{background:var(--error)}.step-blocked{background:#fbefff}.step-blocked::before{background:#8250df}
.step-head .kind{display:inline-block;min-width:58px;font-size:11px;text-transform:uppercase;color:var(--muted)}
.step-error{color:var(--fail)}
.guard{color:#8250df}
.filters{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin-bottom:8px}
.filters input[type=search]{min-width:280px;padding:4px 6px}
table{border-collapse:collapse}
table.cases,table.plain{width:100%}
table.cases th,table.cases td,table.plain th,table.plain td{border-bottom:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
table.cases td.why{font-size:12.5px;max-width:640px}
.diff .del{color:var(--fail)}.diff .ins{color:var(--pass)}.prompt-diff h4{margin:8px 0 2px}
code.case-id{overflow-wrap:anywhere;word-break:break-all}
pre,td,li,.why,.verdict-note{overflow-wrap:anywhere}
pre{white-space:pre-wrap}
tr[hidden]{display:none}
nav.viewer-nav{display:flex;gap:14px;align-items:baseline;margin:-8px 0 14px;padding-bottom:6px;border-bottom:1px solid var(--line);font-size:13.5px}
nav.viewer-nav b{font-size:15px}
article.case{border:1px solid var(--line);border-radius:8px;padding:10px 12px;margin:0 0 10px}
article.case:target{outline:3px solid #8250df}
details summary{cursor:pointer;color:var(--muted)}
`;

export const PAGE_SCRIPT = `
(function () {
  var block = document.getElementById('lazy-details');
  if (!block) return;
  var parts = null;
  function unpack() {
    if (!parts) {
      var bytes = Uint8Array.from(atob(JSON.parse(block.textContent)), function (c) { return c.charCodeAt(0); });
      parts = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(JSON.parse);
    }
    return parts;
  }
  function load(el) {
    if (el.dataset.loaded) return;
    el.dataset.loaded = '1';
    unpack().then(function (all) { el.insertAdjacentHTML('beforeend', all[Number(el.dataset.lazy)]); });
  }
  Array.prototype.forEach.call(document.querySelectorAll('details.lazy'), function (el) {
    el.addEventListener('toggle', function () { if (el.open) load(el); });
  });
})();
(function () {
  var search = document.getElementById('f-search');
  var status = document.getElementById('f-status');
  var module = document.getElementById('f-module');
  var type = document.getElementById('f-type');
  var flip = document.getElementById('f-flip');
  var stage = document.getElementById('f-stage');
  var check = document.getElementById('f-check');
  var count = document.getElementById('f-count');
  if (!search || !status || !module || !type || !flip || !count) return;
  var extra = [stage, check].filter(Boolean);
  var rows = Array.prototype.slice.call(document.querySelectorAll('#case-table tbody tr'));
  function apply() {
    var text = search.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var ok = (!status.value || row.dataset.status === status.value) &&
        (!module.value || row.dataset.module === module.value) &&
        (!type.value || row.dataset.type === type.value) &&
        (!flip.checked || row.dataset.flip !== '') &&
        (!stage || !stage.value || row.dataset.stage === stage.value) &&
        (!check || !check.value || (row.dataset.checks || '').indexOf('|' + check.value + '|') !== -1) &&
        (!text || row.dataset.search.indexOf(text) !== -1);
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    count.textContent = shown + ' of ' + rows.length + ' cases shown';
  }
  [search, status, module, type, flip].concat(extra).forEach(function (el) {
    el.addEventListener('input', apply);
    el.addEventListener('change', apply);
  });
  apply();
})();
`;
