"""web_bench.py: the page of web/ validating one file in headless Chromium (web_bench.sh runs it).

    web_bench.py SITE FILE REPEAT PROFILE_DIR [LANG]

Loads SITE/index.html from file://, gives it FILE through its file input, clicks Validate REPEAT
times and prints the best run as "RUN_S TOTAL_S ARGS": the tool's run in the worker, the whole
round trip (the file copied to the worker, the run, the output and report back, the report shown),
and the command line the page ran."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "browser"))
from cdp import Chrome  # noqa: E402


def main():
    site, path, repeat, profile = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    lang = sys.argv[5] if len(sys.argv) > 5 else "en"
    best = None
    with Chrome(os.environ.get("HAMLE_CHROMIUM", "chromium"), profile) as c:
        c.open("file://" + os.path.abspath(os.path.join(site, "index.html")))
        c.wait("document.getElementById('status').textContent === 'Ready.'", timeout=60)
        c.set_files("#file", [os.path.abspath(path)])
        c.wait("document.body.getAttribute('data-inputs') === '1'")
        c.eval("document.getElementById('lang').value = '%s'" % lang)
        for _ in range(repeat):
            n = int(c.eval("document.body.getAttribute('data-runs') || '0'"))
            c.eval("document.getElementById('validate').click()")
            c.wait("(+document.body.getAttribute('data-runs') || 0) > %d" % n, timeout=600, every=0.5)
            c.wait("document.body.getAttribute('data-report') === 'loaded'", timeout=60)
            run = int(c.eval("document.body.getAttribute('data-run-ms')")) / 1000
            total = int(c.eval("document.body.getAttribute('data-ms')")) / 1000
            if best is None or run < best[0]:
                best = (run, total)
        args = c.eval("document.querySelector('#result .cmd').textContent")
    print("%.3f %.3f %s" % (best[0], best[1], args))


if __name__ == "__main__":
    main()
