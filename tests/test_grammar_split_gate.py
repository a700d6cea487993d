"""core/split_commencement.lark's ``split_gate``: the words of a principal law's commencement that give some of it a day
apart from the rest (core.dates.split_words), which make the commencement one read whole or refused. The grammar
replaced a regular expression (dates._SPLIT); the two were compared (``python tools/differential.py split_gate``) on
every text of laws/, amendments/ and tests/fixtures/ (each file's words run together, each paragraph, each line:
19,278 texts) and on 129,514 variants of them (sentence ends lost, capitals, lower case, "I." for "1.", windows of 12
and 30 words): 33,656 gates found, 0 differences in the words returned (None, or the same words)."""

from __future__ import annotations

import pytest

from lawhistory.core.dates import split_words

PUBLISHED = "comes into operation 14 days after the day on which it is published in the Government Gazette"


@pytest.mark.parametrize(
    ("wording", "gate"),
    [
        # a part excepted, to the sentence's end (or a semicolon)
        (f"This local law {PUBLISHED}, except clause 5.3. Then.", "except clause 5"),
        ("It commences on publication other than Part 2; and", "other than Part 2"),
        ("It is in operation on publication, save for clause 5", "save for clause 5"),
        ("In operation on publication with the exception of Schedule 1.", "with the exception of Schedule 1"),
        ("In operation on publication excluding Schedule 1", "excluding Schedule 1"),
        ("In operation on publication apart from Part 3", "apart from Part 3"),
        ("It comes into operation as follows— (a) on 1 July; (b)", "as follows— (a) on 1 July"),
        ("(b) the remainder of this local law—on 1 July.", "the remainder of this local law—on 1 July"),
        ("(b) the remaining provisions, on 1 July", "remaining provisions, on 1 July"),
        ("(b) All other clauses on 1 July", "All other clauses on 1 July"),
        # a clause or Part of the law named: to the next semicolon, over full stops
        (
            "This local law applies. Clause 5.3 comes into operation on 1 July 2025. Then; more",
            "Clause 5.3 comes into operation on 1 July 2025. Then",
        ),
        ("Subclause 5.3(2) is later", "Subclause 5.3(2) is later"),
        ("By-law 12 waits", "By-law 12 waits"),
        ("bylaws 12 wait", "bylaws 12 wait"),
        ("Division 2 of 3 waits", "Division 2 of 3 waits"),  # "of" then no word beginning with a letter
        ("Part 5, of the law, waits", "Part 5, of the law, waits"),  # a mark between the number and "of"
        # a second day given to anything: from the first day's words to the end
        (
            f"This local law {PUBLISHED}; but Part 5 of the X Local Law comes into operation on 1 July.",
            f"{PUBLISHED}; but Part 5 of the X Local Law comes into operation on 1 July.",
        ),
        (
            "It takes effect on publication. The rest commences on 1 July.",
            "takes effect on publication. The rest commences on 1 July.",
        ),
        (
            "It commences on publication; the fees come into force on 1 July",
            "commences on publication; the fees come into force on 1 July",
        ),
        # the first place the words set part of the law apart: here the first day's words, which a second day follows
        (
            f"This local law {PUBLISHED}, except clause 5.3, which comes into operation on 1 July 2025.",
            f"{PUBLISHED}, except clause 5.3, which comes into operation on 1 July 2025.",
        ),
        # a day's words once, then an exception: the exception
        (f"This local law {PUBLISHED} except clause 5 which commences on 1 July", "except clause 5 which commences on 1 July"),
        # words that are keywords elsewhere are plain words here, to the sentence's end
        (
            "other than the giving of a notice that comes into operation",
            "other than the giving of a notice that comes into operation",
        ),
        ("  except   clause 5 ", "except clause 5"),  # the spacing made single
    ],
)
def test_the_first_words_that_set_part_of_the_law_apart(wording: str, gate: str) -> None:
    assert split_words(wording) == gate


@pytest.mark.parametrize(
    "wording",
    [
        f"This local law {PUBLISHED}.",
        f"This local law {PUBLISHED} in accordance with section 3.14 of the Local Government Act 1995.",
        "in accordance with section 3.14 of Act 1995",  # "of" and a word beginning with a letter: an Act's section
        "in accordance with section 3.14 of of 2",
        "Exceptional days; the savings; a departure from the clauses",  # no word stands alone
        "clause5 waits; clause (5) waits; clause-5 waits",  # no number after a space
        "It comes into operations on publication and comes into operation on 1 July",  # "operations": not the words
        "It comes into operation on publication.",
        "",
    ],
)
def test_one_day_for_the_whole_law(wording: str) -> None:
    assert split_words(wording) is None


def test_no_words_is_one_day() -> None:
    assert split_words(None) is None
