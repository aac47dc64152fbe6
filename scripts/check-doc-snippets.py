#!/usr/bin/env python3
"""Builds what the docs tell users to write, as a user would, against the installed Brisk artifacts.

1. docs/getting-started.md: every fenced block announced by a line that is only a path in backticks
   (`pom.xml`:) is written to that path of a new project, which is then built and tested (`mvn test`).
2. Every Maven dependency snippet in README.md and docs/*.md (an xml block with <dependency>) is pasted, as written,
   into that project's pom, all together (each coordinate once), and the result must resolve and compile.
3. Every java block of README.md and docs/*.md (but the files of step 1) is compiled with javac against that
   project's class path, so it names only API that exists:
   - a block with `import` lines is a compilation unit: it is compiled as written, in a package of its own
     (snippets.<doc>.b<line>);
   - any other block is wrapped in a class, snippets.<doc>.B<line>, that extends the page's context,
     scripts/doc-snippets/<doc>.java: an abstract class `DocContext` declaring what the page's blocks assume (variables,
     application types such as `record User(..)`, helper methods) with the imports they need, which the wrapper
     copies. Brisk's exported API packages are imported on demand. Type and member declarations of the block
     (lines starting with an annotation, a modifier or class/interface/record/enum) become members of the wrapper,
     everything else is the body of a method. A context may name a dependency the page assumes beyond those of
     steps 1 and 2 (a test starter, a module introduced in prose) with a line
     `// dependency: group:artifact[:version[:scope]]` (no version: brisk-bom's), added to the project for this step;
   - `...` stands for elided code: a line of its own is dropped, `{ ... }` becomes a body that throws, and any
     other `...` (not varargs) an expression of whatever type is expected;
   - a block preceded by `<!-- snippet: not compiled, because <reason> -->` is skipped (and counted as such).
   Each failing block is reported as `docs/x.md:LINE: <javac error>`.

Needs the Brisk artifacts installed first (`mvn install -DskipTests` in the repository). Options:
  --repo DIR      the local Maven repository to use (default: Maven's own)
  --keep DIR      build in DIR and keep it (default: a temporary directory, removed afterwards)
  --offline       pass -o to Maven
"""
import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONTEXTS = ROOT / "scripts" / "doc-snippets"
FENCE = re.compile(r"^```(\w*)\s*$")
ANNOUNCED = re.compile(r"^`([\w./-]+)`:\s*$")
NOT_COMPILED = re.compile(r"^<!--\s*snippet:\s*not compiled, because (.+?)\s*-->\s*$")
MEMBER = re.compile(r"^(@[A-Za-z]|(public|protected|private|static|abstract|final|synchronized|default)\b"
                    r"|(class|interface|enum|record)\s+[A-Za-z])")
JDK_IMPORTS = ["java.io", "java.nio.charset", "java.nio.file", "java.time", "java.util", "java.util.concurrent",
               "java.util.function", "java.util.stream"]


