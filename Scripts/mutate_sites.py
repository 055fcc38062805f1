"""Where Scripts/mutate plants its bugs: Swift sources masked (comments and string literals
blanked) and the mutation sites each operator finds in them. Kept apart from the runner so that
each file stays short; `Scripts/mutate` is the entry point."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATED = {"Sources/TestLintCore/Documentation/RulePages.swift"}

# ---------------------------------------------------------------------------------------------
# Masking: comments and string literals become spaces (newlines kept), so operators only see code.


def mask(text):
    """Returns text of the same length: comments blanked, string literals filled with `"`."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b, fill=" "):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = fill

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == "#" or c == '"':
            m = re.match(r'(#*)("""|")', text[i:])
            if not m:
                i += 1
                continue
            hashes, quote = m.group(1), m.group(2)
            close = quote + hashes
            escape = "\\" + hashes
            j = i + len(m.group(0))
            while j < n:
                if text.startswith(escape, j):
                    j += len(escape) + 1
                elif text.startswith(close, j):
                    j += len(close)
                    break
                elif quote == '"' and text[j] == "\n":
                    break
                else:
                    j += 1
            blank(i, j, '"')  # a string stays an operand: not blank, not a word
            i = j
        else:
            i += 1
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Sites: each is (start, end, replacement, operator, description) on the original text.

CMP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}
KEYWORD_CALLS = {"if", "guard", "while", "for", "switch", "return", "func", "init", "case",
                 "catch", "subscript", "repeat", "in", "where", "as", "is", "try", "await",
                 "throw", "let", "var", "else", "deinit", "enum", "struct", "class", "protocol",
                 "extension", "actor", "some", "any", "inout"}


def line_col(text, offset):
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def matching(masked, open_at, open_ch, close_ch):
    depth = 0
    for j in range(open_at, len(masked)):
        ch = masked[j]
        if ch == open_ch:
            depth += 1
        elif ch == close_ch:
            depth -= 1
            if depth == 0:
                return j
    return -1


def top_level_commas(masked, a, b):
    """Offsets of the commas in masked[a:b] outside any nested bracket."""
    depth, commas = 0, []
    for j in range(a, b):
        ch = masked[j]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            commas.append(j)
    return commas


def in_guard_else(masked, pos):
    """Whether pos sits directly in the `else { ... }` of a guard (removing its exit won't build)."""
    depth = 0
    for j in range(pos - 1, -1, -1):
        ch = masked[j]
        if ch == "}":
            depth += 1
        elif ch == "{":
            if depth == 0:
                before = masked[:j].rstrip()
                if not before.endswith("else"):
                    return False
                return not before[:-4].rstrip().endswith("}")
            depth -= 1
    return False


