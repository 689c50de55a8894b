/* filter_parse.c: compiling a --where expression (grammar in hamle/filter.h) without recursion: a
 * shunting-yard pass turns conditions, '!', '&&', '||' and parentheses into postfix code, then
 * one pass over the code marks where the left operand of each '&&' and '||' ends, so that
 * evaluation can skip the right operand once the left one decides. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "pgn/filter_internal.h"

static int is_tag_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static int is_letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Characters (code points) in s[0..n). */
static size_t count_chars(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			c++;
	return c;
}

static int bad(hamle_error *err, const char *expr, size_t at, const char *msg)
{
	if (err) {
		hamle_error_set(err, HAMLE_EUSAGE, "%s", msg);
		hamle_error_set_token(err, expr, strlen(expr));
		err->offset = at;
		err->column = count_chars(expr, at) + 1;
		err->line = 1;
	}
	return HAMLE_EUSAGE;
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);
	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

/* Where a value ends: the end, a blank, ')', "&&" or "||". */
static int ends_value(const char *s)
{
	return *s == '\0' || is_blank(*s) || *s == ')' || (s[0] == '&' && s[1] == '&') ||
		(s[0] == '|' && s[1] == '|');
}

/* The length of a bare value at s: up to "&&" or "||", a ')' that closes no '(' of the value, or
 * the end (a regular expression's escaped characters \x skipped). */
static size_t bare_length(const char *s, int regex)
{
	int depth = 0;
	size_t i = 0;
	for (; s[i]; i++) {
		if (regex && s[i] == '\\' && s[i + 1]) {
			i++;
			continue;
		}
		if ((s[i] == '&' && s[i + 1] == '&') || (s[i] == '|' && s[i + 1] == '|'))
			break;
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && depth-- == 0)
			break;
	}
	return i;
}

/* The '/' that closes the regular expression opened at open: the first one, not escaped nor in a
 * character class, that is followed by letters (the flags) and the end of the value; failing
 * that the last '/' (as a lone expression was always read); NULL when there is none. */
static const char *regex_close(const char *open)
{
	int cls = 0;
	for (const char *q = open + 1; *q; q++) {
		if (*q == '\\' && q[1]) {
			q++;
		} else if (cls) {
			cls = *q != ']';
		} else if (*q == '[') {
			cls = 1;
			if (q[1] == '^')
				q++;
			if (q[1] == ']')
				q++;
		} else if (*q == '/') {
			const char *t = q + 1;
			while (is_letter(*t))
				t++;
			if (ends_value(t))
				return q;
		}
	}
	const char *last = strrchr(open + 1, '/');
	return last;
}

/* The ways a game ends on the board that Ends names. */
static int ends_known(const char *v, size_t n)
{
	static const char *const known[] = { "checkmate", "stalemate", "dead", "fivefold", "seventyfive",
		"flagfall" };
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strlen(known[i]) == n && memcmp(known[i], v, n) == 0)
			return 1;
	return 0;
}

typedef struct builder {
	const char *expr;
	filter_prog *p;
	size_t capconds;
	hamle_error *err;
} builder;

static int emit(builder *b, int op, size_t cond, size_t at)
{
	if (b->p->ncode == FILTER_MAX_CODE)
		return bad(b->err, b->expr, at, "expression too long (more than 256 conditions and operators)");
	filter_ins *i = &b->p->code[b->p->ncode++];
	i->op = (uint8_t)op;
	i->cond = (uint16_t)cond;
	i->jump = 0;
	return 0;
}

static int compile_regex(builder *b, filter_cond *c, const char *pat, size_t plen, uint32_t opts)
{
	int ec = 0;
	PCRE2_SIZE eo = 0;
	c->re = pcre2_compile((PCRE2_SPTR)pat, plen, opts | PCRE2_UTF | PCRE2_UCP, &ec, &eo, NULL);
	if (c->re)
		return 0;
	if (ec == PCRE2_ERROR_NOMEMORY)
		return HAMLE_ENOMEM;
	PCRE2_UCHAR msg[200];
	if (pcre2_get_error_message(ec, msg, sizeof(msg)) < 0)
		strcpy((char *)msg, "invalid regular expression");
	return bad(b->err, b->expr, (size_t)(pat - b->expr) + eo, (const char *)msg);
}

