/* hamle/bridge.h: moves the writer did not record (FIDE 8.4: a player short of time may stop
 * recording). When a game's mainline stops at a move that cannot be played (an illegal-move
 * or ambiguous-move error), the bridge search looks for the shortest sequences of 1 to N plies
 * that, inserted before it (or a few plies earlier, where the move numbers say moves are
 * missing), make the rest of the record replay. Bridges are ranked by how far the recorded game
 * then replays (up to HAMLE_BRIDGE_HORIZON plies past the failing move), then by how well the
 * written move numbers fit (a gap in the numbering is the strongest hint of where moves are
 * missing, and of how many; numbers that all fit the record as written say nothing), then by
 * length, then by the marks of the recorded moves that follow (a "+" that is no check, an "x"
 * that takes nothing). Where the numbers all fit the record as written, bridges after which it
 * replays as far and to the same position (the same moves in another order, or inserted a row
 * apart) are one reading, the best of them standing for all. The search has a node budget (a node: one move played or one recorded
 * move read): it never runs away on a hostile game.
 *
 * With hamle_replay_set_bridge(rp, N), hamle_replay_run adds the finding "missing-moves" (a
 * warning) beside the mainline's error when a bridge makes that move playable: its
 * ply, move number and side are those of the move that cannot be played, its message names the
 * recorded move each bridge goes before by its number once the bridge is in, then the bridge's
 * moves: "moves missing before 7.: 6... b5; or before 7.: 6... Bc5" in the messages language
 * (SAN too), and the bridges are hamle_replay_bridges(). When the first bridge makes the rest of
 * the record replay (as far as the search looks), the finding comes before the error (the
 * likelier reading of the sheet before the error's one-move suggestions); else after it.
 *
 * hamle_replay_set_bridge_gaps(rp, N) searches only where the record shows a gap: a move number
 * ahead of the move it stands before (a jump, or a number for the wrong side) up to the move
 * that cannot be played, or an illegal move none of whose suggestions, played instead of it,
 * lets the rest of the record replay. The tools search so by default (HAMLE_BRIDGE_GAP_PLIES
 * plies, HAMLE_BRIDGE_GAP_NODES nodes a game); a game that replays never searches. */
#ifndef HAMLE_BRIDGE_H
#define HAMLE_BRIDGE_H

#include "hamle/common.h"
#include "hamle/locale.h"
#include "hamle/replay.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HAMLE_BRIDGE_PLIES_MAX 8        /* plies one bridge may hold */
#define HAMLE_BRIDGE_DEFAULT 4          /* --bridge without a value */
#define HAMLE_BRIDGES_MAX 3             /* bridges reported */
#define HAMLE_BRIDGE_HORIZON 160        /* recorded plies past the failing move that rank them */
#define HAMLE_BRIDGE_NODES 3000000ul    /* the default node budget of one game */
#define HAMLE_BRIDGE_GAP_PLIES 2        /* the tools' search where the record shows a gap */
#define HAMLE_BRIDGE_GAP_NODES 200000ul /* ... and its node budget of one game */

typedef struct hamle_bridge {
	hamle_suggestion move[HAMLE_BRIDGE_PLIES_MAX]; /* san in the messages language, uci, move */
	unsigned n;            /* plies */
	unsigned ply;          /* the mainline ply its first move takes (1-based) */
	unsigned move_number;  /* its first move's number and side (HAMLE_WHITE, HAMLE_BLACK) */
	int side;
	size_t token;          /* the recorded move token it goes before (hamle_game_tokens index) */
	unsigned replayed;     /* recorded plies from that token on that replay after it */
	int complete;          /* 1 when they are every recorded ply of the mainline */
} hamle_bridge;

/* Bridges of at most plies plies (0: none, the default; more than HAMLE_BRIDGE_PLIES_MAX is
 * that) for the games rp replays from now on, with a budget of max_nodes nodes per game (0:
 * HAMLE_BRIDGE_NODES). NULL-safe. */
HAMLE_EXTERN void hamle_replay_set_bridge(hamle_replay *rp, unsigned plies, unsigned long max_nodes);

/* As hamle_replay_set_bridge, searching only where the record shows a gap (see above); max_nodes
 * 0: HAMLE_BRIDGE_GAP_NODES. hamle_replay_set_bridge undoes it. NULL-safe. */
HAMLE_EXTERN void hamle_replay_set_bridge_gaps(hamle_replay *rp, unsigned plies, unsigned long max_nodes);

/* The bridges of the last game replayed, best first (*n of them, at most HAMLE_BRIDGES_MAX);
 * NULL and 0 when none was found. Valid until the next run. */
HAMLE_EXTERN const hamle_bridge *hamle_replay_bridges(const hamle_replay *rp, size_t *n);

/* Nodes the last game's bridge search used (at most its budget). */
HAMLE_EXTERN unsigned long hamle_replay_bridge_nodes(const hamle_replay *rp);

/* Ply i of bridge b of the last game written as SAN in locale loc (the game's own language, for
 * a tool that writes the bridge into the game). snprintf contract; HAMLE_EUSAGE when b or i is
 * out of range or loc is NULL. */
HAMLE_EXTERN int hamle_replay_bridge_san(const hamle_replay *rp, size_t b, size_t i,
	const hamle_locale *loc, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
