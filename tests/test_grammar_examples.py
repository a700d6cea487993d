"""The wordings the regular-expression families were tested with (one or more a family, before every family was
retired into the grammar, amending/grammar/wa.lark), each read by the grammar to the operations the family made.

Synthetic instructions (not law), read in the context of clause 3.8. The families' other examples (“Delete all of clause
3.14.”, “Delete Schedule 2 from the local law.”, …) are checked the same way in tests/test_instructions.py.
"""

from __future__ import annotations

import pytest

from tests.helpers import ops

EXAMPLES = [
    # repeal
    (
        "The Shire of Testville Dogs Local Law 2001 as published in the Government Gazette on 3 May 2001 is repealed.",
        [("repeal", "Shire of Testville Dogs Local Law 2001", "2001-05-03", "", "", "once")],
    ),
    # repeal
    (
        "The following local laws are repealed— (a) Testville Road Board By-laws relating to Wells as published in the Government Gazette on 3 March 1939; and amended on 12 May 1950. (b) Shire of Testville By-laws relating to Camping as published in the Government Gazette on 20 November 1970.",
        [
            ("repeal", "Testville Road Board By-laws relating to Wells", "1939-03-03", "", "", "once"),
            ("repeal", "Shire of Testville By-laws relating to Camping", "1970-11-20", "", "", "once"),
        ],
    ),
    # definition deleted or substituted
    ("In clause 6.1 delete the definition of relevant offence.", [("delete", "6.1 “relevant offence”", "", "", "", "once")]),
    # definition inserted
    (
        "In clause 1.4(1) insert in alphabetical order— “cat means an animal of the species Felis catus;”.",
        [("insert_definition", "1.4(1)", "", "**cat** means an animal of the species Felis catus;", "alphabetical", "once")],
    ),
    # definition inserted
    (
        "In clause 1.5, after the definition for occupier insert the following definition— off-street area has the meaning given to it in the Code;",
        [
            (
                "insert_definition",
                "1.5",
                "occupier",
                "**off-street area** has the meaning given to it in the Code;",
                "after",
                "once",
            )
        ],
    ),
    # heading substituted
    (
        "Delete the heading to Division 6 of Part 4 and insert— Amusement activities",
        [("substitute_heading", "Part 4 Division 6", "", "Amusement activities", "", "once")],
    ),
    # heading note
    (
        "Note: The heading to amended clause 20A is to read: Bond amounts (cl. 14E(3A) and 14G(2))",
        [("substitute_heading", "20A", "", "Bond amounts (cl. 14E(3A) and 14G(2))", "", "once")],
    ),
    # reference note replaced or deleted
    (
        "Delete the reference before the heading to Schedule 1 Form 1 and insert: [cl. 5.1 and 6.2]",
        [("substitute_text", "Schedule 1 reference before the heading to Form 1", "", "[cl. 5.1 and 6.2]", "", "once")],
    ),
    # table row found by its words deleted
    (
        "in the Table opposite that text, by deleting the row containing “(a) Lawn grave fee” and “$”.",
        [("delete", "3.8 row containing “(a) Lawn grave fee” and “$” opposite that text", "", "", "", "once")],
    ),
    # words between two others, a provision restated
    (
        "By-law 18, subclause (1), paragraph (g), is amended by adding the words “, the Secretary of the Tennis Club” between “Sports Club” and “and the Secretary”.",
        [
            (
                "substitute_words",
                "18(1)(g) between “Sports Club” and “and the Secretary”",
                "",
                ", the Secretary of the Tennis Club",
                "",
                "once",
            )
        ],
    ),
    # word and provision inserted after
    (
        "After paragraph (b), insert the following word and paragraph: “and (c) an election to fill a vacancy;”.",
        [
            ("insert_words", "3.8(b)", "", "and", "end", "once"),
            ("insert", "3.8(b)", "", "(c) an election to fill a vacancy;", "after", "once"),
        ],
    ),
    # all the words after others replaced
    (
        "Subclause 36 (1): Omit all the words after “if the person”, substitute “is enrolled.”.",
        [("substitute_words", "36(1) after “if the person”", "", "is enrolled.", "", "once")],
    ),
    # words that end a provision
    ("after paragraph (ea) by deleting “or”;", [("delete_words", "3.8(ea)", "or", "", "end", "once")]),
    # words that end a provision
    ("after paragraph (b) by inserting — “ and ”;", [("insert_words", "3.8(b)", "", "and", "end", "once")]),
    # words that end a provision
    (
        "after paragraph (c) by deleting “; and” and inserting a full stop instead;",
        [("substitute_words", "3.8(c)", "; and", ".", "end", "once")],
    ),
    # words edited and provisions inserted after
    (
        "after paragraph (f) by deleting the full stop and inserting instead — “ ; or (g) the goods are newspapers. ”",
        [
            ("substitute_words", "3.8(f)", ".", "; or", "", "once"),
            ("insert", "3.8(f)", "", "(g) the goods are newspapers.", "after", "once"),
        ],
    ),
    # provision and passage deleted
    (
        "Delete clause 16(a)(ii) and the passage that begins with “unless” and continues until the end of paragraph (a) and insert: (ii) land under the care of the local government; and",
        [
            (
                "substitute",
                "16(a)(ii) and the passage from “unless” to the end of 16(a)",
                "",
                "(ii) land under the care of the local government; and",
                "",
                "once",
            )
        ],
    ),
    # table cell edited
    (
        "In Schedule 2 in the Table in the item for clause 6.5 in the 3rd column delete “8” and insert: 20",
        [("substitute_words", "Schedule 2 row relating to clause 6.5 column 3", "8", "20", "", "once")],
    ),
    # words
    ("In clause 6.4(3) delete “$5,000” and insert “$10,000”.", [("substitute_words", "6.4(3)", "$5,000", "$10,000", "", "once")]),
    # words
    (
        "In clause 4.2(3) delete the word “voucher” and insert in its place “permit”.",
        [("substitute_words", "4.2(3)", "voucher", "permit", "", "once")],
    ),
    # words
    ("in subclause (1)(c) after ‘;’ remove ‘or’;", [("substitute_words", "3.8(1)(c)", "; or", ";", "", "once")]),
    # words
    ("in subclause (1)(d) delete ‘.’ and insert ‘; or’;", [("substitute_words", "3.8(1)(d)", ".", "; or", "", "once")]),
    # reference replaced
    (
        "In clause 5.12(2)(d) delete the reference to 11.37 and replace it with 11.4.",
        [("substitute_words", "5.12(2)(d)", "11.37", "11.4", "", "once")],
    ),
    # schedule row replaced by reference
    (
        "In Schedule 2 delete the row relating to clause 6.3 and insert: | Clause 6.3 | Inspect vehicles |",
        [("substitute", "Schedule 2 row relating to clause 6.3", "", "| Clause 6.3 | Inspect vehicles |", "", "once")],
    ),
    # note deleted
    ("In clause 20(1) delete the note.", [("delete", "20(1) note", "", "", "", "once")]),
    # table row replaced by a row with lettered parts
    (
        "In Schedule 2 delete item 11 and insert: 11. a parking station — (a) for each motor cycle bay; nil (b) for each other bay 1.80 per hour",
        [
            ("substitute", "Schedule 2 item 11", "", "| 11. | a parking station — |  |", "", "once"),
            (
                "insert",
                "Schedule 2 item 11",
                "",
                "|  | (a) for each motor cycle bay; | nil |\n|  | (b) for each other bay | 1.80 per hour |",
                "after",
                "once",
            ),
        ],
    ),
    # provision deleted or substituted
    (
        "Delete clause 4.6 (2)(h) and replace with— (h) within 6 metres of a fire hydrant; or",
        [("substitute", "4.6(2)(h)", "", "(h) within 6 metres of a fire hydrant; or", "", "once")],
    ),
    # Part or Division inserted
    (
        "After clause 18 insert: Part 3A — Annual return 18A. Annual return to be lodged (1) A liable person must lodge an annual return.",
        [
            (
                "insert",
                "18",
                "",
                "PART 3A—Annual return\n18A. Annual return to be lodged\n  (1) A liable person must lodge an annual return.",
                "after",
                "once",
            )
        ],
    ),
    # Part or Division inserted
    (
        "After clause 27 the following Division is inserted — “Division 3 — Exemptions 27A. Exemptions Clause 16 does not apply.”",
        [("insert", "27", "", "Division 3—Exemptions\n27A. Exemptions\n  Clause 16 does not apply.", "after", "once")],
    ),
    # provision inserted at the beginning
    (
        "At the beginning of clause 10 insert: (1) In this clause a show is a cat show.",
        [("insert", "10", "", "(1) In this clause a show is a cat show.", "start", "once")],
    ),
    # provision inserted
    (
        "After clause 2.12 insert— 2.12A Noisy birds An owner shall not keep a noisy bird.",
        [("insert", "2.12", "", "2.12A Noisy birds\n  An owner shall not keep a noisy bird.", "after", "once")],
    ),
    # provision inserted
    (
        "In clause 4.6 (2), insert— (i) on a carriageway within 10 metres of a pedestrian crossing.",
        [("insert", "4.6(2)", "", "(i) on a carriageway within 10 metres of a pedestrian crossing.", "end", "once")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), EXAMPLES, ids=[text[:40] for text, _ in EXAMPLES])
def test_each_wording_a_family_read_is_read_by_the_grammar_to_its_operations(text: str, expected: list[tuple[str, ...]]) -> None:
    assert ops(text, "3.8") == expected
