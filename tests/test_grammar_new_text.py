"""grammar/new_text.lark: the structure of an instruction's new text, read by grammar/parse.py for parts.py — where a
definition whose term alone is quoted begins (``quoted_term``, ``single_quoted_term``), the marks around a defined
term (``marked_terms``), a definition whose words are
all in its paragraphs (``dash_definitions``), words that define unmarked terms (``unmarked_definitions``, refused), a
definition that runs on into another (``run_on_definition``, refused), the dash after "the following definitions"
(``following_dashes``), a provision's penalty line and new text that is one (``penalty_line``, ``penalty_payload``),
words after the connector that ends a paragraph (``after_connector``, refused), a definition's note
(``definition_note``) and a Part's or a Division's heading inserted alone (``heading_only``).

The grammar replaced twelve regular expressions of parts.py (``_QUOTED_TERM_DEFINITION``,
``_SINGLE_QUOTED_TERM_DEFINITION``, ``_payload_provisions``' substitution of a defined term's marks,
``_DASH_DEFINITION``, ``_UNMARKED_DEFINITIONS``, ``_RUN_ON_DEFINITION``, ``_FOLLOWING_DASH``, ``_PENALTY_LINE``,
``_PENALTY_PAYLOAD``, ``_AFTER_CONNECTOR``, ``_with_note``'s and ``_HEADING_ONLY``). Each reading was compared with the
expression it replaced (``python tools/differential.py NAME …``) on every text of laws/, amendments/ and
tests/fixtures/ (each file's words run together, each paragraph, each line: some 20,440 texts) and on variants of them
(sentence ends lost, capitals, lower case, "I." for "1.", windows of 12 and 30 words, and each line's words made the
thing read, and near misses of it — turned with the text, so the corpus as a whole tries each):

============================  ==========  ========  ===========
check (NAME)                    variants     found  differences
============================  ==========  ========  ===========
term_definition (both marks)     400,498   148,968            0
marked_term                    1,188,880   431,763        0 (†)
dash_definition                  473,017    29,869            0
unmarked_definitions             711,450   116,665        0 (*)
run_on_definition                656,140    37,756            0
following_dash                   541,461   127,015            0
penalty_line                     446,835    55,656            0
penalty_payload                  446,835       148            0
after_connector                  272,266    16,344            0
note                             341,805    46,366            0
heading_only                     411,776     6,795            0
============================  ==========  ========  ===========

"found": the texts in which the expression found what it reads; a difference: any difference in what is read (the
positions and words each caller takes; for ``run_on_definition`` where the run-on begins, the words of its refusal
being the grammar's). (*) and 775 examined: two spaces before a term marked in bold or quotation marks, which the
expression read as the unmarked words' first character, refusing a marked term for its spacing (a provision's words
reach it with their spaces single; a test below). (†) The first run of ``marked_term`` found 12 differences, the
grammar's bug (a term in double marks holding a single-marked one read twice), fixed, with a test below.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.grammar.parse import (
    after_connector,
    dash_definitions,
    definition_note,
    following_dashes,
    heading_only,
    marked_terms,
    penalty_line,
    penalty_payload,
    quoted_term,
    run_on_definition,
    single_quoted_term,
    unmarked_definitions,
)
from lawhistory.amending.parts import without_term_marks
from lawhistory.files.inputs import deriving_files

PACKAGE = Path(__file__).resolve().parent.parent / "lawhistory"


def _term(text: str, found: tuple[int, int, int] | None) -> tuple[str, str] | None:
    return None if found is None else (text[found[0] : found[1]], text[found[2] :])


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("“authorised person” means a person", ("authorised person", " means a person")),
        ("“a” includes b", ("a", " includes b")),
        ("“a”\nhas  the same\tmeaning as", ("a", "\nhas  the same\tmeaning as")),
        ("“a” has the meaning", ("a", " has the meaning")),
        (f"“{'x' * 60}” means", ("x" * 60, " means")),
        (f"“{'x' * 61}” means", None),  # a term of 60 characters at most
        ("“a”means b", None),  # a space before the defining words
        ("“a” meanings b", None),
        ("“a” has the sameness", None),
        ("“a” has a meaning", None),
        ("““a”” means", None),
        ("x “a” means", None),  # from the start
    ],
)
def test_a_term_alone_quoted(text: str, read: tuple[str, str] | None) -> None:
    assert _term(text, quoted_term(text)) == read
    single = text.replace("“", "‘").replace("”", "’")
    assert _term(single, single_quoted_term(single)) == read


def test_a_term_in_single_marks_holds_no_double_marks() -> None:
    assert quoted_term("“a ‘b’” means") is not None
    assert single_quoted_term("‘a “b”’ means") is None


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("“local government” has the same meaning as", "local government has the same meaning as"),
        ("x; ‘vehicle’, in relation to a road", "x; vehicle, in relation to a road"),
        ('x —\n"dog” does not include a cat', "x —\ndog does not include a cat"),
        ("x - “a” has a corresponding meaning; “b” includes c", "x - a has a corresponding meaning; b includes c"),
        (f"“{'t' * 80}” means", f"{'t' * 80} means"),
        (f"“{'t' * 81}” means", None),  # 80 characters at most
        ("x -“a” means", None),  # a spaced hyphen before the mark
        ("x “a” means", None),  # at the start, or after a semicolon, a colon or a dash
        ("  “a” means", None),
        ("“a”  means", None),  # one space
        ("“a” does not includes", None),
        ("“a” has the meanings", None),
        ("‘a “b”’ means", None),
        ("x; “a — ‘b’ means c” means d", "x; a — ‘b’ means c means d"),  # one term, holding a term's words
    ],
)
def test_a_defined_terms_marks(text: str, read: str | None) -> None:
    out = without_term_marks(text)
    assert (out if out != text else None) == read
    assert bool(marked_terms(text)) == (read is not None)


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("exempt fence — (a) means x; but (b) y", ["exempt fence"]),
        ("a b c d e f — (a) x", ["a b c d e f"]),  # the first word and five more
        ("a b c d e f g — (a) x", []),
        ("x means y; dog’s run — (a) z; cat-flap —\n(a) w", ["dog’s run", "cat-flap"]),
        ("x means y;dog — (a) z", []),  # after a semicolon and a space
        ("dog means — (a) x", []),  # none of the words "means", "includes", "is", "are"
        ("dog is — (a) x", []),
        ("dog isle — (a) x", ["dog isle"]),
        ("dog— (a) x", []),  # a spaced dash
        ("dog — (b) x", []),  # then paragraph (a)
        ("dog — (a)x", []),
        ("1dog — (a) x", []),
    ],
)
def test_a_definition_whose_words_are_in_its_paragraphs(text: str, terms: list[str]) -> None:
    found = dash_definitions(text)
    assert [text[a:b] for a, b, _ in found] == terms
    assert all(text[c:].startswith("(a) ") for _, _, c in found)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "In this clause brigade officer has the meaning given in clause 3(1); take control means x",
            "In this clause brigade officer has the meaning given in clause 3(1)",
        ),
        ("In this Part — dog means a dog. More", "In this Part — dog means a dog"),
        ("In this by-law: dog has the same meaning as x", "In this by-law: dog has the same meaning as x"),
        ("In this bylaw - dog means x", "In this bylaw - dog means x"),
        ("In this local law -dog means x", "In this local law -dog means x"),
        ("In this Schedule\ndog means x", "In this Schedule\ndog means x"),
        ("In this clause “dog” means x", None),  # a term marked as one
        ("In this clause *dog* means x", None),
        ("In this clause 'dog' means x", None),
        ("In this clause - means x", "In this clause - means x"),  # a hyphen as the words
        # (the expression this replaced read the second space as the words' first, so a term marked in bold after two
        # spaces was refused as unmarked; a provision's words reach here with their spaces single)
        ("In this clause  **Act** means x", None),
        ("In this clause  “Act” means x", None),
        ("In this Part - 'dog' means x", "In this Part - 'dog' means x"),
        ("In this clauses dog means x", None),
        ("In this section, dog means x", None),  # a comma is no dash
        ("In this  clause dog means x", None),
        ("In this clause dog: means x", None),
        (f"In this clause {'d' * 60} means x", f"In this clause {'d' * 60} means x"),
        (f"In this clause {'d' * 61} means x", None),  # 60 characters at most
        ("In this clause dog meanings x", None),
    ],
)
def test_words_that_define_unmarked_terms(text: str, read: str | None) -> None:
    assert unmarked_definitions(text) == read


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("x means y; road verge means z", 9),
        ("x means y; a b c d e includes z", 9),  # a word and four more
        ("x means y; a b c d e f includes z", None),
        ("x means y; and a means z", None),  # not after "and" or "or"
        ("x means y; order means z", 9),
        ("x means y;verge has the meaning z", 9),
        ("x means y; verge refers to z", 9),
        ("x means y; verge, in relation to a road, means z", 9),  # words between commas
        ("x means y; verge, in relation to a road means z", None),
        ("x means y; verge —", 9),  # a dash that ends the words
        ("x means y; verge-", 9),
        ("x means y; verge - ", 9),
        ("x means y; verge — z", None),
        ("x means y; 1 verge means z", None),  # a word beginning with a letter
        ("x; y; z means w", 4),  # the first from which one does
        ("x; y means v; z means w", 1),
        ("x; y, z; w means v", 7),
        ("x means y; a means b means c", 9),
    ],
)
def test_a_definition_that_runs_on_into_another(text: str, at: int | None) -> None:
    found = run_on_definition(text)
    assert (None if found is None else found[0]) == at


@pytest.mark.parametrize(
    ("text", "dashes"),
    [
        ("by inserting before “cinema” the following definitions — “x”", ["—"]),
        ("insert the following new paragraphs instead :— (a)", [":"]),
        ("the following words -x", ["-"]),
        ("the following clause:", [":"]),
        ("the following items:", []),
        ("the following  words:", []),
        ("bathe following words:", []),
        ("the following words instead of —", []),
        ("the following wordsmith —", []),
        ("the following new —", []),
        ("the following words — x, and the following definition: y", ["—", ":"]),
    ],
)
def test_the_dash_after_the_following_definitions(text: str, dashes: list[str]) -> None:
    found = following_dashes(text)
    assert [text[b:c].strip() for _, b, c in found] == dashes
    assert all(text[a:].startswith("the following") for a, _, _ in found)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        (
            "A person must not. Penalty for this subclause: a fine of $2 000.",
            (18, "Penalty for this subclause: a fine of $2 000.", "subclause"),
        ),
        ("x;\nPenalty for this sub-regulation: y\n", (2, "Penalty for this sub-regulation: y", "sub-regulation")),
        ("x. Penalty for this by-law: y", None),  # a kind of provision a line names
        ("x Penalty for this clause: y", None),  # after a full stop or semicolon
        ("x.Penalty for this clause: y", None),
        ("x. Penalty for this clause:y", None),
        ("x. Penalty for this clause: y\nz", None),  # to the end of the line
        ("x. Penalty: y", None),
    ],
)
def test_a_penalty_line_a_provision_ends_with(text: str, read: tuple[int, str, str] | None) -> None:
    assert penalty_line(text) == read


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("Penalty: a fine of $5 000.", 8),
        ("Penalty for this by-law: (a) x", 24),
        ("Penalty for this subclause:\n(a) x", 27),
        ("Penalty:x", None),
        ("Penalty for this section: x", None),
        ("Penalty :", None),
        ("A Penalty: x", None),
    ],
)
def test_new_text_that_is_a_penalty_line(text: str, end: int | None) -> None:
    assert penalty_payload(text) == end


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("(c) is transferred to another; or fixture on land when", ("or", "fixture on land when")),
        ("(c) a; b;and\nc d", ("and", "c d")),
        ("(c) a; or Fixture", None),  # a small letter
        ("(c) a; order x", None),
        ("(c) a; or x; y", None),  # the last semicolon
        ("(c) a; or", None),
    ],
)
def test_words_after_the_connector_that_ends_a_paragraph(text: str, read: tuple[str, str] | None) -> None:
    assert after_connector(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("x means y; Note for this definition: see clause 4.", (10, "Note for this definition:", "see clause 4.")),
        ("x means y.\nNote:  see\n", (10, "Note:", "see")),
        ("x means y. Note:   ", (10, "Note:", " ")),
        ("x means y; Note for this clause: z", None),
        ("x means y; Notes: z", None),
        ("x means y;Note: z", None),
        ("x means y; Note: z\nw", None),  # to the end of the line
        ("x means y; Note:z", None),
    ],
)
def test_a_definitions_note(text: str, read: tuple[int, str, str] | None) -> None:
    assert definition_note(text) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Division 1 — General provisions", ("Division", "1", "General provisions")),
        ("PART 12A–FEES", ("PART", "12A", "FEES")),
        ("Part 3 —Fees and charges", ("Part", "3", "Fees and charges")),
        ("Part 3ABC — Fees", None),
        ("Part 3 - Fees", None),  # a dash
        ("Part 3  — Fees", None),
        ("Subdivision 1 — Fees", None),
        ("Part 3 — fees", None),  # a heading beginning with a capital
        ("Part 3 — Fees. 3.1 Fees", None),  # and holding no full stop: a heading alone
        ("Part 3 — Fees (general)", None),
    ],
)
def test_a_heading_inserted_alone(text: str, read: tuple[str, str, str] | None) -> None:
    assert heading_only(text) == read


def test_the_grammar_is_named_where_it_is_loaded() -> None:
    """new_text.lark is named in the code that loads it, so a fingerprint of that code covers it (as files/inputs.py
    ``deriving_files`` finds each grammar: the build reads no amending grammar, ``amend`` does)."""
    assert "amending/grammar/new_text.lark" in deriving_files(PACKAGE, start="amending.parts")