/* The operand of < <= > >= for c's kind, or a usage error at its place. */
static int check_operand(builder *b, const filter_cond *c, const char *op, size_t at)
{
	char msg[200];
	if (c->field == FFIELD_PLAYER) {
		snprintf(msg, sizeof(msg), "Player takes =, !=, ~ or !~, not '%s' (names have no order)", op);
		return bad(b->err, b->expr, at, msg);
	}
	if (hamle_filter_operand_ok(c->kind, c->text))
		return 0;
	if (c->kind == FKIND_DATE)
		snprintf(msg, sizeof(msg), "'%s' on a date wants YYYY, YYYY.MM or YYYY.MM.DD", op);
	else if (c->kind == FKIND_RESULT)
		snprintf(msg, sizeof(msg), "'%s' on Result wants 1-0, 1/2-1/2 or 0-1", op);
	else
		snprintf(msg, sizeof(msg), "'%s' wants a number (as 2700 or -1.5)", op);
	return bad(b->err, b->expr, at, msg);
}

static const struct {
	const char *text;
	int op;
} ops[] = {
	{ "!=", FOP_NE }, { "!~", FOP_NOMATCH }, { "<=", FOP_LE }, { ">=", FOP_GE },
	{ "=", FOP_EQ }, { "~", FOP_MATCH }, { "<", FOP_LT }, { ">", FOP_GT },
};

/* The derived fields (a derived field shadows a tag of its name). */
static const struct {
	const char *name;
	int field;
} fields[] = {
	{ "Player", FFIELD_PLAYER }, { "Elo", FFIELD_ELO }, { "Plies", FFIELD_PLIES }, { "Final", FFIELD_FINAL },
	{ "Ends", FFIELD_ENDS }, { "Position", FFIELD_POSITION }, { "Material", FFIELD_MATERIAL },
	{ "Hash", FFIELD_HASH }, { "Moves", FFIELD_MOVES }, { "Has", FFIELD_HAS }, { "ComputedECO", FFIELD_ECO },
};

/* The operators a field from FFIELD_POSITION on takes. */
static int field_takes(int field, int op)
{
	if (field == FFIELD_MOVES || field == FFIELD_ECO)
		return op < FOP_LT;
	return op == FOP_EQ || op == FOP_NE;
}

static const char *field_ops(int field)
{
	if (field == FFIELD_MOVES)
		return "~ (starts with), = (is), !~ or !=";
	if (field == FFIELD_ECO)
		return "=, !=, ~ or !~";
	return "= or !=";
}

static void cond_free(filter_cond *c)
{
	free(c->tag);
	free(c->text);
	pcre2_code_free(c->re);
	free(c->board);
	free(c->material);
	free(c->moves);
}

/* The value of Material, Hash or Moves read into c (nothing for other fields). */
static int read_mainline_value(builder *b, filter_cond *c, const char *v, size_t vlen)
{
	size_t at = 0;
	const char *why = NULL;
	char buf[120];
	int rc = 0;
	if (c->field == FFIELD_MATERIAL) {
		if (!(c->material = malloc(sizeof(*c->material))))
			return HAMLE_ENOMEM;
		rc = hamle_filter_material_read(c->material, v, vlen, &at, &why);
	} else if (c->field == FFIELD_HASH) {
		rc = hamle_filter_hash_read(&c->hash, v, vlen, &at, &why);
	} else if (c->field == FFIELD_MOVES) {
		rc = hamle_filter_moves_read(&c->moves, &c->nmoves, v, vlen, &at, &why, buf, sizeof(buf));
	}
	if (rc == HAMLE_EUSAGE) {
		cond_free(c);
		return bad(b->err, b->expr, (size_t)(v - b->expr) + at, why);
	}
	if (rc < 0)
		cond_free(c);
	return rc;
}

