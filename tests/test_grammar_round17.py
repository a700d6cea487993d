"""Constructs of the amending language read after the seventeenth first-sight round (cases 250–259, SOURCES-u.md).

Synthetic instructions, laws and instruments (not law): each test gives wording and what it must read as, or the
refusal it must give; each would fail on the engine before the fix it guards (the guards pass on both).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import yaml

from benchmarks.real_cases import run_case
from lawhistory.core.dates import commencement
from lawhistory.reading.gazette import normalise
from lawhistory.reading.importers import ImportOptions
from lawhistory.reading.importers.build import build_instruments
from lawhistory.reading.instrument_meta import amended_law

FRONT = """---
id: example/{slug}
title: Shire of Example {title}
local_government: Shire of Example
kind: principal
made: null
gazette:
  date: 1980-03-07
  number: null
  pages: null
commencement:
  wording: These by-laws come into operation on the day on which they are published in the Government Gazette.
  rule: on_gazettal
  days: 0
  date: 1980-03-07
partial: true
source: 'synthetic test fixture (invented text, not law)'
---

"""

HEAD = """SYNTHETIC TEST FIXTURE — invented text (not law)

5 December 1986            GOVERNMENT GAZETTE, W.A.            4410

LOCAL GOVERNMENT ACT 1960

SHIRE OF EXAMPLE

{caps} AMENDMENT BY-LAWS 1986

Made by the Council of the Shire of Example under section 190 of the Local Government Act 1960 by resolution on 4
November 1986.

1.             Citation

These by-laws are the Shire of Example {title} Amendment By-laws 1986.

2.             Commencement

These by-laws come into operation as follows —

(a) by-laws 1 and 2 — on the day on which these by-laws are published in the Gazette;
(b) the rest of the by-laws — on the day after that day.

3.             By-laws amended

These by-laws amend the Shire of Example {title} By-laws 1980.

"""

TAIL = """
Dated: 20 November 1986.

The Common Seal of the Shire of Example was affixed in the presence of—
A. B. EXAMPLE, Shire President.
C. D. EXAMPLE, Shire Clerk.
"""


def _case(tmp_path: Path, title: str, principal: str, clauses: str, expected: str | None, operations: int | None) -> Path:
    """A synthetic case folder as benchmarks/real_cases.py runs one (its expected.yml: applied, or refused)."""
    slug = title.lower().replace(" ", "-") + "-by-laws-1980"
    front = FRONT.format(slug=slug, title=f"{title} By-laws 1980")
    folder = tmp_path / "case"
    folder.mkdir()
    (folder / "principal.txt").write_text(front + principal, encoding="utf-8")
    (folder / "instrument.txt").write_text(HEAD.format(caps=title.upper(), title=title) + clauses + TAIL, encoding="utf-8")
    if expected is not None:
        (folder / "expected.txt").write_text(front + expected, encoding="utf-8")
    outcome = {"outcome": "applied" if expected is not None else "refused", "reason": None, "operations": operations}
    (folder / "expected.yml").write_text(yaml.safe_dump({**outcome, "gazette_date": None, "repealed": []}), encoding="utf-8")
    return folder


# --- by-laws' own commencement items: "(a) by-laws 1 and 2 — …; (b) the rest of the by-laws — …" ---------------------


def test_by_laws_commencement_items_give_the_rest_its_day() -> None:
    """Items naming the instrument's "by-laws 1 and 2" (or a by-law's "rules 1 and 2") and "the rest of the by-laws"
    were not read at all (the instrument refused: no day); the rest's day is now the instrument's."""
    published = dt.date(1988, 12, 2)
    fixed = commencement(
        "These by-laws come into operation as follows — (a) by-laws 1 and 2 — on the day on which these by-laws are "
        "published in the Gazette; (b) the rest of the by-laws — on 1 January 1989.",
        published,
    )
    assert (fixed.rule, fixed.date) == ("fixed_date", dt.date(1989, 1, 1))
    after = commencement(
        "This by-law comes into operation as follows — (a) rules 1 and 2 — on the day on which this by-law is "
        "published in the Gazette; (b) the rest of the by-law — on the day after that day.",
        published,
    )
    assert (after.rule, after.date) == ("day_after_gazettal", dt.date(1988, 12, 3))


def test_a_local_laws_items_are_read_as_before() -> None:
    """Guard: the local law's own words ("clauses 1 and 2", "the rest of the local law") read as they were."""
    read = commencement(
        "This local law comes into operation as follows — (a) clauses 1 and 2 — on the day on which this local law is "
        "published in the Gazette; (b) the rest of the local law — on the day after that day.",
        dt.date(2011, 12, 2),
    )
    assert (read.rule, read.date) == ("day_after_gazettal", dt.date(2011, 12, 3))


