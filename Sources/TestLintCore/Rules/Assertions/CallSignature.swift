/// Which argument labels a call passes and which a declared function accepts, so that a call of
/// a check is matched to the declarations of its name that could take it (`missing_assertion`'s
/// checks declared outside the linted files, `UndeclaredCheck`).
///
/// `TS.assert(actual, equals: expected)`, a support module's check, is not the linted files'
/// `func assert(metrics: [Metric], day: Day) -> Bool`: a declaration whose labels cannot accept
/// the call's is no candidate, and the call counts as a check declared nowhere would. The run
/// keeps, beside a declared check's name, a key for each list of labels it accepts (`keys(of:)`):
/// every choice of its defaulted parameters left out, each with its last parameters of function
/// type written as trailing closures (the first unlabelled) or not, and a variadic parameter
/// given up to `maxVariadic` values. The lists are bounded (`maxKeys`; with more than
/// `maxDefaulted` defaulted parameters, at most two of them given): a call beyond them counts
/// as a check declared nowhere, a miss rather than a false error.
enum CallSignature {
  /// The most defaulted parameters whose every choice is listed (2^6 lists).
  static let maxDefaulted = 6
  /// The most values listed for a variadic parameter.
  static let maxVariadic = 6
  /// The most keys listed for one declaration.
  static let maxKeys = 512

  /// The key of the labels a call passes: its name, then each argument's label (`_` for none)
  /// and `{` for its first trailing closure, then the later closures' labels:
  /// `assert(_:equals:)`, `stress(level:{:)`.
  static func key(of call: Call) -> String {
    var labels = call.labels.map { $0 ?? "_" }
    for position in call.trailingClosures.indices {
      labels.append(position == 0 ? "{" : call.trailingClosures[position].label ?? "_")
    }
    return spelled(call.name, labels)
  }

  /// Whether no function of the run that could take the call is declared
  /// (`HelperNames.declaresNone`): none of its name, or none whose labels accept the call's.
  /// The two answers are one call's (`HelperNames.beginCall`): it counts when either is yes.
  /// A name that starts with a capital is matched by the name alone: it makes a type as often
  /// as not (`MockAppCheck()`, `CheckForEventsProcedure(operations:)`), whose initializers'
  /// labels the run does not list.
  static func declaresNoneAccepting(_ call: Call, in helpers: HelperNames) -> Bool {
    guard !AssertionMatcher.startsUppercase(call.name) else { return helpers.declaresNone(call.name) }
    return helpers.declaresNone(call.name) || helpers.declaresNone(key(of: call))
  }

  /// Whether a declaration may take the call, matched in one pass over its parameters: each
  /// takes the next argument when the labels agree (an unlabelled first trailing closure goes
  /// to a parameter of function type), a defaulted one may be left out, and every argument
  /// must be taken. A variadic parameter is not read: the answer is then yes, as the call's
  /// earlier reading was.
  static func accepts(_ function: FunctionDecl, call: Call) -> Bool {
    accepts(function.parameters, arguments: call.arguments, closures: call.trailingClosures)
  }

  /// `accepts(_:call:)` of these parameters and a call's arguments and trailing closures, read
  /// in place.
  static func accepts(_ parameters: [Parameter], arguments: CallArguments, closures: CallTrailingClosures) -> Bool {
    let count = arguments.count + closures.count
    var next = 0
    for parameter in parameters {
      if parameter.type.hasSuffix("...") { return true }
      if next < count {
        let label: String?
        if next < arguments.count {
          label = arguments[next].label ?? "_"
        } else if next > arguments.count {
          label = closures[next - arguments.count].label ?? "_"
        } else {
          label = nil
        }
        let takes = label.map { $0 == (parameter.label ?? parameter.name) } ?? RuleText.contains(parameter.type, "->")
        if takes {
          next += 1
          continue
        }
      }
      if !parameter.hasDefault { return false }
    }
    return next == count
  }

  /// The keys of the label lists a declaration accepts (see the type's comment).
  static func keys(of function: FunctionDecl) -> [String] {
    let parameters = function.parameters
    let defaulted = parameters.indices.filter { parameters[$0].hasDefault }
    // Which defaulted parameters are given: every choice, or with many, at most two of them.
    var choices: [Set<Int>] = []
    if defaulted.count <= maxDefaulted {
      for mask in 0..<(1 << defaulted.count) {
        choices.append(Set(defaulted.indices.filter { mask & (1 << $0) != 0 }.map { defaulted[$0] }))
      }
    } else {
      choices.append(Set(defaulted))
      for first in defaulted.indices {
        choices.append([defaulted[first]])
        for second in defaulted.indices where second > first { choices.append([defaulted[first], defaulted[second]]) }
      }
      choices.append([])
    }
    var keys: Set<String> = []
    for given in choices {
      // Each kept parameter's labels: a variadic one's values after the first are unlabelled.
      var lists: [[String]] = [[]]
      var types: [[Bool]] = [[]]
      for (index, parameter) in parameters.enumerated() where !parameter.hasDefault || given.contains(index) {
        let label = parameter.label ?? parameter.name
        let isFunction = RuleText.contains(parameter.type, "->")
        guard parameter.type.hasSuffix("...") else {
          for list in lists.indices {
            lists[list].append(label)
            types[list].append(isFunction)
          }
          continue
        }
        var grown: [[String]] = []
        var grownTypes: [[Bool]] = []
        for list in lists.indices {
          for count in 0...maxVariadic where grown.count < maxKeys {
            grown.append(lists[list] + (count == 0 ? [] : [label] + Array(repeating: "_", count: count - 1)))
            grownTypes.append(types[list] + Array(repeating: false, count: count))
          }
        }
        lists = grown
        types = grownTypes
      }
      for (labels, isFunction) in zip(lists, types) where keys.count < maxKeys {
        keys.insert(spelled(function.name, labels))
        // The last `count` parameters, all of function type, as trailing closures.
        var count = 0
        while count < labels.count, isFunction[labels.count - 1 - count] {
          count += 1
          let first = labels.count - count
          keys.insert(spelled(function.name, Array(labels[..<first]) + ["{"] + labels[(first + 1)...]))
        }
      }
    }
    return keys.sorted()
  }

  /// `name(a:b:)`.
  private static func spelled(_ name: String, _ labels: [String]) -> String {
    var text = name + "("
    for label in labels { text += label + ":" }
    return text + ")"
  }
}