/* One condition FIELD OP VALUE at *pos; *pos moves past it. */
static int parse_cond(builder *b, size_t *pos)
{
	const char *expr = b->expr, *s = expr + *pos;
	size_t n = 0;
	while (is_tag_char(s[n]))
		n++;
	filter_cond c;
	memset(&c, 0, sizeof(c));
	c.field = FFIELD_TAG;
	c.kind = FKIND_NUMBER;
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (strlen(fields[i].name) == n && memcmp(s, fields[i].name, n) == 0)
			c.field = fields[i].field;
	if (n == 9 && memcmp(s, "PositionI", 9) == 0) /* Position, either colour */
		c.field = FFIELD_POSITION, c.either = 1;
	if (c.field == FFIELD_TAG && n == 6 && memcmp(s, "Result", 6) == 0)
		c.kind = FKIND_RESULT;
	else if (c.field == FFIELD_TAG && n >= 4 && memcmp(s + n - 4, "Date", 4) == 0)
		c.kind = FKIND_DATE;
	const char *p = s + n;
	while (is_blank(*p))
		p++;
	size_t k = 0;
	while (k < sizeof(ops) / sizeof(ops[0]) && strncmp(p, ops[k].text, strlen(ops[k].text)) != 0)
		k++;
	if (k == sizeof(ops) / sizeof(ops[0]))
		return bad(b->err, expr, (size_t)(p - expr),
			"expected '=', '!=', '~', '!~', '<', '<=', '>' or '>=' after the tag name");
	c.op = ops[k].op;
	const char *optext = ops[k].text;
	if (c.field == FFIELD_ENDS && c.op >= FOP_LT)
		return bad(b->err, expr, (size_t)(p - expr), "Ends takes =, !=, ~ or !~ (ends have no order)");
	if (c.field == FFIELD_FINAL && c.op != FOP_EQ && c.op != FOP_NE) {
		char msg[120];
		snprintf(msg, sizeof(msg), "Final takes = or != (and a board pattern), not '%s'", optext);
		return bad(b->err, expr, (size_t)(p - expr), msg);
	}
	if (c.field >= FFIELD_POSITION && !field_takes(c.field, c.op)) {
		char msg[160];
		snprintf(msg, sizeof(msg), "%.*s takes %s, not '%s'", (int)n, s, field_ops(c.field), optext);
		return bad(b->err, expr, (size_t)(p - expr), msg);
	}
	p += strlen(optext);
	while (is_blank(*p))
		p++;
	const char *v = p, *after;
	size_t vlen;
	uint32_t flags = 0;
	int regex = (c.op == FOP_MATCH || c.op == FOP_NOMATCH) && c.field != FFIELD_MOVES;
	if (*p == '\'' || *p == '"') {
		const char *close = strchr(p + 1, *p);
		if (!close)
			return bad(b->err, expr, (size_t)(p - expr),
				*p == '"' ? "quote \" without its closing \"" : "quote ' without its closing '");
		v = p + 1;
		vlen = (size_t)(close - v);
		after = close + 1;
	} else if (regex && *p == '/') {
		const char *close = regex_close(p);
		if (!close)
			return bad(b->err, expr, (size_t)(p - expr), "regular expression '/' without its closing '/'");
		v = p + 1;
		vlen = (size_t)(close - v);
		for (after = close + 1; is_letter(*after); after++) {
			switch (*after) {
			case 'i': flags |= PCRE2_CASELESS; break;
			case 'x': flags |= PCRE2_EXTENDED; break;
			case 's': flags |= PCRE2_DOTALL; break;
			case 'm': flags |= PCRE2_MULTILINE; break;
			default: {
				char msg[80];
				snprintf(msg, sizeof(msg), "unknown regular expression flag '%c' (known: i x s m)", *after);
				return bad(b->err, expr, (size_t)(after - expr), msg);
			}
			}
		}
	} else {
		/* a number, a date, a result, a board, a signature, a key, a word: up to a blank */
		if (c.op >= FOP_LT || c.field == FFIELD_FINAL || (c.field >= FFIELD_POSITION && c.field <= FFIELD_HASH) ||
		    c.field == FFIELD_HAS)
			for (vlen = 0; !ends_value(p + vlen); vlen++)
				;
		else
			vlen = bare_length(p, regex);
		after = p + vlen;
		while (vlen > 0 && is_blank(v[vlen - 1]))
			vlen--;
	}
	if (!regex && c.op >= FOP_LT && vlen == 0)
		return bad(b->err, expr, (size_t)(v - expr), "expected a value after the operator");
	if (c.field == FFIELD_ENDS && !regex && !ends_known(v, vlen))
		return bad(b->err, expr, (size_t)(v - expr), "Ends is checkmate, stalemate, dead, fivefold, seventyfive or flagfall");
	if (c.field == FFIELD_FINAL || c.field == FFIELD_POSITION) {
		size_t at = 0;
		const char *why = NULL;
		for (size_t i = 0; i < vlen; i++)
			if (is_blank(v[i]))
				vlen = i; /* a whole FEN: its board */
		if (!hamle_filter_board_pattern_ok(v, vlen, &at, &why))
			return bad(b->err, expr, (size_t)(v - expr) + at, why);
	}
	if (c.field == FFIELD_HAS && hamle_filter_has_read(&c.has, v, vlen) < 0)
		return bad(b->err, expr, (size_t)(v - expr), "Has is threefold, fifty, fivefold or seventyfive");
	int rc = read_mainline_value(b, &c, v, vlen);
	if (rc < 0)
		return rc;
	if (b->p->nconds == b->capconds) {
		size_t cap = b->capconds ? b->capconds * 2 : 4;
		filter_cond *nv = realloc(b->p->conds, cap * sizeof(*nv));
		if (!nv) {
			cond_free(&c);
			return HAMLE_ENOMEM;
		}
		b->p->conds = nv;
		b->capconds = cap;
	}
	if (c.field == FFIELD_TAG && !(c.tag = dup_n(s, n)))
		rc = HAMLE_ENOMEM;
	else if (regex) {
		rc = compile_regex(b, &c, v, vlen, flags);
	} else if (!(c.text = dup_n(v, vlen))) {
		rc = HAMLE_ENOMEM;
	} else if (c.field == FFIELD_POSITION) {
		char *inv = c.either ? malloc(vlen + 1) : NULL;
		if (!(c.board = malloc((c.either ? 2 : 1) * sizeof(*c.board))) || (c.either && !inv)) {
			rc = HAMLE_ENOMEM;
		} else {
			hamle_filter_board_compile(c.board, c.text);
			if (inv) {
				hamle_filter_board_invert(inv, c.text, vlen);
				hamle_filter_board_compile(c.board + 1, inv);
			}
		}
		free(inv);
	} else if (c.op >= FOP_LT) {
		if (c.field == FFIELD_ELO)
			c.kind = FKIND_NUMBER;
		rc = check_operand(b, &c, optext, (size_t)(v - expr));
	}
	if (rc == 0)
		rc = emit(b, FI_COND, b->p->nconds, (size_t)(s - expr));
	if (rc < 0) {
		cond_free(&c);
		return rc;
	}
	b->p->conds[b->p->nconds++] = c;
	*pos = (size_t)(after - expr);
	return 0;
}

