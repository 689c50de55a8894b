"""web_page.py: the page of web/ (the tools compiled to WebAssembly) in headless Chromium, against the
native tools on the same files. Run by web_page.sh and web_corpus.sh (ctest label browser).

    web_page.py --site DIR --bin DIR --tmp DIR [--langs en,tr,de] [--convert tr:pgn,de:fide]
                [--shot FILE] [--phone-shot FILE] FILE...

Loads DIR/index.html from file://, gives it the FILEs through its file input (as if chosen), and
for each messages language: runs Validate and checks that the JSON Lines the page got are the
native `hamle-validate` output with the same command line, byte for byte, and that the report the
page shows has, in order, each finding of that JSON (code, line, column, ply, message,
suggestions) in the game JSON names; then for each --convert choice, that the file the page
downloads is `hamle-convert`'s output with the same command line, byte for byte. Every URL the
page and its worker requested is recorded: anything but file:// and the page's own blob: (the
worker's script) fails. Prints one "checked: ..." line; exits 1 on any failure."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Chrome, CdpError  # noqa: E402

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg, file=sys.stderr)


def placed_names(paths):
    """The operands the page's worker gives the tool for these files (web/worker.js)."""
    taken, names = set(), []
    for p in paths:
        base = re.sub(r"[\x00-\x1f/]", "_", os.path.basename(p)) or "input"
        name, k = base, 1
        while name in taken:
            k += 1
            name = "%d/%s" % (k, base)
        taken.add(name)
        names.append("./" + name if name.startswith("-") else name)
    return names


