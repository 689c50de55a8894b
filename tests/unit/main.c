/* Runs every Check suite (or the one named by CK_RUN_SUITE). Fails when no test ran. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "suites.h"

int main(void)
{
	SRunner *sr = srunner_create(NULL);
	for (size_t i = 0; all_suites[i]; i++)
		srunner_add_suite(sr, all_suites[i]());
	if (getenv("HAMLE_TAP"))
		srunner_set_tap(sr, getenv("HAMLE_TAP"));
	srunner_run_all(sr, CK_NORMAL);
	int run = srunner_ntests_run(sr);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (run == 0) {
		fprintf(stderr, "no test ran (check CK_RUN_SUITE / CK_RUN_CASE)\n");
		return EXIT_FAILURE;
	}
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
