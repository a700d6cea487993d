"""Helpers shared by test modules: a ``lawhistory serve`` on a free loopback port, the word-count rule of the
fidelity tests (which added words a law's notes account for), and the grammar tests' reading of one instruction
(``ops``) and of a law's body from its structured text (``body_of``)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lawhistory.amending.instructions import parse_unit
from lawhistory.amending.parts import Unit
from lawhistory.core.model import Provision
from lawhistory.files.textformat import parse


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(repo: Path, log: Path, *args: str, timeout: float = 90) -> Iterator[str]:
    """``lawhistory serve --repo REPO ARGS`` on a free loopback port, as a user runs it (its output in ``log``), until
    the block ends; yields its base URL once ``/-/laws`` answers."""
    port = free_port()
    cmd = [sys.executable, "-m", "lawhistory", "serve", "--repo", str(repo), "--port", str(port), *args]
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                pytest.fail(f"lawhistory serve exited with {proc.returncode}: {log.read_text(encoding='utf-8')}")
            try:
                with urllib.request.urlopen(f"{base}/-/laws", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"lawhistory serve did not answer within {timeout:g} seconds: {log.read_text(encoding='utf-8')}")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def unsupplied(words: Sequence[str], supplied: list[str]) -> str | None:
    """The ``words`` a rendering added that no "supplied:" note quotes (each quoted word allows one, and is used up),
    joined; None when the notes account for all of them."""
    extra = []
    for w in words:
        if w in supplied:
            supplied.remove(w)
        else:
            extra.append(w)
    return " ".join(extra) if extra else None


def ops(text: str, context: str | None = None, lead: str | None = None) -> list[tuple[str, ...]]:
    """The operations one instruction reads to (amending clause 9, in ``context``, under a lead-in naming ``lead``):
    action, target, words, new text, position and occurrence, each "" when it has none."""
    return [
        (str(o.action), o.target, o.words or "", o.new or "", o.position or "", str(o.occurrence))
        for o in parse_unit(Unit("9", text, context, lead=lead))
    ]


def body_of(text: str) -> tuple[Provision, ...]:
    """The provisions of a principal law whose structured text (docs/format.md) is ``text``."""
    head = "---\nid: x/a\ntitle: A\nlocal_government: Shire of X\nkind: principal\n---\n"
    return parse(head + text).body
