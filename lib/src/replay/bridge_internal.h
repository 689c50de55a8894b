/* bridge_internal.h: the state of the bridge search (bridge.c), its scoring (bridge_score.c) and
 * its results (bridge_report.c). See hamle/bridge.h. */
#ifndef HAMLE_BRIDGE_INTERNAL_H
#define HAMLE_BRIDGE_INTERNAL_H

#include "hamle/bridge.h"
#include "notation/san_internal.h"
#include "replay/replay_internal.h"

#define WINDOW 8   /* insertion points looked at before the failing move */
#define GAP_MAX 48 /* how far back a gap in the numbering is looked at */
#define REC_MAX (GAP_MAX + 1 + HAMLE_BRIDGE_HORIZON)
#define TT_BITS 15
#define MARK_WRONG 3   /* a recorded "+" that is no check, an "x" that takes nothing */
#define MARK_MISSING 2 /* a check or capture not marked */
#define PLAUSIBLE 60   /* recorded plies after the bridge looked at for that */
#define PLAUSIBLE_ALL 20 /* ... and for any piece of the side that moved */

/* The evidence a bridge's score weighs (bridge.c, bridge_score.c): counts, and the priors of its
 * moves and of the recorded moves after it. */
enum bridge_feature {
	BF_MARKS,    /* marks of the recorded moves contradicted: MARK_WRONG or MARK_MISSING each */
	BF_REC_HANG, /* recorded moves that leave the piece moved to be lost (PLAUSIBLE plies) */
	BF_REC_SIDE, /* pieces of the side that moved left to be lost (PLAUSIBLE_ALL plies) */
	BF_USED,     /* bridge moves whose piece is used again */
	BF_CAPTURE,  /* bridge moves that take (exchanges are what gets lost in time trouble) */
	BF_HANG,     /* bridge moves that leave their piece to be taken */
	BF_SIDE,     /* pieces of the side left to be lost after a bridge move */
	BF_REPLY,    /* bridge moves the other side's next move answers */
	BF_RETAKE,   /* a first move that takes the piece the other side has just moved */
	BF_ESCAPE,   /* a first move of the piece the other side's last move attacks */
	BF_NEAR,     /* a first move to or from a square next to where the other side's last move went */
	BF_PRIOR,    /* how natural the bridge's moves look (bridge_prior: higher is likelier) */
	BF_REST,     /* ... and the recorded moves, as they replay after it (before it too) */
	BF_THREAT,   /* the other side's pieces a bridge move leaves to be lost, less those before */
	BF_COUNT
};

/* The default weights of the features: a bridge's score is their sum weighed, lower first. The
 * prior's unit is 1/20 of a natural logarithm (a count of 40 weighs as much as two logarithms).
 * Learnt by tools/tune_bridge.py on sheets made from the GNU Chess book's games (both kinds of
 * tests/corpus/bridge_corpus.c, k = 1 and 2), not from the games the tests draw. */
extern const int bridge_default_weight[BF_COUNT];

/* Weights other than the defaults for rp's searches from now on (tools/tune_bridge.c); NULL:
 * the defaults. HAMLE_ENOMEM or HAMLE_OK. */
int replay_bridge_set_weights(hamle_replay *rp, const int *weight);

/* One recorded mainline move of the window. */
/* One recorded mainline move of the window. */
struct rec {
	size_t token;
	struct san_tok t;
	int lexed;               /* t holds the token (else it never replays) */
	long long first, last;   /* the plies its move number can stand for; first 0: no number */
};

struct cand {
	hamle_move m[HAMLE_BRIDGE_PLIES_MAX];
	unsigned n;
	int at;                  /* rec index of the recorded move it goes before */
	int reach;               /* rec index of the first recorded move that fails after it */
	int misfit;              /* move numbers that do not fit */
	int f[BF_COUNT];         /* its evidence */
	long long score;         /* the features weighed: lower first */
	uint64_t end;            /* the key of the position the record reaches after it */
	unsigned long order;
};

struct frame {
	struct hamle_position pos;
	hamle_move list[HAMLE_MAX_MOVES];
	int n, i;
};

struct bridge_work {
	struct rec rec[REC_MAX];
	int nrec, fail;          /* rec index of the move that cannot be played */
	int ends;                /* the window holds the mainline's last move */
	int numbered;            /* its move numbers do not all fit the record as written */
	long long ply0;          /* the ply rec[0] takes in the numbering (2 * number - white) */
	size_t count0;           /* mainline plies before rec[0] */
	const hamle_locale *loc; /* the game's */
	int gap;                 /* rec index of the last gap in the numbering, -1 none */
	int near;                /* rec index of the first of the WINDOW before the failing move */
	struct hamle_position before[GAP_MAX + 1]; /* the position before rec[i], i <= fail */
	hamle_move last[GAP_MAX + 1]; /* the move that led to it (HAMLE_MOVE_NULL: none known) */
	int pre[GAP_MAX + 2][BF_COUNT]; /* the evidence of the recorded moves before rec[i] (bridge.c) */
	int weight[BF_COUNT];    /* of the features */
	int weighted;            /* weight set by replay_bridge_set_weights */
	struct frame fr[HAMLE_BRIDGE_PLIES_MAX + 1];
	hamle_move path[HAMLE_BRIDGE_PLIES_MAX];
	uint8_t from[REC_MAX], to[REC_MAX]; /* the recorded moves replay_recs played (with cost) */
	int nmoved;
	uint64_t end;            /* the key of the position replay_recs reached */
	struct cand best[HAMLE_BRIDGES_MAX];
	int nbest;
	unsigned long order;
	uint64_t tt[1u << TT_BITS];
	uint64_t salt;           /* this search's (from 0 each game) */
	uint64_t gen;            /* the games searched */
};

/* bridge_score.c: the evidence beyond replay depth and numbers. */
/* What a piece is worth, by hamle_piece_type (the king: never to be lost). */
extern const int bridge_worth[6];
/* 1 when the piece that has just moved to sq in p (by the side not to move) stands to be lost:
 * taken by a cheaper piece, or attacked and not defended, for more than it took (gain). */
int bridge_left_en_prise(const struct hamle_position *p, int sq, int gain);
/* The pieces of the side that has just moved in p that stand to be lost. */
int bridge_side_en_prise(const struct hamle_position *p);
/* What says that the n moves m (from p0, reached by the other side's move last) are the moves
 * played, beyond the marks, added to f (BF_USED to BF_NEAR); from[] and to[] hold the squares
 * of the nrec recorded moves that replayed after them. */
void bridge_hints(const hamle_move *m, unsigned n, const struct hamle_position *p0, hamle_move last,
	const uint8_t *from, const uint8_t *to, int nrec, int *f);

/* How natural legal move m of p looks: how often players choose a move of its kind where it is
 * legal, in 1/20 of a natural logarithm (0 down to -255); higher is likelier. */
int bridge_prior(const struct hamle_position *p, hamle_move m);

/* bridge_report.c: the bridges w->best into rp->bridges, and the missing-moves finding beside
 * the error finding fi. */
void bridge_report(hamle_replay *rp, struct bridge_work *w, size_t fi);

#endif
