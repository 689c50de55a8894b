/* unwin_internal.h: the parts of the unwinnability analysis (hamle/unwinnable.h): the static
 * arguments (unwin_static.c) and the search (unwin_search.c). */
#ifndef HAMLE_UNWIN_INTERNAL_H
#define HAMLE_UNWIN_INTERNAL_H

#include "chess/position_internal.h"
#include "hamle/unwinnable.h"

#define DARK_SQUARES 0xAA55AA55AA55AA55ull /* a1 is dark */

/* 1 when `winner` can never mate from p whatever is played, by material alone: a lone king;
 * a lone knight (or bishops of one colour) against a side without pawns that has nothing that
 * could block the flight squares such a mate needs. */
int unwin_material_impossible(const struct hamle_position *p, int winner);

/* 1 when the reachable-squares over-approximation proves that `winner` can never mate. The
 * position must have no legal en passant capture (the caller checks). */
int unwin_blockade(const struct hamle_position *p, int winner);

/* One search frame: the position at a node and the moves still to try there. */
struct unwin_frame {
	struct hamle_position pos;
	hamle_move moves[HAMLE_MAX_MOVES];
	uint8_t kind[HAMLE_MAX_MOVES];  /* per move: 0 reward, 1 normal, 2 punish */
	int n, next;
	int depth;                       /* the adjusted depth of this node */
	int progress;                    /* the move into this node was rewarded */
	hamle_move played;               /* the move that led here */
};

struct unwin_node;

struct unwin_tt_entry {
	uint64_t key;
	uint32_t stamp;    /* search iteration that stored it */
	int32_t left;      /* moves left when it was searched */
};

#define UNWIN_TT_BITS 15
/* A search of at most UNWIN_TT_SMALL_NODES nodes keeps its positions in a table of its own, of
 * 1 << UNWIN_TT_SMALL_BITS entries (32 KiB): a run whose analyses all end that soon, as most do,
 * never makes the large one's 512 KiB. Each search uses the one table its limit names, so no
 * verdict depends on what the handle analyzed before. */
#define UNWIN_TT_SMALL_BITS 11
#define UNWIN_TT_SMALL_NODES 1000ul
#define UNWIN_CLOSURE_MAX 400000
#define UNWIN_MAX_PLY HAMLE_UNWIN_MAX_LINE

/* hamle_unwin_new writes zero every member before stack, the last: each frame is written before
 * it is read, so the pages of the frames a search never reaches are never touched. */
struct hamle_unwin {
	struct unwin_tt_entry *tt;  /* 1 << UNWIN_TT_BITS entries, made on first use */
	struct unwin_tt_entry *tt_small; /* 1 << UNWIN_TT_SMALL_BITS entries, made on first use */
	struct unwin_node *queue;   /* the closure's positions (UNWIN_CLOSURE_MAX), made on first use */
	uint64_t *seen;             /* the closure's set of keys (1 << 20 slots) */
	size_t seen_ready;          /* its slots written zero so far (unwin_zeroed says why) */
	uint32_t stamp;
	int reused;                 /* the search skipped a position searched by an earlier one */
	int kdist_ready;            /* kdist is filled (on the first search with heuristics) */
	uint8_t kdist[64][64];      /* the search's knight distance from square to square */
	bitboard near[64][8];       /* near[t][d]: the squares a king's distance below d from t */
	bitboard knear[64][8];      /* knear[t][d]: the squares whose kdist to t is below d */
	unsigned long nodes, budget;
	struct unwin_frame stack[UNWIN_MAX_PLY + 1]; /* last (see above) */
};

/* n bytes of zeros, each page written: calloc alone maps a large block and leaves it unwritten. A page
 * of such a mapping read first is the kernel's one zero page, and the write after it that gives
 * the page its own copy must flush it from every core the process runs on: with the threads of
 * -j, an interrupt to each, for each page a search touches. NULL when out of memory. */
void *unwin_zeroed(size_t n);

/* Search outcome. */
enum { SEARCH_MATE, SEARCH_EXHAUSTED, SEARCH_CUT, SEARCH_BUDGET, SEARCH_NOMEM };

struct unwin_search {
	int winner;
	int max_depth;
	unsigned long local_limit; /* nodes for this search (0: none) */
	int heuristics;            /* steer the winner toward mate (CHA's rewards and punishments) */
	int use_tt;
	int stop_at_cut;           /* give up at the first node cut by depth (a proof attempt) */
	uint32_t reuse_from;       /* skip positions searched since this stamp (earlier iterations of an
	                            * iterative deepening, as CHA does): faster, but no proof then */
	int target;                /* heuristics: 1 + the square mated on where it is not a corner
	                            * (the loser's king where it stands), 0: the corners */
};

/* Every position reachable from root (unwin_closure.c): SEARCH_EXHAUSTED when they close without
 * a mate, SEARCH_MATE (r->line filled) at the first mate, SEARCH_CUT when more than limit
 * positions (at most UNWIN_CLOSURE_MAX) are found. */
int unwin_closure_run(struct hamle_unwin *u, const struct hamle_position *root, int winner,
	hamle_unwin_result *r, size_t limit);

/* Depth-first search from root; on SEARCH_MATE fills r->line. */
int unwin_search_run(struct hamle_unwin *u, const struct hamle_position *root, const struct unwin_search *s,
	hamle_unwin_result *r);

#endif
