import Operations
import ToastCore

/// Shell completion scripts for `xtoast`, rendered from `CommandTable`: commands, each
/// command's options, and the values of options that take one of a few words (kinds,
/// positions, styles, urgencies).
public enum Completions {
    /// For `share/bash-completion/completions/xtoast`.
    public static var bash: String {
        var lines = ["# bash completion for xtoast; generated from its command table by xtoast-generate.",
                     "_xtoast() {",
                     "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
                     "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
                     "        COMPREPLY=($(compgen -W '\(names) \(helpSpellings)' -- \"$cur\"))",
                     "        return",
                     "    fi",
                     "    case ${COMP_WORDS[1]} in"]
        for command in CommandTable.commands {
            lines.append("    \(command.name))")
            let valued = command.options.filter { $0.argument != nil }
            if !valued.isEmpty {
                lines.append("        case $prev in")
                for option in valued {
                    let reply = if !option.values.isEmpty {
                        "COMPREPLY=($(compgen -W '\(option.values.joined(separator: " "))' -- \"$cur\"))"
                    } else if option.takesFile {
                        "COMPREPLY=($(compgen -f -- \"$cur\"))"
                    } else {
                        "COMPREPLY=()"
                    }
                    lines.append("            \(option.spellings.joined(separator: "|"))) \(reply); return ;;")
                }
                lines.append("        esac")
            }
            let spellings = (command.options + [CommandTable.help]).flatMap(\.spellings).joined(separator: " ")
            if !command.words.isEmpty {
                lines.append("        [ \"$COMP_CWORD\" -eq 2 ] && [[ $cur != -* ]] && { COMPREPLY=($(compgen -W '\(command.words.joined(separator: " "))' -- \"$cur\")); return; }")
            }
            lines.append("        [[ $cur == -* ]] && COMPREPLY=($(compgen -W '\(spellings)' -- \"$cur\")) ;;")
        }
        lines += ["    help) COMPREPLY=($(compgen -W '\(names)' -- \"$cur\")) ;;",
                  "    esac",
                  "}",
                  "complete -F _xtoast xtoast"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// For `share/zsh/site-functions/_xtoast`.
    public static var zsh: String {
        var lines = ["#compdef xtoast",
                     "# zsh completion for xtoast; generated from its command table by xtoast-generate.",
                     "_xtoast() {",
                     "    local -a commands",
                     "    commands=("]
        for command in CommandTable.commands {
            lines.append("        \(quoted("\(command.name):\(command.summary)"))")
        }
        lines += ["    )",
                  "    if (( CURRENT == 2 )); then",
                  "        _describe -t commands command commands",
                  "        return",
                  "    fi",
                  "    local cmd=$words[2]",
                  "    shift words",
                  "    (( CURRENT-- ))",
                  "    case $cmd in"]
        for command in CommandTable.commands {
            lines.append("    \(command.name))")
            lines.append("        _arguments -s \\")
            for option in command.options + [CommandTable.help] {
                for spelling in option.spellings {
                    let repeatable = option.long == "action" ? "*" : ""
                    var spec = "\(repeatable)\(spelling)[\(zshDescription(option.summary))]"
                    if let argument = option.argument {
                        let action = if !option.values.isEmpty { "(\(option.values.joined(separator: " ")))" }
                            else if option.takesFile { "_files" } else { " " }
                        spec += ":\(argument.lowercased()):\(action)"
                    }
                    lines.append("            \(quoted(spec)) \\")
                }
            }
            lines.append(command.words.isEmpty ? "            '*:argument: ' ;;" : "            '1:argument:(\(command.words.joined(separator: " ")))' ;;")
        }
        lines += ["    help) _describe -t commands command commands ;;",
                  "    esac",
                  "}",
                  "_xtoast \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    /// For `share/fish/vendor_completions.d/xtoast.fish`.
    public static var fish: String {
        var lines = ["# fish completion for xtoast; generated from its command table by xtoast-generate.",
                     "complete -c xtoast -f"]
        for command in CommandTable.commands {
            lines.append("complete -c xtoast -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))")
        }
        for command in CommandTable.commands {
            let condition = quoted("__fish_seen_subcommand_from \(command.name)")
            for option in command.options + [CommandTable.help] {
                var line = "complete -c xtoast -n \(condition)"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.long)"
                if option.argument != nil {
                    line += option.takesFile ? " -r -F" : " -x"
                    if !option.values.isEmpty { line += " -a \(quoted(option.values.joined(separator: " ")))" }
                }
                lines.append(line + " -d \(quoted(option.summary))")
            }
            if !command.words.isEmpty {
                lines.append("complete -c xtoast -n \(condition) -a \(quoted(command.words.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Pieces

    private static var names: String { CommandTable.commands.map(\.name).joined(separator: " ") + " help" }
    private static var helpSpellings: String { CommandTable.help.spellings.joined(separator: " ") }

    /// Single-quoted for sh, zsh and fish: a quote inside becomes '\''.
    private static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// `_arguments` ends a description at `]` and reads `:` inside it literally only escaped.
    private static func zshDescription(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "[" || c == "]" || c == ":" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
