"""``amend --law ID`` where an instrument's own words name no law that can be told (a title with no year and no
gazette date): the person's link is read as the one law amended, so instructions are read against that law; a repeal
instrument is never linked to another law. Synthetic variants of the synthetic Kellerberrin instrument of 2021."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.conftest import INSTRUMENTS, KELLERBERRIN, KULIN_ANIMALS, make_repo

I2021 = INSTRUMENTS / "synthetic_kellerberrin_amendment_2021.txt"
REPEAL = INSTRUMENTS / "synthetic_kellerberrin_repeal_2023.txt"
NAMED = (
    "This local law amends the Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019 as published in "
    "the Government Gazette on 26 February 2020."
)
#: The principal-law clause as an older instrument may print it: a title with no year and no gazette date.
YEARLESS = "This local law amends the Shire of Kellerberrin Animals By-laws."


def _variant(tmp_path: Path, name: str, *swaps: tuple[str, str]) -> Path:
    text = I2021.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    out = tmp_path / f"synthetic_{name}.txt"
    out.write_text(text, encoding="utf-8")
    return out


def _provisions(cli: Any, repo: Path) -> list[dict[str, Any]]:
    shown = cli("show", KELLERBERRIN, "--at", "2021-04-23", "--format", "json", "--repo", repo)
    assert shown.exit_code == 0, shown.stderr
    return json.loads(shown.stdout)["provisions"]


def test_an_instrument_naming_no_law_that_can_be_told_waits_for_a_link_and_then_reads_as_the_named_one(
    tmp_path: Path, cli: Any
) -> None:
    plain = make_repo(tmp_path / "a")
    assert cli("amend", I2021, "--repo", plain).exit_code == 0
    expected = _provisions(cli, plain)

    repo = make_repo(tmp_path / "b")
    yearless = _variant(tmp_path, "yearless", (NAMED, YEARLESS))
    pending = cli("amend", yearless, "--repo", repo)
    assert pending.exit_code == 0, pending.stderr
    # it names no law a later import could match: it says so, and how to link it, not "applies when imported"
    assert "not named in words lawhistory can tell" in pending.stdout and "--law ID" in pending.stdout
    assert "applies when that law is imported" not in pending.stdout
    linked = cli("amend", yearless, "--law", KELLERBERRIN, "--repo", repo)
    assert linked.exit_code == 0, linked.stderr
    assert f"applied to {KELLERBERRIN}: new version from 2021-04-23" in linked.stdout
    assert _provisions(cli, repo) == expected  # the same law as the instrument that names its law
    stored = list((repo / "amendments").rglob("*.txt"))
    assert len(stored) == 1  # the pending record replaced, not kept beside it
    text = stored[0].read_text(encoding="utf-8")
    assert f"id: {KELLERBERRIN}" in text and "by hand (amend --law)" in text


def test_a_provision_of_a_law_named_by_title_reads_against_the_linked_law_only(tmp_path: Path, cli: Any) -> None:
    """ "Clause 6.4 of the Shire of … Local Law 2019 is amended …" in an instrument whose principal-law clause names no
    law that can be told: refused (saying how to link it); linked to that law, read; linked to another, refused."""
    repo = make_repo(tmp_path)
    title = "Shire of Kellerberrin Animals Local Law 2019"
    named = _variant(
        tmp_path,
        "named",
        (NAMED, YEARLESS),
        ("In clause 6.4(3) delete “$5,000”", f"Clause 6.4 of the {title} is amended in subclause (3) by deleting “$5,000”"),
        ("and insert “$10,000”.", "and inserting “$10,000”."),
    )
    unlinked = cli("amend", named, "--dry-run", "--repo", repo)
    assert unlinked.exit_code == 1
    assert f"“{title}” name a law by its title, and the one law it amends is not told" in unlinked.stderr
    assert "link it with 'lawhistory amend FILE --law ID'" in unlinked.stderr
    other = cli("amend", named, "--dry-run", "--law", KULIN_ANIMALS, "--repo", repo)
    assert other.exit_code == 1 and "the law it amends is Shire of Kulin" in other.stderr
    # the linked law's own title is read as that law (here the title printed is a variant: refused as another law)
    assert cli("amend", named, "--dry-run", "--law", KELLERBERRIN, "--repo", repo).exit_code == 1
    exact = _variant(
        tmp_path,
        "named_exact",
        (NAMED, YEARLESS),
        (
            "In clause 6.4(3) delete “$5,000”",
            "Clause 6.4 of the Shire of Kellerberrin Animals, Environment and Nuisance Local Law 2019 is amended in "
            "subclause (3) by deleting “$5,000”",
        ),
        ("and insert “$10,000”.", "and inserting “$10,000”."),
    )
    linked = cli("amend", exact, "--law", KELLERBERRIN, "--repo", repo)
    assert linked.exit_code == 0, linked.stderr
    clause = next(p for p in _provisions(cli, repo) if p["citation"] == "6.4(3)")
    assert "$10,000" in clause["text"] and "$5,000" not in clause["text"]


def test_a_repeal_instrument_is_not_linked_to_another_law(tmp_path: Path, cli: Any) -> None:
    repo = make_repo(tmp_path)
    refused = cli("amend", REPEAL, "--law", KULIN_ANIMALS, "--repo", repo)
    assert refused.exit_code == 1
    assert "--law links an instrument that amends one law" in refused.stderr and "repeals laws" in refused.stderr
    assert not list((repo / "amendments").rglob("*.txt"))  # nothing kept: the link was the mistake
    shown = cli("show", KULIN_ANIMALS, "--at", "2024-01-01", "--format", "json", "--repo", repo)
    assert json.loads(shown.stdout)["status"] == "in_force"


def test_an_instrument_naming_a_law_the_repository_holds_is_not_linked_to_another(tmp_path: Path, cli: Any) -> None:
    """(review 10, L4) Its words name the Kellerberrin law, which the repository holds, and ``--law`` names Kulin's:
    refused, naming both, and nothing is stored or changed (before, it was applied to the Kulin law with a note)."""
    repo = make_repo(tmp_path / "a")
    before = cli("show", KULIN_ANIMALS, "--at", "2022-01-01", "--format", "json", "--repo", repo)
    assert before.exit_code == 0, before.stderr
    refused = cli("amend", I2021, "--law", KULIN_ANIMALS, "--repo", repo)
    assert refused.exit_code != 0
    said = " ".join(refused.stderr.split())
    assert f"which the repository holds ({KELLERBERRIN}), and --law names {KULIN_ANIMALS}" in said
    assert not list((repo / "amendments").rglob("*.txt"))
    after = cli("show", KULIN_ANIMALS, "--at", "2022-01-01", "--format", "json", "--repo", repo)
    assert after.stdout == before.stdout
    misspelt = _variant(tmp_path, "misspelt", ("Nuisance Local Law 2019", "Nuisance Local Law 2091"))
    linked = cli("amend", misspelt, "--law", KELLERBERRIN, "--repo", repo)  # a title the repository does not hold
    assert linked.exit_code == 0, linked.stderr
    assert f"applied to {KELLERBERRIN}" in linked.stdout
