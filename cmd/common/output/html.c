/* html.c: the arbiter's HTML report, written as it goes (see html.h). */
#include <stdio.h>
#include <string.h>

#include "finding.h"
#include "html.h"

void hamle_html_escape(hamle_buf *b, const char *s, size_t len)
{
	size_t run = 0; /* bytes since the last one written, copied at once */
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *rep = NULL;
		switch (c) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		case '\t':
		case '\n': break;
		default:
			if (c < 0x20 || c == 0x7F)
				rep = "\xEF\xBF\xBD"; /* U+FFFD: no control character in the page */
			break;
		}
		if (!rep)
			continue;
		hamle_buf_append(b, s + run, i - run);
		hamle_buf_puts(b, rep);
		run = i + 1;
	}
	hamle_buf_append(b, s + run, len - run);
}

void hamle_html_text(hamle_buf *b, const char *s)
{
	if (s)
		hamle_html_escape(b, s, strlen(s));
}

void hamle_html_word(hamle_buf *b, const hamle_locale *messages, const char *key, const char *fallback)
{
	hamle_html_text(b, hamle_finding_word(messages, key, fallback));
}

static const char css[] =
	"body{font:15px/1.45 system-ui,'DejaVu Sans',sans-serif;margin:0 auto;max-width:62rem;padding:1rem;"
	"display:flex;flex-direction:column;color:#222}\n"
	"#summary{order:-1;border-bottom:2px solid #888;margin-bottom:1rem}\n"
	"#summary table{border-collapse:collapse}#summary td,#summary th{padding:.1rem .6rem;text-align:left}\n"
	"#summary td.n{text-align:right}\n"
	"#filters{margin:.6rem 0}#filters label{margin-right:1rem}\n"
	"article.game{border:1px solid #bbb;border-radius:6px;padding:.4rem 1rem;margin:.8rem 0}\n"
	"article.game h2{font-size:1.1rem;margin:.3rem 0}\n"
	".tags span{margin-right:1.2rem;color:#555}\n"
	"li.finding{margin:.5rem 0}li.finding.dim{opacity:.35}\n"
	"li.finding .code{font-family:monospace;background:#eee;padding:0 .3rem;border-radius:3px}\n"
	"li.error .code{background:#f6c8c8}li.warning .code{background:#f4e7b0}\n"
	".msg{display:block;font-family:monospace;font-size:.9rem;white-space:pre-wrap}\n"
	"figure{margin:.4rem 0}figcaption{font-size:.9rem;color:#444}\n"
	"svg.board{width:340px;height:342px;display:block}\n"
	".pw{fill:#fff;stroke:#000;stroke-width:1.3}.pb{fill:#000}\n"
	".moves{font-family:'DejaVu Sans Mono',monospace;font-size:.9rem;line-height:1.7}\n"
	".moves mark.fail{background:#f44;color:#fff;padding:0 .2rem;border-radius:3px;font-weight:bold}\n"
	".moves .cm{color:#276}.moves .skip{color:#999}.moves .var{color:#666}\n"
	"ul.bridges li{font-family:monospace}\n"
	"table.severity{border-collapse:collapse;display:inline-table;vertical-align:top;margin:.4rem 1.5rem .4rem 0}"
	"table.severity td,table.severity th{padding:.1rem .6rem;text-align:left}table.severity td.n{text-align:right}\n"
	"#sum-errors th[colspan]{color:#a00}#sum-warnings th[colspan]{color:#860}\n"
	"figure.shared figcaption{font-style:italic}\n"
	"details.valid-games{margin:.2rem 0;color:#555}details.valid-games ol{margin:.2rem 0;font-size:.9rem}\n"
	"@media print{#filters{display:none}#summary{break-after:page;page-break-after:always}"
	"article.game{break-after:page;page-break-after:always;border:0}"
	"article.game[hidden],details.valid-games{display:none}li.finding.dim{opacity:1}}\n";

void hamle_html_head(hamle_buf *b, const hamle_locale *messages, const char *tool)
{
	const char *tag = messages ? hamle_locale_tag(messages) : "en";
	hamle_buf_puts(b, "<!DOCTYPE html>\n<html lang=\"");
	hamle_html_text(b, tag ? tag : "en");
	hamle_buf_puts(b, "\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		/* nothing from outside: no fetch, no image, no font, no script elsewhere */
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		"style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n<title>");
	hamle_html_word(b, messages, "html_title", "hamle report");
	hamle_buf_puts(b, " (");
	hamle_html_text(b, tool);
	hamle_buf_puts(b, ")</title>\n<style>\n");
	hamle_buf_puts(b, css);
	hamle_buf_puts(b, "</style>\n</head>\n<body>\n<main id=\"games\">\n");
}

