/* The umbrella header compiles on its own with -std=c11 -pedantic -Werror. */
#include <hamle/hamle.h>

int hamle_headertest_dummy(void);
int hamle_headertest_dummy(void) { return HAMLE_OK; }
