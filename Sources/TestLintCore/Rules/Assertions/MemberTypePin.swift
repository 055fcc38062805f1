/// A discarded metatype that pins a member type of another type to a type named otherwise
/// (`missing_assertion`, set 44): `let _: Crate<Parcel>.Contents.Type = Boxed<Parcel>.self`.
/// The statement compiles only while the member type (an associated type a generic type picks,
/// a nested type alias) is the type on the right, so the test target stops building when it
/// changes: a compile-time check of type equality, read as `ConformanceCoercion` reads its
/// coercions (the test's only statements).
///
/// Only a dotted path on the left (`Outer.Member`, through a generic type's arguments or not),
/// whose last name differs from the last name on the right. Not the same type on both sides
/// (`let _: Shipping.Label.Type = Shipping.Label.self` only names a type, an existence smoke
/// test as set 43 judged it), nor a plain type on the left (`let _: Container.Type =
/// Crate.self`), nor the same last name (`Shipping.Label` and `Label`: most often one type
/// spelled twice), nor a value that is not a type's name (`type(of: value)`).
enum MemberTypePin {
  /// Whether the tokens from `let _`'s `_` to the statement's end are `_: A.B.Type = C.self`
  /// of the shape above.
  static func pins(_ range: Range<Int>, in model: FileModel) -> Bool {
    let tokens = model.tokens
    guard range.count > 7, tokens[range.lowerBound + 1].kind == .colon,
      let equals = (range.lowerBound + 2..<range.upperBound).first(where: { model.token($0, is: "=") }),
      equals - 2 > range.lowerBound + 2, tokens[equals - 2].kind == .dot, model.text(equals - 1) == "Type",
      range.upperBound - 2 > equals + 1, tokens[range.upperBound - 2].kind == .dot,
      tokens[range.upperBound - 1].keyword == .self,
      let pinned = typePath(range.lowerBound + 2..<equals - 2, in: model), pinned.count >= 2,
      let named = typePath(equals + 1..<range.upperBound - 2, in: model),
      let member = pinned.last, let other = named.last
    else { return false }
    return member != other && AssertionMatcher.startsUppercase(member) && AssertionMatcher.startsUppercase(other)
  }

  /// The names of a type's dotted path outside its generic arguments (`Crate<Parcel>.Contents`
  /// is `Crate`, `Contents`), or nil when the tokens hold anything but names, dots and generic
  /// arguments (names, dots and commas between `<` and `>`).
  private static func typePath(_ range: Range<Int>, in model: FileModel) -> [String]? {
    let tokens = model.tokens
    var names: [String] = []
    var depth = 0
    var expectsName = true
    for index in range {
      switch tokens[index].kind {
      case .identifier:
        guard tokens[index].keyword == .none || tokens[index].keyword == .Self else { return nil }
        if depth == 0 {
          guard expectsName else { return nil }
          names.append(model.text(index))
          expectsName = false
        }
      case .dot:
        if depth == 0 {
          guard !expectsName else { return nil }
          expectsName = true
        }
      case .comma:
        guard depth > 0 else { return nil }
      case .operator:
        let text = model.text(index)
        guard text.allSatisfy({ $0 == "<" || $0 == ">" }) else { return nil }
        for character in text {
          depth += character == "<" ? 1 : -1
          guard depth >= 0 else { return nil }
        }
      default:
        return nil
      }
    }
    return depth == 0 && !expectsName ? names : nil
  }
}