# --- "These by-laws amend the X By-laws 1986.": the plural's verb names the law amended --------------------------------


def test_these_by_laws_amend_names_the_law_amended() -> None:
    """ "These by-laws amend the …" (the plural's "amend", not "amends") named no law: the instrument waited, unlinked."""
    found = amended_law("These by-laws amend the Town of Example Hall Hire By-laws 1986.")
    assert found is not None and found.title == "Town of Example Hall Hire By-laws 1986"


def test_to_amend_the_following_names_no_law() -> None:
    """Guard: "… resolved to amend the following local law" is not the name of a law amended."""
    assert amended_law("the Council resolved to amend the following local law.") is None


# --- a by-law's running head "bl. 4" after a page header ------------------------------------------------------------


def test_a_by_laws_running_head_inside_new_text_is_dropped() -> None:
    """(case 250, a wrong law caught before any commit) the running head "Shire of Example Halls Amendment By-laws
    1986" and its provision line "bl. 4", printed after a page header inside a new subparagraph, were put into the law
    as its words; they are the page's furniture, as "r. 4" is."""
    clauses = """4.             By-law 4 inserted

After by-law 3 insert:

4. Small groups
(1) A group is a small group if —
(a) its revenue

4411 GOVERNMENT GAZETTE, W.A. 5 December 1986

Shire of Example Halls Amendment By-laws 1986

bl. 4

is less than $80 000 for the year; or
(b) the Council declares it to be a small group.
"""
    text = normalise(HEAD.format(caps="HALLS", title="Halls") + clauses + TAIL).text
    new = text[text.index("(a) its revenue") : text.index("for the year")]
    assert "bl. 4" not in new and "Amendment By-laws" not in new


# --- new provisions cut off by a comma: the words that close them are not there --------------------------------------

DEFINITIONS = """3. Interpretation
  In these by-laws—
  **notifiable disease** means scabies or head lice;
  **school** includes a kindergarten.
"""


def test_a_new_definition_ending_with_a_comma_is_refused(tmp_path: Path) -> None:
    """(case 253, a latent wrong law) a definition substituted whose last words end with a comma at the page foot
    (the words that close it printed elsewhere by the copy) was put into the law cut off; it is refused, naming it."""
    clauses = """4.             By-law 3 amended

By-law 3 of the principal by-laws is amended by deleting the definition of "notifiable disease" and substituting the
following definition —

"notifiable disease" means any disease of a person that —
(a) is scabies; or
(b) is a disease of the skin that the Medical Officer of Health declares to be contagious,

4412 GOVERNMENT GAZETTE, W.A. 5 December 1986
"""
    result = run_case(_case(tmp_path, "Health", DEFINITIONS, clauses, None, None))
    assert result.outcome == "refused"
    assert "ends with a comma" in result.message and "contagious," in result.message


def test_a_new_definition_ending_with_a_semicolon_is_applied(tmp_path: Path) -> None:
    """Guard: the same definition closed by its semicolon is applied."""
    clauses = """4.             By-law 3 amended

By-law 3 of the principal by-laws is amended by deleting the definition of "notifiable disease" and substituting the
following definition —

"notifiable disease" means any disease of a person that —
(a) is scabies; or
(b) is a disease of the skin that the Medical Officer of Health declares to be contagious;
"""
    expected = DEFINITIONS.replace(
        "  **notifiable disease** means scabies or head lice;\n",
        "  **notifiable disease** means any disease of a person that —\n    (a) is scabies; or\n"
        "    (b) is a disease of the skin that the Medical Officer of Health declares to be contagious;\n",
    )
    result = run_case(_case(tmp_path, "Health", DEFINITIONS, clauses, expected, 1))
    assert result.outcome == "applied" and not result.problems, result.problems


