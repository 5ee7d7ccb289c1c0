"""The sibling command line: exit codes, --json, one-line errors."""

import io
import json
from pathlib import Path

import pytest

from siblings.cli import main


def run(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return main(argv, out), out.getvalue()


def test_alphametic_solves() -> None:
    code, text = run(["alphametic", "SEND + MORE = MONEY"])
    assert code == 0
    assert "9567 + 1085 = 10652" in text and "unique: yes" in text and "time:" in text


def test_json_is_machine_output_only() -> None:
    code, text = run(["alphametic", "SEND + MORE = MONEY", "--json"])
    data = json.loads(text)
    assert code == 0 and data["unique"] is True and data["digits"]["M"] == 1


def test_no_solution_exits_1_with_the_reason() -> None:
    code, text = run(["alphametic", "A + B = CDE"])
    assert code == 1 and text.startswith("no solution:")
    code, text = run(["alphametic", "A + B = CDE", "--json"])
    assert code == 1 and json.loads(text)["solved"] is False


@pytest.mark.parametrize("argv", [
    ["alphametic", "SEND + MORE"],
    ["logelei", "/no/such/file.json"],
    ["number-cross", "--nope"],
    ["frobnicate"],
    [],
])
def test_bad_input_is_one_line_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    code, text = run(argv)
    err = capsys.readouterr().err
    assert code == 2 and text == ""
    assert err.startswith("puzlogic-bot sibling: ") and err.count("\n") == 1


def test_unparsable_and_malformed_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert run(["24-7", str(broken)])[0] == 2
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"size": 7, "givens": [[0, 0, 8]]}')
    assert run(["24-7", str(wrong)])[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_logelei_default_and_generate() -> None:
    code, text = run(["logelei"])
    assert code == 0 and "unique: yes" in text
    code, text = run(["logelei", "--generate", "--size", "5", "--seed", "4", "--json"])
    data = json.loads(text)
    assert code == 0 and data["unique"] is True and data["generated"]["seed"] == 4


def test_twentyfour_and_number_cross() -> None:
    code, text = run(["24-7"])
    assert code == 0 and "answer: 240" in text
    code, text = run(["number-cross", "--json"])
    assert code == 0 and json.loads(text)["answer"] == 88243711283


def test_help_shows_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["logelei", "--help"])
    assert caught.value.code == 0
    assert "default: 6" in capsys.readouterr().out
