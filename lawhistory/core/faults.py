"""Fault-injection points for the crash tests: the process kills itself (SIGKILL) at a named write step.

``LAWHISTORY_CRASH_AT=full:history-moved-aside lawhistory build --full`` dies right after that step, as a power cut
or ``kill -9`` would leave it; the crash tests (tests/test_crash_points.py) do this at every point below and check
that the next plain ``lawhistory build`` succeeds with the old or the new state. Unset, a point costs one lookup.

``LAWHISTORY_PAUSE_AT=<point>`` stops the process there instead (SIGSTOP), for a test to look at what the others see
while a build is under way (and kill it there: tests/test_killed_build_served.py).
"""

from __future__ import annotations

import os
import signal

ENV = "LAWHISTORY_CRASH_AT"
PAUSE = "LAWHISTORY_PAUSE_AT"

#: Every point, in the order a build passes them (a point reached by both kinds of build is listed once).
POINTS = (
    # the history: new commits written by git fast-import, the scratch ref removed, then ``main`` moved
    "history:commits-written",
    "history:scratch-ref-deleted",
    "history:ref-lock-written",  # refs/heads/main.lock holds the new commit
    "history:ref-lock-synced",
    "history:ref-moved",  # main.lock renamed to main
    # an incremental build: one transaction on the database (or on a copy, while it is served)
    "incremental:before-commit",
    "incremental:committed",
    "incremental:copy-synced",
    "incremental:copy-moved",
    # a full build: a new database and history in db/.build/, swapped in by three renames
    "full:database-synced",
    "full:history-moved-aside",  # db/history.git → db/.history.git.old
    "full:history-moved",  # db/.build/history.git → db/history.git
    "full:database-moved",
    "full:old-history-removed",
    # the inputs cache, written last by every build
    "cache:written",
    "cache:moved",
)


def point(name: str) -> None:
    """Kill this process here if ``LAWHISTORY_CRASH_AT`` names this point (stop it, if ``LAWHISTORY_PAUSE_AT`` does)."""
    assert name in POINTS, name
    if os.environ.get(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
    if os.environ.get(PAUSE) == name:
        os.kill(os.getpid(), signal.SIGSTOP)