# --- definitions "in its appropriate alphabetical place"; a Part in roman numerals repealed ---------------------------

TERMS = """2. Interpretation
  In these by-laws—
  **abandoned vehicle** means a vehicle left on a road for more than 7 days;
  **owner** means the person in whose name the vehicle is licensed.
"""


def test_a_definition_inserted_in_its_appropriate_alphabetical_place(tmp_path: Path) -> None:
    """(case 254) "by inserting the following definition in its appropriate alphabetical place —" was not read (only
    "position", "order" and "sequence" were)."""
    clauses = """4.             By-law 2 amended

By-law 2 is amended by inserting the following definition in its appropriate alphabetical place —

“identifier” means the number stamped on a vehicle by its manufacturer;
”.
"""
    expected = TERMS.replace(
        "  **owner**", "  **identifier** means the number stamped on a vehicle by its manufacturer;\n  **owner**"
    )
    result = run_case(_case(tmp_path, "Vehicles", TERMS, clauses, expected, 1))
    assert result.outcome == "applied" and not result.problems, (result.message, result.problems)


ROMAN = """PART I—PRELIMINARY

1. Citation
  These by-laws may be cited as the Shire of Example Brigades By-laws 1980.

PART II—REGISTRATION

5. Register
  The Council shall keep a register of brigades.

PART III—MEMBERS

9. Members
  A member shall obey the captain of the brigade.
"""


def test_a_part_in_roman_numerals_is_repealed(tmp_path: Path) -> None:
    """(case 255) "Part II is repealed." was not read: a Part's label in roman numerals was no label of the grammar's,
    and no citation was resolved from it."""
    clauses = "4.             Part II repealed\n\nPart II is repealed.\n"
    expected = ROMAN.replace("PART II—REGISTRATION\n\n5. Register\n  The Council shall keep a register of brigades.\n\n", "")
    result = run_case(_case(tmp_path, "Brigades", ROMAN, clauses, expected, 1))
    assert result.outcome == "applied" and not result.problems, (result.message, result.problems)


# --- case 252: a commencement clause's heading glued to its words; mismatched marks; a clerk's signature closes -------

SIGNS = """4. Exemptions
  These by-laws do not apply to—
  (a) a sign erected by the Crown;
  (b) a sign erected by the Council;
  (c) a sign inside a building.

18. Hoardings
  A person must not erect a hoarding without the approval of the Council.
"""

PARTED = """SYNTHETIC TEST FIXTURE — invented text (not law)

6 June 1986            GOVERNMENT GAZETTE, W.A.            3157

Local Government Act 1960

Shire of Example Signs Amendment
By-laws 1986

Made by the Council of the Shire of Example under section 190 of the Local Government Act 1960 by resolution on 9 May
1986.

Part 1—Preliminary

1.            Citation

These by-laws are the Shire of Example Signs Amendment By-laws 1986.

2.            Commencement

These by-laws come into operation as follows —

(a)
Part 1 — on the day on which these by-laws are published in the Gazette (gazettal day);
(b)
the rest of the by-laws — on the day after gazettal day.

Part 2 - Amendments

3.            By-laws amended

This Part amends the Shire of Example Signs By-laws 1980.

4.            By-law 4 amended

In by-law 4 in paragraph (b) delete 'Council;" and insert: Council; or

5.            By-law 18A inserted

After by-law 18 insert:

18A. Banners
A person must not display a banner on a road for more than 14 days.

J. M. EXAMPLE, Shire Clerk.
"""