def blocks(path):
    """(announced path or None, language, text) for every fenced block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found, i, announced = [], 0, None
    while i < len(lines):
        line = lines[i]
        opening = FENCE.match(line)
        if opening:
            body, i = [], i + 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            found.append((announced, opening.group(1), "\n".join(body) + "\n"))
            announced = None
        elif line.strip():
            named = ANNOUNCED.match(line)
            announced = named.group(1) if named else None
        i += 1
    return found


def dependency_snippets():
    """Each <dependency> element of the xml blocks of README.md and docs/*.md, with where it was found."""
    sources = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    snippets = []
    for source in sources:
        for announced, language, text in blocks(source):
            if language != "xml" or announced or "<dependency>" not in text or "<project" in text:
                continue
            if "<scope>import</scope>" in text:
                continue  # a BOM import: the generated pom already imports brisk-bom
            for dependency in re.findall(r"<dependency>.*?</dependency>", text, re.S):
                snippets.append((source.relative_to(ROOT), dependency))
    return snippets


def coordinate(dependency):
    group = re.search(r"<groupId>\s*([^<\s]+)", dependency).group(1)
    artifact = re.search(r"<artifactId>\s*([^<\s]+)", dependency).group(1)
    return group + ":" + artifact


def maven(project, goals, args):
    command = ["mvn", "-B", "-ntp", "-q", *goals]
    if args.repo:
        command.append("-Dmaven.repo.local=" + args.repo)
    if args.offline:
        command.append("-o")
    print("   ", " ".join(command), flush=True)
    return subprocess.run(command, cwd=project).returncode == 0


def java_blocks(path):
    """(first line number, text, reason it is not compiled or None) for every java block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found, i, previous, announced = [], 0, "", None
    while i < len(lines):
        line = lines[i]
        opening = FENCE.match(line)
        if opening:
            start, body, i = i + 2, [], i + 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            skip = NOT_COMPILED.match(previous.strip())
            if opening.group(1) == "java" and not announced:
                found.append((start, body, skip.group(1) if skip else None))
            announced, previous = None, ""
        elif line.strip():
            named = ANNOUNCED.match(line)
            announced = named.group(1) if named else None
            previous = line
        i += 1
    return found


def code_of(line):
    """The line without its // comment and without string and char literals (good enough to count brackets)."""
    line = re.sub(r'"(\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(\\.|[^'\\])*'", "''", line)
    return line.split("//", 1)[0]


def elide(line):
    """Replaces the `...` of elided code by Java that compiles (see the module's description)."""
    if line.strip() == "...":
        return ""
    line = re.sub(r"(\b(class|interface|record|enum)\b[^{]*)\{\s*\.\.\.\s*\}", r"\1{ }", line)  # a type's body
    line = re.sub(r"\{\s*\.\.\.\s*\}", "{ throw new UnsupportedOperationException(); }", line)
    return re.sub(r"(?<![\w>\]])\.\.\.", "elided()", line)  # not varargs (`String...`)


def split_members(body):
    """(member lines, statement lines), each line as (index in the block, text)."""
    members, statements, depth, current, kind = [], [], 0, [], None
    for index, line in enumerate(body):
        code = code_of(line).strip()
        if kind is None:
            if not code:
                current.append((index, line))
                continue
            kind = "member" if MEMBER.match(code) else "statement"
        current.append((index, line))
        depth += code.count("{") + code.count("(") - code.count("}") - code.count(")")
        if depth <= 0 and (code.endswith(";") or code.endswith("}")):
            (members if kind == "member" else statements).extend(current)
            current, kind, depth = [], None, 0
    (members if kind == "member" else statements).extend(current)
    return members, statements


def brisk_packages(classpath):
    """The packages Brisk's modules export to everyone, of the modules on the class path."""
    packages = []
    for info in sorted(ROOT.glob("*/src/main/java/module-info.java")):
        artifact = info.parts[-5]
        if ("/" + artifact + "-") not in classpath:
            continue
        for exported in re.findall(r"^\s*exports\s+([\w.]+)\s*;", info.read_text(encoding="utf-8"), re.M):
            packages.append(exported)
    return packages


def context_dependencies():
    """<dependency> elements for the `// dependency: g:a:v[:scope]` lines of the context files."""
    found = []
    for context in sorted(CONTEXTS.glob("*.java")):
        for line in context.read_text(encoding="utf-8").splitlines():
            named = re.match(r"^//\s*dependency:\s*(\S+)", line)  # then, optionally, a note
            if named:
                parts = named.group(1).split(":")
                version = f"<version>{parts[2]}</version>" if len(parts) > 2 and parts[2] else ""
                scope = f"<scope>{parts[3]}</scope>" if len(parts) > 3 else ""
                found.append(f"    <!-- {context.relative_to(ROOT)} -->\n    <dependency><groupId>{parts[0]}</groupId>"
                             f"<artifactId>{parts[1]}</artifactId>{version}{scope}</dependency>")
    return found


def context_of(doc):
    """(imports, class text) of the page's context file: an abstract class named DocContext."""
    path = CONTEXTS / (doc + ".java")
    if not path.exists():
        return [], "abstract class DocContext {\n}\n"
    text = path.read_text(encoding="utf-8")
    imports = [line for line in text.splitlines() if line.startswith("import ")]
    return imports, text


