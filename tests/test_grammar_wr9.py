"""wr9 (issue 20): review 9's wrong refusals in definitions, lead-ins and commencement.

- Several definitions inserted as one payload, each its term alone quoted, with no "the following definitions"
  ("insert in alphabetical order— “kennel” means …; and “leash” has …;", review9 d6, d6b): refused before ("words
  follow the quoted new text"); now each goes to its own place (new_text.lark's ``next_quoted_term``), the connector
  between them taken off (it joins nothing there), as d6d's "the following definitions" reads them. Where they go
  together after a definition named, a connector between them is refused; there, several were put in the reverse
  order before (each straight after the one named: wrong law), now in the order printed.
- "delete the definitions of “kennel” and “lead”" where the law's one definition is "**kennel** and **lead** have the
  same meanings …": refused before (one definition of several terms); every term named by the instruction, so it is
  deleted whole (apply.py's ``_joint_named_whole``). Named only in part ("“enclosure” and “kennel”"), or with a term
  the law does not define, it stays refused; two separate definitions are each deleted (control).
- "That local law is amended— (a) in clause 2.2(1) …" (review9 f9; its heading "Amendments" run into it before, as
  "That" opened no clause's words) and "That local law is amended in clause 2.2(1) by …": the law the instrument's
  "Local law amended" clause names (opening.lark's ``aaf_law``, wa.lark's ``whole_law``); refused, naming the words,
  where the instrument names none (or several, Part by Part). An instrument whose principal-law clause names two
  laws in one sentence ("This local law amends the X … 2015 and the Y … 2010.") was read as amending the first
  (reading/instrument_meta.py ``amended_law``): "The principal local law is amended— …" was applied to it though the
  instrument does not say which (wrong law if it meant the other); now no law is linked (kept pending, or refused for
  "That local law").
- "This local law comes into operation as follows— (a) clauses 1 to 4 — 14 days after …" (review9 c19): one item
  alone, refused before; read (core/dates.py ``clause_items``) where it names every clause of the instrument, the
  whole instrument's day; an item alone that leaves a clause out, or names one it does not have, stays refused.
- "**animal, dog and owner** have the same meanings as in the Act;" (three terms printed as one, as an instrument's
  unquoted "animal, dog and owner have …" is read): one term "animal, dog and owner" before, so a new definition of
  “dog” was inserted (dog defined twice: wrong law), and the unquoted one was inserted where the law defines dog; now
  core/terms.py's ``defined_terms`` reads each term of the list before the plural "have", and both are refused.
- "by adding a further paragraph to stand as paragraph (h) as follows— (h) …" where the clause's list ends at (f):
  applied before, (h) after (f) (a gap: the (g) it counts on missing from the law); now refused, naming the labels
  (apply.py's ``_refuse_gap_at_end``, for any new provision put at the end of a list); (g) is added (control).

Fixtures: tests/fixtures/wr9/ (synthetic, its README).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import run_case
from lawhistory.amending.grammar.parse import quoted_definitions
from lawhistory.core.dates import EVERY, REST, clause_items
from lawhistory.core.terms import defined_terms

CASES = Path(__file__).parent / "fixtures" / "wr9"
NAMES = sorted(p.name for p in CASES.iterdir() if (p / "expected.yml").is_file())


@pytest.mark.parametrize("name", NAMES)
def test_wr9_case_applies_or_refuses_as_expected(name: str) -> None:
    result = run_case(CASES / name)
    assert result.problems == [], result.message


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("“kennel” means a dog house; and “leash” has the same meaning as in the Act;", ((26, "and"),)),
        ("“kennel” means a dog house; “leash” means a cord;", ((26, None),)),
        ("“kennel” means a dog house;", None),  # one definition alone: quoted_term's
        ("“kennel” means a “dog house”; “leash” means a cord;", None),  # another mark: not so read
        ("“kennel” means a dog house; and (b) “leash” means a cord;", None),
    ],
)
def test_several_definitions_each_term_alone_quoted(text: str, found: tuple[tuple[int, str | None], ...] | None) -> None:
    assert quoted_definitions(text) == found


ONE_ITEM = "This local law comes into operation as follows— (a) clauses 1 to 4 — 14 days after the day on which it is published in the Government Gazette."


@pytest.mark.parametrize(
    ("parts", "read"),
    [
        ({REST: ("1", "2", "3", "4")}, True),  # every clause of the instrument: the whole instrument's day
        ({EVERY: ("1", "2", "3", "4")}, True),
        ({REST: ("1", "2", "3", "4", "5")}, False),  # clause 5 given no day
        ({REST: ("1", "2", "3")}, False),  # a clause it does not have named
        (None, False),  # the instrument's clauses not known
    ],
)
def test_one_item_alone_is_read_only_where_it_names_every_clause(parts: dict[str, tuple[str, ...]] | None, read: bool) -> None:
    items = clause_items(ONE_ITEM, parts)
    assert (items is not None) is read
    if items is not None:
        assert [(i.clauses, i.after) for i in items] == [(("1", "2", "3", "4"), 14)]


@pytest.mark.parametrize(
    ("term", "text", "terms"),
    [
        ("animal, dog and owner", "animal, dog and owner have the same meanings as in the Act;", ["animal", "dog", "owner"]),
        ("animal, dog, and owner", "animal, dog, and owner have the same meanings as in the Act;", ["animal", "dog", "owner"]),
        ("animal and owner", "animal and owner have the same meanings as in the Act;", ["animal", "owner"]),
        ("food and drink", "food and drink means anything eaten or drunk;", ["food and drink"]),  # "means": one term
        ("dog", "dog means an animal of the species Canis familiaris;", ["dog"]),
    ],
)
def test_terms_of_a_definition_of_several_printed_as_one_term(term: str, text: str, terms: list[str]) -> None:
    assert defined_terms(term, text) == terms