def native(tool_bin, args, paths, work, outputs):
    """Runs the native tool with the page's command line over copies of the files laid out as the
    worker lays them out; /o/ paths go to work/o/. Returns (status, stdout, {page path: bytes})."""
    w = os.path.join(work, "w")
    o = os.path.join(work, "o")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(w)
    os.makedirs(o)
    for p, n in zip(paths, placed_names(paths)):
        dst = os.path.join(w, n)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(p, dst)
    argv = [tool_bin] + [a.replace("/o/", o + "/") if a.startswith("/o/") else a for a in args[1:]]
    env = dict(os.environ, LC_ALL="C", NO_COLOR="1")
    r = subprocess.run(argv, cwd=w, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    got = {}
    for p in outputs:
        q = os.path.join(o, p[len("/o/"):])
        if os.path.exists(q):
            with open(q, "rb") as f:
                got[p] = f.read()
    return r.returncode, r.stdout, got




def click(c, button, timeout):
    """Clicks the button and waits for the run it starts to end (the page counts them in data-runs)."""
    n = int(c.eval("document.body.getAttribute('data-runs') || '0'"))
    if c.eval("document.getElementById(%s).disabled" % json.dumps(button)):
        raise CdpError("the %s button is disabled" % button)
    c.eval("document.getElementById(%s).click()" % json.dumps(button))
    c.wait("(+document.body.getAttribute('data-runs') || 0) > %d" % n, timeout=timeout)

REPORT_JS = r"""(function () {
var d = document.getElementById('report').contentDocument;
return [].map.call(d.querySelectorAll('article.game'), function (a) {
  return {file: a.getAttribute('data-file'), game: +a.getAttribute('data-game'),
    head: a.querySelector('h2').textContent,
    findings: [].map.call(a.querySelectorAll('li.finding'), function (li) {
      var s = li.querySelector('p.sugg');
      return {code: li.getAttribute('data-code'), cls: li.className,
        msg: li.querySelector('span.msg').textContent,
        sugg: s ? [].map.call(s.querySelectorAll('b'), function (b) {
          var t = b.nextSibling ? b.nextSibling.textContent : '';
          var m = /\(([^)]*)\)/.exec(t);
          return [b.textContent, m ? m[1] : null]; }) : [],
        board: !!li.querySelector('svg.board')};
    })};
});
})()"""

BOARD_JS = r"""(function () {
var f = document.getElementById('report'), b = f.contentDocument.querySelector('svg.board');
if (b) window.scrollTo(0, f.getBoundingClientRect().top + window.scrollY +
  b.closest('li').getBoundingClientRect().top - 12);
})()"""


def check_report(lang, json_text, games):
    """The report's games and findings against the JSON Lines, in order."""
    findings = [json.loads(l) for l in json_text.splitlines() if l.strip()]
    findings = [f for f in findings if f.get("kind") == "finding"]
    shown = []
    for g in games:
        for f in g["findings"]:
            shown.append((g["file"], g["game"], f))
    want_games = []
    for f in findings:
        key = (f["source"], f["game"])
        if key not in want_games:
            want_games.append(key)
    got_games = [(g["file"], g["game"]) for g in games]
    if got_games != want_games:
        fail("%s: the report's games %s are not JSON's %s" % (lang, got_games[:5], want_games[:5]))
    if len(shown) != len(findings):
        fail("%s: the report shows %d findings, JSON has %d" % (lang, len(shown), len(findings)))
    for (file, game, s), f in zip(shown, findings):
        where = "%s: %s game %s line %s" % (lang, f["source"], f["game"], f["line"])
        if (file, game) != (f["source"], f["game"]):
            fail("%s: shown in %s game %s" % (where, file, game))
        if s["code"] != f["code"]:
            fail("%s: code %s shown, JSON %s" % (where, s["code"], f["code"]))
        if f["severity"] not in s["cls"].split():
            fail("%s: severity %s not shown (%s)" % (where, f["severity"], s["cls"]))
        pos = "%s:%d:%d:" % (f["source"], f["line"], f["column"]) if f["column"] else "%s:%d:" % (f["source"], f["line"])
        if not s["msg"].startswith(pos):
            fail("%s: the line does not start with %s: %s" % (where, pos, s["msg"][:80]))
        if f["message"] not in s["msg"]:
            fail("%s: message %r not in %r" % (where, f["message"], s["msg"]))
        if f["ply"] and not re.search(r"\b%d\)" % f["ply"], s["msg"]):
            fail("%s: ply %d not in %r" % (where, f["ply"], s["msg"]))
        want = [[x["san"], x["uci"]] for x in f.get("suggestions", [])]
        if s["sugg"] != want:
            fail("%s: suggestions %s shown, JSON %s" % (where, s["sugg"], want))
    # a board for each finding with a FEN: its own, or the one it shares with the findings after it
    # in the same game at the same position; none for a finding without one
    for i, ((file, game, s), f) in enumerate(zip(shown, findings)):
        where = "%s: %s game %s line %s" % (lang, f["source"], f["game"], f["line"])
        if not f.get("fen"):
            if s["board"]:
                fail("%s: a board shown for a finding without a FEN" % where)
            continue
        j = i
        while j < len(findings) and not shown[j][2]["board"] and findings[j].get("fen") == f["fen"] and \
                (findings[j]["source"], findings[j]["game"]) == (f["source"], f["game"]):
            j += 1
        if j >= len(findings) or not shown[j][2]["board"] or findings[j].get("fen") != f["fen"] or \
                (findings[j]["source"], findings[j]["game"]) != (f["source"], f["game"]):
            fail("%s: no board for its position %s" % (where, f["fen"]))
    return len(want_games), len(findings), sum(len(f.get("suggestions", [])) for f in findings)


def run_validate(c, lang, paths, a, tmp):
    c.eval("document.getElementById('lang').value = %s" % json.dumps(lang))
    click(c, "validate", a.timeout)
    c.wait("document.body.getAttribute('data-report') === 'loaded' || "
           "document.body.getAttribute('data-status') === 'failed'", timeout=a.timeout)
    if c.eval("document.body.getAttribute('data-status')") == "failed":
        fail("%s: the worker failed: %s" % (lang, c.eval("document.getElementById('status').textContent")))
        return (0, 0, 0)
    args = c.eval("document.querySelector('#result .cmd').textContent").split(" ")
    page_json = c.eval("document.getElementById('json').textContent")
    page_status = int(c.eval("document.body.getAttribute('data-status')"))
    st, out, _ = native(os.path.join(a.bin, "hamle-validate"), args, paths, os.path.join(tmp, "native"), [])
    if page_json.encode() != out:
        print(page_json[:300], out[:300])
        fail("%s: the page's JSON Lines differ from %s" % (lang, " ".join(args)))
        with open(os.path.join(tmp, "page-%s.jsonl" % lang), "w") as f:
            f.write(page_json)
        with open(os.path.join(tmp, "native-%s.jsonl" % lang), "wb") as f:
            f.write(out)
    if page_status != st:
        fail("%s: exit status %d in the page, %d native" % (lang, page_status, st))
    return check_report(lang, out.decode(), c.eval(REPORT_JS))


def run_convert(c, choice, paths, a, tmp, downloads):
    before = set(os.listdir(downloads))
    c.eval("document.getElementById('convert-to').value = %s" % json.dumps(choice))
    click(c, "convert", a.timeout)
    name = c.eval("var e=document.getElementById('converted'); e ? e.download : ''")
    if not name:
        fail("convert %s: nothing to download: %s" % (choice, c.eval("document.getElementById('result').innerText")[:300]))
        return
    deadline = time.time() + 30
    path = os.path.join(downloads, name)
    while time.time() < deadline and not (os.path.exists(path) and name not in before and
                                          any(v == "completed" for v in c.finished.values())):
        c.pump(0.2)
    if not os.path.exists(path):
        fail("convert %s: %s was not downloaded" % (choice, name))
        return
    with open(path, "rb") as f:
        got = f.read()
    os.unlink(path)
    args = c.eval("document.querySelector('#result .cmd').textContent").split(" ")
    out_path = [x for x in args if x.startswith("/o/")][0]
    _, _, want = native(os.path.join(a.bin, "hamle-convert"), args, paths, os.path.join(tmp, "native"), [out_path])
    if got != want.get(out_path):
        with open(os.path.join(tmp, "page-" + choice.replace(":", "-")), "wb") as f:
            f.write(got)
        with open(os.path.join(tmp, "native-" + choice.replace(":", "-")), "wb") as f:
            f.write(want.get(out_path) or b"")
        fail("convert %s: the download (%d bytes) is not %s's output (%d bytes)" %
             (choice, len(got), " ".join(args), len(want.get(out_path) or b"")))
    return len(got)


def run_reconcile(c, pair, a, tmp):
    """The two sheets alone as the inputs, Reconcile: the agreed game, the divergences and the exit
    status are hamle-reconcile's with the page's command line."""
    c.eval("document.getElementById('clear').click()")
    c.set_files("#file", pair)
    c.wait("document.body.getAttribute('data-inputs') === '2'")
    click(c, "reconcile", a.timeout)
    args = c.eval("document.querySelector('#result .cmd').textContent").split(" ")
    agreed = c.eval("document.getElementById('agreed').textContent")
    divergences = c.eval("document.getElementById('divergences').textContent")
    status = int(c.eval("document.body.getAttribute('data-status')"))
    st, out, _ = native(os.path.join(a.bin, "hamle-reconcile"), args, pair, os.path.join(tmp, "native"), [])
    err = subprocess.run([os.path.join(a.bin, "hamle-reconcile")] + [x for x in args[1:] if not x.startswith("/o/")
                         and x != "--html"], cwd=os.path.join(tmp, "native", "w"), stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, env=dict(os.environ, LC_ALL="C", NO_COLOR="1")).stderr
    where = "reconcile %s" % " ".join(os.path.basename(p) for p in pair)
    if agreed.encode() != out:
        fail("%s: the agreed game differs from %s" % (where, " ".join(args)))
    if divergences.encode() != err:
        fail("%s: the divergences differ: %r, native %r" % (where, divergences[:200], err[:200]))
    if status != st:
        fail("%s: exit status %d in the page, %d native" % (where, status, st))
    return divergences.count("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--tmp", required=True)
    ap.add_argument("--browser", default="chromium")
    ap.add_argument("--langs", default="en,tr,de")
    ap.add_argument("--convert", default="en:pgn,tr:pgn,de:fide")
    ap.add_argument("--reconcile", action="append", default=[], help="A,B: two sheets to reconcile")
    ap.add_argument("--shot")
    ap.add_argument("--phone-shot")
    ap.add_argument("--board-shot", help="1280x800, scrolled to the report's first finding with a board")
    ap.add_argument("--timeout", type=float, default=180)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    paths = [os.path.abspath(p) for p in a.files]
    a.bin = os.path.abspath(a.bin)
    downloads = os.path.join(a.tmp, "downloads")
    profile = os.path.join(a.tmp, "profile")
    os.makedirs(downloads, exist_ok=True)
    os.makedirs(profile, exist_ok=True)
    url = "file://" + os.path.abspath(os.path.join(a.site, "index.html"))
    totals = [0, 0, 0]
    sizes = []
    with Chrome(a.browser, profile, 1280, 800, downloads=downloads) as c:
        c.open(url)
        c.wait("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        c.set_files("#file", paths)
        c.wait("document.body.getAttribute('data-inputs') === '%d'" % len(paths))
        for lang in a.langs.split(","):
            g, f, s = run_validate(c, lang, paths, a, a.tmp)
            totals = [max(totals[0], g), totals[1] + f, totals[2] + s]
            if a.shot and lang == a.langs.split(",")[-1]:
                c.screenshot(a.shot)
            if a.board_shot and lang == a.langs.split(",")[-1]:
                c.eval(BOARD_JS)
                c.pump(0.3)
                c.screenshot(a.board_shot)
                c.eval("window.scrollTo(0, 0)")
        for choice in [x for x in a.convert.split(",") if x]:
            sizes.append(run_convert(c, choice, paths, a, a.tmp, downloads))
        lines = [run_reconcile(c, [os.path.abspath(p) for p in pair.split(",")], a, a.tmp) for pair in a.reconcile]
        c.pump(0.5)
        requests = list(c.requests)
    if a.phone_shot:
        with Chrome(a.browser, profile + "-phone", 390, 844) as c:
            c.open(url)
            c.wait("document.getElementById('status').textContent === 'Ready.'", timeout=60)
            c.set_files("#file", paths)
            c.wait("document.body.getAttribute('data-inputs') === '%d'" % len(paths))
            c.eval("document.getElementById('lang').value = 'tr'")
            click(c, "validate", a.timeout)
            c.wait("document.body.getAttribute('data-report') === 'loaded'", timeout=a.timeout)
            c.eval("document.getElementById('result').scrollIntoView()")
            c.pump(0.3)
            c.screenshot(a.phone_shot)
            requests += c.requests
    outside = [u for u in requests if not (u.startswith("file://") or u.startswith("blob:null/"))]
    if outside:
        fail("requests that are not file:// (nor the worker's own blob:): %s" % sorted(set(outside))[:5])
    if not any(u.endswith("/hamle.js") for u in requests):
        fail("the network log is empty: hamle.js was not seen loading")
    if totals[1] == 0:
        fail("no finding at all: the set says nothing")
    print("checked: %d files, %d games with findings, %d findings and %d suggestions over %s, "
          "%d downloads byte for byte, %d reconciled pairs (%d lines of divergences), %d requests (file:// and the "
          "worker's blob: only)" % (len(paths), totals[0], totals[1], totals[2], a.langs, len(sizes), len(lines),
                                    sum(lines), len(requests)))
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except CdpError as e:
        print("FAIL: " + str(e), file=sys.stderr)
        sys.exit(1)