void hamle_filter_prog_free(filter_prog *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nconds; i++)
		cond_free(&p->conds[i]);
	free(p->conds);
	free(p->code);
	free(p->expr);
	memset(p, 0, sizeof(*p));
}

enum { S_LPAREN, S_NOT, S_AND, S_OR };

static int precedence(int s)
{
	return s == S_NOT ? 3 : s == S_AND ? 2 : s == S_OR ? 1 : 0;
}

static int emit_stacked(builder *b, int s, size_t at)
{
	return emit(b, s == S_NOT ? FI_NOT : s == S_AND ? FI_AND : FI_OR, 0, at);
}

/* Marks, for each binary operator, the instruction that ends its left operand (the root of the
 * subtree just before its right operand). */
static void mark_jumps(filter_prog *p)
{
	uint16_t roots[FILTER_MAX_CODE];
	size_t n = 0;
	for (size_t i = 0; i < p->ncode; i++) {
		filter_ins *in = &p->code[i];
		if (in->op == FI_AND || in->op == FI_OR) {
			n--; /* the right operand */
			p->code[roots[n - 1]].jump = (uint16_t)i;
			roots[n - 1] = (uint16_t)i;
		} else if (in->op == FI_NOT) {
			roots[n - 1] = (uint16_t)i;
		} else {
			roots[n++] = (uint16_t)i;
		}
	}
}

