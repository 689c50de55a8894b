# bash completion for the hamle tools (hamle-validate, hamle-convert, hamle-move, hamle-perft,
# hamle-annotate, hamle-reconcile): installed as share/bash-completion/completions/hamle, with a
# link per tool name. The option names come from each tool's own --help (so they never drift);
# a tool that is not installed completes file names only. Values: the languages (built-in, and
# those installed next to the tool, in $XDG_DATA_HOME/hamle/locales and system-wide, each once),
# forms, formats and encodings the tools take.

_hamle_options()
{
	# every "--name" and "-x" at the start of an option line of `TOOL --help`
	local tool=$1 line word
	command -v "$tool" >/dev/null 2>&1 || return 0
	while IFS= read -r line; do
		case $line in
		"  -"* | "      --"*) ;; # an option's line; its wrapped help lines are indented further
		*) continue ;;
		esac
		for word in $line; do
			case $word in
			--*) word=${word%%=*}; printf '%s\n' "${word%,}" ;;
			-?,) printf '%s\n' "${word%,}" ;;
			-?) printf '%s\n' "$word" ;;
			*) break ;;
			esac
		done
	done < <(LC_ALL=C "$tool" --help 2>/dev/null)
}

_hamle_languages()
{
	# the built-in ones, then those installed (next to the tool, for the user, system-wide),
	# each once: a language both built in and installed is one language
	local tool=$1 d f bin seen=" " lang
	local -a dirs=("${XDG_DATA_HOME:-$HOME/.local/share}/hamle/locales")
	bin=$(command -v "$tool" 2>/dev/null) && dirs+=("${bin%/*}/../share/hamle/locales")
	dirs+=(/usr/share/hamle/locales /usr/local/share/hamle/locales)
	for lang in auto en tr de fr es it nl fan; do
		seen+="$lang "
		printf '%s\n' "$lang"
	done
	for d in "${dirs[@]}"; do
		for f in "$d"/*.yaml; do
			[ -e "$f" ] || continue
			lang=${f##*/}
			lang=${lang%.yaml}
			case $seen in *" $lang "*) continue ;; esac
			seen+="$lang "
			printf '%s\n' "$lang"
		done
	done
}

_hamle()
{
	local cur prev tool=${COMP_WORDS[0]} values= opt
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	# --name=value: complete the value of name (one word, or three when = breaks words)
	if [ "$prev" = "=" ] && ((COMP_CWORD > 1)); then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	elif [ "$cur" = "=" ] && ((COMP_CWORD > 0)); then
		cur=
	elif [[ $cur == --*=* ]]; then
		prev=${cur%%=*}
		cur=${cur#*=}
	fi
	case $prev in
	--from | --lang | -f | -l) values=$(_hamle_languages "$tool") ;;
	--to | -t)
		case ${tool##*/} in
		hamle-convert | hamle-reconcile) values="pgn fide san lan uci spoken fen epd json" ;;
		*) values="san fide lan uci spoken" ;;
		esac
		;;
	--format) values="text json" ;;
	--encoding) values="auto utf-8 cp1254 iso-8859-9 latin1 cp1252" ;;
	--output-encoding) values="utf-8 cp1254 iso-8859-9 latin1" ;;
	--repair) values="tr" ;;
	--on-error) values="keep skip fail" ;;
	--split-by) values="eco event date" ;;
	--unique) values="positions" ;;
	--locale-file | --output | -o | --duplicates | --tag-order)
		COMPREPLY=($(compgen -f -- "$cur"))
		return 0
		;;
	esac
	if [ -n "$values" ]; then
		COMPREPLY=($(compgen -W "$values" -- "$cur"))
		return 0
	fi
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_hamle_options "$tool")" -- "$cur"))
		return 0
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
	return 0
}

complete -o filenames -o bashdefault -F _hamle hamle-validate hamle-convert hamle-move hamle-perft hamle-annotate hamle-reconcile
