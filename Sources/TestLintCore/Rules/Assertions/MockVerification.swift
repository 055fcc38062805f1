/// The verification calls of the mocking libraries Swift teams use, each active only in a file
/// that imports its library: `verify(mock).fetch()` (Cuckoo, Smockable, SwiftMock,
/// Mockable), `verify(mock.fetch())
/// .wasCalled()` (Mockingbird), `Verify(mock, .fetch())` (SwiftyMocky), `then(mock).fetch()
/// .called()` (MockSwift), `mock.verify()` and `double.mock.verify()` (InstantMock), and a
/// presentation spy's `alertVerifier.verify(title: ...)` (ViewControllerPresentationSpy). Each fails the test when the mock was not called as stated,
/// so it is an assertion.
///
/// The names are generic (`verify`, `then`): without the library's import they are someone
/// else's functions and do not count.
enum MockVerification {
  /// One library: the modules that bring it in and its verifying calls.
  struct Library: Sendable {
    /// Module names an `import` may name (`import Cuckoo`, `@testable import Cuckoo`).
    let modules: [String]
    /// Free functions that verify by themselves (`verifyNoMoreInteractions(mock)`).
    let functions: [String]
    /// Free functions that verify with the call chained to their result
    /// (`verify(mock).fetch()`): alone (`verify(mock)`) they check nothing.
    let chainHeads: [String]
    /// Methods that verify, whatever their receiver (SwiftyMocky's generated
    /// `mock.verify(.fetch())`).
    let methods: [String]
    /// The member a chain must reach to verify (`.wasCalled()`, `.called(.once)`); empty when
    /// the chained call verifies by itself (Cuckoo's `verify(mock).fetch()`).
    var chainEnds: [String] = []
  }

  /// The libraries known, with the APIs their own sources declare (see the rule's page).
  static let libraries: [Library] = [
    // Brightify/Cuckoo, Source/CuckooFunctions.swift and OCMock/ObjectiveVerify.swift:
    // `verify(mock, times(2)).save(any())`, `verifyNoMoreInteractions(mock)`,
    // `objcVerify(mock.call())`.
    Library(
      modules: ["Cuckoo"], functions: ["verifyNoMoreInteractions", "objcVerify"],
      chainHeads: ["verify"], methods: []),
    // birdrides/mockingbird, docs' Verification page: `verify(mock.fly()).wasCalled()`,
    // `.wasNeverCalled()`, `.wasCalled(exactly(2))`, also inside `inOrder { }` and
    // `eventually { }`.
    Library(
      modules: ["Mockingbird"], functions: [], chainHeads: ["verify"], methods: [],
      chainEnds: ["wasCalled", "wasNeverCalled"]),
    // MakeAWishFoundation/SwiftyMocky, Sources/Shared/Mock+Assertions.swift and the mock
    // template: `Verify(mock, .fetch())`, `Verify(mock, 2, .fetch())`,
    // `mock.verify(.fetch(), count: 2)`, `MockyAssert(condition)`.
    Library(
      modules: ["SwiftyMocky", "SwiftyPrototype"], functions: ["Verify", "MockyAssert"],
      chainHeads: [], methods: ["verify"]),
    // Kolos65/Mockable, Sources/Mockable/Utils/Utils.swift and README:
    // `verify(service).fetch(for: .any).called(.once)`; `MockableTest` before 0.1.
    Library(
      modules: ["Mockable", "MockableTest"], functions: [], chainHeads: ["verify"], methods: [],
      chainEnds: ["called", "getCalled", "setCalled", "calledEventually"]),
    // Smockable (`@Smock` protocols), its tests and README: `verify(mock).fetch(id: .any)`,
    // `verify(mock, times: 2).save(...)`, `verify(mock, .never).delete(...)`,
    // `verifyNoInteractions(mock)`.
    Library(
      modules: ["Smockable"], functions: ["verifyNoInteractions"], chainHeads: ["verify"],
      methods: []),
    // MetalheadSanya/swift-mock (`@Mock` protocols), Sources/SwiftMock/Functions.swift and its
    // Verifying article: `verify(mock).fetch()`, `verify(mock, times: atLeast(2)).fetch()`.
    Library(modules: ["SwiftMock"], functions: [], chainHeads: ["verify"], methods: []),
    // leoture/MockSwift, README: `then(service).fetch(of: .any()).called(times: 1)`.
    Library(
      modules: ["MockSwift"], functions: [], chainHeads: ["then"], methods: [], chainEnds: ["called"]),
    // jonreid/ViewControllerPresentationSpy, README: a verifier made before the test acts,
    // `alertVerifier.verify(title:message:animated:actions:...)`,
    // `presentationVerifier.verify(animated:presentingViewController:)`,
    // `dismissalVerifier.verify(animated:dismissedViewController:)`: each fails the test when the
    // alert, presentation or dismissal differs from the one stated.
    Library(
      modules: ["ViewControllerPresentationSpy"], functions: [], chainHeads: [], methods: ["verify"]),
    // InstantMock, README: a double holding (or exposing through a property) a `Mock`,
    // `mock.expect().call(mock.fetch(Arg.any()))` to arm it, then `mock.verify()` (also
    // `double.mock.verify()`), which fails the test when an armed call did not happen.
    Library(modules: ["InstantMock"], functions: [], chainHeads: [], methods: ["verify"]),
  ]

