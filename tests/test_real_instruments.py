"""Instruments modelled on real WA amending local laws: each is applied exactly, or refused for its true reason.

One test per case folder in tests/fixtures/real/instruments/ (see benchmarks/real_cases.py): the case runs the way
``lawhistory amend`` runs it, in a fresh repository holding its principal law(s), and what happened is compared with
the case's expected.yml and, when it applies, the law in force at its commencement with expected.txt.

KNOWN lists, case by case, the instruments the engine still refuses although they should apply, with what reading
them needs. Such a case is a strict expected failure: it fails only by being refused (never by wrong law, which
fails every case unconditionally), and once it starts passing the test fails until its entry is removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.real_cases import case_dirs, run_case

KNOWN: dict[str, str] = {
    "251-rockingham-shire-animals-on-reserves-by-laws-1987-copy-without-spaces-after-numbers-paragraph-aa-before-a-subclause-1a-part-heading-replaced-divisions-and-clauses-at-beginning-of-part-division-heading-before-clause": (
        "(round 17) “At the beginning of Part 3 insert: Division 1 — Objects of this Part 18A.Objects of Part … Division 2 — Notices about animals 18B.Notices about animals …”: new text holding Division headings and the clauses under them, numbered “18A.”, is not read (the clauses are read as words under the Division, and the second Division heading as the end of a list run together: refused). Its commencement items (“by-laws 1 and 2”, “the rest of the by-laws”), “These by-laws amend …”, “Before by-law 3(1)(a) insert: (aa)…”, “After by-law 5(1) insert: (1A)…” and the Part heading replaced are read."
    ),
    "255-rockingham-shire-bush-fire-brigades-by-laws-1985-special-gazette-part-ii-repealed-word-deleted-subclause-designation-deleted-before-words-subclause-2-repealed-words-replaced-in-three-by-laws": (
        "(round 17) “(1) By-law 122(1) is amended as follows: (a) before “Every” by deleting the subclause designation “(1)”; … (2) By-law 122(2) is repealed.”: a designation deleted (the subclause's words left the by-law's own, once (2) is repealed) is not read yet — it needs an operation that unlabels a subclause, checked to leave no other subclause beside it when the instrument is applied (refused, naming the words). “Part II is repealed.” (a Part in roman numerals) is now read."
    ),
    "256-mandurah-town-bush-fire-brigades-by-laws-1989-ocr-copy-stray-words-under-paragraph-deleted-garbled-new-clause-134a-refused": (
        "(round 17) expected to be refused naming the stray words “volunteer fire hiigade; and” under clause 4; refused earlier, and rightly, because its citation is garbled (“Bush Fire Brigades Amendment By-/ aws 1989.”: “could not read its title”), a message that does not name those words. Needs the title-reading refusal to quote the citation it could not read (and then, with --title, the refusal of the stray words and of the garbled new text)."
    ),
    "257-wanneroo-shire-parking-stations-by-law-1984-provisions-called-rules-definition-deleted-and-reinserted-in-alphabetical-order-paragraph-and-subclause-replaced-nested-quotes-rule-replaced": (
        "(round 17) a by-law whose provisions are called “rules” (“In rule 1(1) delete the definition of parking space.”, “Delete rule 4(2)(d) and insert:”, “subrule (1)(b)”): “rule”/“subrule” are no kinds of the grammar yet (wa.lark KIND, parts.py _REF, read.py _KIND_LEVEL and the other lists of kinds). Its commencement items (“(a) rules 1 and 2 — …; (b) the rest of the by-law — …”) are read."
    ),
    "258-canning-shire-cemetery-by-laws-1962-by-laws-named-in-words-marginal-notes-by-law-repealed-and-re-enacted-interpretation-added-after-the-passage-in-line-one-word-in-line-three-not-inside-longer-word": (
        "(round 17) the 1962 form: “IN pursuance of the powers … has by resolution … made the following by-laws.” and the margins “B.L. 3 / repealed and / re-enacted.” are now read; the instrument clause “3. By-law three of the principal by-laws is repealed and re-enacted with amendments as follows:— Application 3. The provisions …” (its new by-law 3 under the heading printed above its number, the same number as the instrument's clause) is read as the words of clause 2 and its new text not read whole (refused)."
    ),
    "259-cockburn-town-fauna-park-by-laws-1977-delete-the-penalty-and-insert-paragraphs-d-and-e-deleted-designation-by-words-replaced-after-by-law-insert-subclause-2-penalty-inserted-after-subclause": (
        "(round 17) “(1) In by-law 15: (a) delete “A person” and insert: (1) A person (b) in paragraph (a) delete "
        "“enclosure” and insert: … (c) delete paragraph (b); (d) delete the Penalty and insert: …”: the items (b) to (d) "
        "are now told from the new words of (a), and (a) makes 15's words, paragraphs and penalty its subclause (1); item "
        "(b)'s “paragraph (a)” of by-law 15 is then 15(1)(a), which the engine does not take for it (refused: “the "
        "provision has no (a) of its own”). Needs: a paragraph named after an instruction of the same list made its "
        "provision's words a subclause (1) read as that subclause's (only then). Its commencement items and “These "
        "by-laws amend …” are read."
    ),
}


class KnownRefusal(Exception):
    """A case listed in KNOWN was refused, as it still is expected to be."""


@pytest.mark.parametrize(
    "folder",
    [
        pytest.param(d, id=d.name, marks=[pytest.mark.xfail(reason=KNOWN[d.name], raises=KnownRefusal, strict=True)])
        if d.name in KNOWN
        else pytest.param(d, id=d.name)
        for d in case_dirs()
    ],
)
def test_real_instrument_applied_exactly_or_refused_for_its_true_reason(folder: Path) -> None:
    result = run_case(folder)
    # Wrong law fails every case, listed or not (an AssertionError is not the expected failure of a KNOWN case).
    assert result.verdict != "wrong", f"{result.outcome}: {result.message}\n" + "\n".join(result.problems)
    if folder.name in KNOWN and result.verdict == "refused_wrongly":
        raise KnownRefusal(result.message)
    assert result.problems == [], f"{result.outcome}: {result.message}\n" + "\n".join(result.problems)
    assert result.verdict in ("exact", "refused_true")


def test_every_known_case_exists() -> None:
    assert set(KNOWN) <= {d.name for d in case_dirs()}
