import re

SAFE_IDENTIFIER_RE = re.compile(r"^[_a-zA-Z][\w]*")


def is_safe_identifier(name):
    return bool(SAFE_IDENTIFIER_RE.match(name))


def seq_get(items, index):
    try:
        return items[index]
    except IndexError:
        return None


def ensure_list(value):
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]
