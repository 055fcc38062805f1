/// Turns a run's result into the bytes of one output format. Pure: no I/O, no state.
public protocol Reporter: Sendable {
  /// The name used with `--reporter NAME`.
  static var name: String { get }
  /// Renders the whole report.
  func render(_ result: LintResult) -> String
}
