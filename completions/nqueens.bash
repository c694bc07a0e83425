# bash completion for nqueens and nqueens-mpi: commands, options and the
# values of the options that take a word from a list. The options of each
# command are read from its own `--help`, so that the completion follows
# the tool. Installed as share/bash-completion/completions/nqueens, and as
# .../nqueens-mpi where nqueens-mpi is built.

_nqueens_commands="solve count trace bench complete find verify status merge audit help"

# The long options a command's help lists ("" is `nqueens [N]` itself;
# nqueens-mpi's command is count):
# an option stands at the start of its line, a few spaces in; the lines
# that carry a description on are indented further.
_nqueens_options()
{
    local tool=$1 command=$2
    # shellcheck disable=SC2086
    "$tool" $command --help 2> /dev/null |
        sed -n 's/^ \{1,6\}\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'
}

# The long form of an option as the command's help pairs them ("-f" is
# "--format" for solve, "-m" is "--memory" for count); a long option is
# itself, and a word that is no option gives nothing.
_nqueens_long()
{
    local tool=$1 command=$2 option=$3
    case $option in
    --[a-z]*) echo "$option" ;;
    -[A-Za-z0-9])
        # shellcheck disable=SC2086
        "$tool" $command --help 2> /dev/null |
            sed -n "s/^ \{1,6\}$option, \(--[a-z][a-z0-9-]*\).*/\1/p" |
            head -n 1
        ;;
    esac
}

# The words a command's option (its long form) may take, or nothing (then
# files or free text). The formats are those each command accepts; the
# devices are the numbers that `count --list-devices` gives, the methods
# those that `bench --help` lists.
_nqueens_values()
{
    local command=$1 option=$2 tool=$3
    case $command:$option in
    count:--device) "$tool" count --list-devices 2> /dev/null | sed -n 's/^\([0-9]*\):.*/\1/p' ;;
    bench:--methods) "$tool" bench --help 2> /dev/null | sed -n '/^Methods:/,/^$/s/^  \([a-z][a-z0-9-]*\)  .*/\1/p' ;;
    solve:--format | complete:--format) echo "board vector json csv svg" ;;
    find:--format) echo "board vector json" ;;
    trace:--format) echo "text json html" ;;
    verify:--format) echo "vector json csv board matrix" ;;
    find:--method) echo "construct random search" ;;
    count:--engine) echo "auto join constellations gpu" ;;
    complete:--order) echo "lex fast" ;;
    complete:--input-format) echo "vector json csv board matrix" ;;
    complete:--exclude-diagonal) echo "sum: diff:" ;;
    *:--base) echo "0 1" ;;
    esac
}

# Whether a command's option (its long form) takes a file name.
_nqueens_file_option()
{
    case $1:$2 in
    *:--output | complete:--board | complete:--instance | count:--checkpoint | count:--census) return 0 ;;
    esac
    return 1
}

# Whether a command's option takes a list of values separated by commas
# (--methods arrays,mirror; --exclude-diagonal sum:5,diff:-3): the word
# after the last comma is completed.
_nqueens_list_option()
{
    case $1:$2 in
    bench:--methods | complete:--exclude-diagonal) return 0 ;;
    esac
    return 1
}

