"""grammar/preliminary.lark's ``interpretation``: what the instrument's own words mean ("In this local law —
“principal local law” means …"). The term is quoted (up to 60 characters) or up to six words and hyphens beginning with a small
letter; a quoted verb of change ("“delete” means …") sends the clause to be read as instructions (frame.lark)."""

from __future__ import annotations

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.grammar.parse import frame_sentence

INTERPRETATIONS = [
    "In this local law “Principal Local Law” means the City of Busselton Dogs Local Law 2015 as published in the "
    "Government Gazette of 26 November 2014.",
    "In this local law “dog” means a canine.",
    "In this local law — “principal local law” means the Shire of Testville Dogs Local Law 2010.",
    "In this local law, “council” means the council of the Shire.",
    'In these by-laws: "district" means the district of the Shire.',
    "In this Part ‘principal local law’ has the meaning given in clause 2.",
    "In this amendment local law - 'x' includes y.",
    "In this local law, — “a” means b; “c” means “d”.",  # after "means" any words, quotations too
    "In this local law council means the council of the Shire.",
    "In this local law local-government land includes a reserve.",
    "In this local law the principal local law means the Shire of Testville Dogs Local Law 2010.",
]

NOT_INTERPRETATIONS = [
    "In this local law “delete” means to remove.",  # a verb of change, quoted: read as instructions
    "In this law “dog” means a canine.",  # not the instrument itself
    "In this Partial term means x.",  # the expression replaced read "this Part" in it
    "In this local law Council means the council.",  # an unquoted term begins with a small letter
    "In this local law 1st term means x.",
    "In this local law “a very long term indeed that goes on and on for more than sixty characters” means x.",
    "In this local law a term of more than eight words that goes on and on and on means x.",
    "In this local law; “dog” means a canine.",
    "In this local law “dog” meant a canine.",
    "In this local law “dog” and “cat” mean animals.",
    "In clause 4 “dog” means a canine.",
]


@pytest.mark.parametrize("sentence", INTERPRETATIONS)
def test_interpretations_are_read(sentence: str) -> None:
    assert frame_sentence("interpretation", sentence)
    assert frame_kind("", sentence) == "interpretation"


@pytest.mark.parametrize("sentence", NOT_INTERPRETATIONS)
def test_near_misses_are_no_interpretation(sentence: str) -> None:
    assert frame_kind("", sentence) is None


def test_a_quoted_verb_is_read_by_the_grammar_but_the_clause_goes_to_the_instructions() -> None:
    # the grammar reads the shape; frame.lark's instruction words come first and win
    assert frame_sentence("interpretation", "In this local law “delete” means to remove.")
    assert frame_kind(None, "Interpretation In this local law “delete” means to remove.") is None