def package_of(doc):
    return "snippets." + re.sub(r"\W", "_", doc.lower())


def write_sources(sources_dir, classpath):
    """Writes every java block as a source file; returns (origins, skipped, count): origins maps a file to
    (doc, block line, {file line: doc line})."""
    api = ["import " + p + ".*;" for p in JDK_IMPORTS + brisk_packages(classpath)]
    origins, skipped, count = {}, [], 0
    docs = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    for doc_path in docs:
        doc, source = doc_path.stem, doc_path.relative_to(ROOT)
        found = java_blocks(doc_path)
        if not found:
            continue
        package = package_of(doc)
        directory = sources_dir / package.replace(".", "/")
        directory.mkdir(parents=True, exist_ok=True)
        imports, context = context_of(doc)
        context_file = directory / "DocContext.java"
        context_file.write_text("package " + package + ";\n" + "\n".join(api) + "\n" + context, encoding="utf-8")
        context_lines = {n + 2 + len(api): n + 1 for n in range(context.count("\n") + 1)}
        origins[context_file] = (CONTEXTS.relative_to(ROOT) / (doc + ".java"), 0, context_lines)
        for start, body, reason in found:
            count += 1
            if reason:
                skipped.append(f"{source}:{start}: not compiled, because {reason}")
                continue
            if any(line.startswith("import ") for line in body):
                unit = package + ".b" + str(start)
                declared = re.search(r"^public\s+(?:\w+\s+)*(?:class|interface|record|enum)\s+(\w+)",
                                     "\n".join(body), re.M)
                name = (declared.group(1) if declared else "Snippet") + ".java"
                target = sources_dir / unit.replace(".", "/") / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text("package " + unit + ";\n" + "\n".join(body) + "\n", encoding="utf-8")
                origins[target] = (source, start, {n + 2: start + n for n in range(len(body))})
                continue
            members, statements = split_members([elide(line) for line in body])
            out = ["package " + package + ";"] + imports + api
            out.append(f"@SuppressWarnings(\"all\") abstract class B{start} extends DocContext {{")
            out.append("    static <T> T elided() { throw new UnsupportedOperationException(); }")
            lines = {}
            for index, text in members:
                out.append(text)
                lines[len(out)] = start + index
            out.append("    void snippet() throws Exception {")
            for index, text in statements:
                out.append(text)
                lines[len(out)] = start + index
            out.append("    }")
            out.append("}")
            target = directory / f"B{start}.java"
            target.write_text("\n".join(out) + "\n", encoding="utf-8")
            origins[target] = (source, start, lines)
    return origins, skipped, count


def javac(files, classpath, classes_dir):
    """javac's errors as (file, line, message)."""
    command = ["javac", "-proc:none", "-nowarn", "-Xmaxerrs", "100000", "-encoding", "UTF-8", "--release", "17",
               "-d", str(classes_dir), "-cp", classpath, *map(str, files)]
    result = subprocess.run(command, capture_output=True, text=True)
    errors = []
    for line in result.stdout.splitlines() + result.stderr.splitlines():
        error = re.match(r"^(.+\.java):(\d+): error: (.*)$", line)
        if error:
            errors.append((pathlib.Path(error.group(1)), int(error.group(2)), error.group(3)))
        elif errors and re.match(r"^\s+(symbol|location|required|found|reason):", line):
            file, number, message = errors[-1]
            errors[-1] = (file, number, message + "; " + " ".join(line.split()))
    if result.returncode != 0 and not errors:
        sys.exit("FAILED: javac did not run:\n" + result.stderr)
    return errors