# The words from the start of the line to the cursor, split at blanks
# alone, into words, cword, cur and prev: bash splits COMP_WORDS at the
# characters of COMP_WORDBREAKS too, so that --format=json and sum:5 come
# in pieces. Without COMP_LINE, COMP_WORDS as they are.
_nqueens_words()
{
    if [ -n "${COMP_LINE+set}" ]; then
        local line=${COMP_LINE:0:${COMP_POINT:-${#COMP_LINE}}}
        read -ra words <<< "$line"
        if [[ ${#words[@]} -eq 0 || $line == *[[:blank:]] ]]; then
            words+=("")
        fi
    else
        words=("${COMP_WORDS[@]:0:COMP_CWORD+1}")
    fi
    cword=$((${#words[@]} - 1))
    cur=${words[cword]}
    prev=""
    [ "$cword" -gt 0 ] && prev=${words[cword - 1]}
}

# Readline replaces only the part of the word after its last break
# character (COMP_WORDBREAKS has ':' and '='): each reply loses what comes
# before it in `typed`, what the word holds up to the value.
_nqueens_trim_breaks()
{
    local typed=$1 i head=""
    if [[ $typed == *:* && $COMP_WORDBREAKS == *:* ]]; then
        head=${typed%"${typed##*:}"}
    fi
    for i in "${!COMPREPLY[@]}"; do
        COMPREPLY[i]=${COMPREPLY[i]#"$head"}
    done
}

# The values of `long` (an option of `command`) that start with `cur`:
# from the list of its values, the last item of a list option, or file
# names. A value that ends in ':' (sum:) wants its number after it, no
# space. Returns 1 where the option takes no such value.
_nqueens_complete_value()
{
    local tool=$1 command=$2 long=$3 cur=$4
    local values head="" item=$cur
    values=$(_nqueens_values "$command" "$long" "$tool")
    if [ -n "$values" ]; then
        if _nqueens_list_option "$command" "$long"; then
            item=${cur##*,}
            head=${cur%"$item"}
        fi
        mapfile -t COMPREPLY < <(compgen -P "$head" -W "$values" -- "$item")
        if [[ ${COMPREPLY[*]} == *: || ${COMPREPLY[*]} == *:\ * ]]; then
            compopt -o nospace 2> /dev/null
        fi
        _nqueens_trim_breaks "$cur"
        return 0
    fi
    if _nqueens_file_option "$command" "$long"; then
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        _nqueens_trim_breaks "$cur"
        return 0
    fi
    return 1
}

# The options of `command` and their values, for the word `cur` after
# `prev`; --opt=value is an option and its value in one word. Returns 1
# where neither is asked for (then the command's own words).
_nqueens_complete_options()
{
    local tool=$1 command=$2 cur=$3 prev=$4 help_of=$2 long
    if [[ $cur == --*=* ]]; then
        long=$(_nqueens_long "$tool" "$command" "${cur%%=*}")
        [ -n "$long" ] && _nqueens_complete_value "$tool" "$command" "$long" "${cur#*=}"
        # Without '=' among the break characters the word is replaced whole.
        if [[ $COMP_WORDBREAKS != *=* && ${#COMPREPLY[@]} -gt 0 ]]; then
            mapfile -t COMPREPLY < <(printf '%s\n' "${COMPREPLY[@]}" | sed "s/^/${cur%%=*}=/")
        fi
        return 0
    fi
    long=$(_nqueens_long "$tool" "$command" "$prev")
    if [ -n "$long" ] && _nqueens_complete_value "$tool" "$command" "$long" "$cur"; then
        return 0
    fi
    if [[ $cur == -* ]]; then
        [ "$command" = help ] && help_of=""
        mapfile -t COMPREPLY < <(compgen -W "$(_nqueens_options "$tool" "$help_of")" -- "$cur")
        return 0
    fi
    return 1
}

_nqueens()
{
    local cur prev words cword
    COMPREPLY=()
    _nqueens_words
    local tool=${words[0]} command="" i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
        -*) ;;
        *)
            case " $_nqueens_commands " in
            *" ${words[i]} "*) command=${words[i]} ;;
            esac
            break
            ;;
        esac
    done

    _nqueens_complete_options "$tool" "$command" "$cur" "$prev" && return
    case $command in
    "") mapfile -t COMPREPLY < <(compgen -W "$_nqueens_commands" -- "$cur") ;;
    help) mapfile -t COMPREPLY < <(compgen -W "${_nqueens_commands% help}" -- "$cur") ;;
    verify | status | merge | audit) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    esac
}
complete -F _nqueens nqueens

# nqueens-mpi count [OPTIONS] N (run under mpirun): the options of its own
# help, with the values they take as those of `nqueens count`.
_nqueens_mpi()
{
    local cur prev words cword
    COMPREPLY=()
    _nqueens_words
    if [ "$cword" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "count --help --version" -- "$cur")
        return
    fi
    [ "${words[1]}" = count ] || return
    _nqueens_complete_options "${words[0]}" count "$cur" "$prev"
}
complete -F _nqueens_mpi nqueens-mpi
