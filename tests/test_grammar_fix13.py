"""fix13 (review 13): new text read at its printed line starts.

An amending instrument is read as running text, so new text lost its printed line breaks. Where a printed line of new
text ended in no closing punctuation, the next provision's label at the next line's start followed the line's last
word, and where that word cites a number ("Standard", "Policy", "form"; a number then "and", "or", a comma) the label
was read as cited: the next provision was swallowed by the one before (exit 0, wrong law). Now the reader marks each
label that starts a printed line after such a line (reading.line_lists' LINE), new text keeps the mark, and a label
after its provision's own there, after words that would cite it, is refused naming the words (parts.py's
``_no_cited_line_start``). An abbreviation that only cites ("AS/NZS", "No.", "s.") keeps its number, as fix12 read it.

Also: an amending clause's heading naming the clauses it inserts ("Clauses 3.4 and 3.5 inserted") must agree in count
with the clauses its operations insert (amending/named_inserts.py); and a new subclause, paragraph or subparagraph out
of the law's numbering is refused as a clause is (apply.py's ``_check_order_among_siblings``).

Instruments are review 13's probes (synthetic, invented text), written around tests/fixtures/fix13/principal.txt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.amend import InstrumentRefused, amend, draft
from lawhistory.amending.named_inserts import named_inserted
from lawhistory.amending.timeline import build_timeline
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body
from lawhistory.reading.line_lists import LINE, joined_with_line_starts, unmarked

FIX13 = Path(__file__).parent / "fixtures" / "fix13"

HEAD = """SYNTHETIC PROBE — invented text (review13); not law

24 April 2020 GOVERNMENT GAZETTE, WA 1187

LOCAL GOVERNMENT

LG301

Local Government Act 1995

Shire of Testville

Probe Amendment Local Law 2020

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the \
Shire of Testville resolved on 25 March 2020 to make the following local law.

1. Citation
This local law is the Shire of Testville Probe Amendment Local Law 2020.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. Local law amended
This local law amends the Shire of Testville Animals Local Law 2015.

