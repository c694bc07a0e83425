# bash completion for nqueens: commands, options and the values of the
# options that take a word from a list. The options of each command are
# read from its own `--help`, so that the completion follows the tool.
# Installed as share/bash-completion/completions/nqueens.

_nqueens_commands="solve count trace bench complete find verify status merge audit help"

# The long options a command's help lists ("" is `nqueens [N]` itself):
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
# devices are the numbers that `count --list-devices` gives.
_nqueens_values()
{
    local command=$1 option=$2 tool=$3
    case $command:$option in
    count:--device) "$tool" count --list-devices 2> /dev/null | sed -n 's/^\([0-9]*\):.*/\1/p' ;;
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
    *:--output | complete:--board | complete:--instance | count:--checkpoint) return 0 ;;
    esac
    return 1
}

_nqueens()
{
    local cur prev words cword
    if declare -F _init_completion > /dev/null; then
        _init_completion || return
    else
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi
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

    local long values
    long=$(_nqueens_long "$tool" "$command" "$prev")
    if [ -n "$long" ]; then
        values=$(_nqueens_values "$command" "$long" "$tool")
        if [ -n "$values" ]; then
            mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
            return
        fi
        if _nqueens_file_option "$command" "$long"; then
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return
        fi
    fi
    if [[ $cur == -* ]]; then
        local help_of=$command
        [ "$command" = help ] && help_of=""
        mapfile -t COMPREPLY < <(compgen -W "$(_nqueens_options "$tool" "$help_of")" -- "$cur")
        return
    fi
    case $command in
    "") mapfile -t COMPREPLY < <(compgen -W "$_nqueens_commands" -- "$cur") ;;
    help) mapfile -t COMPREPLY < <(compgen -W "${_nqueens_commands% help}" -- "$cur") ;;
    verify | status | merge | audit) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    esac
}
complete -F _nqueens nqueens
