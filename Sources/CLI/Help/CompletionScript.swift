import NinepipeHost

/// The shell scripts `ninepipe completions SHELL` prints. Each is a thin wrapper that asks
/// `ninepipe __complete INDEX WORD...` (see ``Completer``) for candidates, so commands, options,
/// steps and parameters (plugins loaded with `--plugin` on the line too) always match the binary.
///
/// The answer's first line is the word being completed as the completer read it (quotes
/// removed, `--opt=value` joined); the rest are candidates for that whole word, or
/// ``Completer/filesMarker`` for file names. Each script cuts the candidates down to the part its
/// shell replaces.
enum CompletionScript {
    /// A shell with a completion script.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    static let bash = #"""
        # bash completion for ninepipe: source <(ninepipe completions bash)
        _ninepipe() {
            local IFS=$'\n' cur="$2"
            local -a answer
            answer=($(command "${COMP_WORDS[0]}" __complete "$((COMP_CWORD - 1))" "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
            COMPREPLY=()
            [[ ${#answer[@]} -ge 2 ]] || return 0
            if [[ "${answer[1]}" == __files__ ]]; then
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen -f -- "$cur"))
                return 0
            fi
            # bash replaces only "$cur" (after an opening quote or an '='): cut what comes before it.
            local typed="${answer[0]}" candidate
            local cut=$(( ${#typed} - ${#cur} ))
            (( cut < 0 )) && cut=0
            for candidate in "${answer[@]:1}"; do COMPREPLY+=("${candidate:cut}"); done
            if [[ ${#COMPREPLY[@]} -eq 1 && "${COMP_WORDS[COMP_CWORD]}" == [\'\"]* ]]; then
                # Inside -e '…' readline would close the quote after a single match; a second
                # spelling with a space keeps it open so the pipeline can go on.
                COMPREPLY+=("${COMPREPLY[0]} ")
                compopt -o nospace 2>/dev/null
            elif [[ ${#COMPREPLY[@]} -eq 1 && "${COMPREPLY[0]}" == *= ]]; then
                compopt -o nospace 2>/dev/null
            fi
            return 0
        }
        complete -F _ninepipe ninepipe
        """#

    static let zsh = #"""
        #compdef ninepipe
        # zsh completion for ninepipe: ninepipe completions zsh > "${fpath[1]}/_ninepipe" (then compinit)
        _ninepipe() {
            local -a answer candidates
            answer=("${(@f)$(command ${words[1]} __complete $((CURRENT - 2)) "${(@)words[2,CURRENT]}" 2>/dev/null)}")
            (( ${#answer} >= 2 )) || return 1
            if [[ "${answer[2]}" == __files__ ]]; then
                [[ $PREFIX == --*=* ]] && compset -P '*='
                _files
                return
            fi
            # zsh replaces $PREFIX (the word without an opening quote): cut what comes before it.
            local typed="${answer[1]}"
            local cut=$(( ${#typed} - ${#PREFIX} ))
            (( cut < 0 )) && cut=0
            local candidate
            for candidate in "${(@)answer[2,-1]}"; do candidates+=("${candidate[cut+1,-1]}"); done
            if [[ ${#candidates} -eq 1 && -n $compstate[quote] ]]; then
                # Inside -e '…' zsh would close the quote after a single match; a second spelling
                # with a space keeps it open so the pipeline can go on.
                compadd -Q -S '' -- "${candidates[1]}" "${candidates[1]} "
            elif [[ ${#candidates} -eq 1 && "${candidates[1]}" == *= ]]; then
                compadd -Q -S '' -- "${candidates[@]}"
            else
                compadd -Q -- "${candidates[@]}"
            fi
        }
        if [[ "${funcstack[1]}" == _ninepipe ]]; then _ninepipe "$@"; else compdef _ninepipe ninepipe; fi
        """#

    static let fish = #"""
        # fish completion for ninepipe: ninepipe completions fish > ~/.config/fish/completions/ninepipe.fish
        function __ninepipe_complete
            set -l words (commandline -opc)
            set -l current (commandline -ct)
            set -l answer (command $words[1] __complete (math (count $words) - 1) $words[2..-1] $current 2>/dev/null)
            test (count $answer) -ge 2; or return
            if test "$answer[2]" = __files__
                if string match -q -- '--*=*' $current
                    set -l parts (string split -m 1 = -- $current)
                    for path in (__fish_complete_path $parts[2])
                        printf '%s=%s\n' $parts[1] $path
                    end
                else
                    __fish_complete_path $current
                end
                return
            end
            # fish takes candidates for the token's unquoted text and quotes them itself.
            printf '%s\n' $answer[2..-1]
        end
        complete -c ninepipe -f -a '(__ninepipe_complete)'
        """#
}