/* Square centre in the SVG's units. */
#define SQ 40
#define X0 18
#define Y0 2
static double cx(int sq) { return X0 + SQ * HAMLE_SQ_FILE(sq) + SQ / 2.0; }
static double cy(int sq) { return Y0 + SQ * (7 - HAMLE_SQ_RANK(sq)) + SQ / 2.0; }

/* The square root of v >= 0 by Newton's method (no libm for one arrow). */
static double root(double v)
{
	double x = v > 1 ? v : 1;
	for (int i = 0; i < 40; i++)
		x = (x + v / x) / 2;
	return x;
}

static void arrow(hamle_buf *b, const hamle_html_arrow *a, bool top)
{
	double x1 = cx(a->from), y1 = cy(a->from), x2 = cx(a->to), y2 = cy(a->to);
	double dx = x2 - x1, dy = y2 - y1, len = root(dx * dx + dy * dy);
	if (len < 1)
		return;
	double ux = dx / len, uy = dy / len, head = top ? 18 : 14, half = top ? 10 : 8;
	double bx = x2 - ux * head, by = y2 - uy * head;
	const char *color = top ? "rgba(0,130,0,.85)" : "rgba(20,80,200,.6)";
	hamle_buf_printf(b, "<g class=\"arrow%s\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		"stroke=\"%s\" stroke-width=\"%d\" stroke-linecap=\"round\"/>", top ? " top" : "", x1, y1, bx, by,
		color, top ? 7 : 5);
	hamle_buf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/></g>", x2, y2,
		bx - uy * half, by + ux * half, bx + uy * half, by - ux * half, color);
}

/* The filled figurines, by hamle_piece_type (White's drawn white with an outline). */
static const char *const glyph[6] = {"\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A"};

void hamle_html_board(hamle_buf *b, const hamle_locale *messages, const hamle_position *pos,
	const hamle_html_arrow *arrows, size_t n, const char *last)
{
	if (!pos)
		return;
	hamle_buf_puts(b, "<figure><svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 340 342\" "
		"role=\"img\">");
	for (int sq = 0; sq < 64; sq++) {
		bool light = (HAMLE_SQ_FILE(sq) + HAMLE_SQ_RANK(sq)) % 2 == 1;
		const char *fill = light ? "#f0d9b5" : "#b58863";
		if (n && (sq == arrows[0].from || sq == arrows[0].to))
			fill = light ? "#f7ec74" : "#dac34b"; /* the top suggestion's squares */
		hamle_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>",
			X0 + SQ * HAMLE_SQ_FILE(sq), Y0 + SQ * (7 - HAMLE_SQ_RANK(sq)), SQ, SQ, fill);
	}
	for (int i = 0; i < 8; i++)
		hamle_buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">%c</text>"
			"<text x=\"8\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">%d</text>",
			X0 + SQ * i + SQ / 2, Y0 + 8 * SQ + 15, 'a' + i, Y0 + SQ * (7 - i) + SQ / 2 + 5, i + 1);
	for (int sq = 0; sq < 64; sq++) {
		int type, color;
		if (!hamle_position_piece_at(pos, sq, &type, &color) || type < 0 || type > 5)
			continue;
		hamle_buf_printf(b, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"34\" text-anchor=\"middle\" "
			"dominant-baseline=\"central\" class=\"%s\">%s</text>", cx(sq), cy(sq) + 1,
			color == HAMLE_WHITE ? "pw" : "pb", glyph[type]);
	}
	for (size_t i = n; i-- > 0;) /* the top one last, over the others */
		arrow(b, &arrows[i], i == 0);
	hamle_buf_puts(b, "</svg><figcaption>");
	bool white = hamle_position_side(pos) == HAMLE_WHITE;
	hamle_html_word(b, messages, white ? "diagram_white_to_move" : "diagram_black_to_move",
		white ? "White to move" : "Black to move");
	if (last && last[0]) {
		int full = hamle_position_fullmove(pos);
		char move[96], text[256];
		snprintf(move, sizeof(move), "%d%s %s", white ? (full > 1 ? full - 1 : 1) : full, white ? "..." : ".", last);
		const char *args[1] = {move};
		if (hamle_locale_format(text, sizeof(text), messages, "diagram_last_move", 1, args) < 0)
			snprintf(text, sizeof(text), "last move: %s", move);
		hamle_buf_puts(b, "; ");
		hamle_html_text(b, text);
	}
	hamle_buf_puts(b, "</figcaption></figure>\n");
}

static const char *tag_or(const hamle_game *g, const char *name, const char *fallback)
{
	const char *v = hamle_game_tag(g, name);
	return v && v[0] ? v : fallback;
}

