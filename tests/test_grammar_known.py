"""General readings added for first-sight cases still refused wrongly (issue 20), on synthetic sentences (not law).

Each test gives wording and the operations it must make (the same for its rewordings), or the refusal it must give
for a near miss; operations resolved against a synthetic law are applied and the result checked.
"""

from __future__ import annotations

import pytest

from lawhistory.amending.apply import WordsNotFound, apply_operation
from lawhistory.amending.instructions import InstructionNotUnderstood, parse_unit
from lawhistory.amending.parts import Unit
from tests.helpers import body_of, ops

# --- a connector deleted after a provision kept -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "by deleting “and” after paragraph (a);",
        'by deleting "and" after paragraph (a); and',
        "delete “and” after paragraph (a).",
        "Delete the word “and” after the paragraph (a).",
        "by deleting the word “and” after paragraph (a)",
    ],
)
def test_a_connector_deleted_after_a_provision_is_deleted_where_it_ends_that_provision(text: str) -> None:
    assert ops(text, "2.1(2)") == [("delete_words", "2.1(2)(a)", "and", "", "end", "once")]


def test_a_connector_deleted_after_a_provision_under_a_lead_is_of_the_leads_provision() -> None:
    assert ops("In clause 8(1) delete “or” after paragraph (b).") == [("delete_words", "8(1)(b)", "or", "", "end", "once")]


def test_a_connector_deleted_after_a_provision_leaves_its_semicolon_and_guesses_nothing() -> None:
    op = parse_unit(Unit("9", "In clause 8(1) delete “and” after paragraph (a).", None))[0]
    body = body_of("8. Hire\n  (1) A hirer must —\n    (a) pay; and\n    (b) clean.\n")
    done, _ = apply_operation(body, op)
    assert done[0].children[0].children[0].text == "pay;"
    assert done[0].children[0].children[1].text == "clean."
    # the provision named does not end with the connector (it is inside its words): nothing is deleted
    with pytest.raises(WordsNotFound):
        apply_operation(body_of("8. Hire\n  (1) A hirer must —\n    (a) pay and sign;\n    (b) clean.\n"), op)


@pytest.mark.parametrize(
    "text",
    [
        "by deleting “the” after paragraph (a);",
        "delete “and the” after paragraph (a).",
        "by deleting “, and” after paragraph (a);",
    ],
)
def test_other_words_deleted_after_a_provision_are_not_a_connector_and_are_refused(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="not a connector"):
        parse_unit(Unit("9", text, "2.1(2)"))


def test_a_connector_deleted_after_a_provision_with_new_text_is_refused() -> None:
    with pytest.raises(InstructionNotUnderstood):
        parse_unit(Unit("9", "by deleting “and” after paragraph (a) and inserting “or”;", "2.1(2)"))


# --- new words that hold a new provision --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "by deleting “hall.” in paragraph (b) and substituting “hall; and (c) a pavilion or grandstand.”;",
        "In paragraph (b) delete “hall.” and insert “hall; or (c) a pavilion.”.",
        "In paragraph (b) delete “hall.” and insert “hall; (c) a pavilion.”.",
        "In paragraph (b) after “hall” insert “; or (ca) a stand”.",
    ],
)
def test_new_words_holding_a_new_provision_are_refused_naming_it(text: str) -> None:
    with pytest.raises(InstructionNotUnderstood, match="hold a new provision"):
        parse_unit(Unit("9", text, "2.1(2)"))


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # a reference to a provision by its kind is words, not a new provision
        (
            "In paragraph (b) delete “hall.” and insert “hall referred to in paragraph (c).”.",
            "hall referred to in paragraph (c).",
        ),
        ("In paragraph (b) delete “hall.” and insert “hall; and”.", "hall; and"),
        ("In paragraph (b) delete “hall” and insert “hall (including a pavilion)”.", "hall (including a pavilion)"),
    ],
)
def test_new_words_citing_provisions_or_in_brackets_are_still_words(text: str, new: str) -> None:
    assert [o[3] for o in ops(text, "2.1(2)")] == [new]