def test_parts_commencement_mismatched_marks_and_a_clerks_signature(tmp_path: Path) -> None:
    """(case 252) the commencement's heading was read as its first word ("Commencement These by-laws …": no day
    read); "delete 'Council;" and insert" (a single mark opening what a double one closes) was refused as unbalanced;
    and the clerk's signature after the last new clause, with no "Dated" line, was put into the law as its words (a
    wrong law caught before any commit)."""
    folder = _case(tmp_path, "Signs", SIGNS, "", None, None)
    (folder / "instrument.txt").write_text(PARTED, encoding="utf-8")
    expected = SIGNS.replace("(b) a sign erected by the Council;", "(b) a sign erected by the Council; or").replace(
        "approval of the Council.\n",
        "approval of the Council.\n\n18A. Banners\n  A person must not display a banner on a road for more than 14 days.\n",
    )
    (folder / "expected.txt").write_text(FRONT.format(slug="signs-by-laws-1980", title="Signs By-laws 1980") + expected)
    (folder / "expected.yml").write_text(
        yaml.safe_dump({"outcome": "applied", "reason": None, "operations": 2, "gazette_date": None, "repealed": []})
    )
    result = run_case(folder)
    assert result.outcome == "applied" and not result.problems, (result.message, result.problems)


# --- case 259: "delete “A person” and insert: (1) A person", then the lead-in's next items ----------------------------

ANIMALS = """15. Animals in the park
  A person must not—
  (a) feed or touch an animal in an enclosure;
  (b) take an animal out of its enclosure; or
  (c) tease or disturb an animal.
  Penalty: $50.
"""


def _items(text: str) -> dict[str, list[tuple[str, str]]]:
    (law,) = build_instruments(text, ImportOptions(), line_mode=True, source_label=False).laws
    return {
        p.num or "": [(c.num or "", " ".join((c.text or "").split())) for c in p.children] for p in law.body if p.kind == "clause"
    }


def test_new_words_after_an_items_colon_end_at_the_next_item() -> None:
    """(case 259) "(a) delete “A person” and insert: / (1) A person / (b) in paragraph (a) delete …": the items (b) and
    (c) were read as words of the new subclause (1) (no full stop or connector ends "A person"); an item label that
    continues the lead-in's list and begins an instruction's words ends the new words."""
    clauses = """4.             By-law 15 amended

In by-law 15:
(a) delete "A person" and insert:
(1) A person
(b) in paragraph (a) delete "enclosure" and insert:

enclosure or pen

(c) delete paragraph (b);
"""
    items = _items(HEAD.format(caps="PARK", title="Park") + clauses + TAIL)["4"]
    assert [n for n, _ in items] == ["(a)", "(b)", "(c)"]
    assert items[1][1] == 'in paragraph (a) delete "enclosure" and insert: enclosure or pen'
    assert items[2][1] == "delete paragraph (b);"


def test_new_words_that_go_on_with_a_label_stay_new_words() -> None:
    """Guard: after "insert:", a paragraph whose words are not an instruction's ("(b) the captain of the brigade.")
    stays new text, as before."""
    clauses = """4.             By-law 16 amended

In by-law 16:
(a) delete paragraph (a) and insert:
(a) the Council; or
(b) the captain of the brigade.
"""
    items = _items(HEAD.format(caps="PARK", title="Park") + clauses + TAIL)["4"]
    assert [n for n, _ in items] == ["(a)"]


def test_a_designation_made_by_words_takes_the_provisions_paragraphs_with_it(tmp_path: Path) -> None:
    """(case 259) "delete “A person” and insert: (1) A person" in a by-law whose words lead into paragraphs (and a
    penalty) was refused as having "labelled provisions already": the words, their paragraphs and penalty become (1)."""
    clauses = '4.             By-law 15 amended\n\nIn by-law 15 delete "A person" and insert:\n\n(1) A person\n'
    expected = (
        "15. Animals in the park\n  (1) A person must not—\n    (a) feed or touch an animal in an enclosure;\n"
        "    (b) take an animal out of its enclosure; or\n    (c) tease or disturb an animal.\n    Penalty: $50.\n"
    )
    result = run_case(_case(tmp_path, "Park", ANIMALS, clauses, expected, 1))
    assert result.outcome == "applied" and not result.problems, (result.message, result.problems)
