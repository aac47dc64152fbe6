#!/usr/bin/env python3
"""Lists needless fully qualified type names in Java code: `java.util.function.Predicate<ServerRequest>` written
in a signature where `import java.util.function.Predicate;` would do. A qualified name is needed, and not listed,
when its simple name stands for another type in the same file: an import, a type declared in the file, a type of
the file's package, a java.lang type, or another qualified name with the same simple name. Comments, string and
character literals, package and import lines are not read.

usage: scripts/check-qualified-names.py [--baseline FILE [--write]] [paths...]
  paths      default: every module's src/main/java and src/test/java
  --baseline the names the code held when the check came (count and file, a line each): a file fails only when it
             holds more than its count, so no new one comes in while the old ones are being replaced; --write
             records the current counts (after replacing some, to lower them)
exit status 1 when a needless qualified name is found (beyond the baseline); docs/architecture.md, "Build checks".
"""
import pathlib
import re
import sys

ROOTS = ("java", "javax", "jakarta", "jdk", "io", "dev", "org", "com", "tools", "sun")
QUALIFIED = re.compile(r"(?<![\w.@])((?:%s)(?:\.[a-z_][a-z0-9_]*)+)\.([A-Z]\w*)" % "|".join(ROOTS))
IMPORT = re.compile(r"^\s*import\s+(static\s+)?([\w.]+)\s*;", re.M)
PACKAGE = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.M)
DECLARED = re.compile(r"\b(?:class|interface|enum|record|@interface)\s+([A-Z]\w*)")
JAVA_LANG = {
    "AutoCloseable", "Boolean", "Byte", "Character", "Class", "ClassLoader", "Cloneable", "Comparable",
    "Deprecated", "Double", "Enum", "Error", "Exception", "FunctionalInterface", "Float", "Integer", "Iterable",
    "Long", "Math", "Module", "Number", "Object", "Override", "Package", "Process", "Record", "Runnable", "Runtime",
    "RuntimeException", "SafeVarargs", "Short", "String", "StringBuilder", "SuppressWarnings", "System", "Thread",
    "ThreadLocal", "Throwable", "Void",
}


def strip(source):
    """The source with comments and literals blanked out (line breaks kept, so line numbers stay)."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * source.count("\n", i, j))
            i = j
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('""' + "\n" * source.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def needless(path):
    source = path.read_text(encoding="utf-8")
    package = PACKAGE.search(source)
    package = package.group(1) if package else ""
    code = strip(source)
    taken = {}  # simple name -> the qualified names it stands for in this file
    for static, name in IMPORT.findall(code):
        if not static and not name.endswith(".*"):
            taken.setdefault(name.rsplit(".", 1)[1], set()).add(name)
    for simple in DECLARED.findall(code):
        taken.setdefault(simple, set()).add(package + "." + simple)
    for sibling in path.parent.glob("*.java"):
        taken.setdefault(sibling.stem, set()).add(package + "." + sibling.stem)
    for simple in JAVA_LANG:
        taken.setdefault(simple, set()).add("java.lang." + simple)
    found = []
    for number, line in enumerate(code.split("\n"), 1):
        if re.match(r"\s*(package|import)\b", line):
            continue
        for match in QUALIFIED.finditer(line):
            found.append((number, match.group(1), match.group(2)))
    qualified = {}
    for _, prefix, simple in found:
        qualified.setdefault(simple, set()).add(prefix + "." + simple)
    for number, prefix, simple in found:
        name = prefix + "." + simple
        others = (taken.get(simple, set()) | qualified[simple]) - {name}
        if not others:
            yield number, name


def main(arguments):
    baseline_file, write = None, False
    if arguments[:1] == ["--baseline"]:
        baseline_file, arguments = pathlib.Path(arguments[1]), arguments[2:]
        if arguments[:1] == ["--write"]:
            write, arguments = True, arguments[1:]
    if arguments:
        files = [p for a in arguments for p in (pathlib.Path(a).rglob("*.java") if pathlib.Path(a).is_dir()
                                                 else [pathlib.Path(a)])]
    else:
        files = sorted(pathlib.Path(".").glob("*/src/*/java/**/*.java"))
    allowed = {}
    if baseline_file and not write and baseline_file.exists():
        for line in baseline_file.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                number, path = line.split(None, 1)
                allowed[path] = int(number)
    counts = {}
    count = 0
    for path in files:
        if path.name == "module-info.java" or path.name == "package-info.java":
            continue
        found = list(needless(path))
        if found:
            counts[path.as_posix()] = len(found)
        if write or len(found) <= allowed.get(path.as_posix(), 0):
            continue
        for number, name in found:
            print("%s:%d: %s: import it and write the simple name" % (path, number, name))
        count += len(found) - allowed.get(path.as_posix(), 0)
    if write:
        header = "# scripts/check-qualified-names.py --baseline: needless qualified names per file, to bring down\n"
        baseline_file.write_text(header + "".join("%d %s\n" % (n, p) for p, n in sorted(counts.items())),
                                 encoding="utf-8")
        return 0
    if count:
        print("%d needless qualified name(s)%s" % (count, " beyond the baseline" if allowed else ""), file=sys.stderr)
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
