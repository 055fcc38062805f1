/// Characters that must never reach a human-facing report as they are.
///
/// Controls, non-characters and bidirectional overrides either break the format (HTML treats
/// C0/C1 controls and non-characters as parse errors) or hide what the text says (a right-to-left
/// override reorders a message on screen, the "Trojan Source" trick). The HTML and Markdown
/// reporters write them as a visible `\u{X}` escape instead, as the text reporter does.
enum VisibleEscape {
  /// Whether `scalar` is written as `\u{X}` rather than as itself. Tab, LF and CR are not
  /// included: each format decides what a line break becomes.
  static func isNeeded(for scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return false
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x202A...0x202E, 0x2066...0x2069: return true
    case 0xFDD0...0xFDEF: return true
    default: return scalar.value & 0xFFFE == 0xFFFE
    }
  }

  /// `\u{1B}` for U+001B: uppercase hex, no padding.
  static func escape(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }
}
