/// The `html` page's inline style and script (`HTMLReporter`).
extension HTMLReporter {
  /// The page's style. Long lists cost the browser little: each file's findings and each long
  /// table are laid out and painted only near the screen (`content-visibility: auto`), and
  /// tables have a fixed layout (their columns do not depend on their rows).
  static let style = """
    :root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;\
    --line:#d1d9e0;--error:#cf222e;--warning:#9a6700;--ok:#1a7f37;--bar:#0969da;--alt:#8250df}
    @media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;\
    --panel:#151b23;--line:#3d444d;--error:#f85149;--warning:#d29922;--ok:#3fb950;\
    --bar:#4493f8;--alt:#ab7df8}}
    *{box-sizing:border-box}
    [hidden]{display:none!important}
    body{margin:0 auto;max-width:72rem;padding:1.5rem;color:var(--fg);background:var(--bg);\
    font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    h1{font-size:1.6rem;margin:0}
    h2{font-size:1.25rem;margin:2rem 0 .75rem;padding-bottom:.25rem;\
    border-bottom:1px solid var(--line)}
    .headline,.muted,.empty,.counts,.test,footer{color:var(--muted)}
    .cards{display:flex;flex-wrap:wrap;gap:.75rem;margin:1rem 0;padding:0;list-style:none}
    .cards li{background:var(--panel);border:1px solid var(--line);border-radius:6px;\
    padding:.5rem 1rem;min-width:8rem}
    .cards strong{display:block;font-size:1.5rem}
    .cards .error strong{color:var(--error)}
    .cards .warning strong{color:var(--warning)}
    .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(19rem,1fr));gap:1rem}
    figure{margin:0;background:var(--panel);border:1px solid var(--line);border-radius:6px;\
    padding:.75rem}
    figcaption{font-weight:600;margin-bottom:.5rem}
    .key{font-weight:400;color:var(--muted);margin-left:.5rem}
    .swatch{display:inline-block;width:.7rem;height:.7rem;margin:0 .25rem 0 .5rem;\
    border-radius:2px}
    .swatch.error{background:var(--error)}
    .swatch.warning{background:var(--warning)}
    svg{display:block;width:100%;height:auto}
    svg text{fill:var(--fg);font-size:12px}
    svg text.muted{fill:var(--muted)}
    svg .error{fill:var(--error)}
    svg .warning{fill:var(--warning)}
    svg .ok{fill:var(--ok)}
    svg .bar{fill:var(--bar)}
    svg .alt{fill:var(--alt)}
    svg .rest{fill:var(--line)}
    svg .axis{stroke:var(--muted)}
    table{border-collapse:collapse;width:100%}
    th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;\
    border-bottom:1px solid var(--line)}
    table.findings,table.unlisted,table.tests{table-layout:fixed}
    details.file,.long{content-visibility:auto;contain-intrinsic-size:auto 30rem}
    table.findings th:nth-child(1){width:4.5rem}
    table.findings th:nth-child(2){width:6rem}
    table.findings th:nth-child(3){width:16rem}
    table.unlisted th:nth-child(n+2){width:6rem}
    table.tests th:nth-child(2){width:8rem}
    .num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
    .figures{max-width:36rem;margin-top:1rem}
    .figures th{font-weight:400}
    .filters{display:flex;flex-wrap:wrap;gap:.5rem 2rem;background:var(--panel);\
    border:1px solid var(--line);border-radius:6px;padding:.5rem 1rem;margin-bottom:1rem}
    fieldset{border:0;margin:0;padding:0}
    legend{font-weight:600;padding:0}
    label{margin-right:1rem;white-space:nowrap}
    #filter-status{flex-basis:100%;margin:0;color:var(--muted)}
    details.file{border:1px solid var(--line);border-radius:6px;margin-bottom:.75rem}
    details.file>summary{cursor:pointer;padding:.5rem .75rem;background:var(--panel);\
    overflow-wrap:anywhere}
    .path,.rule,code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
    code{font-size:.9em;overflow-wrap:anywhere}
    td.sev{font-weight:600;color:var(--warning)}
    tr[data-severity=error] td.sev{color:var(--error)}
    td.rule{font-size:.9em;overflow-wrap:anywhere}
    .message{white-space:pre-wrap;overflow-wrap:anywhere}
    pre.snippet{margin:.35rem 0 0;padding:.35rem .5rem;background:var(--panel);font-size:.9em;\
    border-left:3px solid var(--warning);white-space:pre-wrap;overflow-wrap:anywhere}
    tr[data-severity=error] pre.snippet{border-left-color:var(--error)}
    .ln{color:var(--muted);margin-right:1rem;user-select:none}
    footer{margin-top:2rem;font-size:.85em}

    """

  /// Filters rows by the checked rules and severities. No `<` or `&` in it, so the page stays
  /// well-formed XML; it never writes markup, only `hidden` and one status text.
  static let script = """
    (function () {
      "use strict";
      var form = document.getElementById("filters");
      if (!form) { return; }
      var rows = Array.prototype.slice.call(document.querySelectorAll("tr.finding"));
      var files = Array.prototype.slice.call(document.querySelectorAll("details.file"));
      var boxes = Array.prototype.slice.call(form.querySelectorAll("input[type=checkbox]"));
      var status = document.getElementById("filter-status");
      function checked(name) {
        var values = new Set();
        boxes.forEach(function (box) {
          if (box.name === name) { if (box.checked) { values.add(box.value); } }
        });
        return values;
      }
      function apply() {
        var rules = checked("rule");
        var severities = checked("severity");
        var shown = 0;
        rows.forEach(function (row) {
          var visible = rules.has(row.dataset.rule) ? severities.has(row.dataset.severity) : false;
          row.hidden = !visible;
          if (visible) { shown += 1; }
        });
        files.forEach(function (file) {
          file.hidden = file.querySelector("tr.finding:not([hidden])") === null;
        });
        status.textContent = shown + " of " + rows.length + " findings shown";
      }
      var wanted = new URLSearchParams(window.location.hash.slice(1));
      ["rule", "severity"].forEach(function (name) {
        var values = wanted.getAll(name);
        if (values.length === 0) { return; }
        boxes.forEach(function (box) {
          if (box.name === name) { box.checked = values.indexOf(box.value) !== -1; }
        });
      });
      form.addEventListener("change", apply);
      form.addEventListener("submit", function (event) { event.preventDefault(); });
      form.hidden = false;
      apply();
      document.documentElement.setAttribute("data-script", "ready");
    })();

    """
}