def compile_java_blocks(project, args):
    """Step 3: every java block of the docs compiles against the project's class path."""
    pom = (project / "pom.xml").read_text(encoding="utf-8")
    present = set(coordinate(d) for d in re.findall(r"<dependency>.*?</dependency>", pom, re.S))
    added = {}
    for dependency in context_dependencies():
        if coordinate(dependency) not in present:
            added.setdefault(coordinate(dependency), dependency)
    close = pom.rindex("</dependencies>")
    (project / "pom.xml").write_text(pom[:close] + "\n".join(added.values()) + "\n  " + pom[close:], encoding="utf-8")
    if not maven(project, ["dependency:build-classpath", "-Dmdep.outputFile=classpath.txt"], args):
        sys.exit("FAILED: the class path of the getting-started project cannot be built")
    classpath = (project / "classpath.txt").read_text(encoding="utf-8").strip()
    sources_dir, classes_dir = project.resolve() / "snippets" / "src", project.resolve() / "snippets" / "classes"
    shutil.rmtree(project / "snippets", ignore_errors=True)
    classes_dir.mkdir(parents=True)
    origins, skipped, count = write_sources(sources_dir, classpath)
    # javac stops before type checking when a file does not parse: compile again without the files that failed
    remaining, failures, failed = list(origins), [], set()
    while remaining:
        errors = javac(remaining, classpath, classes_dir)
        if not errors:
            break
        for file, line, message in errors:
            file = file.resolve()
            source, start, lines = origins.get(file, (file, 0, {}))
            failures.append((str(source), lines.get(line, start), message))
            failed.add(file)
        if any(pathlib.Path(f).name == "DocContext.java" for f in failed):
            break
        remaining = [f for f in remaining if f.resolve() not in failed]
    for context in [f for f in failed if f.name == "DocContext.java"]:
        failed.update(f for f in origins if f.parent == context.parent)  # the page's blocks are not checked
    blocks_failing = len([f for f in failed if f.name != "DocContext.java"])
    for line in skipped:
        print("   ", line)
    for source, line, message in sorted(set(failures), key=lambda f: (f[0], f[1])):
        print(f"{source}:{line}: {message}")
    compiled = count - len(skipped) - blocks_failing
    print(f"java blocks (but getting-started's files): {count}, {compiled} compiled, {len(skipped)} not compiled "
          f"(marked), {blocks_failing} failing", flush=True)
    if failures:
        sys.exit("FAILED: java blocks of the docs do not compile (see above)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo")
    parser.add_argument("--keep")
    parser.add_argument("--offline", action="store_true")
    args = parser.parse_args()
    project = pathlib.Path(args.keep) if args.keep else pathlib.Path(tempfile.mkdtemp(prefix="brisk-snippets-"))
    if args.keep:
        shutil.rmtree(project, ignore_errors=True)
    project.mkdir(parents=True, exist_ok=True)
    try:
        files = [(name, text) for name, _, text in blocks(ROOT / "docs" / "getting-started.md") if name]
        if not any(name == "pom.xml" for name, _ in files):
            sys.exit("docs/getting-started.md announces no pom.xml")
        for name, text in files:
            target = project / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        print(f"getting started: {len(files)} files in {project}", flush=True)
        if not maven(project, ["test"], args):
            sys.exit("FAILED: the getting-started project does not build or its test fails")

        pom = (project / "pom.xml").read_text(encoding="utf-8")
        present = set(coordinate(d) for d in re.findall(r"<dependency>.*?</dependency>", pom, re.S))
        added, seen = [], set()
        for source, dependency in dependency_snippets():
            key = coordinate(dependency)
            if key in present or key in seen:
                continue
            seen.add(key)
            added.append(f"    <!-- {source} -->\n    {dependency.strip()}")
        close = pom.rindex("</dependencies>")
        (project / "pom.xml").write_text(pom[:close] + "\n".join(added) + "\n  " + pom[close:], encoding="utf-8")
        print(f"dependency snippets: {len(added)} more coordinates pasted from README.md and docs", flush=True)
        if not maven(project, ["test-compile"], args):
            sys.exit("FAILED: a dependency snippet of the docs does not resolve in the getting-started project")
        compile_java_blocks(project, args)
        print("doc snippets: OK")
    finally:
        if not args.keep:
            shutil.rmtree(project, ignore_errors=True)


if __name__ == "__main__":
    main()
