"""html_arbiter.py REPORT JSON SHOT: the --html report as an arbiter uses it, checked in headless
Chromium (tests/browser/html_report.sh runs it). REPORT: hamle-validate --html of a mixed set that
holds round3/board12.txt (a sheet without tags whose Black move 6 is missing); JSON: --format json
of the same set. Checks: the summary lists each code under its severity with JSON's counts; a
sheet without tags is named by its file and folder, never "? - ?"; findings in a row at one
position share one board (as many boards as such runs in JSON); the bridge's moves are drawn (the
missing-moves board's top arrow goes b7-b5); in print every game, and the summary, end a page.
Leaves a screenshot of the page's top in SHOT. Prints "ok: ..." or raises."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chrome  # noqa: E402

report, jsonl, shot, browser = sys.argv[1:5]
findings = [json.loads(l) for l in open(jsonl) if l.startswith('{"kind":"finding"')]
sev = {}
for f in findings:
    k = (f["severity"], f["code"])
    sev[k] = sev.get(k, 0) + 1
runs, prev = 0, None
for f in findings:
    key = (f["source"], f["game"], f["fen"])
    if f["fen"] is not None and key != prev:
        runs += 1
    prev = key

with Chrome(browser, tempfile.mkdtemp(), 1000, 1400) as c:
    c.open("file://" + report)
    c.wait("document.documentElement.getAttribute('data-js-games')")
    for s, table in (("error", "sum-errors"), ("warning", "sum-warnings")):
        got = c.eval("JSON.stringify([].map.call(document.querySelectorAll('#%s tr.code'),"
                     "function(r){return [r.getAttribute('data-code'),+r.querySelector('td.n').textContent];}))"
                     % table)
        got = dict(json.loads(got))
        want = {code: n for (sv, code), n in sev.items() if sv == s}
        assert got == want, "summary %ss: the page lists %s, JSON has %s" % (s, got, want)
    h2 = json.loads(c.eval("JSON.stringify([].map.call(document.querySelectorAll('article.game h2'),"
                           "function(h){return h.textContent;}))"))
    assert "round3/board12.txt" in h2, "the sheet without tags is not named by its place: %s" % h2
    assert not [h for h in h2 if "? \u2013 ?" in h], "a game is named '? - ?': %s" % h2
    boards = c.eval("document.querySelectorAll('article.game svg.board').length")
    assert boards == runs, "boards: the page draws %s, JSON has %s runs of findings at one position" % (boards, runs)
    shared = c.eval("document.querySelectorAll('div.shared svg.board').length")
    assert shared >= 1, "no board is shared by findings at one position"
    # the missing-moves finding of board12.txt: its board (shared with the error) draws the bridge
    top = c.eval("(function(){var a=[].filter.call(document.querySelectorAll('article.game'),function(g){"
                 "return g.querySelector('h2').textContent==='round3/board12.txt';})[0];"
                 "var li=a.querySelector('li.finding[data-code=\"missing-moves\"]');"
                 "while(li&&!li.querySelector('svg.board'))li=li.nextElementSibling;"
                 "var t=li&&li.querySelector('g.arrow.top line');"
                 "return t?[t.getAttribute('x1'),t.getAttribute('y1'),t.getAttribute('x2')].join(' '):'';})()")
    # b7 is file 1 rank 6: x 18 + 40 + 20 = 78, y 2 + 40 + 20 = 62
    assert top.startswith("78.0 62.0 78.0"), "the bridge 6... b5 is not the top arrow: %r" % top
    c.screenshot(shot)
    c.send("Emulation.setEmulatedMedia", {"media": "print"})
    breaks = json.loads(c.eval("JSON.stringify([].map.call(document.querySelectorAll('#summary, article.game'),"
                               "function(e){return getComputedStyle(e).breakAfter;}))"))
    assert breaks and all(b == "page" for b in breaks), "print: not one game a page: %s" % breaks
print("ok: %d codes by severity, %d boards for %d findings, %d pages in print" %
      (len(sev), boards, len(findings), len(breaks)))
