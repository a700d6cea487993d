"""An instruction whose words say it puts in one provision ("the following clause is substituted—") and whose new text
holds two is refused, naming both (it was read as 3.3 substituted and 3.4 inserted); "the following clauses" puts in
both. Synthetic instruments amending the synthetic tests/fixtures/commencement4/principal.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawhistory.amending.amend import amend
from lawhistory.amending.timeline import build_timeline
from lawhistory.core.errors import LawHistoryError
from lawhistory.files.repo import Repository
from lawhistory.files.textformat import parse, render_body

PRINCIPAL = Path(__file__).parent / "fixtures" / "commencement4" / "principal.txt"
INSTRUMENT = """SYNTHETIC TEST FIXTURE — invented text (stop 39, issue 20); not law

24 April 2020 GOVERNMENT GAZETTE, WA 1187

LOCAL GOVERNMENT

Local Government Act 1995

Shire of Testville

Probe Amendment Local Law 2020

Under the powers conferred by the Local Government Act 1995 and under all other powers enabling it, the Council of the Shire of Testville resolved on 25 March 2020 to make the following local law.

1. Citation
This local law is the Shire of Testville Probe Amendment Local Law 2020.

2. Commencement
This local law comes into operation 14 days after the date of its publication in the Government Gazette.

3. Local law amended
This local law amends the Shire of Testville Animals Local Law 2015.

4. Clause 3.3 replaced
Clause 3.3 is repealed and the following {said} substituted—
“Cat enclosures
3.3. A cat must be kept in an enclosure.
Cat tags
3.4. A cat must wear a tag.”.

————
Dated: 26 March 2020.
"""


def _amend(tmp_path: Path, said: str) -> Repository:
    repo = Repository.init(tmp_path / "repo")
    text = PRINCIPAL.read_text(encoding="utf-8")
    repo.write_text(repo.law_path(parse(text, path="principal.txt").meta.id), text)
    instrument = tmp_path / "synthetic_instrument.txt"
    instrument.write_text(INSTRUMENT.format(said=said), encoding="utf-8")
    amend(repo, instrument)
    return repo


@pytest.mark.parametrize("said", ["clause is", "new clause is"])
def test_one_clause_said_and_two_given_is_refused_naming_both(tmp_path: Path, said: str) -> None:
    with pytest.raises(LawHistoryError) as refused:
        _amend(tmp_path, said)
    message = " ".join(str(refused.value).split())
    assert "its words say “the following" in message and "(one), but its new text holds 2 provisions (3.3, 3.4)" in message


def test_the_following_clauses_put_in_both(tmp_path: Path) -> None:
    repo = _amend(tmp_path, "clauses are")
    (instrument,) = repo.load_instruments()
    (law,) = [law for law in repo.load_laws() if law.meta.kind == "principal"]
    body = render_body(build_timeline(law, [instrument]).versions[-1].body)
    assert "3.3 Cat enclosures\n  A cat must be kept in an enclosure." in body
    assert "3.4 Cat tags\n  A cat must wear a tag." in body
