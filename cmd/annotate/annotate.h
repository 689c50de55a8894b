/* annotate.h: hamle-annotate, hamle-convert with annotations (see cmd/convert/convert.h for the
 * flow). main.c parses the options (hamle-convert's, cmd/convert/cli.c, and its own); hooks.c
 * gives each worker an annotator and, per game, annotates it, attaches the annotations to the
 * writer, and writes the --report lines or the --format json events. */
#ifndef HAMLE_ANNOTATE_TOOL_H
#define HAMLE_ANNOTATE_TOOL_H

#include <hamle/annotate.h>

#include "convert.h"
#include "engine.h"

typedef struct an_config {
	hamle_annotate_options aopts;
	bool json;   /* --format json: the events, not the games */
	bool report; /* --report: changes and events on stderr */
	an_engine_config eng; /* --engine and its options (engine.h) */
} an_config;

extern const cv_hooks an_hooks;

#endif
