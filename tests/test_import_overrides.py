"""An override that a refusal suggests works: a law whose text names no title is imported once told its title."""

from __future__ import annotations

from pathlib import Path

from lawhistory.files.textformat import parse
from tests.conftest import ROOT, make_repo

BY_LAW = ROOT / "tests" / "fixtures" / "real" / "laws" / "22-mukinbudin-by-law-dogs-1983.txt"


def _untitled(tmp_path: Path) -> Path:
    """The 1983 by-law with its title line and council line cut off, as a copy that lost its first lines would be."""
    lines = [
        ln
        for ln in BY_LAW.read_text(encoding="utf-8").split("\n")
        if ln not in ("BY-LAW RELATING TO DOGS", "Shire of Mukinbudin")
    ]
    path = tmp_path / "by-law.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_the_fix_a_refusal_suggests_is_accepted(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    source = _untitled(tmp_path)
    refused = cli("import", source, "--repo", repo)
    assert refused.exit_code == 1
    assert "--title" in refused.stderr and "--local-government" in refused.stderr
    ok = cli(
        "import", source, "--title", "Shire of Mukinbudin By-law Relating to Dogs", "--local-government", "Shire of Mukinbudin",
        "--repo", repo,
    )  # fmt: skip
    assert ok.exit_code == 0, ok.stderr
    law = parse((repo / "laws" / "mukinbudin" / "by-law-relating-to-dogs.txt").read_text(encoding="utf-8"))
    assert law.meta.title == "Shire of Mukinbudin By-law Relating to Dogs"
    assert law.meta.partial is False  # a whole law, not an excerpt: its enacting words and sections are all there
    assert any("given with --title" in n for n in law.meta.notes)
    assert not any("ignored" in n for n in law.meta.notes)  # the title was not read from the text, so it was used
    assert [p.num for p in law.body if p.kind == "clause"] == ["1", "2", "3", "4", "5"]