/* The last two parts of a path: "round3/board12.txt" of "/arbiter/round3/board12.txt". */
static const char *place(const char *path)
{
	const char *last = strrchr(path, '/');
	if (!last)
		return path;
	const char *p = last;
	while (p > path && p[-1] != '/')
		p--;
	return p;
}

void hamle_html_game_open(hamle_buf *b, const hamle_locale *messages, const hamle_game *g, size_t game,
	const char *codes)
{
	const char *src = hamle_game_source(g);
	hamle_buf_puts(b, "<article class=\"game\" data-file=\"");
	hamle_html_text(b, src ? src : "<stdin>");
	hamle_buf_puts(b, "\" data-codes=\" ");
	hamle_html_text(b, codes);
	size_t number = game ? game : hamle_game_index(g);
	hamle_buf_printf(b, " \" data-game=\"%zu\">\n<h2>", number);
	if (!hamle_game_tag(g, "White") && !hamle_game_tag(g, "Black")) {
		/* a sheet without tags: named by its file and the folder it lies in
		 * ("round3/board12.txt"), and its place in the file after the first */
		hamle_buf_puts(b, "<span class=\"sheet\">");
		hamle_html_text(b, place(src ? src : "<stdin>"));
		hamle_buf_puts(b, "</span>");
		if (number > 1) {
			hamle_buf_puts(b, ": ");
			hamle_html_word(b, messages, "game", "game");
			hamle_buf_printf(b, " %zu", number);
		}
	} else {
		hamle_html_text(b, src ? src : "<stdin>");
		hamle_buf_puts(b, ": ");
		hamle_html_word(b, messages, "game", "game");
		hamle_buf_printf(b, " %zu: ", number);
		hamle_html_text(b, tag_or(g, "White", "?"));
		hamle_buf_puts(b, " \xE2\x80\x93 ");
		hamle_html_text(b, tag_or(g, "Black", "?"));
	}
	hamle_buf_puts(b, "</h2>\n<p class=\"tags\"><span>");
	hamle_html_word(b, messages, "html_event", "Event");
	hamle_buf_puts(b, ": ");
	hamle_html_text(b, tag_or(g, "Event", "?"));
	hamle_buf_puts(b, "</span><span>");
	hamle_html_word(b, messages, "html_round", "Round");
	hamle_buf_puts(b, ": ");
	hamle_html_text(b, tag_or(g, "Round", "?"));
	hamle_buf_puts(b, "</span></p>\n");
}

void hamle_html_game_close(hamle_buf *b)
{
	hamle_buf_puts(b, "</article>\n");
}

void hamle_html_bridges(hamle_buf *b, const hamle_locale *messages, const char *const *bridges, size_t n)
{
	if (!n)
		return;
	hamle_buf_puts(b, "<div class=\"bridges-box\">");
	hamle_html_word(b, messages, "html_bridges", "moves missing (bridges)");
	hamle_buf_printf(b, ":<ul class=\"bridges\" data-bridges=\"%zu\">", n);
	for (size_t i = 0; i < n; i++) {
		hamle_buf_puts(b, "<li>");
		hamle_html_text(b, bridges[i]);
		hamle_buf_puts(b, "</li>");
	}
	hamle_buf_puts(b, "</ul></div>\n");
}

/* The page's own script: moves the summary up, fills and applies the filters, counts. Static
 * text: no data from the input goes into it. */
static const char script[] =
	"(function(){\n"
	"var d=document,r=d.documentElement,s=d.getElementById('summary');\n"
	"d.body.insertBefore(s,d.body.firstChild);\n"
	"var games=[].slice.call(d.querySelectorAll('article.game')),codes={},files={};\n"
	"games.forEach(function(g){files[g.getAttribute('data-file')]=1;\n"
	"  g.getAttribute('data-codes').split(' ').forEach(function(c){if(c)codes[c]=1;});});\n"
	"var fc=d.getElementById('f-code'),ff=d.getElementById('f-file');\n"
	"function fill(sel,keys){Object.keys(keys).sort().forEach(function(k){\n"
	"  var o=d.createElement('option');o.value=k;o.textContent=k;sel.appendChild(o);});}\n"
	"fill(fc,codes);fill(ff,files);\n"
	"function apply(){var c=fc.value,f=ff.value,shown=0;\n"
	"  games.forEach(function(g){var ok=(!c||g.getAttribute('data-codes').indexOf(' '+c+' ')>=0)&&\n"
	"    (!f||g.getAttribute('data-file')===f);g.hidden=!ok;if(ok)shown++;\n"
	"    [].forEach.call(g.querySelectorAll('li.finding'),function(li){\n"
	"      li.classList.toggle('dim',!!c&&li.getAttribute('data-code')!==c);});});\n"
	"  d.getElementById('shown').textContent=shown;r.setAttribute('data-js-shown',shown);}\n"
	"fc.onchange=ff.onchange=apply;\n"
	"location.hash.replace(/^#/,'').split('&').forEach(function(kv){var p=kv.split('=');\n"
	"  var v=decodeURIComponent(p[1]||'');if(p[0]==='code')fc.value=v;if(p[0]==='file')ff.value=v;});\n"
	"r.setAttribute('data-js-games',games.length);\n"
	"r.setAttribute('data-js-findings',d.querySelectorAll('article.game li.finding').length);\n"
	"r.setAttribute('data-js-boards',d.querySelectorAll('article.game svg.board').length);\n"
	"r.setAttribute('data-js-valid',d.querySelectorAll('details.valid-games li.valid-game').length);\n"
	"r.setAttribute('data-js-sev-errors',d.querySelectorAll('#sum-errors tr.code').length);\n"
	"r.setAttribute('data-js-sev-warnings',d.querySelectorAll('#sum-warnings tr.code').length);\n"
	"apply();\n"
	"})();\n";