  /// Every name some library verifies with: most calls are told apart by their first byte and
  /// length, before the file's imports are read.
  private static let names = NameFilter(
    exact: libraries.flatMap { $0.functions + $0.chainHeads + $0.methods })

  /// Whether a call's name may be a library's verification (cheap; `verifies` decides).
  static func mayMatch(_ name: String) -> Bool { names.mayMatch(name) }

  /// Whether a name is one some library verifies with (`verify`, `Verify`, `then`, ...),
  /// whatever the file imports.
  static func isLibraryName(_ name: String) -> Bool { libraryNames.contains(name) }

  private static let libraryNames = Set(libraries.flatMap { $0.functions + $0.chainHeads + $0.methods })

  /// Whether the call verifies through a mocking library the file imports. For a call that is
  /// neither a macro nor an implicit member.
  static func verifies(_ call: Call, in model: FileModel) -> Bool {
    let name = call.name
    let isFree = call.path.count == 1 && !call.hasExpressionBase
    if !isFree, name == "verify", isGeneratedMockVerify(call, in: model) { return true }
    for library in libraries where imports(library, model) {
      if isFree, library.functions.contains(name) { return true }
      if isFree, library.chainHeads.contains(name), isChained(call, in: model),
        library.chainEnds.isEmpty || chainReaches(library.chainEnds, from: call, in: model)
      {
        return true
      }
      if !isFree, library.methods.contains(name) { return true }
    }
    return false
  }

  /// Whether a `verify` method has the shape of SwiftyMocky's generated mocks,
  /// `mock.verify(.fetch(id: .any), count: .once)`: a first argument that is an implicit
  /// member and a `count:` argument. Such mocks are generated into the team's own module
  /// (`import AppMocks`), so the file need not import SwiftyMocky; the shape alone says it.
  private static func isGeneratedMockVerify(_ call: Call, in model: FileModel) -> Bool {
    let arguments = call.arguments
    guard let first = arguments.first, first.label == nil, first.value.count >= 2,
      model.tokens[first.value.lowerBound].kind == .dot,
      model.tokens[first.value.lowerBound + 1].kind == .identifier
    else { return false }
    return arguments.contains { $0.label == "count" }
  }

  /// Whether the file imports one of the library's modules (`import Cuckoo`,
  /// `import class Cuckoo.CallMatcher`).
  private static func imports(_ library: Library, _ model: FileModel) -> Bool {
    model.imports.contains { declaration in
      let module = declaration.module.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
      return library.modules.contains(module)
    }
  }

  /// Whether the chain that follows the call (`.returning(Bool.self).wasCalled(once)`) names
  /// one of `ends`: before it, the chain only says what to verify. One pass over the chain's
  /// tokens, its arguments skipped by counting brackets.
  private static func chainReaches(_ ends: [String], from call: Call, in model: FileModel) -> Bool {
    guard var cursor = call.parentheses?.upperBound else { return false }
    let tokens = model.tokens
    while cursor + 1 < tokens.count, tokens[cursor].kind == .dot, tokens[cursor + 1].kind == .identifier {
      if ends.contains(model.text(cursor + 1)) { return true }
      cursor += 2
      // The member's arguments and trailing closures, if any.
      while cursor < tokens.count, tokens[cursor].kind == .leftParen || tokens[cursor].kind == .leftBrace {
        var depth = 0
        repeat {
          switch tokens[cursor].kind {
          case .leftParen, .leftBrace, .leftBracket: depth += 1
          case .rightParen, .rightBrace, .rightBracket: depth -= 1
          default: break
          }
          cursor += 1
        } while depth > 0 && cursor < tokens.count
      }
    }
    return false
  }

  /// Whether a member is read from the call's result (`verify(mock).fetch()`,
  /// `verify(mock)\n  .fetch()`): the token after its closing parenthesis is a `.`.
  private static func isChained(_ call: Call, in model: FileModel) -> Bool {
    guard let parentheses = call.parentheses, parentheses.upperBound < model.tokens.count else {
      return false
    }
    return model.tokens[parentheses.upperBound].kind == .dot
  }
}
