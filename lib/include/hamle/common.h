/* hamle/common.h: export macro, status codes and the error record shared by every module. */
#ifndef HAMLE_COMMON_H
#define HAMLE_COMMON_H

#include <stddef.h>
#include <stdint.h>

#if defined(HAMLE_BUILDING)
#define HAMLE_EXTERN __attribute__((visibility("default")))
#else
#define HAMLE_EXTERN
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. 0 is success; HAMLE_ITEROVER ends an iteration; negatives are failures.
 * Only failures a caller is expected to tell apart get a name of their own. */
typedef enum {
	HAMLE_OK = 0,
	HAMLE_ITEROVER = 1,
	HAMLE_ERROR = -1,     /* generic failure */
	HAMLE_ENOMEM = -2,    /* out of memory */
	HAMLE_EIO = -3,       /* reading or writing failed */
	HAMLE_ELIMIT = -4,    /* an input limit was exceeded ("limit") */
	HAMLE_EBADFEN = -5,   /* malformed or impossible position ("bad-fen") */
	HAMLE_EENCODING = -6, /* undecodable input ("encoding") */
	HAMLE_ELOCALE = -7,   /* malformed locale file */
	HAMLE_EUSAGE = -8,    /* invalid argument from the caller */
	HAMLE_ESYNTAX = -10,  /* token is not a move ("syntax") */
	HAMLE_EILLEGAL = -11, /* no legal move fits ("illegal-move") */
	HAMLE_EAMBIGUOUS = -12 /* several legal moves fit ("ambiguous-move") */
} hamle_status;

#define HAMLE_ERROR_TOKEN_MAX 48
#define HAMLE_ERROR_MESSAGE_MAX 256

/* An error with its location. Every position is 1-based; 0 means "not applicable". */
typedef struct hamle_error {
	int code;                              /* a hamle_status */
	const char *source;                    /* input name, e.g. "<stdin>"; borrowed */
	size_t game;                           /* game index in the source */
	size_t line, column;                   /* column counts characters (code points) */
	size_t offset;                         /* byte offset of the token in the input */
	unsigned ply;                          /* half-move along its line, 0 outside movetext */
	char token[HAMLE_ERROR_TOKEN_MAX];     /* offending token, truncated at a character boundary;
	                                        * its blanks and line ends written as one space */
	char message[HAMLE_ERROR_MESSAGE_MAX]; /* English text, no prefix, no newline */
} hamle_error;

/* Stable identifier of a status: "syntax", "illegal-move", "ambiguous-move", "bad-fen",
 * "limit", "encoding", ... Static text. */
HAMLE_EXTERN const char *hamle_status_id(int code);

/* Clears an error record (NULL-safe). */
HAMLE_EXTERN void hamle_error_clear(hamle_error *err);

/* Library version, "MAJOR.MINOR.PATCH". */
HAMLE_EXTERN const char *hamle_version(void);

#ifdef __cplusplus
}
#endif
#endif
