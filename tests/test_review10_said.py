"""Review 10 (issue 20): new text that does not match what the words say it puts in. A provision replaced by new text
labelled otherwise ("repealing subclause (2) and re-enacting it … (4) …") made the law read (1), (4), (3); one
subclause, paragraph or definition said and two given ("the following subclause is inserted— (4) … (5) …",
"re-enacting it … (2) … (2A) …") put in both. Each is refused now, naming what was said and what was given.
SYNTHETIC instruments amending the synthetic tests/fixtures/review10/principal.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.core.errors import LawHistoryError
from lawhistory.files.textformat import parse, render_body
from tests.conftest import amend_beside

HERE = Path(__file__).parent / "fixtures" / "review10"


def _amend(tmp_path: Path, name: str) -> str:
    return amend_beside(HERE, tmp_path, name)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("a14b-reenact-label-mismatch4", "the new text is labelled (4), but it replaces subclause (2)"),
        ("a14d-substituted-label4-control", "the new text is labelled (4), but it replaces subclause (2)"),
        ("a14e-delete-insert-label4-control", "the new text is labelled (4), but it replaces subclause (2)"),
        ("a14f-reenact-it-two", "it re-enacts 1 provision (2.3(2)), but its new text holds 2 ((2), (2A))"),
        ("n4c-paragraph-substituted-two", "“the following paragraph” (one), but its new text holds 2 provisions ((f), (g))"),
        (
            "n4d-definition-inserted-two",
            "“the following definition” (one), but its new text holds 2 provisions (“kennel”, “leash”)",
        ),
        ("n4e-subclause-inserted-two", "“the following subclause” (one), but its new text holds 2 provisions ((4), (5))"),
    ],
)
def test_new_text_other_than_the_words_say_is_refused_naming_both(tmp_path: Path, name: str, said: str) -> None:
    with pytest.raises(LawHistoryError) as refused:
        _amend(tmp_path, name)
    assert said in " ".join(str(refused.value).split())


def test_a_subclause_re_enacted_under_its_own_label_is_read(tmp_path: Path) -> None:
    body = _amend(tmp_path, "a12-reenact-sub2")
    before = render_body(parse((HERE / "principal.txt").read_text(encoding="utf-8")).body)
    assert "(2) The local government may grant a permit to keep up to 3 dogs on premises." in body
    assert body != before
    labels = [
        line.split()[0]
        for line in body.split("2.3 Number of dogs", 1)[1].split("\n2.4", 1)[0].splitlines()
        if line.strip().startswith("(")
    ]
    assert labels[:3] == ["(1)", "(2)", "(3)"]
