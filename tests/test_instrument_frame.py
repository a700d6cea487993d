"""The frame of an instrument, read by its meaning: the enacting words in their "Made …" forms, and the clauses that
speak of the instrument itself (citation, commencement, purpose and effect, application, the law amended,
interpretation) told apart from amending instructions. Every text here is synthetic, written for these tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lawhistory.amending.frame import frame_kind
from lawhistory.amending.parts import units
from lawhistory.reading.gazette import is_enacting, normalise, split_instruments
from lawhistory.reading.importers import ImportOptions, read_source

# --- enacting words: "Made …" ------------------------------------------------------------------------------------

MADE_FORMS = [
    "Made by the Council of the Shire of Testville by resolution on 3 March 2021.",
    "Made by the Council of the Town of Testville by resolution on 3 March 2021 under the Local Government Act 1995.",
    "Made under the Local Government Act 1995 section 3.5 and the Dog Act 1976 section 51 by the Council of the City "
    "of Testville by resolution on 3 March 2021.",
    "Made by the Council of the Shire of Testville at an ordinary meeting of the Council held on 3 March 2021.",
    "Made by the Council of the Shire of Testville at a special meeting held on the 3rd day of March 2021.",
    "Made by the Shire of Testville Council by absolute majority on 3 March 2021.",
    "Made under the Health Act 1911 by the local government of the Shire of Testville by a resolution of the Council "
    "passed on 3 March 2021.",
]


@pytest.mark.parametrize("made", MADE_FORMS)
def test_made_sentences_are_enacting_words_with_the_law_after_them(made: str) -> None:
    text = (
        f"Shire of Testville Dogs Amendment Local Law 2021 {made} "
        "1. Citation This local law is the Shire of Testville Dogs Amendment Local Law 2021. "
        "2. Commencement This local law comes into operation 14 days after the day on which it is published in the "
        "Gazette. 3. Clause 4 amended In clause 4 delete “dog” and insert “cat”."
    )
    (piece,) = split_instruments(normalise(text, source_label=False))
    assert " ".join(piece.enacting.split()) == made
    assert piece.body.lstrip().startswith("1. Citation")
    assert is_enacting(made)


@pytest.mark.parametrize(
    "words",
    [
        # who made it, but not the making (no resolution or meeting, no date)
        "Made by the Council of the Shire of Testville. 1. Citation This local law …",
        # the making, but no maker
        "Made under the Local Government Act 1995 by resolution on 3 March 2021. 1. Citation This local law …",
        # "made by" in a law's own words: an order made by the council, the law's text goes on
        "Made by the Council of the Shire of Testville by resolution on 3 March 2021, an order under clause 5 may be "
        "revoked. (2) The CEO must …",
    ],
)
def test_words_that_do_not_say_who_made_the_law_and_when_before_its_provisions_are_not_enacting_words(words: str) -> None:
    pieces = split_instruments(normalise(words, source_label=False))
    assert [p.enacting for p in pieces] == [""]


def test_closing_words_made_by_the_council_after_the_provisions_do_not_start_another_instrument() -> None:
    text = (
        "Shire of Testville Dogs Amendment Local Law 2021 Made by the Council of the Shire of Testville by resolution "
        "on 3 March 2021. 1. Citation This local law is the Shire of Testville Dogs Amendment Local Law 2021. "
        "2. Clause 4 amended In clause 4 delete “dog” and insert “cat”. "
        "Made by the Council of the Shire of Testville at an ordinary meeting held on 3 March 2021. A. B. EXAMPLE, "
        "Shire President."
    )
    assert len(split_instruments(normalise(text, source_label=False))) == 1


def test_an_instrument_made_by_resolution_is_imported_with_its_maker_and_clauses() -> None:
    text = (
        "Local Government Act 1995\n\nShire of Testville Dogs Amendment Local Law 2021\n\n"
        "Made by the Council of the Shire of Testville by resolution on 3 March 2021.\n\n"
        "1. Citation\n\nThis local law is the Shire of Testville Dogs Amendment Local Law 2021.\n\n"
        "2. Commencement\n\nThis local law comes into operation 14 days after the day on which it is published in the "
        "Gazette.\n\n3. Local law amended\n\nThis local law amends the Shire of Testville Dogs Local Law 2010.\n\n"
        "4. Clause 4 amended\n\nIn clause 4 delete “dog” and insert “cat”.\n"
    )
    (law,) = read_source(text.encode(), ImportOptions(source="synthetic.txt"), "synthetic.txt").laws
    assert law.meta.local_government == "Shire of Testville"
    assert law.meta.partial is False
    assert law.meta.amends is not None and law.meta.amends.title == "Shire of Testville Dogs Local Law 2010"
    assert [u.clause for u in units(law)] == ["4"]


# --- frame clauses ------------------------------------------------------------------------------------------------

FRAME = [
    (None, "Citation This is the Shire of Testville Dogs Amendment Local Law 2021.", "citation"),
    ("Citation", "This local law may be cited as the Shire of Testville Dogs Amendment Local Law 2021.", "citation"),
    (None, "Short title These by-laws may be cited as the Town of Testville Halls Amendment By-laws 1992.", "citation"),
    (None, "This local law is the City of Testville Repeal Local Law 2023.", "citation"),
    (None, "Commencement This local law comes into operation on 1 July 2021.", "commencement"),
    (
        None,
        "This local law comes into operation as follows — (a) clauses 1 and 2 — on the day on which this local law is "
        "published in the Gazette; (b) the rest of the local law — on the day after that day.",
        "commencement",
    ),
    (None, "These by-laws shall come into operation on the day on which they are published in the Gazette.", "commencement"),
    (
        None,
        "Purpose and effect (1) The purpose of this local law is to repeal local laws that are obsolete. (2) The effect "
        "of this local law is that the local laws listed in clause 2.1 cease to have effect in the district.",
        "purpose",
    ),
    (None, "The purpose of this local law is to amend the Shire of Testville Dogs Local Law 2010.", "purpose"),
    (None, "Application This local law applies throughout the district.", "application"),
    (None, "This Part amends the Shire of Testville Dogs Local Law 2010.", "principal law"),
    (
        "Principal local laws",
        "In these local laws the Shire of Testville Health Local Laws 1990* are referred to as the principal local laws. "
        "[* Published in Gazette of 22 May 1990 at pp. 2129-34.]",
        "principal law",
    ),
    (
        None,
        "Interpretation In this local law — “principal local law” means the Shire of Testville Dogs Local Law 2010.",
        "interpretation",
    ),
]


@pytest.mark.parametrize(("heading", "words", "kind"), FRAME)
def test_clauses_that_speak_of_the_instrument_itself_are_its_frame(heading: str | None, words: str, kind: str) -> None:
    assert frame_kind(heading, words) == kind


NOT_FRAME = [
    # instructions, some of them in words a frame clause uses
    (None, "In clause 4 delete “comes into operation” and insert “commences”."),
    (None, "This local law is amended by deleting clause 4."),
    (None, "In this Part, clause 3 is amended by deleting “dog”."),
    (None, "Citation This local law is the Shire of Testville Dogs Amendment Local Law 2021. In clause 4 delete “dog”."),
    (None, "Commencement This local law comes into operation on 1 July 2021. Clause 5 is deleted."),
    ("Clause 3 replaced", "Clause 3 is repealed and the following clause is inserted instead — 3. This local law applies."),
    # sentences about something other than the instrument
    (None, "The purpose of clause 5 is to protect wildlife."),
    (None, "Application The owner of a dog applies to the CEO for a permit."),
    (None, "After clause 6 insert: 6A. This local law comes into operation on 1 July."),
]


@pytest.mark.parametrize(("heading", "words"), NOT_FRAME)
def test_clauses_holding_any_instruction_or_other_words_are_not_frame(heading: str | None, words: str) -> None:
    assert frame_kind(heading, words) is None


# --- a repeal list numbered 1. 2. 3. -------------------------------------------------------------------------------


def test_a_repeal_list_numbered_with_figures_gives_each_law_and_its_date() -> None:
    from lawhistory.amending.parts import _repealed_laws

    text = (
        "The following local laws of the Shire of Testville are repealed— 1. Testville Road Board By-laws relating to "
        "Wells, published in the Government Gazette on 3 May 1951; 2. By-laws Relating to Caravans, published in the "
        "Government Gazette on 4 June 1980 and amended in the Government Gazette on 5 July 1982; and 3. Signs Local "
        "Law 2001, published in the Government Gazette on 6 August 2001."
    )
    assert _repealed_laws(text) == [
        ("Testville Road Board By-laws relating to Wells", "1951-05-03"),
        ("By-laws Relating to Caravans", "1980-06-04"),
        ("Signs Local Law 2001", "2001-08-06"),
    ]


# --- page headers whose bracket the OCR read as a figure ------------------------------------------------------------


def test_a_header_bracket_read_as_1_is_read_as_the_bracket_when_another_header_prints_that_date() -> None:
    text = (
        "812   GOVERNMENT GAZETTE, WA [4 May 1993\n\nwords of the first page\n\n"
        "4 May 19931 GOVERNMENT GAZETTE, WA 813\n\nwords of the second page\n\n"
        "814 GOVERNMENT GAZETTE, WA 14 May 1993\n\nwords of the third page"
    )
    stream = normalise(text, line_mode=True, source_label=False)
    assert "GOVERNMENT" not in stream.text
    assert [(p.page, p.date.isoformat()) for p in stream.pages] == [(812, "1993-05-04"), (813, "1993-05-04"), (814, "1993-05-14")]


def test_a_header_day_with_a_bracket_read_as_1_is_read_as_the_bracket_when_confirmed() -> None:
    text = "29 June 2005] GOVERNMENT GAZETTE, WA 2401\n\nwords\n\n2402 GOVERNMENT GAZETTE, WA 129 June 2005\n\nmore words"
    stream = normalise(text, line_mode=True, source_label=False)
    assert [(p.page, p.date.isoformat()) for p in stream.pages] == [(2401, "2005-06-29"), (2402, "2005-06-29")]


def test_a_day_that_may_be_a_misread_bracket_or_a_date_is_kept_as_printed() -> None:
    # "19 June" may be "[9 June" misread, or the 19th: a date of the calendar is never read otherwise
    text = "9 June 2005] GOVERNMENT GAZETTE, WA 2401\n\nwords\n\n2402 GOVERNMENT GAZETTE, WA 19 June 2005\n\nmore words"
    stream = normalise(text, line_mode=True, source_label=False)
    assert [(p.page, p.date.isoformat()) for p in stream.pages] == [(2401, "2005-06-09"), (2402, "2005-06-19")]


def test_a_table_row_header_with_brackets_is_removed() -> None:
    text = "| 3016 | GOVERNMENT GAZETTE, WA | [8 July 1997 |\nwords\n| 8 July 19971 | GOVERNMENT GAZETTE, WA | 3017 |\nmore"
    stream = normalise(text, line_mode=True, source_label=False)
    assert "GOVERNMENT" not in stream.text
    assert [p.page for p in stream.pages] == [3016, 3017]


def test_a_bracket_misread_that_no_other_header_confirms_is_refused_naming_it() -> None:
    from lawhistory.core.errors import ImportFailed

    text = "4 May 19931 GOVERNMENT GAZETTE, WA 813\n\nwords\n\n814 GOVERNMENT GAZETTE, WA [5 May 1993\n\nmore"
    with pytest.raises(ImportFailed, match="4 May 19931"):
        normalise(text, line_mode=True, source_label=False)


# --- older by-laws: heading first, "I." for 1, "is amended by — (a) deleting …" --------------------------------------

OLD_BY_LAWS = """\
LOCAL GOVERNMENT ACT 1960

