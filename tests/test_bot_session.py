"""bot.session: the X display a session plays on is set for its span only."""

from __future__ import annotations

import os

import pytest

from bot.session import x_display


def test_a_display_is_set_for_the_session_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    with x_display(":7"):
        assert os.environ["DISPLAY"] == ":7"
    assert os.environ["DISPLAY"] == ":0"


def test_no_display_before_means_none_after(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    with pytest.raises(RuntimeError), x_display(":7"):
        assert os.environ["DISPLAY"] == ":7"
        raise RuntimeError("the session failed")
    assert "DISPLAY" not in os.environ


def test_none_leaves_the_environment_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISPLAY", ":3")
    with x_display(None):
        assert os.environ["DISPLAY"] == ":3"
    assert os.environ["DISPLAY"] == ":3"
