#!/usr/bin/env python3
"""Builds what the docs tell users to write, as a user would, against the installed Brisk artifacts.

1. docs/getting-started.md: every fenced block announced by a line that is only a path in backticks
   (`pom.xml`:) is written to that path of a new project, which is then built and tested (`mvn test`).
2. Every Maven dependency snippet in README.md and docs/*.md (an xml block with <dependency>) is pasted, as written,
   into that project's pom, all together (each coordinate once), and the result must resolve and compile.

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
FENCE = re.compile(r"^```(\w*)\s*$")
ANNOUNCED = re.compile(r"^`([\w./-]+)`:\s*$")


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
        print("doc snippets: OK")
    finally:
        if not args.keep:
            shutil.rmtree(project, ignore_errors=True)


if __name__ == "__main__":
    main()
