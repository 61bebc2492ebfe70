def parse_bfrange(lines):
    mapping = {}
    for line in lines:
        start, end, dest = line.split(maxsplit=2)
        if dest.startswith("["):
            raise NotImplementedError("array destinations")
        base = int(dest.strip("<>"), 16)
        for offset, code in enumerate(range(int(start.strip("<>"), 16), int(end.strip("<>"), 16) + 1)):
            mapping[code] = chr(base + offset)
    return mapping


def parse_cmap(text):
    lines = [l for l in text.splitlines() if l.startswith("<")]
    return parse_bfrange(lines)
