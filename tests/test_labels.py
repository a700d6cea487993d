"""One function decides what a bracketed label is (paragraph, subparagraph, subclause)."""

from __future__ import annotations

import pytest

from lawhistory.core.labels import bracket_kind, clause_key, next_letter


@pytest.mark.parametrize(
    ("label", "parent", "previous", "kind"),
    [
        ("(1)", "clause", None, "subclause"),
        ("(7A)", "clause", "(7)", "subclause"),
        ("(a)", "clause", None, "paragraph"),
        ("(a)", "subclause", None, "paragraph"),
        ("(ba)", "subclause", "(b)", "paragraph"),
        ("(i)", "subclause", "(h)", "paragraph"),  # (i) after (h) is a paragraph
        ("(i)", "paragraph", None, "subparagraph"),  # under a paragraph ending in — it is a subparagraph
        ("(ii)", "paragraph", "(i)", "subparagraph"),
        ("(v)", "subclause", "(u)", "paragraph"),
        ("(v)", "paragraph", "(iv)", "subparagraph"),
        ("(x)", "subclause", "(w)", "paragraph"),
        ("(i)", "definition", None, "subparagraph"),
        ("(l)", "subclause", "(k)", "paragraph"),
    ],
)
def test_bracket_kind(label: str, parent: str, previous: str | None, kind: str) -> None:
    assert bracket_kind(label, parent, previous) == kind


def test_next_letter_counts_letters_or_roman_numerals_as_the_list_does() -> None:
    assert next_letter("(h)") == "(i)"
    assert next_letter("(i)", roman=False) == "(j)"
    assert next_letter("(i)", roman=True) == "(ii)"
    assert next_letter("(9)") == "(10)"


def test_clause_numbers_sort_as_printed() -> None:
    nums = ["2.10", "2.8A", "2.9", "2.8", "10.1", "2.1"]
    assert sorted(nums, key=clause_key) == ["2.1", "2.8", "2.8A", "2.9", "2.10", "10.1"]
