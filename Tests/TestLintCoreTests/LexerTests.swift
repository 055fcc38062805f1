import TestLintCore
import XCTest

/// The lexer: every literal form is one token and hides the code inside it from the scanner;
/// positions, flags, broken input and deep nesting.
final class LexerTests: XCTestCase {
  // MARK: Comments

  /// A file with more tokens than the room first made for them (a token per 4 bytes) keeps
  /// every one, in order, with its place and flags.
  func test_denseFile_keepsEveryToken() {
    for count in [1, 3, 40, 5_000] {
      let text = String(repeating: "a,\n", count: count) + "// end\n"
      let lexed = Lexer.lex(SourceFile(path: "a.swift", text: text))
      XCTAssertEqual(lexed.tokens.count, 2 * count, "\(count)")
      XCTAssertEqual(lexed.comments.count, 1)
      for (position, token) in lexed.tokens.enumerated() {
        XCTAssertEqual(token.kind, position % 2 == 0 ? .identifier : .comma, "\(count) \(position)")
        XCTAssertEqual(Int(token.start), position / 2 * 3 + position % 2)
        XCTAssertEqual(token.isAtLineStart, position > 0 && position % 2 == 0)
      }
    }
  }

  func test_lineComment_hidesCode() {
    assertHidesCode("// } func leaked() { call() } class Leaked {")
  }

  func test_lineComment_isOneComment() {
    let lexed = lex("a // b c\nd")
    XCTAssertEqual(texts(lexed), ["a", "d"])
    XCTAssertEqual(commentTexts(lexed), ["// b c"])
  }

  func test_blockComment_hidesCode() {
    assertHidesCode("/* } func leaked() { call() } class Leaked { */")
  }

  func test_nestedBlockComment_hidesCode() {
    assertHidesCode("/* outer /* inner */ } func leaked() { call() } class Leaked { */")
  }

  func test_nestedBlockComment_isOneComment() {
    let lexed = lex("a /* 1 /* 2 /* 3 */ */ still */ b")
    XCTAssertEqual(texts(lexed), ["a", "b"])
    XCTAssertEqual(commentTexts(lexed), ["/* 1 /* 2 /* 3 */ */ still */"])
    XCTAssertEqual(lexed.file.problems, [])
  }

  func test_multiLineBlockComment_setsNewlineFlag() throws {
    let lexed = lex("a /* x\ny */ b")
    let last = try XCTUnwrap(lexed.file.tokens.last)
    XCTAssertTrue(last.isAtLineStart, "a line break inside a comment still separates lines")
    XCTAssertTrue(last.hasSpaceBefore, "a comment counts as whitespace")
  }

  // MARK: Strings

