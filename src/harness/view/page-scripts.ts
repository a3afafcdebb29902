/**
 * The viewer's page scripts: constant text, admitted by hash. They build the
 * page only with textContent and attributes, never with markup, so that a
 * case id or a reason that arrives over the event stream stays text.
 */

/** The runs: filters kept in the address (so a reload keeps them); the page reloads when a run starts, ends or appears. */
export const RUNS_SCRIPT = `
(function () {
  var picks = ['r-module', 'r-provider', 'r-verdict'].map(function (id) { return document.getElementById(id); });
  var count = document.getElementById('r-count');
  var rows = Array.prototype.slice.call(document.querySelectorAll('#runs-table tbody tr'));
  var params = new URLSearchParams(location.search);
  picks.forEach(function (p) { var v = params.get(p.name); if (v) p.value = v; });
  function apply() {
    var shown = 0;
    rows.forEach(function (row) {
      var ok = (!picks[0].value || row.dataset.modules.split(' ').indexOf(picks[0].value) !== -1) &&
        (!picks[1].value || row.dataset.provider === picks[1].value) &&
        (!picks[2].value || row.dataset.verdict === picks[2].value);
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    count.textContent = shown + ' of ' + rows.length + ' runs shown';
    var query = new URLSearchParams();
    picks.forEach(function (p) { if (p.value) query.set(p.name, p.value); });
    var search = query.toString();
    history.replaceState(null, '', search ? '?' + search : location.pathname);
  }
  picks.forEach(function (p) { p.addEventListener('change', apply); });
  apply();
  var stamp = document.body.dataset.stamp;
  var events = new EventSource('/events');
  events.addEventListener('runs', function (e) { if (JSON.parse(e.data).stamp !== stamp) location.reload(); });
})();
`;

/** The trends: the case history filtered by id and by what happened to the case. */
export const TRENDS_SCRIPT = `
(function () {
  var search = document.getElementById('h-search');
  var kind = document.getElementById('h-kind');
  var count = document.getElementById('h-count');
  var rows = Array.prototype.slice.call(document.querySelectorAll('#history tbody tr'));
  function apply() {
    var text = search.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var ok = (!kind.value || row.dataset.kind === kind.value) && (!text || row.dataset.search.indexOf(text) !== -1);
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    count.textContent = shown + ' of ' + rows.length + ' cases shown';
  }
  [search, kind].forEach(function (el) { el.addEventListener('input', apply); el.addEventListener('change', apply); });
  apply();
})();
`;

/**
 * A run followed live: every result as it lands in results.jsonl, newest on
 * top; the progress against the plan; the verdict so far against the
 * baseline; the gate's verdict once report.json is written. With follow on,
 * the page moves to the next run as soon as one starts (a watch loop's).
 */
export const LIVE_SCRIPT = `
(function () {
  var root = document.getElementById('live');
  var body = document.querySelector('#live-table tbody');
  var bar = document.getElementById('l-bar');
  var progress = document.getElementById('l-progress');
  var verdict = document.getElementById('l-verdict');
  var line = document.getElementById('l-verdict-line');
  var state = document.getElementById('l-state');
  var problems = document.getElementById('l-problems');
  var pick = document.getElementById('l-status');
  var counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  var total = 0, newlyFailing = 0, planned = Number(root.dataset.planned) || 0, hasBaseline = root.dataset.baseline === '1';
  var KEEP = 2000;
  function td(tr, text, cls) {
    var cell = document.createElement('td');
    if (cls) { var s = document.createElement('span'); s.className = cls; s.textContent = text; cell.appendChild(s); } else cell.textContent = text;
    tr.appendChild(cell);
    return cell;
  }
  function show(row) { row.hidden = !!pick.value && row.dataset.status !== pick.value; }
  function summary() {
    progress.textContent = total + (planned ? ' of ' + planned + ' results' : ' results') + ' · ' + counts.passed + ' passed, ' + counts.failed + ' failed, ' + counts.error + ' errors' + (counts.skipped ? ', ' + counts.skipped + ' skipped' : '');
    if (planned) { bar.max = planned; bar.value = Math.min(total, planned); } else bar.removeAttribute('value');
    if (root.dataset.final) return;
    var bad = hasBaseline ? newlyFailing : counts.failed + counts.error;
    verdict.className = 'verdict ' + (total === 0 ? 'verdict-review' : bad ? 'verdict-fail' : 'verdict-pass');
    line.textContent = total === 0 ? 'No result yet' : (bad ? 'Failing so far: ' : 'Passing so far: ') +
      (hasBaseline ? newlyFailing + ' newly failing against the baseline' : (counts.failed + counts.error) + ' failed or errored');
  }
  var source = new EventSource(root.dataset.events);
  source.addEventListener('header', function (e) {
    var h = JSON.parse(e.data);
    if (h.planned) planned = h.planned;
    summary();
  });
  source.addEventListener('result', function (e) {
    var r = JSON.parse(e.data);
    total += 1;
    if (counts[r.status] !== undefined) counts[r.status] += 1;
    if (r.newly_failing) newlyFailing += 1;
    var tr = document.createElement('tr');
    tr.dataset.status = r.status;
    tr.className = 'row-new';
    td(tr, r.status, 'badge ' + (r.status === 'passed' ? 'pass' : r.status === 'error' ? 'error' : r.status === 'skipped' ? 'neutral' : 'fail'));
    td(tr, r.id).className = 'case-id';
    td(tr, r.module);
    td(tr, r.case_type);
    td(tr, r.trial === null ? '' : String(r.trial + 1));
    td(tr, r.newly_failing ? 'newly failing' : '', r.newly_failing ? 'badge flip' : '');
    td(tr, r.why).className = 'why';
    var previous = body.firstChild;
    if (previous) previous.className = '';
    body.insertBefore(tr, previous);
    show(tr);
    while (body.childNodes.length > KEEP) body.removeChild(body.lastChild);
    summary();
  });
  source.addEventListener('problem', function (e) {
    var p = JSON.parse(e.data);
    var li = document.createElement('li');
    li.textContent = p.message;
    problems.appendChild(li);
    problems.hidden = false;
  });
  source.addEventListener('reset', function () {
    body.textContent = '';
    counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
    total = 0; newlyFailing = 0;
    summary();
  });
  source.addEventListener('state', function (e) {
    var s = JSON.parse(e.data);
    state.textContent = s.text;
    state.dataset.state = s.state;
    if (s.state === 'finished') {
      root.dataset.final = '1';
      verdict.className = 'verdict ' + (s.passed ? 'verdict-pass' : 'verdict-fail');
      line.textContent = 'Gate ' + (s.passed ? 'passed' : 'FAILED') + ' · ';
      var a = document.createElement('a');
      a.href = s.report;
      a.textContent = 'open the report';
      line.appendChild(a);
      if (!root.dataset.follow) source.close();
    }
  });
  source.addEventListener('newer', function (e) {
    if (root.dataset.follow) location.href = JSON.parse(e.data).live;
  });
  pick.addEventListener('change', function () { Array.prototype.forEach.call(body.childNodes, show); });
  summary();
})();
`;
