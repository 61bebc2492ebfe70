from tinysql import parse_one, transpile


def test_limit():
    assert parse_one("SELECT a LIMIT 5")["limit"] == {"count": "5"}


def test_transpile():
    assert transpile("SELECT a") == ["SELECT a"]
