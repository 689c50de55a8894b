/* input.h: the inputs of a tool, one after the other.
 *
 * Operands are files, directories or "-". No operand at all means stdin. Stdin is named "<stdin>".
 * A directory is walked recursively (an explicit stack, no recursion) and yields its regular files
 * whose names end in ".pgn" or ".txt" (ASCII case-insensitively: .PGN too), in byte-wise sorted
 * order of their names at every level, so output is deterministic. A .txt file met in a walk is
 * read only when it holds games (sniff.h: a move number followed by a move in its first 50
 * lines); one that does not (a LICENSE.txt) is skipped, named in a note (-v) and counted for the
 * summary line (hamle_inputs_summary). Symbolic links to directories met inside a walk are not
 * followed (no cycles), links to files are; a link to a directory, and a wanted name linked to
 * nothing, are said in a note (-v). A file named explicitly is read whatever its name and
 * content. A name that cannot be opened (or a directory that cannot be read) is
 * reported on the hamle_msg at once ("prog: x.pgn: No such file or directory"), counted, and
 * skipped: the other inputs still run, and the tool exits 2 at the end (hamle_inputs_failed).
 *
 * Compressed files and archives: every input (stdin too) is told by its first bytes (magic.h),
 * whatever its name. A gzip, bzip2, xz or zstd file is read decompressed under its own name; a
 * zip or tar archive (compressed or not) yields its .pgn and .txt members one after the other,
 * in archive order, each named "archive.zip:dir/member.pgn" (unpack.h). A member that cannot be
 * read (not text, a path with "..", cut short, over --max-member-bytes or --max-ratio) is
 * reported as an error of that member ("prog: a.zip:x.pgn: not read: ..."), counted as failed,
 * and the next member is read. A walk also takes *.pgn.gz, .pgn.bz2, .pgn.xz, .pgn.zst, *.zip,
 * *.tar, *.tar.gz (and .bz2, .xz, .zst) and *.tgz. Nothing is ever written to disk.
 *
 *   hamle_inputs *in;  FILE *f;  const char *name;
 *   if (hamle_inputs_new(&in, operands, n, &msg) < 0) -> out of memory
 *   while (hamle_inputs_next(in, &f, &name) > 0) {
 *       hamle_reader_new(&r, ...); hamle_inputs_attach(in, r, name); read r to its end ...
 *   }
 *   if (hamle_inputs_failed(in)) status = HAMLE_EXIT_ERROR;
 *   hamle_inputs_summary(in, messages);   (with the tool's other summary lines)
 *   hamle_inputs_free(in);
 */
#ifndef HAMLE_CLI_INPUT_H
#define HAMLE_CLI_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <hamle/locale.h>
#include <hamle/pgn.h>

#include "msg.h"
#include "unpack.h"

typedef struct hamle_inputs hamle_inputs;

/* operands: n strings (copied), usually the operands collected from hamle_opt_next.
 * msg is borrowed and must outlive the iterator. 0 or -1 (out of memory). */
int hamle_inputs_new(hamle_inputs **out, const char *const *operands, size_t n, const hamle_msg *msg);

/* When stdin is a terminal: says once on msg that the tool reads it ("reading standard input
 * (Ctrl-D ends it)", unless -q), so that a tool started with no operand does not wait in silence.
 * hamle_inputs_new calls it for n == 0; a tool that reads stdin lines itself calls it before. */
void hamle_input_stdin_notice(const hamle_msg *msg);

/* The limits of compressed members (--max-member-bytes, --max-ratio; limits.h); copied. Before
 * the first hamle_inputs_next. */
void hamle_inputs_set_limits(hamle_inputs *in, const hamle_unpack_limits *lim);

/* Opens the next input. Returns 1 with *f (opened "rb"; owned by the iterator, closed by the next
 * call or by free; stdin is never closed; for a member, the archive's file, which is not to be
 * read: use hamle_inputs_attach) and *name (valid until the next call), 0 when there are no
 * more, -1 when out of memory. */
int hamle_inputs_next(hamle_inputs *in, FILE **f, const char **name);

/* Makes the current input the input of reader r (source: its name in findings): its decompressed
 * bytes, and for a plain input its bytes from the first, the ones read to tell its kind
 * included. The one way to read an input, so that every tool sees the same bytes. The
 * hamle_reader_set_input_* result. */
int hamle_inputs_attach(hamle_inputs *in, hamle_reader *r, const char *source);

/* Whether a regular file (not stdin, not compressed, not empty, of min_size bytes at least) is
 * read from a mapping of it instead of a stream (off by default): its bytes are then not copied,
 * the reader's chunks stay valid until the next hamle_inputs_next, the pages ahead of the reader
 * are mapped a few MiB at a time (MADV_POPULATE_READ), and the pages both the reader and the tool
 * are done with (hamle_inputs_keep) are given back as they go on (memory stays flat). Before the
 * first hamle_inputs_next. */
void hamle_inputs_set_map(hamle_inputs *in, bool on, size_t min_size);

/* The tool still needs the mapped input's bytes from offset on (the chunks it holds; SIZE_MAX:
 * none, the default): pages before both that and where the reader is are given back. Nothing for
 * a stream. */
void hamle_inputs_keep(hamle_inputs *in, size_t offset);

/* The current input's mapping (*len its bytes) when hamle_inputs_attach gave the reader one, else
 * NULL: a chunk in it stays valid until the next hamle_inputs_next. */
const unsigned char *hamle_inputs_map(const hamle_inputs *in, size_t *len);

/* fn(ctx) is called before the inputs print a message (an input that cannot be opened, a member
 * skipped...): a tool whose games' messages may still be in flight writes them out first, so
 * that stderr keeps the inputs' order whatever -j is. */
void hamle_inputs_set_before_message(hamle_inputs *in, void (*fn)(void *), void *ctx);

/* True when the current input is decompressed (a compressed file or an archive's member), so
 * that it is not a file that can be rewritten in place. */
bool hamle_inputs_packed(const hamle_inputs *in);

/* Number of operands or directory entries that could not be opened or read so far. */
size_t hamle_inputs_failed(const hamle_inputs *in);

/* Number of .txt files of a walk skipped so far because they hold no moves. */
size_t hamle_inputs_skipped(const hamle_inputs *in);

/* The summary line of the skipped .txt files, "prog: 2 files skipped: no moves" (message
 * file_skipped_no_moves or files_skipped_no_moves of messages; NULL: English), on the msg's
 * stream; nothing when none was skipped or under -q. */
void hamle_inputs_summary(const hamle_inputs *in, const hamle_locale *messages);

/* True when name is one a walk takes: *.pgn, *.txt, *.pgn.{gz,bz2,xz,zst}, *.zip, *.tar,
 * *.tar.{gz,bz2,xz,zst}, *.tgz (ASCII, any case). */
int hamle_input_wanted_name(const char *name);

void hamle_inputs_free(hamle_inputs *in);

#endif