"""

TAIL = """
————
Dated: 26 March 2020.
The Common Seal of the Shire of Testville was affixed by authority of a resolution of the Council in the presence of—
A. B. CITIZEN, Shire President.
C. D. OFFICER, Chief Executive Officer.
———————————
"""


def _amended(tmp_path: Path, clause: str) -> str:
    """The law after an instrument whose clause 4 is ``clause`` (printed lines as given) is amended into it."""
    repo = Repository.init(tmp_path / "repo")
    text = (FIX13 / "principal.txt").read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    instrument = tmp_path / "instrument.txt"
    instrument.write_text(HEAD + clause + "\n" + TAIL, encoding="utf-8")
    amend(repo, instrument)
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    return render_body(build_timeline(law, repo.load_instruments()).versions[-1].body)


def _refused(tmp_path: Path, clause: str) -> str:
    with pytest.raises(InstrumentRefused) as e:
        _amended(tmp_path, clause)
    return str(e.value)


# --- W1: a line of new text ending in a word that cites a number, the next provision's label at the next line's start

W1 = {
    "standard": (
        "4. Clauses 3.4 and 3.5 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must be built in accordance"
        " with the relevant Australian Standard\n3.5 Cat collars\nA cat must wear a collar in a public place.",
        "Standard",
        "3.5",
    ),
    "policy": (
        "4. Clauses 3.4 and 3.5 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must comply with the local"
        " government's Cat Management Policy\n3.5 Cat collars\nA cat must wear a collar in a public place.",
        "Policy",
        "3.5",
    ),
    "form": (
        "4. Clauses 3.4 and 3.5 inserted\nAfter clause 3.3 insert:\n3.4 Cat permits\nAn application for a permit must be"
        " made in the approved form\n3.5 Cat collars\nA cat must wear a collar in a public place.",
        "form",
        "3.5",
    ),
    "lower-case standard": (
        "4. Clauses 3.4 and 3.5 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must be built in accordance"
        " with the building standard\n3.5 Cat collars\nA cat must wear a collar in a public place.",
        "standard",
        "3.5",
    ),
    "standard before a subclause": (
        "4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\n(1) A cat run must be built in accordance with"
        " the relevant Australian Standard\n(2) A cat run must be approved by the local government.",
        "Standard",
        "(2)",
    ),
    "standard before a paragraph": (
        "4. Clause 2.5 amended\nDelete clause 2.5(f) and insert:\n(f) a shopping centre; or\n(g) a dog run not fenced"
        " as described in Australian Standard\n(h) a cemetery.",
        "Standard",
        "(h)",
    ),
}


@pytest.mark.parametrize("name", sorted(W1))
def test_a_label_starting_a_line_after_a_citing_word_is_refused_not_swallowed(tmp_path: Path, name: str) -> None:
    clause, word, label = W1[name]
    said = _refused(tmp_path, clause)
    assert f"{label}, the label after its own, starts a printed line (/) after “{word}”" in said
    assert f"{word} / {label}" in said  # the words, with the line start shown


# --- W2: a list item ending in a number, then "and", "or" or a comma

W2 = {
    "or": (
        "4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must be approved under—\n(a) the Cat"
        " Act 2011 or\n(b) a local planning scheme.",
        "or",
    ),
    "and": (
        "4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must—\n(a) be approved under clause"
        " 3.3 and\n(b) be kept clean.",
        "and",
    ),
    "comma": (
        "4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must comply with—\n(a) the Cat Act"
        " 2011,\n(b) the Cat Regulations 2012, and\n(c) any condition of its approval.",
        "2011,",
    ),
    "comma, a number after the label": (
        "4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must not be built within—\n(a) 1.8"
        " metres of a boundary, or 3,\n(b) 5 metres of a dwelling on adjoining land.",
        "3,",
    ),
    "or, before a subclause": (
        "4. Clause 2.4 amended\nAfter clause 2.4(2) insert:\n(3) The keeper of a dangerous dog must pay a fee of $100 or"
        "\n(4) The local government may waive the fee.",
        "or",
    ),
}


@pytest.mark.parametrize("name", sorted(W2))
def test_a_list_item_ending_in_a_number_and_a_join_is_refused_not_swallowed(tmp_path: Path, name: str) -> None:
    clause, word = W2[name]
    said = _refused(tmp_path, clause)
    assert f"starts a printed line (/) after “{word}”" in said


# --- the passes fix12 made stay: a citation wrapped over a line, whose words only cite


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        ("A cat run must be built to the standard in item\n3.5 of the Cat Code of Practice.", "item 3.5 of the Cat"),
        (
            "A cat run must not be built in a zone under the Local Planning Scheme No.\n3 other than the Rural zone.",
            "No. 3 other",
        ),
        ("A cat run must comply with AS/NZS\n3.5 Cat enclosures and fencing where it adjoins a boundary.", "AS/NZS 3.5 Cat"),
        ("A cat run must be approved under section\n3.5 of the Cat Act 2011.", "section 3.5 of"),
    ],
)
def test_a_citation_wrapped_over_a_line_is_read_as_printed(tmp_path: Path, lines: str, words: str) -> None:
    got = _amended(tmp_path, f"4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\n{lines}")
    assert "3.4 Cat runs\n  " + " ".join(lines.split()) in got
    assert words in got and "\n3.5" not in got


def test_a_line_ending_in_a_full_stop_still_reads_two_clauses(tmp_path: Path) -> None:
    got = _amended(
        tmp_path,
        "4. Clauses 3.4 and 3.5 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must be built in accordance"
        " with the relevant Australian Standard.\n3.5 Cat collars\nA cat must wear a collar in a public place.",
    )
    assert "3.4 Cat runs\n  A cat run must be built in accordance with the relevant Australian Standard.\n" in got
    assert "3.5 Cat collars\n  A cat must wear a collar in a public place." in got


# --- the reader's mark


def test_the_mark_stands_only_before_a_label_after_a_line_with_no_closing_punctuation() -> None:
    joined = joined_with_line_starts("the Cat Act 2011 or\n(b) a scheme.\n(c) a policy; or\n(d) a plan\nand more")
    assert joined == f"the Cat Act 2011 or{LINE}(b) a scheme. (c) a policy; or{LINE}(d) a plan and more"
    assert unmarked(joined) == "the Cat Act 2011 or (b) a scheme. (c) a policy; or (d) a plan and more"
    assert LINE not in unmarked(joined) and LINE.isspace()  # a space to every reader of words


def test_no_mark_is_stored_in_the_instrument_or_the_law(tmp_path: Path) -> None:
    got = _amended(tmp_path, W1["standard"][0].replace("Standard\n", "Standard.\n"))
    assert LINE not in got
    stored = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "repo").rglob("*.txt"))
    assert LINE not in stored


def test_the_draft_for_a_reading_by_hand_quotes_the_words_without_the_mark(tmp_path: Path) -> None:
    repo = Repository.init(tmp_path / "repo")
    text = (FIX13 / "principal.txt").read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    instrument = tmp_path / "instrument.txt"
    instrument.write_text(HEAD + W1["standard"][0] + "\n" + TAIL, encoding="utf-8")
    drafted = draft(repo, instrument)
    assert "Australian Standard 3.5 Cat collars" in " ".join(drafted.split()) and LINE not in drafted


# --- a15: the heading names fewer clauses than the new text was read as inserting


def test_a_number_ending_a_line_read_as_a_clause_the_heading_does_not_name_is_refused(tmp_path: Path) -> None:
    said = _refused(
        tmp_path,
        "4. Clause 3.4 inserted\nAfter clause 3.3 insert:\n3.4 Cat tags\nA cat must wear a tag as required by the Cat"
        " Regulations 2012 r.\n3.5 Cat tags.",
    )
    assert "its heading “Clause 3.4 inserted” names clause(s) 3.4 inserted" in said
    assert "read as inserting 3.4, 3.5" in said


def test_a_heading_naming_two_clauses_over_new_text_read_as_one_is_refused(tmp_path: Path) -> None:
    # running text (no printed line start): "Penalty" is no citing word, but the words are read as one clause 3.4
    # only when the number is cited; here "clause" cites it, so the heading alone tells
    said = _refused(
        tmp_path,
        "4. Clauses 3.4 and 3.5 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must be approved under"
        " clause 3.5 Cat collars A cat must wear a collar in a public place.",
    )
    assert "names clause(s) 3.4, 3.5 inserted, but its new text was read as inserting 3.4" in said


def test_a_heading_misnumbered_but_naming_as_many_clauses_is_applied(tmp_path: Path) -> None:
    got = _amended(
        tmp_path,
        "4. Clause 3.14 inserted\nAfter clause 3.3 insert:\n3.4 Cat runs\nA cat run must be kept clean.",
    )
    assert "3.4 Cat runs\n  A cat run must be kept clean." in got


@pytest.mark.parametrize(
    ("heading", "named"),
    [
        ("Clause 3.4 inserted", ("3.4",)),
        ("Clauses 3.4 and 3.5 inserted", ("3.4", "3.5")),
        ("Clauses 3.4, 3.5 and 3.6 inserted", ("3.4", "3.5", "3.6")),
        ("New clause 12A inserted", ("12A",)),
        ("Clause 3.3 replaced and clause 3.4 inserted", None),
        ("Clauses 3.4 to 3.6 inserted", None),
        ("Clause 3.4 amended", None),
    ],
)
def test_the_headings_that_name_clauses_inserted(heading: str, named: tuple[str, ...] | None) -> None:
    assert named_inserted(heading) == named


# --- c16, c18: a subclause or paragraph out of the law's numbering


@pytest.mark.parametrize(
    ("clause", "said"),
    [
        (
            "4. Clause 2.3 amended\nAfter clause 2.3(3) insert:\n(2A) A permit may be renewed.",
            "a new subclause (2A) here would be out of the law's numbering (between (3) and the end)",
        ),
        (
            "4. Clause 2.5 amended\nAfter clause 2.5(d) insert:\n(ca) a boat ramp;",
            "a new paragraph (ca) here would be out of the law's numbering (between (d) and (e))",
        ),
    ],
)
def test_a_subclause_or_paragraph_out_of_the_laws_numbering_is_refused(tmp_path: Path, clause: str, said: str) -> None:
    assert said in _refused(tmp_path, clause)


@pytest.mark.parametrize(
    ("clause", "want"),
    [
        ("4. Clause 2.3 amended\nAfter clause 2.3(3) insert:\n(4) A permit may be renewed.", "(3) A permit under"),
        ("4. Clause 2.3 amended\nAfter clause 2.3(2) insert:\n(2A) A permit may be renewed.", "(2) The local"),
        ("4. Clause 2.3 amended\nAfter clause 2.3(1) insert:\n(2A) A permit may be renewed.", "(1) A person"),  # before (2)
        ("4. Clause 2.5 amended\nAfter clause 2.5(c) insert:\n(ca) a boat ramp;", "(c) a beach"),
    ],
)
def test_a_subclause_or_paragraph_in_either_conventions_place_is_applied(tmp_path: Path, clause: str, want: str) -> None:
    got = _amended(tmp_path, clause)
    new = clause.split("\n")[-1]
    assert new in got
    assert got.index(want) < got.index(new)
