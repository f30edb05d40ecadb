import pytest

from gamefile.json_input import JsonInputError, parse_json_bytes, read_json_file

UNREADABLE = {
    "not JSON": (b"{players: []}", "is not JSON (Expecting property name"),
    "nested too deeply": (b"[" * 100_000 + b"]" * 100_000, "is not JSON this app reads (nested"),
    "a number of 5000 digits": (b'{"credits": 1' + b"0" * 5000 + b"}", "is not JSON this app"),
    "not UTF-8": (b'{"name": "\xff"}', "is not UTF-8 text"),
}


@pytest.mark.parametrize("kind", UNREADABLE)
def test_it_refuses_input_with_a_sentence(kind):
    data, sentence = UNREADABLE[kind]
    with pytest.raises(JsonInputError) as caught:
        parse_json_bytes(data)
    assert str(caught.value).startswith(sentence)


def test_it_reads_a_file_and_refuses_a_missing_one(tmp_path):
    path = tmp_path / "table.json"
    path.write_text('{"players": []}', encoding="utf-8")
    assert read_json_file(path) == {"players": []}
    with pytest.raises(JsonInputError, match="cannot read the file"):
        read_json_file(tmp_path / "missing.json")
