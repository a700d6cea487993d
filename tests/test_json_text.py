"""``json_text.dumps`` prints exactly what ``json.dumps(value, ensure_ascii=False, indent=2)`` prints (``show --format
json`` uses it), for every value: those it encodes itself and those it leaves to the standard library."""

from __future__ import annotations

import enum
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lawhistory.presenting.json_text import dumps

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        | st.dictionaries(st.integers() | st.booleans() | st.none(), inner, max_size=3)
    ),
    max_leaves=30,
)


@given(VALUES)
def test_the_same_characters_as_json_dumps(value: object) -> None:
    assert dumps(value) == json.dumps(value, ensure_ascii=False, indent=2)


class Colour(enum.StrEnum):
    red = "red"


def test_subclasses_and_special_floats_are_the_standard_librarys() -> None:
    for value in [{"c": Colour.red}, [float("nan"), float("inf")], {"a": 'é\u2028\x00"\\'}, [[], {}, [[]]], True, -0.0]:
        assert dumps(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_what_json_refuses_is_refused_the_same_way() -> None:
    with pytest.raises(TypeError):
        dumps({"a": {1, 2}})
    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        dumps(loop)
