/// The `--help` text.
enum Help {
  static let text = """
    testlint \(ToolInfo.version): lint Swift test files (XCTest, Swift Testing, Quick/Nimble)
    against your team's test conventions.

    USAGE
      testlint [lint] [OPTIONS] [PATHS...]   lint files and folders (default: .)
      testlint inventory [OPTIONS] [PATHS...] list every test found, as JSON
      testlint rules [ID]                    list the rules, or print one rule's page
      testlint baseline prune FILE [PATHS...] drop what no longer occurs from a baseline
      testlint version                       print the version
      testlint lsp                           run the language server on standard input and
                                             output (for editors; see the README)

    OPTIONS
      --config FILE           use FILE instead of the nearest .lint.yml
      --reporter NAME[:FILE]  text (default), json, junit, sarif, github, gitlab,
                              checkstyle, markdown or html; to FILE instead of standard
                              output; repeat for several reports in one run
      --strict                warnings fail the run too (exit code 1)
      --quiet, -q             no summary on standard error
      --only-rule ID          run only this rule (repeatable)
      --threads N, -j N       worker threads (default: the number of cores)
      --stdin-path PATH       lint standard input as if it were the file at PATH
      --write-baseline FILE   record the current findings in FILE
      --baseline FILE         report only findings not recorded in FILE
      --baseline-strict       fail when baselined findings no longer occur
      --changed-since REV     report only findings on lines changed since REV (git)
      --changed-files-only    with --changed-since: whole changed files
      --shard K/N             lint the K-th of N deterministic slices of the files
      --max-warnings N        fail when there are more than N warnings
      --report-limit N        the html report lists at most N findings (default 5000)
      --absolute-paths        print absolute paths (for Xcode and other tools)
      --fix                   apply safe fixes, then report what is left
      --fix --dry-run         print the fixes as a unified diff, write nothing
      --help, -h              this text

    EXIT CODES
      0  no finding at error severity (no finding at all with --strict)
      1  findings at error severity (or any finding with --strict)
      2  usage, configuration or I/O error; the other files are still linted

    """
}
