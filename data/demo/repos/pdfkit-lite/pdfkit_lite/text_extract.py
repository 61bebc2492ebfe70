def extract_text(operations):
    parts = []
    for operator, operands in operations:
        if operator == "Tj":
            parts.append(operands[0])
        elif operator == "TJ":
            parts.append(join_tj(operands[0]))
    return "".join(parts)


def join_tj(items, space_threshold=200):
    out = []
    for item in items:
        if isinstance(item, (int, float)):
            if item > space_threshold:
                out.append(" ")
        else:
            out.append(item)
    return "".join(out)
