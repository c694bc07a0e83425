# bash completion for nqueens: commands, options and the values of the
# options that take a word from a list. The options of each command are
# read from its own `--help`, so that the completion follows the tool.
# Installed as share/bash-completion/completions/nqueens.

_nqueens_commands="solve count trace bench complete find verify status help"

# The long options a command's help lists ("" is `nqueens [N]` itself).
_nqueens_options()
{
    local tool=$1 command=$2
    # shellcheck disable=SC2086
    "$tool" $command --help 2> /dev/null |
        sed -n 's/^ \{1,\}\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p'
}

# The words an option's value may be, or nothing (then files or free text).
_nqueens_values()
{
    local command=$1 option=$2
    case $command:$option in
    trace:--format) echo "text json html" ;;
    verify:--format) echo "vector json csv board matrix" ;;
    *:--format | *:-f) echo "board vector json csv svg" ;;
    *:--method | find:-m) echo "construct random search" ;;
    *:--engine) echo "auto join constellations" ;;
    *:--order) echo "lex fast" ;;
    *:--base) echo "0 1" ;;
    esac
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

    local values
    values=$(_nqueens_values "$command" "$prev")
    if [ -n "$values" ]; then
        mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
        return
    fi
    case $prev in
    -o | --output | -b | --board | --checkpoint)
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return
        ;;
    esac
    if [[ $cur == -* ]]; then
        local help_of=$command
        [ "$command" = help ] && help_of=""
        mapfile -t COMPREPLY < <(compgen -W "$(_nqueens_options "$tool" "$help_of")" -- "$cur")
        return
    fi
    case $command in
    "") mapfile -t COMPREPLY < <(compgen -W "$_nqueens_commands" -- "$cur") ;;
    help) mapfile -t COMPREPLY < <(compgen -W "${_nqueens_commands% help}" -- "$cur") ;;
    verify | status) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    esac
}
complete -F _nqueens nqueens