def sites_in(path, text):
    masked = mask(text)
    sites = []

    def add(start, end, replacement, op):
        sites.append((start, end, replacement, op))

    # cmp: binary comparison operators have spaces on both sides in this code base.
    for m in re.finditer(r"(?<=\s)(==|!=|<=|>=|<|>)(?=\s)", masked):
        add(m.start(), m.end(), CMP[m.group(1)], "cmp")
    # neg: && <-> ||
    for m in re.finditer(r"(?<=\s)(&&|\|\|)(?=\s)", masked):
        add(m.start(), m.end(), "||" if m.group(1) == "&&" else "&&", "neg")
    # neg: a whole simple condition (no bindings, no commas) of if / guard / while.
    for m in re.finditer(r"\b(if|guard|while)\s+", masked):
        start = m.end()
        stop_kw = "else" if m.group(1) == "guard" else None
        j, depth = start, 0
        end = -1
        while j < len(masked):
            ch = masked[j]
            if ch in "([":
                depth += 1
            elif ch in ")]":
                depth -= 1
            elif depth == 0 and ch == "{" and stop_kw is None:
                end = j
                break
            elif depth == 0 and stop_kw and masked.startswith("else", j) and \
                    not re.match(r"\w", masked[j - 1]) and not re.match(r"\w", masked[j + 4]):
                end = j
                break
            elif ch == "\n" or ch == "}" or (ch == "{" and depth == 0):
                break
            j += 1
        if end < 0:
            continue
        cond = masked[start:end].strip()
        if not cond or re.search(r"\b(let|var|case)\b|#available|#unavailable|,", cond):
            continue
        if re.search(r"\{", cond):
            continue
        c_start = start
        c_end = start + len(masked[start:end].rstrip())
        add(c_start, c_end, "!(" + text[c_start:c_end] + ")", "neg")
    # drop: a bare continue / break / return on its own (or after `{` / before `}`).
    for m in re.finditer(r"\b(continue|break|return)\b(\s+[A-Za-z_]\w*)?", masked):
        word = m.group(1)
        end = m.end(1)
        if m.group(2):
            label = m.group(2).strip()
            if word == "return":
                continue  # `return x`: dropping it rarely builds
            if word in ("continue", "break") and "\n" not in m.group(2) and \
                    not re.match(r"(case|default)\b", label):
                end = m.end(2)
        after = masked[end:].lstrip(" \t")
        if word == "return" and after and after[0] not in "\n}":
            continue
        if in_guard_else(masked, m.start()):
            continue
        add(m.start(), end, "", "drop")
    # const: decimal integer literals in code.
    for m in re.finditer(r"(?<![\w.])(\d[\d_]*)(?![\w.])", masked):
        before = masked[:m.start()].rstrip()
        if before.endswith("#") or re.search(r"#(if|elseif)[^\n]*$", masked[:m.start()]):
            continue
        value = int(m.group(1).replace("_", ""))
        add(m.start(), m.end(), str(value + 1), "const+1")
        if value > 0:
            add(m.start(), m.end(), str(value - 1), "const-1")
    # arr: one element removed from an array / dictionary literal with two or more elements.
    for m in re.finditer(r"\[", masked):
        prev = masked[:m.start()].rstrip()
        if not prev or prev[-1] in "=(,:[?" or re.search(r"\b(return|in)$", prev):
            close = matching(masked, m.start(), "[", "]")
            if close < 0:
                continue
            commas = top_level_commas(masked, m.start() + 1, close)
            bounds, a = [], m.start() + 1
            for comma in commas + [close]:
                if masked[a:comma].strip():
                    bounds.append((a, comma))
                a = comma + 1
            if len(bounds) < 2:
                continue
            for k, (a, b) in enumerate(bounds):
                if k + 1 < len(bounds):
                    start, end = a, bounds[k + 1][0]
                    lead = len(masked[a:b]) - len(masked[a:b].lstrip())
                    start += lead
                    end_ws = len(masked[end:bounds[k + 1][1]]) - \
                        len(masked[end:bounds[k + 1][1]].lstrip())
                    end += end_ws
                else:
                    prev_end = bounds[k - 1][1]
                    stripped = masked[a:b].rstrip()
                    start, end = prev_end, a + len(stripped)
                add(start, end, "", "arr")
    # swap: two neighbouring arguments of a call (not a declaration), labels kept.
    for m in re.finditer(r"(?<![\w.])([A-Za-z_]\w*)\(", masked):
        name = m.group(1)
        if name in KEYWORD_CALLS:
            continue
        prev = masked[:m.start()].rstrip()
        if re.search(r"\b(func|init|case|subscript|macro)$", prev) or prev.endswith("@"):
            continue
        open_at = m.end() - 1
        close = matching(masked, open_at, "(", ")")
        if close < 0:
            continue
        commas = top_level_commas(masked, open_at + 1, close)
        if not commas:
            continue
        args, a = [], open_at + 1
        for comma in commas + [close]:
            seg = masked[a:comma]
            lead = len(seg) - len(seg.lstrip())
            s, e = a + lead, a + len(seg.rstrip())
            lab = re.match(r"([A-Za-z_]\w*)\s*:(?!:)\s*", masked[s:e])
            if lab and not re.match(r"[A-Za-z_]\w*\s*:\s*\w+\s*\?", masked[s:e]):
                s += lab.end()
            args.append((s, e))
            a = comma + 1
        for k in range(len(args) - 1):
            (s1, e1), (s2, e2) = args[k], args[k + 1]
            if s1 >= e1 or s2 >= e2 or text[s1:e1] == text[s2:e2]:
                continue
            if "{" in masked[s1:e1] or "{" in masked[s2:e2]:
                continue
            if arg_kind(masked[s1:e1]) != arg_kind(masked[s2:e2]):
                continue  # a string for a number, say, would not build
            replacement = text[s2:e2] + text[e1:s2] + text[s1:e1]
            add(s1, e2, replacement, "swap")
    return sites


def arg_kind(masked_arg):
    if masked_arg.startswith('"'):
        return "string"
    if re.fullmatch(r"-?\d[\d_.]*", masked_arg):
        return "number"
    if masked_arg in ("true", "false"):
        return "bool"
    if masked_arg == "nil":
        return "nil"
    if re.match(r"\.[A-Za-z_]", masked_arg):
        return "member"
    if masked_arg.startswith("&"):
        return "inout"
    return "other"


def source_files(paths):
    files = []
    for p in paths:
        full = os.path.join(ROOT, p)
        if os.path.isfile(full):
            files.append(os.path.relpath(full, ROOT))
            continue
        for dirpath, _, names in os.walk(full):
            for name in names:
                if name.endswith(".swift"):
                    files.append(os.path.relpath(os.path.join(dirpath, name), ROOT))
    return sorted(f for f in files if f not in GENERATED)


def all_mutants(files):
    mutants = []
    for path in files:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        seen = {}
        for start, end, replacement, op in sites_in(path, text):
            line, col = line_col(text, start)
            key = f"{path}:{line}:{col}:{op}"
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key += f":{seen[key]}"
            mutants.append({"key": key, "path": path, "start": start, "end": end,
                            "old": text[start:end], "new": replacement, "op": op})
    return mutants