SHIRE OF TESTVILLE

HALLS AMENDMENT BY-LAWS 1991

In pursuance of the powers conferred upon it by the Local Government Act 1960 and all other powers enabling it, the \
Council of the Shire of Testville hereby records having resolved on the 4th day of March 1991 to make and submit for \
confirmation by the Governor the following by-laws.

Citation

I. These by-laws may be cited as the Shire of Testville Halls Amendment By-laws 1991.

Commencement

2. These by-laws shall come into operation on the day on which they are published in the Government Gazette.

Principal by-laws

3. In these by-laws the Shire of Testville Halls By-laws 1980* are referred to as the principal by-laws.

[* Published in the Gazette of 3 June 1980 at pp. 1-3.

For amendments to 1 March 1991 see 1990 Index to Legislation of Western Australia, p. 99

By-law 2 amended

4. By-law 2 of the principal by-laws is amended by —

(a) deleting the definition of "hall" and substituting the following definition —
" "hall" means a public hall of the council; ".
(b) inserting before the definition of "meeting" the following definition —
" "hirer" means a person who hires a hall; ".

and
(c) deleting the definition of "Secretary".

By-law 5 amended

5. By-law 5 (1) of the principal by-laws is amended by deleting ", body or bodies" and substituting " or body ".
"""


def test_older_by_laws_are_read_heading_first_with_their_commencement_principal_and_lettered_items() -> None:
    (law,) = read_source(OLD_BY_LAWS.encode(), ImportOptions(source="synthetic.txt"), "synthetic.txt").laws
    assert law.meta.commencement.rule == "on_gazettal"
    assert law.meta.commencement.wording == (
        "These by-laws shall come into operation on the day on which they are published in the Government Gazette."
    )
    assert law.meta.amends is not None and law.meta.amends.title == "Shire of Testville Halls By-laws 1980"
    assert law.meta.amends.gazette_date is not None and law.meta.amends.gazette_date.isoformat() == "1980-06-03"
    # "For amendments to 1 March 1991 see …" points to an index; it names no amendment
    assert law.meta.earlier_amendments == ()
    found = [(u.clause, u.text.split(" the ")[0]) for u in units(law)]
    assert found == [("4(a)", "deleting"), ("4(b)", "inserting before"), ("4(c)", "deleting"), ("5", "By-law 5 (1) of")]


# --- commencement "alter" for "after", unmarked terms, closing words ---------------------------------------------------


def test_alter_is_read_as_after_only_in_the_rest_of_a_split_commencement() -> None:
    from lawhistory.core.dates import commencement_rule

    split = (
        "This local law comes into operation as follows — (a) clauses 1 and 2 — on the day on which this local law is "
        "published in the Gazette; (b) the rest of the local law — on the day {} that day."
    )
    assert commencement_rule(split.format("alter"))[:2] == ("day_after_gazettal", 1)
    assert commencement_rule(split.format("after"))[:2] == ("day_after_gazettal", 1)
    # nowhere else: "alter" in other words is not taken for "after"
    assert commencement_rule("This local law comes into operation on the day alter its publication.")[0] == "unknown"


def test_new_text_defining_terms_neither_quoted_nor_bold_is_refused_naming_it() -> None:
    from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions

    unmarked_text = (
        "(1) In this clause dog officer has the meaning given in clause 3(1); seize means take into custody. "
        "(2) A dog officer may seize a dog."
    )
    with pytest.raises(InstructionNotUnderstood, match="dog officer has the meaning"):
        payload_provisions(unmarked_text, [])
    marked = (
        "(1) In this clause — “dog officer” has the meaning given in clause 3(1); “seize” means take into custody. "
        "(2) A dog officer may seize a dog."
    )
    first = payload_provisions(marked, [])[0]
    assert [c.term for c in first.children if c.kind == "definition"] == ["dog officer", "seize"]


def test_by_order_of_the_council_starts_the_closing_words() -> None:
    text = (
        "Shire of Testville Dogs Amendment Local Law 2021 Made by the Council of the Shire of Testville by resolution "
        "on 3 March 2021. 1. Citation This local law is the Shire of Testville Dogs Amendment Local Law 2021. "
        "2. Clause 4 amended In clause 4 delete “dog” and insert “cat”. By order of the Council, A. B. EXAMPLE, "
        "Shire President."
    )
    (piece,) = split_instruments(normalise(text, source_label=False))
    assert "EXAMPLE" not in piece.body and piece.conclusions.startswith("By order of the Council")


def test_a_term_holding_a_stray_quotation_mark_is_not_read_as_a_term() -> None:
    from lawhistory.amending.parts import InstructionNotUnderstood, payload_provisions

    # the copy's OCR printed the opening mark as "CC": the term would be 'CC "dwelling-house"'
    with pytest.raises(InstructionNotUnderstood):
        payload_provisions('CC "dwelling-house" does not include any shed;', [])
    (read,) = payload_provisions("“dwelling-house” does not include any shed;", [])
    assert read.kind == "definition" and read.term == "dwelling-house"


# --- a law named without its council's name is only that council's law --------------------------------------------

OTHER_REPEAL = """1 June 2005 GOVERNMENT GAZETTE, WA 2401
LOCAL GOVERNMENT ACT 1995
SHIRE OF OTHERTON
SYNTHETIC REPEAL LOCAL LAW 2005
Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the \
Shire of Otherton resolved on 10 May 2005 to make the following local law.
1. Citation
This local law may be cited as the Shire of Otherton Synthetic Repeal Local Law 2005.
2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.
3. Repeal
The following local laws of the Shire of Otherton are repealed—
1. By-laws Relating to Synthetic Test Halls published in the Government Gazette on 4 March 1988.
Dated: 10 May 2005.
"""


def test_a_repeal_naming_a_law_without_the_councils_name_never_repeals_another_councils_law(tmp_path: Path, cli) -> None:
    # The Shire of Exampleton's by-laws have the same bare title as the Shire of Otherton's that Otherton repeals:
    # Exampleton's law stays in force (the repository does not hold Otherton's; the repeal waits for it).
    from lawhistory.files.repo import Repository
    from tests.test_incomplete import BYLAW, HALLS

    repo = Repository.init(tmp_path / "repo").root
    source = tmp_path / "synthetic_bylaw.txt"
    act = "Local Government Act 1960"
    source.write_text(BYLAW.format(day="4 March 1988]", act=act, act_caps=act.upper()), encoding="utf-8")
    assert cli("import", source, "--repo", repo).exit_code == 0
    law_file = repo / "laws" / f"{HALLS}.txt"  # titled, as many real laws are, without its council's name
    titled = law_file.read_text(encoding="utf-8").replace("title: Shire of Exampleton By-laws", "title: By-laws", 1)
    assert "title: By-laws Relating to Synthetic Test Halls" in titled
    law_file.write_text(titled, encoding="utf-8")
    repeal = tmp_path / "synthetic_other_repeal.txt"
    repeal.write_text(OTHER_REPEAL, encoding="utf-8")
    result = cli("amend", repeal, "--repo", repo)
    shown = json.loads(cli("show", HALLS, "--at", "2005-07-01", "--format", "json", "--repo", repo).stdout)
    assert shown["status"] == "in_force", (result.stdout, result.stderr)
    assert "Otherton" not in (repo / "laws" / f"{HALLS}.txt").read_text(encoding="utf-8")


# --- "Made by the Council … under section N of the X Act": a maker and a power, no day (first-sight case 104) --------

MADE_UNDER_FORMS = [
    "Made by the Council of the Shire of Testville under section 342 of the Health Act 1911 in accordance with "
    "subdivision 2 of Division 2 of Part 3 of the Local Government Act 1995.",
    "Made by the Council of the City of Testville under sections 3.5 and 3.6 of the Local Government Act 1995.",
    "Made by the Council of the Town of Testville under the powers conferred by the Local Government Act 1995.",
    "Made by the Shire of Testville Council under s. 3.5 of the Local Government Act 1995.",
]


@pytest.mark.parametrize("made", MADE_UNDER_FORMS)
def test_made_under_a_power_with_the_law_after_it_are_enacting_words(made: str) -> None:
    text = (
        f"Shire of Testville Health Amendment Local Laws 2009 {made} "
        "1. Citation These local laws may be cited as the Shire of Testville Health Amendment Local Laws 2009. "
        "2. Clause 4 amended In clause 4 delete “dog” and insert “cat”."
    )
    (piece,) = split_instruments(normalise(text, source_label=False))
    assert " ".join(piece.enacting.split()) == made
    assert piece.body.lstrip().startswith("1. Citation")


@pytest.mark.parametrize(
    "words",
    [
        # a power but no maker
        "Made under section 3.5 of the Local Government Act 1995. 1. Citation This local law …",
        # a maker and a power, but the law's own words go on (no provisions follow the sentence)
        "Made by the Council of the Shire of Testville under section 3.5 of the Local Government Act 1995, an order "
        "may be revoked. (2) The CEO must …",
        "Made by the Council of the Shire of Testville under section 3.5 of the Local Government Act 1995. The CEO "
        "must keep a register.",
    ],
)
def test_made_under_a_power_without_a_maker_or_provisions_after_it_are_not_enacting_words(words: str) -> None:
    pieces = split_instruments(normalise(words, source_label=False))
    assert [p.enacting for p in pieces] == [""]


@pytest.mark.parametrize(
    ("wording", "rule"),
    [
        ("These local laws come into operation 14 days after the date of their publication in the Government Gazette.",
         ("days_after_gazettal", 14, None)),
        ("These by-laws come into operation fourteen days after their publication in the Gazette.",
         ("days_after_gazettal", 14, None)),
        ("These local laws come into operation on the day after the date of their publication in the Gazette.",
         ("day_after_gazettal", 1, None)),
        ("These local laws come into operation on the day of their publication in the Gazette.", ("on_gazettal", 0, None)),
        ("These local laws come into operation one month after the date of their publication in the Gazette.",
         ("months_after_gazettal", None, None)),
    ],
)  # fmt: skip
def test_commencement_words_of_local_laws_in_the_plural(wording: str, rule: tuple[object, ...]) -> None:
    from lawhistory.core.dates import commencement_rule

    assert commencement_rule(wording) == rule


@pytest.mark.parametrize("verb", ["are amended as set out in these local laws", "are referred to as the principal local laws"])
def test_principal_local_laws_in_the_plural_are_the_law_amended(verb: str) -> None:
    import datetime as dt

    from lawhistory.reading.instrument_meta import amended_law

    found = amended_law(
        f"3. Principal local laws The Shire of Testville Health Local Laws 2002 published in the Government Gazette on "
        f"9 August 2002 {verb}."
    )
    assert found is not None
    assert (found.title, found.gazette_date) == ("Shire of Testville Health Local Laws 2002", dt.date(2002, 8, 9))
