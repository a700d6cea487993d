"""Rewordings must not change the law (metamorphic tests): an amending instrument worded otherwise — its quotation
marks, its verbs, its items' numbering, connectors and line breaks, a page header between items, its lead-ins
distributed or flattened — gives exactly the same consolidation as the original, or is refused; never another law.

The rewordings are tests/rewordings.py; the full run over every case is ``python -m benchmarks.rewordings``. Here
every case runs a deterministic sample of its variants (every SAMPLE-th, pairs included)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.rewordings import Case, Reading, all_cases, read, run_case
from lawhistory.files.repo import Repository
from tests import rewordings as rw

CASES = all_cases()
SAMPLE = 9
MOST = 10  # variants of one case at most (a long instrument is slow to read)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_no_rewording_gives_another_law(case: Case) -> None:
    many = len(rw.variants(case.text, case.gazette_date))
    _, results = run_case(case, sample=max(SAMPLE, -(-many // MOST)))
    different = [f"[{r.rewording}] {r.detail[:300]}" for r in results if r.verdict == "different"]
    assert not different, different


def test_the_cases_give_at_least_2000_variants() -> None:
    total = sum(len(rw.variants(c.text, c.gazette_date)) for c in CASES)
    assert total >= 2000, total


def _quoted_words(text: str) -> list[str]:
    """The quoted words, page headers and line breaks left out (a header inside a quoted block is page furniture)."""
    words = [text[a + 1 : b - 1] for a, b in rw.quoted_spans(text)]
    for rx in rw._HEADERS:
        words = [rx.sub("", w) for w in words]
    return sorted(" ".join(w.split()) for w in words)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rewordings_keep_the_preamble_and_every_quoted_payload(case: Case) -> None:
    start = rw._instructions_start(case.text)
    for name, text in rw.variants(case.text, case.gazette_date, pairs=False).items():
        assert text[:start] == case.text[:start], name
        if not name.startswith("quotes_"):
            assert _quoted_words(text) == _quoted_words(case.text), name


LEAD_IN = (
    "Under the powers conferred by the Local Government Act 1995 the Council resolved to make the following local law.\n"
    "5. Clause 5.2 amended\nIn clause 5.2—\n(a) in subclause (1) delete “the owner” and insert “the keeper”;\n"
    "(b) in subclause (4) delete “7 days” and insert “14 days”.\n"
)


def test_lead_in_distributed_names_the_clause_in_each_item() -> None:
    assert rw.lead_in_distributed(LEAD_IN) == LEAD_IN.replace("In clause 5.2—\n", "").replace(
        "(a) in subclause (1)", "(a) in clause 5.2(1)"
    ).replace("(b) in subclause (4)", "(b) in clause 5.2(4)")


def test_lead_in_partial_lets_each_item_complete_the_citation() -> None:
    assert rw.lead_in_partial(LEAD_IN) == LEAD_IN.replace("In clause 5.2—", "In clause—").replace(
        "(a) in subclause (1)", "(a) 5.2(1),"
    ).replace("(b) in subclause (4)", "(b) 5.2(4),")


def test_one_item_lead_in_flattens_into_one_sentence() -> None:
    one = LEAD_IN.split("(b)")[0].rstrip().rstrip(";") + ".\n"
    assert rw.lead_in_distributed(one) is not None
    assert "In clause 5.2(1) delete “the owner” and insert “the keeper”." in (rw.lead_in_distributed(one) or "")


def test_numbering_and_connectors_of_instruction_items() -> None:
    assert "i. in subclause (1)" in (rw.numbering_roman_dot(LEAD_IN) or "")
    assert "B. in subclause (4)" in (rw.numbering_capital_dot(LEAD_IN) or "")
    assert "“the keeper”; and\n(b)" in (rw.connectors_and_last(LEAD_IN) or "")
    assert "“the keeper”, and\n(b)" in (rw.connectors_comma_and_last(LEAD_IN) or "")


def test_verbs_and_replacements() -> None:
    assert "(a) in subclause (1) omit “the owner” and insert" in (rw.verb_omit(LEAD_IN) or "")
    assert "strike out “7 days”" in (rw.verb_strike_out(LEAD_IN) or "")
    assert "“the owner” and substitute “the keeper”" in (rw.and_substitute(LEAD_IN) or "")
    assert "“the owner” and insert in its place “the keeper”" in (rw.and_insert_in_its_place(LEAD_IN) or "")
    assert "“the owner” and in substitution insert “the keeper”" in (rw.and_in_substitution_insert(LEAD_IN) or "")
    assert "“the owner” and insert in place thereof “the keeper”" in (rw.and_insert_in_place_thereof(LEAD_IN) or "")
    assert "“the owner” and insert in its stead “the keeper”" in (rw.and_insert_in_its_stead(LEAD_IN) or "")


def test_a_list_of_new_provisions_is_not_renumbered_nor_its_quotes_changed() -> None:
    payload = (
        "Under the powers conferred by the Act the Council resolved to make the following local law.\n"
        "6. Clause 6 amended\nIn clause 6 after subclause (1) insert—\n(a) in the case of a dog, “registered”; and\n"
        "(b) in any other case, “kept”.\n"
    )
    assert rw.numbering_roman(payload) is None
    assert rw.connectors_semicolons(payload) is None
    assert rw.quotes_straight(payload) is None


def test_a_quotation_inside_quoted_words_keeps_its_own_marks() -> None:
    text = "… to make the following local law.\n7. In clause 7 delete “the ‘old’ rule” and insert “the rule”.\n"
    assert rw.quotes_straight(text) == text.replace("“the ‘old’ rule”", '"the ‘old’ rule"').replace("“the rule”", '"the rule"')
    single = rw.quotes_single(text) or ""
    assert "‘the rule’" in single and "“the ‘old’ rule”" in single  # its own single marks: left double-quoted


def test_page_furniture_between_items_carries_the_instruments_date() -> None:
    import datetime as dt

    text = rw.page_furniture(dt.date(2020, 2, 26))(LEAD_IN) or ""
    assert "\n26 February 2020 GOVERNMENT GAZETTE, WA 1000\n(b)" in text


SYNTHETIC = next(c for c in CASES if c.name == "accuracy/synthetic_kellerberrin_amendment_2021.txt")


@pytest.fixture(scope="module")
def synthetic_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Repository, Reading]:
    """The synthetic case's repository (made once: a dry run leaves it as it was) and its original's reading."""
    root = tmp_path_factory.mktemp("rewordings")
    repo = Repository.init(root / "repo")
    SYNTHETIC.setup(repo)
    path = root / "original.txt"
    path.write_text(SYNTHETIC.text, encoding="utf-8")
    return repo, read(repo, path, SYNTHETIC.gazette_date)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.sampled_from(sorted(rw.rewordings())), min_size=2, max_size=4))
def test_composed_rewordings_give_the_same_law_or_a_refusal(synthetic_repo: tuple[Repository, Reading], names: list[str]) -> None:
    repo, original = synthetic_repo
    fns = rw.rewordings(SYNTHETIC.gazette_date)
    text = SYNTHETIC.text
    for name in names:
        text = fns[name](text) or text
    path = repo.root.parent / "variant.txt"
    path.write_text(text, encoding="utf-8")
    variant = read(repo, path, SYNTHETIC.gazette_date)
    assert original.status == "applied"
    assert variant.status != "applied" or variant.history == original.history, names


# Rewordings that once gave another law (the case, the rewording, the verdicts allowed now).
REGRESSIONS = [
    # "(b) strike out “. Delete whichever …”" after an unquoted payload ("insert: Department of … Industries.") was
    # read as more words of that payload: the new words of the form grew "(b) strike out …" (accounting.LABELLED_START)
    ("64-victoria-park-property-passage-in-form", "verb_strike_out", ("exact",)),
    # items numbered 1., 2., 3. with new words in single marks ("substituting the following- ‘ person in possession ’;
    # 2. by deleting ‘waste’ …"): the new words ran on over items 2 and 3, which were never applied
    # (accounting.ITEM_START: an unquoted payload holding an item in any numbering style is refused)
    ("16-denmark-litter-old-style-nested-items", "numbering_arabic_dot+quotes_single", ("exact", "refused")),
    ("16-denmark-litter-old-style-nested-items", "numbering_capital_dot+quotes_single", ("exact", "refused")),
    # a new definition whose term is in single marks, its block's opening mark lost ("instead — ‘supply authority’
    # means …; ”."): the double marks of the same term were read as bold type and dropped, the single ones kept, so
    # the law got "‘supply authority’ means …" (parts._payload_provisions)
    (
        "152-ashburton-health-2001-definitions-inserted-before-definition-running-head-inside-block-opening-quote-lost",
        "quotes_single",
        ("exact",),
    ),
]


@pytest.mark.parametrize(("case_name", "rewording", "allowed"), REGRESSIONS)
def test_a_rewording_that_once_gave_another_law_no_longer_does(case_name: str, rewording: str, allowed: tuple[str, ...]) -> None:
    case = next(c for c in CASES if c.name == case_name)
    _, results = run_case(case, only=[rewording])
    assert [r.verdict for r in results] in [[v] for v in allowed], results


def test_new_words_end_at_a_numbered_item_after_their_semicolon() -> None:
    # "… substituting the following- ‘ person in possession ’; 2. by deleting ‘waste’ …": the item "2." opens after the
    # semicolon (accounting.DOTTED_START), so the new words end there, as they do before "(b)" in the original (this
    # variant was refused before items numbered "1." distributed under their lead-in; words still running on into an
    # item are refused naming it: tests/test_openings.py)
    case = next(c for c in CASES if c.name.startswith("16-denmark"))
    _, results = run_case(case, only=["numbering_arabic_dot+quotes_single"])
    assert [r.verdict for r in results] == ["exact"], results
