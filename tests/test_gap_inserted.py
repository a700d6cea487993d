"""Review 11 (issue 20): new labelled provisions inserted after a named one ("after paragraph (f) insert— (h) …")
whose labels do not count on from it, or among themselves ("(g) …; (i) …"), were applied with the gap; "by adding a
further paragraph to stand as (h)" was refused already (wr9). Both ways are refused now, naming the labels.
SYNTHETIC instruments amending the synthetic tests/fixtures/review11/principal.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

HERE = Path(__file__).parent / "fixtures" / "review11"


def _amend(tmp_path: Path, name: str) -> Repository:
    repo = Repository.init(tmp_path / "repo")
    text = (HERE / "principal.txt").read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    amend(repo, HERE / f"{name}.txt")
    return repo


@pytest.mark.parametrize(
    ("name", "said"),
    [
        (
            "p2b-after-f-insert-h",
            "the new paragraph (h) would follow paragraph (f), the last of its list before it, where (g) comes next",
        ),
        (
            "p3-gap-end-subclause",
            "the new subclause (4) would follow subclause (2), the last of its list before it, where (3) comes next",
        ),
        (
            "p7-adding-two-gap-inside",
            "the new paragraph (i) follows the new paragraph (g) in the new text, where (h) comes next",
        ),
        ("p5-gap-middle-paragraph", "the new paragraph (i) follows the new paragraph (g) in the new text, where (h) comes next"),
    ],
)
def test_new_provisions_leaving_a_gap_are_refused_naming_the_labels(tmp_path: Path, name: str, said: str) -> None:
    with pytest.raises(LawHistoryError) as refused:
        _amend(tmp_path, name)
    assert said in " ".join(str(refused.value).split())


def test_new_provisions_that_count_on_are_read(tmp_path: Path) -> None:
    repo = _amend(tmp_path, "p9-after-f-insert-g-h-control")
    (instrument,) = repo.load_instruments()
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    body = render_body(build_timeline(law, [instrument]).versions[-1].body)
    assert "(g) a cemetery;" in body and "(h) a park." in body
    assert body.index("(f)") < body.index("(g) a cemetery;") < body.index("(h) a park.")


def test_further_paragraphs_added_as_follows_are_read_at_the_end(tmp_path: Path) -> None:
    """(review 11, p8) "Clause 2.5 is amended by adding further paragraphs as follows— (g) …; (h) …" (refused before:
    the grammar stopped at "as follows")."""
    repo = _amend(tmp_path, "p8-adding-further-paragraphs-control")
    (instrument,) = repo.load_instruments()
    assert [(op.action, op.target) for op in instrument.operations] == [("insert", "2.5")]
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    body = render_body(build_timeline(law, [instrument]).versions[-1].body)
    clause = body.split("2.5 ", 1)[1].split("\n2.5A", 1)[0]
    assert clause.index("(f)") < clause.index("(g) a cemetery;") < clause.index("(h) a park.")