void hamle_html_tail(hamle_buf *b, const hamle_locale *messages, const hamle_html_summary *s)
{
	hamle_buf_puts(b, "</main>\n<section id=\"summary\">\n<h1>");
	hamle_html_word(b, messages, "html_title", "hamle report");
	hamle_buf_puts(b, "</h1>\n<table>\n");
	const char *key[3] = {"html_files", "html_games", "html_valid"};
	const char *fallback[3] = {"files", "games", "valid"};
	const char *id[3] = {"n-files", "n-games", "n-valid"};
	size_t value[3] = {s->files, s->games, s->valid};
	for (int i = 0; i < 3; i++) {
		hamle_buf_puts(b, "<tr><th>");
		hamle_html_word(b, messages, key[i], fallback[i]);
		hamle_buf_printf(b, "</th><td class=\"n\" id=\"%s\">%zu</td></tr>\n", id[i], value[i]);
	}
	if (!s->errors) {
		for (size_t i = 0; i < s->ncodes; i++) {
			if (!s->counts[i] || !s->codes[i])
				continue;
			hamle_buf_puts(b, "<tr class=\"code\"><th><code>");
			hamle_html_text(b, s->codes[i]);
			hamle_buf_printf(b, "</code></th><td class=\"n\">%zu</td></tr>\n", s->counts[i]);
		}
	}
	hamle_buf_puts(b, "</table>\n");
	/* each code under its severity: the errors, then the warnings */
	for (int sev = 0; s->errors && sev < 2; sev++) {
		size_t shown = 0;
		for (size_t i = 0; i < s->ncodes; i++) {
			size_t n = sev == 0 ? s->errors[i] : s->counts[i] - s->errors[i];
			if (!n || !s->codes[i])
				continue;
			if (!shown++) {
				hamle_buf_printf(b, "<table class=\"severity\" id=\"sum-%s\">\n<tr><th colspan=\"2\">",
					sev == 0 ? "errors" : "warnings");
				hamle_html_word(b, messages, sev == 0 ? "html_errors" : "html_warnings",
					sev == 0 ? "errors" : "warnings");
				hamle_buf_puts(b, "</th></tr>\n");
			}
			hamle_buf_printf(b, "<tr class=\"code %s\" data-code=\"", sev == 0 ? "error" : "warning");
			hamle_html_text(b, s->codes[i]);
			hamle_buf_puts(b, "\"><th><code>");
			hamle_html_text(b, s->codes[i]);
			hamle_buf_printf(b, "</code></th><td class=\"n\">%zu</td></tr>\n", n);
		}
		if (shown)
			hamle_buf_puts(b, "</table>\n");
	}
	hamle_buf_puts(b, "<p id=\"filters\"><label>");
	hamle_html_word(b, messages, "html_code", "code");
	hamle_buf_puts(b, " <select id=\"f-code\"><option value=\"\">");
	hamle_html_word(b, messages, "html_all", "all");
	hamle_buf_puts(b, "</option></select></label><label>");
	hamle_html_word(b, messages, "html_file", "file");
	hamle_buf_puts(b, " <select id=\"f-file\"><option value=\"\">");
	hamle_html_word(b, messages, "html_all", "all");
	hamle_buf_puts(b, "</option></select></label><span id=\"shown\"></span> ");
	hamle_html_word(b, messages, "html_shown", "games shown");
	hamle_buf_puts(b, "</p>\n</section>\n<script>\n");
	hamle_buf_puts(b, script);
	hamle_buf_puts(b, "</script>\n</body>\n</html>\n");
}
