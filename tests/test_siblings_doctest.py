"""The examples in the sibling modules' docstrings still hold."""

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["alphametic", "logelei", "twentyfour", "numbercross"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"siblings.{name}")
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
