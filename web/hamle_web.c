/* hamle_web.c: the page's entry into the tools compiled to WebAssembly (web/wasm/CMakeLists.txt).
 *
 * The page runs hamle-validate, hamle-convert and hamle-reconcile themselves: each tool's main
 * (renamed hamle_<tool>_main at compile time) with the command line the page makes, over the files
 * it wrote into the in-memory file system, its stdout and stderr sent to files there. So the page
 * shows what the tools print, byte for byte: the same options, the same findings, the same JSON
 * Lines and the same HTML report. Nothing here knows a chess rule. */
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int hamle_validate_main(int argc, char **argv);
int hamle_convert_main(int argc, char **argv);
int hamle_reconcile_main(int argc, char **argv);

/* The worker's progress bar (web/worker.js): games and input bytes done so far. */
EM_JS(void, hamle_web_post_progress, (double games, double bytes), {
	hamleProgress(games, bytes);
});

void hamle_web_progress(size_t games, unsigned long long bytes); /* cmd/validate/report.c calls it */
void hamle_web_progress(size_t games, unsigned long long bytes)
{
	hamle_web_post_progress((double)games, (double)bytes);
}

/* Runs tool ("validate", "convert" or "reconcile") with the arguments in args, one a line (the
 * program's name first), its stdout into out_path and its stderr into err_path. Returns the tool's
 * exit status, or 2 when the tool is unknown or memory ran out before it started. */
EMSCRIPTEN_KEEPALIVE
int hamle_web_run(const char *tool, const char *args, const char *out_path, const char *err_path)
{
	int (*entry)(int, char **) = NULL;
	if (!strcmp(tool, "validate"))
		entry = hamle_validate_main;
	else if (!strcmp(tool, "convert"))
		entry = hamle_convert_main;
	else if (!strcmp(tool, "reconcile"))
		entry = hamle_reconcile_main;
	if (!entry)
		return 2;
	size_t len = strlen(args), argc = 0;
	char *copy = malloc(len + 1);
	char **argv = malloc((len + 2) * sizeof(*argv));
	if (!copy || !argv) {
		free(copy);
		free(argv);
		return 2;
	}
	memcpy(copy, args, len + 1);
	for (char *s = copy, *nl; s; s = nl) {
		nl = strchr(s, '\n');
		if (nl)
			*nl++ = '\0';
		if (*s || nl)
			argv[argc++] = s;
	}
	argv[argc] = NULL;
	int status = 2;
	if (freopen(out_path, "w", stdout) && freopen(err_path, "w", stderr))
		status = entry((int)argc, argv);
	fflush(stdout);
	fflush(stderr);
	/* the files are complete once closed: stdout and stderr go nowhere until the next run */
	freopen("/dev/null", "w", stdout);
	freopen("/dev/null", "w", stderr);
	free(argv);
	free(copy);
	return status;
}
