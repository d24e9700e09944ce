#!/usr/bin/env python3
"""Circles between the source files of src/: prints each, exits 1 if there is one.

A file depends on another when it names an item defined there: through `use` and through
paths in code (`crate::`, `super::`, `self::` or a child module's name). A name reached
through a re-export (`pub use a::b`) counts as a dependency on the file that defines it, not
on the file that re-exports it; a re-export itself is a module's front, not a dependency. `#[cfg(test)] mod tests` blocks at the end of a file and
comments are left out, and so are a submodule's uses of its enclosing modules' items (the
vocabulary a parent lends its children, as Rust's privacy intends): every other circle is
reported. This is text scanning, not Rust's name resolution: good enough to
keep the house free of circles, with plain python3.

Usage: scripts/file_cycles.py [REPO]   (default: the repository holding this script)
"""
import os
import re
import sys

ITEM = re.compile(
    r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+|unsafe\s+|async\s+)*"
    r"(?:fn|struct|enum|type|trait|const|static|mod|macro_rules!)\s+(\w+)",
    re.M,
)
USE = re.compile(r"^\s*(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", re.M)


def read_sources(src):
    files = {}
    for d, _, names in os.walk(src):
        for f in names:
            if f.endswith(".rs"):
                path = os.path.join(d, f)
                text = open(path, encoding="utf-8").read()
                text = re.sub(r"//[^\n]*", "", text)
                cut = re.search(r"#\[cfg\(test\)\]\s*mod tests\b", text)
                if cut:
                    text = text[: cut.start()]
                files[os.path.relpath(path, src)] = text
    return files


def module_of(rel):
    parts = rel[:-3].split("/")
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return tuple(parts)


def expand_use(tree):
    """`a::{b, c::{d}}` -> ['a::b', 'a::c::d'] (aliases dropped, `self` kept as the prefix)."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, t):
        i = t.find("{")
        if i < 0:
            t = t.split("as")[0] if re.search(r"\bas\b", t) else t
            t = re.sub(r"as\w+$", "", t) if "as" in t and False else t
            name = prefix + t
            out.append(name[:-6] if name.endswith("::self") else name)
            return
        head, body = t[:i], t[i + 1 : t.rindex("}")]
        depth, cur = 0, ""
        for ch in body + ",":
            if ch == "," and depth == 0:
                if cur:
                    walk(prefix + head, cur)
                cur = ""
                continue
            depth += ch == "{"
            depth -= ch == "}"
            cur += ch
    walk("", tree)
    return out


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    files = read_sources(os.path.join(repo, "src"))
    modules = {module_of(rel): rel for rel in files}
    defined = {rel: set(ITEM.findall(text)) for rel, text in files.items()}
    reexports = {rel: {} for rel in files}  # name -> absolute path segments
    for rel, text in files.items():
        for m in USE.finditer(text):
            if not m.group(1) or not m.group(1).startswith("pub"):
                continue
            for path in expand_use(m.group(2)):
                path = re.sub(r"\bas\b.*$", "", path)
                segs = absolute(module_of(rel), path.split("::"), modules)
                if segs:
                    reexports[rel][segs[-1]] = segs

    def resolve(segs, seen=()):
        """The file defining the item at absolute path `segs`."""
        for n in range(len(segs), -1, -1):
            rel = modules.get(tuple(segs[:n]))
            if rel is None:
                continue
            if n == len(segs):
                return rel
            name = segs[n]
            if name in defined[rel] or name not in reexports[rel] or rel in seen:
                return rel
            return resolve(reexports[rel][name], seen + (rel,))
        return None

    edges = {}
    why = {}
    for rel, text in files.items():
        me = module_of(rel)
        deps = set()
        paths = []
        aliases = {}  # a module brought in by `use a::b::{self}` or `use a::b`: b -> a::b
        for m in USE.finditer(text):
            if not (m.group(1) or "").startswith("pub"):
                for path in expand_use(m.group(2)):
                    segs = absolute(me, path.split("::"), modules)
                    if segs and tuple(segs) in modules:
                        aliases[segs[-1]] = segs
                    else:
                        paths.append(path)
        body = USE.sub("", text)
        paths += re.findall(r"(?<![\w:])((?:crate|super|self|\w+)(?:::\w+)+)", body)
        for path in paths:
            parts = re.sub(r"\bas\b.*$", "", path).split("::")
            if parts[0] in aliases:
                parts = ["crate"] + aliases[parts[0]] + parts[1:]
            segs = absolute(me, parts, modules)
            if segs:
                target = resolve(segs)
                if target and target != rel and not is_ancestor(module_of(target), me):
                    deps.add(target)
                    why.setdefault((rel, target), set()).add(segs[-1])
        edges[rel] = deps
    circles = strongly_connected(edges)
    for comp in circles:
        print("circle:", " ".join(sorted(comp)))
        for a in sorted(comp):
            for b in sorted(b for b in edges[a] if b in comp):
                print(f"    {a} -> {b} ({', '.join(sorted(why[(a, b)]))})")
    if not circles:
        print(f"no circle between the {len(files)} files of src/")
    return 1 if circles else 0


def absolute(me, segs, modules):
    """Absolute module path segments of a path written in module `me`, or None if external."""
    segs = [s for s in segs if s]
    if not segs:
        return None
    if segs[0] == "crate":
        return segs[1:]
    if segs[0] in ("super", "self"):
        base = list(me)
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
        return base + segs
    if tuple(list(me) + [segs[0]]) in modules:
        return list(me) + segs
    return None


def is_ancestor(a, b):
    """Whether module `a` encloses module `b` (a submodule may use its parents' items)."""
    return len(a) < len(b) and tuple(b[: len(a)]) == tuple(a)


def strongly_connected(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    sys.exit(main())