  func test_stringWithEscapedQuote_isOneToken() {
    assertSingleToken(#""a \" } func leaked() { \\" + "#, .string, text: #""a \" } func leaked() { \\""#)
  }

  func test_stringWithEscapedQuote_hidesCode() {
    assertHidesCode(#"let value = "\" } func leaked() { call() } class Leaked { \"""#)
  }

  func test_multiLineString_isOneToken() {
    let literal = #"""
      """
      a "quoted" word, two "" quotes, \""" escaped
      } func leaked() { call() }
      """
      """#
    assertSingleToken(literal, .string)
  }

  func test_multiLineString_hidesCode() {
    assertHidesCode(#"""
      let value = """
        "" " } func leaked() { call() } class Leaked {
        """
      """#)
  }

  func test_rawString_isOneToken() {
    assertSingleToken(##"#"a "quoted" \(notInterpolation) \"#"##, .string)
  }

  func test_rawStringWithHashQuote_isOneToken() {
    assertSingleToken(###"##"a "# still inside "#) \( "##"###, .string)
  }

  func test_rawStringHoldingOneQuote_isOneLineString() {
    // `#"""#` holds `"` and `#""""#` holds `""`: one-line literals, as swiftc reads them.
    assertSingleToken(##"#"""#"##, .string)
    assertSingleToken(##"#""""#"##, .string)
    assertSingleToken(###"##"""x"#"##"###, .string)
  }

  func test_rawStringsHoldingQuotes_leaveTheCodeAfterThemVisible() {
    let text = ##"""
      func quote() { check(q, #"""#) }
      func quotes() { check(q, #""""#) }
      func after() { visible() }
      """##
    let model = Scanner.scan(SourceFile(path: "test.swift", text: text))
    XCTAssertEqual(model.problems, [])
    XCTAssertEqual(model.functions.map(\.name), ["quote", "quotes", "after"])
    XCTAssertEqual(model.calls.map(\.name), ["check", "check", "visible"])
  }

  func test_rawMultiLineStringWithQuoteLaterOnItsLine_staysMultiLine() {
    // `#"""` then a line break opens a multi-line literal, quotes inside it or not.
    assertSingleToken("""
      #\"\"\"
      a \"quote\" }
      \"\"\"#
      """, .string)
  }

  func test_rawString_hidesCode() {
    assertHidesCode(###"let value = ##"x"# } func leaked() { call() } class Leaked { "##"###)
  }

  func test_rawMultiLineString_isOneToken() {
    let literal = ####"""
      ##"""
      """ still inside
      """# still inside \(no) \#(no)
      """##
      """####
    assertSingleToken(literal, .string)
  }

  func test_rawMultiLineString_hidesCode() {
    assertHidesCode(####"""
      let value = ##"""
        """# } func leaked() { call() } class Leaked {
        """##
      """####)
  }

  // MARK: Interpolation

  func test_interpolationWithNestedParentheses_isOneToken() {
    assertSingleToken(#""a \(f((1), (g(2))) + (3)) b""#, .string)
  }

  func test_interpolationWithNestedStrings_isOneToken() {
    assertSingleToken(#""\("inner \(deeper) )" + ")") tail""#, .string)
  }

  func test_interpolationWithClosure_isOneToken() {
    assertSingleToken(#""\({ $0 }(1)) and \({ (x: Int) -> Int in x }(2))""#, .string)
  }

  func test_interpolationWithComment_isOneToken() {
    assertSingleToken(#""\(a /* ) " */ + b)""#, .string)
  }

  func test_interpolation_hidesCode() {
    assertHidesCode(#"let value = "\("}" + ")") } func leaked() { call() } class Leaked {""#)
  }

  func test_multiLineInterpolation_isOneToken() {
    let literal = #"""
      """
      \(items.map { item in
        "\(item) \"quoted\""
      }.joined(separator: ")"))
      """
      """#
    assertSingleToken(literal, .string)
  }

  func test_rawInterpolation_isOneToken() {
    assertSingleToken(###"#"a \#(x + "\"#") b"#"###, .string)
  }

  func test_rawInterpolationWithParenthesisString_isOneToken() {
    assertSingleToken(###"#"\#(f(")"))"#"###, .string)
  }

  // MARK: Regex literals

  func test_extendedRegex_isOneToken() {
    assertSingleToken("#/a+/#", .regex)
    assertSingleToken("##/a/#b+/##", .regex)
  }

  func test_multiLineExtendedRegex_isOneToken() {
    assertSingleToken("#/\n  a+ # } func leaked() {\n  b\n/#", .regex)
  }

  func test_extendedRegex_hidesCode() {
    assertHidesCode("let value = #/ } func leaked() { call() } class Leaked { /#")
  }

  func test_bareRegexAfterEquals_isRegex() {
    XCTAssertEqual(kinds(lex("let r = /[a-z]+/")), [.identifier, .identifier, .operator, .regex])
  }

  func test_bareRegexInExpressionPositions_isRegex() {
    XCTAssertEqual(regexTexts(lex("f(/a/, /b+/)")), ["/a/", "/b+/"])
    XCTAssertEqual(regexTexts(lex("return /[a-z]+/")), ["/[a-z]+/"])
    XCTAssertEqual(regexTexts(lex("x.wholeMatch(of: /[\\/]\\d/)")), ["/[\\/]\\d/"])
  }

  func test_slashBeforeUnbalancedParenthesis_isPrefixOperator() {
    // The case-path style: `/Action.loaded` is a prefix operator applied to a member, even when
    // a later `/` on the line could close a regex (swiftc: an unbalanced `)` means no regex).
    let lexed = lex("XCTAssertTrue(a.contains { /Action.loaded ~= $0 }); let half = width/2")
    XCTAssertEqual(regexTexts(lexed), [])
    XCTAssertEqual(texts(lexed).filter { $0 == "}" || $0 == "/" }, ["/", "}", "/"])
    XCTAssertEqual(regexTexts(lex("f(a.compactMap(/Action.loaded), b.compactMap(/Action.failed))")), [])
  }

  func test_slashWithBalancedParentheses_isRegex() {
    XCTAssertEqual(regexTexts(lex("let r = /(a|b)+/; f((/x(y)/))")), ["/(a|b)+/", "/x(y)/"])
    XCTAssertEqual(regexTexts(lex("let r = /[)]x/")), ["/[)]x/"])
  }

  func test_slashInCharacterClass_closesRegex() {
    // As in swiftc, the first unescaped `/` ends the literal even inside `[...]`.
    XCTAssertEqual(regexTexts(lex("let r = /[/]/")), ["/[/"])
  }

  func test_slashClosingIntoComment_isNotRegex() {
    XCTAssertEqual(regexTexts(lex("let r = f(/x/* note */)")), [])
    XCTAssertEqual(regexTexts(lex("let r = [/x//note")), [])
  }

  func test_bareRegex_hidesCode() {
    assertHidesCode("let value = /} func leaked() { call() } class Leaked {/")
  }

  func test_slashInPrefixPosition_isRegexWhateverPrecedesIt() {
    // swiftc: a `/` with whitespace before it and none after may open a regex whatever the
    // token before it, here a string ending the line before (a result builder of patterns).
    let lexed = lex("let r = Regex {\n  \"/// \"\n  /[^\\n]*? { \\n/\n}\nfunc after() {}")
    XCTAssertEqual(regexTexts(lexed), ["/[^\\n]*? { \\n/"])
    XCTAssertEqual(texts(lexed).filter { $0 == "{" || $0 == "}" }, ["{", "}", "{", "}"])
    XCTAssertEqual(regexTexts(lex("f() /x/")), ["/x/"])
    XCTAssertEqual(regexTexts(lex("let q = total/count/2")), [])
  }

  func test_divisionWithSpaces_isNotRegex() {
    let lexed = lex("let q = a / b / c")
    XCTAssertEqual(regexTexts(lexed), [])
    XCTAssertEqual(texts(lexed), ["let", "q", "=", "a", "/", "b", "/", "c"])
  }

  func test_divisionWithoutSpaces_isNotRegex() {
    XCTAssertEqual(texts(lex("let h = x/2/y")), ["let", "h", "=", "x", "/", "2", "/", "y"])
    XCTAssertEqual(texts(lex("f(a)/2 + b[0]/c")), ["f", "(", "a", ")", "/", "2", "+", "b", "[", "0", "]", "/", "c"])
  }

  // MARK: Identifiers, directives, attributes

  func test_backtickedKeyword_isIdentifier() throws {
    let lexed = lex("let `class` = 1")
    XCTAssertEqual(kinds(lexed), [.identifier, .backtickIdentifier, .operator, .number])
    XCTAssertEqual(lexed.file.tokens[1].keyword, .none)
    XCTAssertEqual(texts(lexed)[1], "`class`")
  }

  func test_backtickedSentence_isOneToken() {
    assertSingleToken("`test something works`", .backtickIdentifier)
  }

  func test_keywords_areRecognised() {
    let lexed = lex("class func init deinit Self self classy")
    XCTAssertEqual(
      lexed.file.tokens.map(\.keyword), [.class, .func, .`init`, .deinit, .Self, .`self`, .none])
  }

  func test_conditionalDirectives_arePoundTokens() {
    let lexed = lex("#if DEBUG\na\n#elseif os(Linux)\nb\n#else\nc\n#endif")
    XCTAssertEqual(
      texts(lexed), ["#if", "DEBUG", "a", "#elseif", "os", "(", "Linux", ")", "b", "#else", "c", "#endif"])
    XCTAssertEqual(kinds(lexed).filter { $0 == .pound }.count, 4)
  }

  func test_macroExpansion_isPoundToken() {
    let lexed = lex("#expect(a == b)")
    XCTAssertEqual(kinds(lexed), [.pound, .leftParen, .identifier, .operator, .identifier, .rightParen])
    XCTAssertEqual(texts(lexed).first, "#expect")
  }

  func test_attributeWithArguments_isAtThenName() {
    let lexed = lex(#"@Test("adds", .tags(.fast)) func adds() {}"#)
    XCTAssertEqual(Array(kinds(lexed).prefix(4)), [.at, .identifier, .leftParen, .string])
    XCTAssertEqual(Array(texts(lexed).prefix(2)), ["@", "Test"])
  }

  // MARK: Numbers and operators

  func test_numberForms_areOneToken() {
    for number in ["0x1F", "1_000.5e-3", "0b1010", "0o17", "3.14", "1e10", "0x1p-3", "42"] {
      assertSingleToken(number, .number)
    }
  }

  func test_numberThenMember_splits() {
    XCTAssertEqual(texts(lex("1.description")), ["1", ".", "description"])
  }

  func test_operators_areOneToken() {
    for spelling in ["===", "!==", "..<", "...", "->", "&&", "??", "+=", "<<="] {
      let lexed = lex("a \(spelling) b")
      XCTAssertEqual(texts(lexed), ["a", spelling, "b"], spelling)
      XCTAssertEqual(kinds(lexed)[1], .operator, spelling)
    }
  }

  func test_optionalChaining_isQuestionThenDot() {
    XCTAssertEqual(texts(lex("a?.b!.c")), ["a", "?", ".", "b", "!", ".", "c"])
    XCTAssertEqual(kinds(lex("a?.b"))[1], .operator)
  }

  func test_closedRange_isOneOperator() {
    XCTAssertEqual(texts(lex("0...9")), ["0", "...", "9"])
    XCTAssertEqual(texts(lex("0..<n")), ["0", "..<", "n"])
  }

  // MARK: Whitespace flags

  func test_tokenFlags_recordSpaceAndNewline() {
    let tokens = lex("a b(c)\n  d").file.tokens
    XCTAssertEqual(tokens.map(\.hasSpaceBefore), [false, true, false, false, false, true])
    XCTAssertEqual(tokens.map(\.isAtLineStart), [false, false, false, false, false, true])
  }

  func test_lineCommentBeforeToken_setsBothFlags() throws {
    let lexed = lex("a // note\nb")
    let last = try XCTUnwrap(lexed.file.tokens.last)
    XCTAssertTrue(last.isAtLineStart, "the comment's line break separates the tokens")
    XCTAssertTrue(last.hasSpaceBefore, "a comment is whitespace")
  }

  func test_blockCommentWithoutSpaces_setsSpaceFlag() throws {
    let tokens = lex("a/**/b").file.tokens
    XCTAssertEqual(tokens.count, 2)
    XCTAssertTrue(tokens[1].hasSpaceBefore, "a comment separates tokens like a space")
    XCTAssertFalse(tokens[1].isAtLineStart, "no line break between them")
  }

  /// Indentation and line comments are skipped eight bytes at a time: every length around a
  /// word's, with LF, CRLF and lone CR breaks, ends where a byte at a time would.
  func test_longIndentationAndComments_endAtTheirLineBreak() {
    for width in [0, 1, 7, 8, 9, 15, 16, 17, 24] {
      for lineBreak in ["\n", "\r\n", "\r"] {
        let spaces = String(repeating: " ", count: width)
        let note = "// " + String(repeating: "n", count: width)
        let text = "a" + lineBreak + spaces + "b " + note + lineBreak + spaces + note + lineBreak + "c " + note
        let lexed = lex(text)
        let context = "width \(width), break \(lineBreak.utf8.map { $0 })"
        XCTAssertEqual(texts(lexed), ["a", "b", "c"], context)
        XCTAssertEqual(commentTexts(lexed), [note, note, note], context)
        XCTAssertEqual(positions(lexed), [Position(1, 1), Position(2, width + 1), Position(4, 1)], context)
        XCTAssertEqual(lexed.file.tokens.map(\.isAtLineStart), [false, true, true], context)
      }
    }
  }

  // MARK: Line breaks, positions, BOM

  func test_crlfLineEndings_countAsOneBreak() {
    let lexed = lex("a\r\nb\r\n\r\nc")
    XCTAssertEqual(positions(lexed), [Position(1, 1), Position(2, 1), Position(4, 1)])
    XCTAssertEqual(lexed.file.tokens.map(\.isAtLineStart), [false, true, true])
  }

  func test_loneCarriageReturn_isLineBreak() {
    let lexed = lex("a\rb\r\rc  d")
    XCTAssertEqual(positions(lexed), [Position(1, 1), Position(2, 1), Position(4, 1), Position(4, 4)])
    XCTAssertEqual(lexed.file.tokens.map(\.isAtLineStart), [false, true, true, false])
  }

  func test_loneCarriageReturn_endsLineComment() {
    XCTAssertEqual(texts(lex("// note\rfunc")), ["func"])
  }

  func test_columns_countUnicodeScalars() {
    // é is one scalar (two bytes); 👍🏽 is two scalars (eight bytes).
    let lexed = lex("let é = \"👍🏽\" + x")
    XCTAssertEqual(
      positions(lexed), [Position(1, 1), Position(1, 5), Position(1, 7), Position(1, 9), Position(1, 14), Position(1, 16)])
  }

  func test_possibleDirectives_areFlaggedForThePreprocessor() {
    // Without a token that could be a directive the preprocessor returns the tokens as they are,
    // so every directive must raise the flag; macros and other `#` words need not.
    for text in ["#if DEBUG\nx()\n#endif", "a\n#elseif os(iOS)", "#else", "f()\n  #endif"] {
      XCTAssertTrue(Lexer.lex(SourceFile(path: "a.swift", text: text)).mayHaveDirectives, text)
    }
    for text in ["#expect(a == b)", "let f = #file", "// #if DEBUG", "let s = \"#if\"", "x"] {
      XCTAssertFalse(Lexer.lex(SourceFile(path: "a.swift", text: text)).mayHaveDirectives, text)
    }
  }

  func test_byteOrderMark_isSkipped() throws {
    let source = try SourceFile(path: "a.swift", bytes: [0xEF, 0xBB, 0xBF] + Array("let a\nb".utf8))
    let lexed = Lexer.lex(source)
    XCTAssertEqual(lexed.tokens.map { source.text($0.range) }, ["let", "a", "b"])
    XCTAssertEqual(lexed.tokens.map { Position(source.position(of: Int($0.start))) }, [Position(1, 1), Position(1, 5), Position(2, 1)])
    XCTAssertTrue(source.hasBOM, "the BOM stays in the bytes")
    XCTAssertEqual(lexed.tokens.first?.start, 3)
  }

  func test_shebangLine_isSkipped() {
    XCTAssertEqual(texts(lex("#!/usr/bin/env swift\nprint(1)")), ["print", "(", "1", ")"])
  }

  // MARK: Broken input

  func test_unterminatedString_reportsProblemAndContinues() {
    assertRecovers("let value = \"abc", message: "unterminated string literal")
  }

  func test_unterminatedRawString_reportsProblemAndContinues() {
    assertRecovers(#"let value = #"abc"#, message: "unterminated string literal")
  }

  func test_unterminatedInterpolation_reportsProblemAndContinues() {
    assertRecovers(#"let value = "a \(b + (c"#, message: "unterminated string literal")
  }

  func test_unterminatedStringInInterpolation_reportsProblemAndContinues() {
    assertRecovers(#"let value = "a \("b"#, message: "unterminated string literal")
  }

  func test_unterminatedExtendedRegex_reportsProblemAndContinues() {
    assertRecovers("let value = #/ab+", message: "unterminated regex literal")
  }

  func test_unterminatedBlockComment_reportsProblem() {
    let lexed = lex("a /* b /* c */ d")
    XCTAssertEqual(lexed.file.problems.map(\.message), ["unterminated block comment"])
    XCTAssertEqual(lexed.file.problems.map(\.offset), [2])
    XCTAssertEqual(texts(lexed), ["a"])
    XCTAssertEqual(commentTexts(lexed), ["/* b /* c */ d"])
  }

  func test_unterminatedMultiLineString_reportsProblem() {
    let lexed = lex("a = \"\"\"\nb\n\"\" c")
    XCTAssertEqual(lexed.file.problems.map(\.message), ["unterminated multi-line string literal"])
    XCTAssertEqual(lexed.file.problems.first?.offset, 4)
    XCTAssertEqual(texts(lexed), ["a", "=", "\"\"\"\nb\n\"\" c"])
  }

  func test_unterminatedRawMultiLineString_reportsProblem() {
    let lexed = lex("a = #\"\"\"\nb\n\"\"\" c")
    XCTAssertEqual(lexed.file.problems.map(\.message), ["unterminated multi-line string literal"])
    XCTAssertEqual(kinds(lexed), [.identifier, .operator, .string])
  }

  func test_loneBackslashAndHash_areUnknown() {
    let lexed = lex("a \\ # `b")
    XCTAssertEqual(kinds(lexed), [.identifier, .unknown, .unknown, .unknown, .identifier])
    XCTAssertEqual(lexed.file.problems, [])
  }

  func test_invalidUTF8_throwsAtPosition() {
    assertRejected(Array("let a = 1\nb = \"".utf8) + [0xFF, 0x22], line: 2, column: 6, reason: "not valid UTF-8")
  }

  func test_invalidUTF8AfterMultiByte_countsScalars() {
    assertRejected(Array("é👍🏽".utf8) + [0xC3], line: 1, column: 4, reason: "not valid UTF-8")
  }

  func test_overlongAndSurrogateBytes_throw() {
    assertRejected([0x61, 0xC0, 0xAF], line: 1, column: 2, reason: "not valid UTF-8")
    assertRejected([0x0A, 0xED, 0xA0, 0x80], line: 2, column: 1, reason: "not valid UTF-8")
    assertRejected([0xE0, 0x80, 0x80], line: 1, column: 1, reason: "not valid UTF-8")
    assertRejected([0xF4, 0x90, 0x80, 0x80], line: 1, column: 1, reason: "not valid UTF-8")
  }

  func test_nulByte_throwsAtPosition() {
    assertRejected(Array("a\r\nbc".utf8) + [0x00], line: 2, column: 3, reason: "NUL byte")
  }

  func test_validMultiByteText_doesNotThrow() throws {
    let source = try SourceFile(path: "a.swift", bytes: Array("let ß = \"€𝄞\"".utf8))
    XCTAssertEqual(Lexer.lex(source).tokens.count, 4)
  }

  // MARK: Deep nesting

  func test_deeplyNestedParentheses_finishQuickly() {
    let depth = 100_000
    let text = "func f() { g" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + " }"
    let model = assertFast { Scanner.scan(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(model?.functions.map(\.name), ["f"])
    XCTAssertEqual(model?.calls.first?.name, "g")
  }

  func test_deeplyNestedBraces_finishQuickly() {
    let depth = 100_000
    let text = "func f() " + String(repeating: "{", count: depth) + String(repeating: "}", count: depth) + "\nfunc h() {}"
    let model = assertFast { Scanner.scan(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(model?.functions.map(\.name), ["f", "h"])
  }

  func test_unclosedNesting_finishesQuickly() {
    let depth = 100_000
    let text = "func f() { " + String(repeating: "a({[", count: depth) + String(repeating: ")", count: depth)
    let model = assertFast { Scanner.scan(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(model?.functions.map(\.name), ["f"])
  }

  func test_strayClosers_finishQuickly() {
    let depth = 100_000
    let text = "func f() { " + String(repeating: "(", count: depth) + String(repeating: "]", count: depth) + " }"
    let model = assertFast { Scanner.scan(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(model?.functions.map(\.name), ["f"])
  }

  func test_strayClosersInsideBrace_finishQuickly() {
    let depth = 100_000
    let text = "func f() { [ { " + String(repeating: "(", count: depth) + String(repeating: "]", count: depth) + " } ] }\nfunc h() {}"
    let model = assertFast { Scanner.scan(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(model?.functions.map(\.name), ["f", "h"])
  }

  func test_deeplyNestedInterpolations_areOneToken() {
    let depth = 100_000
    let text = "let s = " + String(repeating: #""\("#, count: depth) + "x" + String(repeating: #")""#, count: depth) + "\nlet t = 1"
    let lexed = assertFast { Lexer.lex(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(lexed?.tokens.map(\.kind), [.identifier, .identifier, .operator, .string, .identifier, .identifier, .operator, .number])
    XCTAssertEqual(lexed?.problems, [])
  }

  func test_deeplyNestedComments_areOneComment() {
    let depth = 100_000
    let text = "a " + String(repeating: "/*", count: depth) + String(repeating: "*/", count: depth) + " b"
    let lexed = assertFast { Lexer.lex(SourceFile(path: "deep.swift", text: text)) }
    XCTAssertEqual(lexed?.tokens.count, 2)
    XCTAssertEqual(lexed?.comments.count, 1)
  }
}

// MARK: - Helpers

/// A 1-based line and column, comparable in assertions.
private struct Position: Equatable, CustomStringConvertible {
  var line: Int
  var column: Int
  init(_ line: Int, _ column: Int) {
    self.line = line
    self.column = column
  }
  init(_ pair: (line: Int, column: Int)) { self.init(pair.line, pair.column) }
  var description: String { "\(line):\(column)" }
}

private struct Lexed {
  var source: SourceFile
  var file: LexedFile
}

extension LexerTests {
  fileprivate func lex(_ text: String) -> Lexed {
    let source = SourceFile(path: "test.swift", text: text)
    return Lexed(source: source, file: Lexer.lex(source))
  }

  fileprivate func texts(_ lexed: Lexed) -> [String] {
    lexed.file.tokens.map { lexed.source.text($0.range) }
  }

  fileprivate func kinds(_ lexed: Lexed) -> [TokenKind] { lexed.file.tokens.map(\.kind) }

  fileprivate func commentTexts(_ lexed: Lexed) -> [String] {
    lexed.file.comments.map { lexed.source.text($0.range) }
  }

  fileprivate func regexTexts(_ lexed: Lexed) -> [String] {
    lexed.file.tokens.filter { $0.kind == .regex }.map { lexed.source.text($0.range) }
  }

  fileprivate func positions(_ lexed: Lexed) -> [Position] {
    lexed.file.tokens.map { Position(lexed.source.position(of: Int($0.start))) }
  }

  /// The literal alone lexes to exactly one token of `kind` spanning all of it, with no problem.
  fileprivate func assertSingleToken(
    _ literal: String, _ kind: TokenKind, text: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let lexed = lex(literal)
    let expected = text ?? literal
    XCTAssertEqual(lexed.file.problems, [], literal, file: file, line: line)
    guard let first = lexed.file.tokens.first else {
      XCTFail("no token for \(literal)", file: file, line: line)
      return
    }
    XCTAssertEqual(first.kind, kind, literal, file: file, line: line)
    XCTAssertEqual(lexed.source.text(first.range), expected, file: file, line: line)
    if text == nil {
      XCTAssertEqual(lexed.file.tokens.count, 1, "\(texts(lexed))", file: file, line: line)
    }
  }

  /// A line holding a literal inside a function body hides the declarations and calls written
  /// inside the literal: the scanner sees only the code around it.
  fileprivate func assertHidesCode(_ line: String, file: StaticString = #filePath, at: UInt = #line) {
    let text = "func host() {\n  \(line)\n  visible()\n}\nfunc after() {}\n"
    let model = Scanner.scan(SourceFile(path: "test.swift", text: text))
    XCTAssertEqual(model.problems, [], file: file, line: at)
    XCTAssertEqual(model.functions.map(\.name), ["host", "after"], file: file, line: at)
    XCTAssertEqual(model.types.map(\.name), [], file: file, line: at)
    XCTAssertEqual(model.calls.map(\.name), ["visible"], file: file, line: at)
  }

  /// A broken literal on one line is reported once, and the next line is read as code.
  fileprivate func assertRecovers(
    _ line: String, message: String, file: StaticString = #filePath, at: UInt = #line
  ) {
    let text = "func host() {\n  \(line)\n  visible()\n}\nfunc after() {}\n"
    let model = Scanner.scan(SourceFile(path: "test.swift", text: text))
    XCTAssertEqual(model.problems.map(\.message), [message], file: file, line: at)
    XCTAssertEqual(model.problems.first.map { model.source.position(of: $0.offset).line }, 2, file: file, line: at)
    XCTAssertEqual(model.functions.map(\.name), ["host", "after"], file: file, line: at)
    XCTAssertEqual(model.calls.map(\.name), ["visible"], file: file, line: at)
  }

  fileprivate func assertRejected(
    _ bytes: [UInt8], line: Int, column: Int, reason: String, file: StaticString = #filePath,
    at: UInt = #line
  ) {
    do {
      _ = try SourceFile(path: "bad.swift", bytes: bytes)
      XCTFail("\(bytes) was accepted", file: file, line: at)
    } catch {
      XCTAssertEqual(error.path, "bad.swift", file: file, line: at)
      XCTAssertEqual(Position(error.line, error.column), Position(line, column), file: file, line: at)
      XCTAssertTrue(error.message.contains(reason), error.message, file: file, line: at)
    }
  }

  /// Runs `work`, failing when it takes longer than a few seconds (a debug build on a slow
  /// machine does 100,000 levels in well under a second when the code is linear).
  fileprivate func assertFast<T>(
    file: StaticString = #filePath, line: UInt = #line, _ work: () -> T
  ) -> T? {
    let (result, seconds) = TimeBound.measure(work)
    XCTAssertLessThan(seconds, TimeBound.seconds(3), "took \(seconds) s of CPU", file: file, line: line)
    return result
  }
}

extension LexerTests {
  func test_loneCarriageReturnInBlockComment_startsTheNextLine() {
    // A file saved with CR-only line endings: the code after a multi-line comment is on a new line.
    let lexed = lex("a /* one\rtwo */ b\rc")
    XCTAssertEqual(texts(lexed), ["a", "b", "c"])
    XCTAssertEqual(positions(lexed), [Position(1, 1), Position(2, 8), Position(3, 1)])
    XCTAssertEqual(lexed.file.tokens.map(\.isAtLineStart), [false, true, true])
    XCTAssertEqual(
      lex("a /* one\ntwo */ b\nc").file.tokens.map(\.isAtLineStart), [false, true, true],
      "the same as with LF endings")
  }
}

extension LexerTests {
  func test_positionsOfManyOffsets_matchEachOnesPosition() throws {
    // The batch form counts columns line by line; after a BOM the first line starts at byte 3.
    for prefix in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
      let source = try SourceFile(path: "a.swift", bytes: prefix + Array("let é = 1\r\nb\rcd\n".utf8))
      let offsets = Array((prefix.count...source.bytes.count).reversed())
      XCTAssertEqual(
        source.positions(of: offsets).map { Position($0) }, offsets.map { Position(source.position(of: $0)) },
        "BOM: \(!prefix.isEmpty)")
    }
  }
}

extension LexerTests {
  func test_findingOnFirstLineAfterBOM_showsTheLineWithoutIt() {
    let source = "\u{FEFF}import XCTest; final class OneTests: XCTestCase { func test_a_isB() {} }\n"
    let findings = InMemoryLint.findings(MissingAssertionRule.self, [("OneTests.swift", source)])
    XCTAssertEqual(
      findings.map { "\($0.line):\($0.column) \($0.snippet)" },
      ["1:56 import XCTest; final class OneTests: XCTestCase { func test_a_isB() {} }"])
  }
}