static int parse(builder *b)
{
	const char *expr = b->expr;
	struct {
		uint8_t op;
		size_t at;
	} stack[FILTER_MAX_CODE];
	size_t sp = 0, pos = 0;
	int rc;
	for (;;) {
		/* an operand: '(' or '!' (stacked), then a condition */
		for (;;) {
			while (is_blank(expr[pos]))
				pos++;
			if (expr[pos] != '(' && !(expr[pos] == '!' && expr[pos + 1] != '=' && expr[pos + 1] != '~'))
				break;
			if (sp == FILTER_MAX_CODE)
				return bad(b->err, expr, pos, "expression nested too deeply (more than 256 levels)");
			stack[sp].op = expr[pos] == '(' ? S_LPAREN : S_NOT;
			stack[sp++].at = pos++;
		}
		if (!is_tag_char(expr[pos]))
			return bad(b->err, expr, pos,
				"expected a tag name (letters, digits, '_'), '(' or '!', as in White~/Kasparov/i");
		if ((rc = parse_cond(b, &pos)) < 0)
			return rc;
		/* then ')'s, and '&&', '||' or the end */
		for (;;) {
			while (is_blank(expr[pos]))
				pos++;
			if (expr[pos] != ')')
				break;
			while (sp > 0 && stack[sp - 1].op != S_LPAREN)
				if ((rc = emit_stacked(b, stack[--sp].op, pos)) < 0)
					return rc;
			if (sp == 0)
				return bad(b->err, expr, pos, "')' without its '('");
			sp--;
			pos++;
		}
		int op;
		if (expr[pos] == '&' && expr[pos + 1] == '&')
			op = S_AND;
		else if (expr[pos] == '|' && expr[pos + 1] == '|')
			op = S_OR;
		else if (expr[pos] == '\0')
			break;
		else
			return bad(b->err, expr, pos, "expected '&&', '||', ')' or the end of the expression");
		while (sp > 0 && precedence(stack[sp - 1].op) >= precedence(op))
			if ((rc = emit_stacked(b, stack[--sp].op, pos)) < 0)
				return rc;
		stack[sp].op = (uint8_t)op;
		stack[sp++].at = pos;
		pos += 2;
	}
	while (sp > 0) {
		sp--;
		if (stack[sp].op == S_LPAREN)
			return bad(b->err, expr, stack[sp].at, "'(' without its ')'");
		if ((rc = emit_stacked(b, stack[sp].op, pos)) < 0)
			return rc;
	}
	mark_jumps(b->p);
	return 0;
}

int hamle_filter_prog_parse(filter_prog *p, const char *expr, hamle_error *err)
{
	memset(p, 0, sizeof(*p));
	p->code = malloc(FILTER_MAX_CODE * sizeof(*p->code));
	p->expr = dup_n(expr, strlen(expr));
	if (!p->code || !p->expr) {
		hamle_filter_prog_free(p);
		return HAMLE_ENOMEM;
	}
	builder b = { expr, p, 0, err };
	int rc = parse(&b);
	if (rc < 0)
		hamle_filter_prog_free(p);
	return rc;
}
