"""``dumps_indented`` prints what ``json.dumps(…, ensure_ascii=False, indent=2)`` prints, for any such data."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from lawhistory.core.jsontext import dumps_indented

plain = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
keys = st.text() | st.integers() | st.booleans() | st.none() | st.floats()
data = st.recursive(
    plain,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.dictionaries(keys, inner, max_size=3)
    ),
    max_leaves=25,
)


@given(data)
def test_the_same_text_as_json_dumps_with_indent(value: object) -> None:
    assert dumps_indented(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_a_law_as_show_prints_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from lawhistory.presenting import lawat, views
    from tests.conftest_publish import KELLERBERRIN, make_law_repo

    repo = make_law_repo(tmp_path / "repo", ["synthetic_kellerberrin_amendment_2021.txt"], laws=[KELLERBERRIN])
    law = views.law_json(lawat.show(repo, KELLERBERRIN, None, stored=False))
    assert len(law["provisions"]) > 100 and "’" in json.dumps(law, ensure_ascii=False)
    assert dumps_indented(law) == json.dumps(law, ensure_ascii=False, indent=2)
